import { useEffect, useState } from 'preact/hooks';
import { api, withQuery } from '../api';
import { time } from '../format';
import { exportCsv, RangeForm, RowsTable } from '../ui';

interface UsageRow {
  period: string;
  organization?: string;
  category?: string;
  phone_number?: string;
  market?: string | null;
  messages: number;
  billable_messages: number;
  cost: number | null;
  unpriced_billable_messages: number;
}

interface UsageReport {
  from: string;
  to: string;
  currency: string | null;
  data: UsageRow[];
  totals: { messages: number; billable_messages: number; cost: number | null; unpriced_billable_messages: number };
}

interface Limit {
  organization_id: string;
  month: string;
  kind: 'amount' | 'messages' | null;
  limit: number | null;
  currency: string | null;
  used?: number;
  reserved?: number;
  left?: number;
  percent?: number;
  thresholds_reached: Array<{ percent: number; reached_at: string }>;
}

interface Reconciliation {
  waba_id: string;
  organization_id: string;
  day: string;
  metered_messages: number;
  meta_messages: number;
  difference_percent: number;
  flagged: boolean;
}

interface RateCard {
  id: string;
  currency: string;
  effective_from: string;
  source: string;
}

/** The categories' colours in the chart, in Meta's order; any other category takes the last. */
const CATEGORY_COLOURS: Array<[string, string]> = [
  ['marketing', '#1d4ed8'],
  ['utility', '#047857'],
  ['authentication', '#b45309'],
  ['authentication_international', '#7c3aed'],
  ['service', '#6b7280'],
];
const colourOf = (category: string) =>
  CATEGORY_COLOURS.find(([name]) => name === category)?.[1] ?? CATEGORY_COLOURS[CATEGORY_COLOURS.length - 1][1];

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;
const money = (value: number | null, currency: string | null) =>
  value === null ? '—' : `${value.toFixed(value < 1 && value > 0 ? 4 : 2)}${currency ? ` ${currency}` : ''}`;

/**
 * Messages by day and category as stacked bars. A few lines of SVG rather than a chart library: the
 * one chart the console draws would otherwise add tens of kilobytes to its first load. The same figures
 * are in the table below it, for screen readers and for copying.
 */
function DailyChart({ rows }: { rows: UsageRow[] }) {
  const days = [...new Set(rows.map((r) => r.period))].sort();
  const categories = [...new Set(rows.map((r) => r.category ?? ''))];
  const totals = days.map((day) => rows.filter((r) => r.period === day).reduce((sum, r) => sum + r.messages, 0));
  const highest = Math.max(1, ...totals);
  const width = Math.max(320, days.length * 28);
  const height = 160;
  const bar = Math.max(8, Math.floor(width / Math.max(1, days.length)) - 6);
  return (
    <figure class="chart">
      <svg
        role="img"
        aria-label={`Messages by day and category, ${days[0] ?? ''} to ${days[days.length - 1] ?? ''}`}
        viewBox={`0 0 ${width} ${height + 20}`}
        width="100%"
        height={height + 20}
        preserveAspectRatio="none"
      >
        {days.map((day, i) => {
          let y = height;
          return (
            <g key={day}>
              {rows
                .filter((r) => r.period === day)
                .map((r) => {
                  const h = (r.messages / highest) * (height - 10);
                  y -= h;
                  return (
                    <rect
                      key={`${day}-${r.category}`}
                      x={i * (bar + 6) + 3}
                      y={y}
                      width={bar}
                      height={h}
                      fill={colourOf(r.category ?? '')}
                    >
                      <title>{`${day} ${r.category}: ${r.messages}`}</title>
                    </rect>
                  );
                })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        {categories.map((category) => (
          <span class="legend" key={category}>
            <svg class="swatch" width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" fill={colourOf(category)} />
            </svg>
            {category}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** A report's totals, as the API's `totals` has them. */
function Totals({ report }: { report: UsageReport }) {
  return (
    <dl class="totals" aria-label="Totals">
      <dt>Messages</dt>
      <dd data-total="messages">{report.totals.messages}</dd>
      <dt>Billable messages</dt>
      <dd data-total="billable_messages">{report.totals.billable_messages}</dd>
      <dt>Cost</dt>
      <dd data-total="cost">{money(report.totals.cost, report.currency)}</dd>
    </dl>
  );
}

/** The month's spending limit and the budget left, with a meter. */
function LimitPanel({ limit }: { limit: Limit }) {
  if (limit.kind === null || limit.limit === null)
    return <p>No monthly spending limit is set for this organization.</p>;
  const unit = (value: number | undefined) =>
    limit.kind === 'amount' ? money(value ?? 0, limit.currency) : `${value ?? 0} messages`;
  return (
    <div class="limit">
      <label for="budget-meter">
        {limit.month}: {unit((limit.used ?? 0) + (limit.reserved ?? 0))} of {unit(limit.limit)} ({limit.percent ?? 0} %)
      </label>
      <meter id="budget-meter" min={0} max={100} low={80} high={99} optimum={0} value={limit.percent ?? 0} />
      <p data-budget-left>Left this month: {unit(limit.left)}</p>
      {limit.thresholds_reached.length > 0 && (
        <p>Reached: {limit.thresholds_reached.map((t) => `${t.percent} % on ${time(t.reached_at)}`).join(', ')}</p>
      )}
    </div>
  );
}

/** Days whose metering differs from what Meta reported by more than 1 %. */
function FlaggedDays({ rows }: { rows: Reconciliation[] }) {
  return (
    <RowsTable
      label="Days that differ from Meta"
      rows={rows}
      rowKey={(r) => `${r.waba_id}-${r.day}`}
      columns={[
        ['Day', (r) => r.day],
        ['Business account', (r) => r.waba_id],
        ['Metered', (r) => r.metered_messages],
        ['At Meta', (r) => r.meta_messages],
        ['Difference', (r) => `${r.difference_percent} %`],
      ]}
      empty="Every reconciled day agrees with Meta's figures."
    />
  );
}

/**
 * What the organization used and what it cost: messages by day and category (a chart and its
 * table), by number and market, the export, the spending limit and the budget left, and the days that
 * differ from Meta's own figures. For an operator: every organization's usage, the limits and the
 * rate cards.
 */
export function UsagePage({ organizationId, operator }: { organizationId: string | null; operator: boolean }) {
  const [range, setRange] = useState({ from: monthStart(), to: today() });
  const [error, setError] = useState<string>();
  const [daily, setDaily] = useState<UsageReport>();
  const [breakdown, setBreakdown] = useState<UsageReport>();
  const [limit, setLimit] = useState<Limit>();
  const [limits, setLimits] = useState<Limit[]>([]);
  const [cards, setCards] = useState<RateCard[]>([]);
  const [flagged, setFlagged] = useState<Reconciliation[]>([]);
  const dailyPath = withQuery('/v1/usage', { ...range, granularity: 'day', group_by: 'category' });
  const breakdownPath = withQuery('/v1/usage', {
    ...range,
    granularity: 'month',
    group_by: operator ? 'organization' : 'phone_number,market',
  });
  useEffect(() => {
    const fail = (e: Error) => setError(e.message);
    setError(undefined);
    api.get<UsageReport>(dailyPath).then(setDaily, fail);
    api.get<UsageReport>(breakdownPath).then(setBreakdown, fail);
    api
      .get<{ data: Reconciliation[] }>(withQuery('/v1/usage/reconciliations', { ...range, flagged: 'true' }))
      .then((r) => setFlagged(r.data), fail);
    if (operator) {
      api.get<{ data: Limit[] }>('/v1/spending_limits').then((r) => setLimits(r.data), fail);
      api.get<{ data: RateCard[] }>('/v1/rate_cards').then((r) => setCards(r.data), fail);
    } else api.get<Limit>('/v1/usage/limit').then(setLimit, fail);
  }, [dailyPath, breakdownPath, organizationId]);
  return (
    <section>
      <h1>Usage</h1>
      <RangeForm from={range.from} to={range.to} onChange={setRange} />
      {error && <p role="alert">{error}</p>}
      {daily && <Totals report={daily} />}
      <button
        type="button"
        onClick={() =>
          void exportCsv(dailyPath, `usage-${range.from}-${range.to}.csv`).catch((e: Error) => setError(e.message))
        }
      >
        Export CSV
      </button>
      {!operator && limit && (
        <>
          <h2>Spending limit</h2>
          <LimitPanel limit={limit} />
        </>
      )}
      <h2>By day and category</h2>
      {daily && daily.data.length > 0 && <DailyChart rows={daily.data} />}
      {daily && (
        <RowsTable
          label="Usage by day and category"
          rows={daily.data}
          rowKey={(r) => `${r.period}-${r.category}`}
          columns={[
            ['Day', (r) => r.period],
            ['Category', (r) => r.category],
            ['Messages', (r) => r.messages],
            ['Billable', (r) => r.billable_messages],
            ['Cost', (r) => money(r.cost, daily.currency)],
          ]}
          empty="No messages in this range."
        />
      )}
      <h2>{operator ? 'By organization' : 'By number and market'}</h2>
      {breakdown && (
        <RowsTable
          label={operator ? 'Usage by organization' : 'Usage by number and market'}
          rows={breakdown.data}
          rowKey={(r) => `${r.period}-${r.organization ?? ''}-${r.phone_number ?? ''}-${r.market ?? ''}`}
          columns={
            operator
              ? [
                  ['Month', (r) => r.period.slice(0, 7)],
                  ['Organization', (r) => r.organization],
                  ['Messages', (r) => r.messages],
                  ['Billable', (r) => r.billable_messages],
                  ['Cost', (r) => money(r.cost, breakdown.currency)],
                ]
              : [
                  ['Month', (r) => r.period.slice(0, 7)],
                  ['Number', (r) => r.phone_number],
                  ['Market', (r) => r.market ?? 'not priced'],
                  ['Messages', (r) => r.messages],
                  ['Billable', (r) => r.billable_messages],
                  ['Cost', (r) => money(r.cost, breakdown.currency)],
                ]
          }
          empty="No messages in this range."
        />
      )}
      {operator && (
        <>
          <h2>Spending limits</h2>
          <RowsTable
            label="Spending limits"
            rows={limits}
            rowKey={(l) => l.organization_id}
            columns={[
              ['Organization', (l) => l.organization_id],
              ['Limit', (l) => (l.kind === 'amount' ? money(l.limit, l.currency) : `${l.limit} messages`)],
              ['Used', (l) => l.used],
              ['Reserved', (l) => l.reserved],
              ['Left', (l) => l.left],
              ['Of the limit', (l) => `${l.percent ?? 0} %`],
            ]}
            empty="No organization has a spending limit."
          />
          <h2>Rate cards</h2>
          <RowsTable
            label="Rate cards"
            rows={cards}
            rowKey={(c) => c.id}
            columns={[
              ['In force from', (c) => c.effective_from],
              ['Currency', (c) => c.currency],
              ['Source', (c) => c.source],
            ]}
            empty="No rate card: costs are not known."
          />
        </>
      )}
      <h2>Reconciliation with Meta</h2>
      <FlaggedDays rows={flagged} />
    </section>
  );
}
