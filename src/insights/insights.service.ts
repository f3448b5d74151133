import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Papa from 'papaparse';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import type { AuthContext } from '../core/gateway-request';
import { BroadcastsService } from '../broadcasts/broadcasts.service';
import {
  FUNNEL_GRANULARITIES,
  FUNNEL_GROUPS,
  type FunnelFilter,
  type FunnelGranularity,
  type FunnelGroup,
  FunnelsRepository,
} from '../messages/funnels/funnels.repository';
import { TenancyService } from '../tenancy/tenancy.service';
import { isDay } from '../usage/rate-card-input';
import type { FunnelEntry, FunnelsReport } from './funnel-entry';

export type { FunnelEntry, FunnelsReport } from './funnel-entry';

/** The query of `GET /v1/insights/funnels`, as given. */
export interface FunnelsQuery {
  by?: unknown;
  granularity?: unknown;
  since?: unknown;
  until?: unknown;
  template_name?: unknown;
  template_language?: unknown;
  broadcast_id?: unknown;
  phone_number_id?: unknown;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const invalid = (details: string) => GraphError.invalidParameter('Invalid parameter', details);
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/**
 * How messages perform (issue 59): funnels per template, broadcast or number, by day, week or the range
 * whole, read from the rollups the statuses and replies write (messages/funnels/). A range reaches back
 * at most INSIGHTS_RETENTION_DAYS (what the rollups keep); a key limited to some numbers reads theirs.
 */
@Injectable()
export class InsightsService {
  readonly retentionDays: number;

  constructor(
    private readonly rollups: FunnelsRepository,
    private readonly broadcasts: BroadcastsService,
    private readonly tenancy: TenancyService,
    config: ConfigService<Environment, true>,
  ) {
    this.retentionDays = config.get('INSIGHTS_RETENTION_DAYS', { infer: true });
  }

  /** The range of a query: `until` (default today) back to `since` (default 29 days before), within the retention. */
  range(query: { since?: unknown; until?: unknown }, defaultDays = 30): { since: string; until: string } {
    const today = dayOf(Date.now());
    const until = query.until ?? today;
    if (!isDay(until)) throw invalid('until: a day, YYYY-MM-DD');
    if (until > today) throw invalid('until: today or before');
    const since = query.since ?? dayOf(Date.parse(`${until}T00:00:00Z`) - (defaultDays - 1) * DAY_MS);
    if (!isDay(since)) throw invalid('since: a day, YYYY-MM-DD');
    if (since > until) throw invalid('since: must not be after until');
    const oldest = dayOf(Date.now() - this.retentionDays * DAY_MS);
    if (since < oldest)
      throw invalid(
        `since: insights are kept ${this.retentionDays} days; the oldest day that can be read is ${oldest}`,
      );
    return { since, until };
  }

  async funnels(auth: AuthContext, tenantId: string, query: FunnelsQuery): Promise<FunnelsReport> {
    const by = query.by ?? 'template';
    if (typeof by !== 'string' || !(by in FUNNEL_GROUPS))
      throw invalid(`by: one of ${Object.keys(FUNNEL_GROUPS).join(', ')}`);
    const granularity = query.granularity ?? 'total';
    if (typeof granularity !== 'string' || !(FUNNEL_GRANULARITIES as readonly string[]).includes(granularity))
      throw invalid(`granularity: one of ${FUNNEL_GRANULARITIES.join(', ')}`);
    const { since, until } = this.range(query);
    const filter: FunnelFilter = {
      tenantId,
      since,
      until,
      phoneNumberIds: auth.allowedPhoneNumberIds ? [...auth.allowedPhoneNumberIds] : null,
    };
    const text = (name: keyof FunnelsQuery, max = 512) => {
      const value = query[name];
      if (value === undefined) return undefined;
      if (typeof value !== 'string' || value.length > max)
        throw invalid(`${name}: a text of at most ${max} characters`);
      return value;
    };
    filter.templateName = text('template_name');
    filter.templateLanguage = text('template_language', 32);
    const broadcastId = text('broadcast_id', 64);
    if (broadcastId !== undefined) {
      if (!(await this.broadcasts.ofOrganization(tenantId, broadcastId)))
        throw invalid(`broadcast_id: no broadcast of the organization has the id ${broadcastId}`);
      filter.broadcastId = broadcastId;
    }
    const phoneNumberId = text('phone_number_id', 64);
    if (phoneNumberId !== undefined) {
      const numbers = (await this.tenancy.accountsWithNumbers([tenantId])).flatMap((a) => a.phoneNumberIds);
      if (!numbers.includes(phoneNumberId) || (filter.phoneNumberIds && !filter.phoneNumberIds.includes(phoneNumberId)))
        throw invalid(
          `phone_number_id: no number of the organization (that the key may use) has the id ${phoneNumberId}`,
        );
      filter.phoneNumberId = phoneNumberId;
    }
    const read = await this.rollups.read(by as FunnelGroup, granularity as FunnelGranularity, filter);
    const columns = FUNNEL_GROUPS[by as FunnelGroup] as readonly string[];
    const keyOf = (row: Record<string, unknown>) => JSON.stringify([row.period, ...columns.map((c) => row[c])]);
    const entries = new Map<string, FunnelEntry>();
    for (const row of read.funnels) {
      const entry = {
        ...Object.fromEntries(columns.map((c) => [c, c === 'broadcast_id' && row[c] === '' ? null : row[c]])),
        period: row.period,
        sent: Number(row.sent),
        delivered: Number(row.delivered),
        read: Number(row.read),
        replied: Number(row.replied),
        pressed: 0,
        failed: Number(row.failed),
        rates: { delivered: null, read: null, replied: null, pressed: null },
        failures: [],
        buttons: [],
      } as FunnelEntry;
      entries.set(keyOf(row), entry);
    }
    for (const row of read.failures)
      entries.get(keyOf(row))?.failures.push({ code: Number(row.code), messages: Number(row.messages) });
    for (const row of read.buttons) {
      const entry = entries.get(keyOf(row));
      if (!entry) continue;
      entry.buttons.push({ payload: row.payload, text: row.text, presses: Number(row.presses) });
      entry.pressed += Number(row.presses);
    }
    for (const entry of entries.values())
      entry.rates = {
        delivered: rate(entry.delivered, entry.sent),
        read: rate(entry.read, entry.delivered),
        replied: rate(entry.replied, entry.delivered),
        pressed: rate(entry.pressed, entry.delivered),
      };
    return {
      by: by as FunnelGroup,
      granularity: granularity as FunnelGranularity,
      since,
      until,
      data: [...entries.values()],
    };
  }

  /** The report as CSV: a row a group and period, failures and buttons as `code:messages` and `payload:presses` lists. */
  csv(report: FunnelsReport): string {
    const columns = [
      ...FUNNEL_GROUPS[report.by],
      'period',
      'sent',
      'delivered',
      'read',
      'replied',
      'pressed',
      'failed',
      'delivered_rate',
      'read_rate',
      'replied_rate',
      'pressed_rate',
      'failures',
      'buttons',
    ];
    const data = report.data.map((e) => {
      const row: Record<string, unknown> = {
        ...e,
        period: e.period ?? `${report.since}..${report.until}`,
        delivered_rate: e.rates.delivered,
        read_rate: e.rates.read,
        replied_rate: e.rates.replied,
        pressed_rate: e.rates.pressed,
        failures: e.failures.map((f) => `${f.code}:${f.messages}`).join(' '),
        buttons: e.buttons.map((b) => `${b.payload}:${b.presses}`).join(' '),
      };
      return columns.map((c) => row[c] ?? '');
    });
    return Papa.unparse({ fields: columns, data });
  }
}
