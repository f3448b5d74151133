import { useEffect, useState } from 'preact/hooks';
import { api, withQuery } from '../api';
import type { FunnelEntry as Funnel, FunnelsReport } from '../../../../src/insights/funnel-entry';
import { href } from '../router';
import { type Column, exportCsv, RangeForm, RowsTable } from '../ui';

interface MetaDay {
  template_id: string;
  template_name: string;
  template_language: string;
  day: string;
  gateway: { sent: number; delivered: number; read: number; clicked: number };
  meta: { sent: number; delivered: number; read: number; clicked: number };
  difference_percent: number;
  flagged: boolean;
}

interface TeamFigure {
  day: string;
  agent_id?: string | null;
  handled: number;
  first_response: { answered: number; average_seconds: number | null };
  resolution: { average_seconds: number | null };
}

type Group = 'template' | 'broadcast' | 'phone_number';

/** What the page is opened on: a group, and a template or a broadcast (links from their pages). */
export interface InsightsFocus {
  by: Group;
  template_name?: string;
  template_language?: string;
  broadcast_id?: string;
}

const STEPS = ['sent', 'delivered', 'read', 'replied', 'pressed'] as const;
const STEP_COLOURS = ['#1d4ed8', '#047857', '#0f766e', '#b45309', '#7c3aed'];
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10} %`);
const seconds = (s: number | null) => (s === null ? '—' : s < 120 ? `${s} s` : `${Math.round(s / 60)} min`);
const nameOf = (f: Funnel, by: Group) =>
  by === 'template'
    ? f.template_name
      ? `${f.template_name} (${f.template_language})`
      : 'No template'
    : by === 'broadcast'
      ? (f.broadcast_id ?? 'No broadcast')
      : (f.phone_number_id ?? '');

/**
 * A funnel as horizontal bars, each step's width its share of the messages sent. A few lines of SVG,
 * as on the Usage page (no chart library for one chart); the table below holds the same figures.
 */
function FunnelChart({ funnel, label }: { funnel: Funnel; label: string }) {
  const width = 480;
  const row = 26;
  const highest = Math.max(1, funnel.sent);
  return (
    <figure class="chart">
      <svg
        role="img"
        aria-label={`Funnel of ${label}: ${STEPS.map((s) => `${funnel[s]} ${s}`).join(', ')}`}
        viewBox={`0 0 ${width + 160} ${STEPS.length * row}`}
        width="100%"
        height={STEPS.length * row}
      >
        {STEPS.map((step, i) => (
          <g key={step}>
            <text x={0} y={i * row + 17} font-size="13">
              {step}
            </text>
            <rect
              x={90}
              y={i * row + 4}
              width={Math.max(1, (funnel[step] / highest) * width)}
              height={row - 8}
              fill={STEP_COLOURS[i]}
            />
            <text x={96 + Math.max(1, (funnel[step] / highest) * width)} y={i * row + 17} font-size="13">
              {funnel[step]}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/**
 * How the organization's messages perform: funnels per template, broadcast or number (sent,
 * delivered, read, replied, pressed, failed, and the rates between), Meta's template analytics beside
 * the gateway's counts, and the team's figures. The same figures as `GET /v1/insights/…`, and as CSV.
 */
export function InsightsPage({ organizationId, focus }: { organizationId: string | null; focus: InsightsFocus }) {
  const [range, setRange] = useState({ from: daysAgo(29), to: today() });
  const [by, setBy] = useState<Group>(focus.by);
  const [granularity, setGranularity] = useState<'total' | 'day' | 'week'>('total');
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<FunnelsReport>();
  const [meta, setMeta] = useState<MetaDay[]>([]);
  const [team, setTeam] = useState<TeamFigure[]>([]);
  const filters = {
    ...(focus.template_name !== undefined && { template_name: focus.template_name }),
    ...(focus.template_language !== undefined && { template_language: focus.template_language }),
    ...(focus.broadcast_id !== undefined && { broadcast_id: focus.broadcast_id }),
  };
  const path = withQuery('/v1/insights/funnels', { since: range.from, until: range.to, by, granularity, ...filters });
  useEffect(() => {
    const fail = (e: Error) => setError(e.message);
    setError(undefined);
    api.get<FunnelsReport>(path).then(setReport, fail);
    api
      .get<{ data: MetaDay[] }>(withQuery('/v1/insights/template_analytics', { since: range.from, until: range.to }))
      .then((r) => setMeta(r.data), fail);
    // The team's figures reach back at most 92 days.
    const teamSince = range.from < daysAgo(91) ? daysAgo(91) : range.from;
    api
      .get<{ data: TeamFigure[] }>(withQuery('/v1/insights/team', { since: teamSince, until: range.to, by: 'agent' }))
      .then((r) => setTeam(r.data), fail);
  }, [path, organizationId]);
  const focused = focus.template_name ?? focus.broadcast_id;
  return (
    <section>
      <h1>Insights</h1>
      {focused && (
        <p>
          Showing {focus.broadcast_id ? 'broadcast' : 'template'} <strong>{focused}</strong>.{' '}
          <a href={href('insights')}>All messages</a>
        </p>
      )}
      <RangeForm from={range.from} to={range.to} onChange={setRange} />
      <form class="filters" aria-label="Grouping" onSubmit={(e) => e.preventDefault()}>
        <label>
          By
          <select value={by} onChange={(e) => setBy(e.currentTarget.value as Group)}>
            <option value="template">Template</option>
            <option value="broadcast">Broadcast</option>
            <option value="phone_number">Number</option>
          </select>
        </label>
        <label>
          Period
          <select
            value={granularity}
            onChange={(e) => setGranularity(e.currentTarget.value as 'total' | 'day' | 'week')}
          >
            <option value="total">Whole range</option>
            <option value="day">Day</option>
            <option value="week">Week</option>
          </select>
        </label>
      </form>
      {error && <p role="alert">{error}</p>}
      <button
        type="button"
        onClick={() =>
          void exportCsv(path, `insights-${by}-${range.from}-${range.to}.csv`).catch((e: Error) => setError(e.message))
        }
      >
        Export CSV
      </button>
      {report && report.data.length > 0 && granularity === 'total' && (
        <FunnelChart funnel={report.data[0]} label={nameOf(report.data[0], report.by)} />
      )}
      <h2>Funnels</h2>
      {report && (
        <RowsTable
          label="Funnels"
          rows={report.data}
          rowKey={(f) => `${nameOf(f, report.by)}-${f.period ?? ''}`}
          columns={[
            [
              report.by === 'phone_number' ? 'Number' : report.by === 'broadcast' ? 'Broadcast' : 'Template',
              (f) => nameOf(f, report.by),
            ],
            ...(granularity === 'total' ? [] : [['Period', (f) => f.period] as Column<Funnel>]),
            ['Sent', (f) => f.sent],
            ['Delivered', (f) => `${f.delivered} (${percent(f.rates.delivered)})`],
            ['Read', (f) => `${f.read} (${percent(f.rates.read)})`],
            ['Replied', (f) => `${f.replied} (${percent(f.rates.replied)})`],
            ['Pressed', (f) => `${f.pressed} (${percent(f.rates.pressed)})`],
            ['Failed', (f) => f.failed],
            ['Failures by code', (f) => f.failures.map((x) => `${x.code}: ${x.messages}`).join(', ')],
            ['Buttons', (f) => f.buttons.map((b) => `${b.text || b.payload}: ${b.presses}`).join(', ')],
          ]}
          empty="No messages in this range."
        />
      )}
      <h2>Meta’s template analytics</h2>
      <RowsTable
        label="Meta’s template analytics beside the gateway’s counts"
        rows={meta}
        rowKey={(d) => `${d.template_id}-${d.day}`}
        columns={[
          ['Day', (d) => d.day],
          ['Template', (d) => `${d.template_name} (${d.template_language})`],
          ['Sent (gateway / Meta)', (d) => `${d.gateway.sent} / ${d.meta.sent}`],
          ['Delivered', (d) => `${d.gateway.delivered} / ${d.meta.delivered}`],
          ['Read', (d) => `${d.gateway.read} / ${d.meta.read}`],
          ['Clicked', (d) => `${d.gateway.clicked} / ${d.meta.clicked}`],
          ['Difference', (d) => (d.flagged ? `${d.difference_percent} % (differs)` : `${d.difference_percent} %`)],
        ]}
        empty="Not compared yet: Meta's figures are read once a day, for the day before."
      />
      <h2>The team</h2>
      <RowsTable
        label="The team's figures by agent"
        rows={team}
        rowKey={(r) => `${r.day}-${r.agent_id ?? ''}`}
        columns={[
          ['Day', (r) => r.day],
          ['Agent', (r) => r.agent_id ?? 'Nobody'],
          ['Handled', (r) => r.handled],
          ['Answered', (r) => r.first_response.answered],
          ['First response', (r) => seconds(r.first_response.average_seconds)],
          ['Resolution', (r) => seconds(r.resolution.average_seconds)],
        ]}
        empty="No conversation was resolved in this range."
      />
    </section>
  );
}
