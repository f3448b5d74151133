import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type KeyColumn, TablePages } from '../../database/table-pages';

/**
 * The funnels' rollups (funnel_days, funnel_failures, funnel_buttons), written as parts of the
 * statements that already write what they count, never by scanning the records:
 * - a status webhook's update of the message records (messages.repository.ts `addStatuses`) sets
 *   `status_before` to the status it moves a record from and returns both: a step is counted when the
 *   record crosses it, so a message counts once however often Meta reports a status, on however many
 *   instances (the row's lock orders the updates; the second finds nothing left to cross);
 * - a customer's message (`applyInbound`) marks the message it answers `replied_at` once (the one it
 *   quotes, else the newest one sent to the customer from that number in the 24 hours before), and a
 *   button press counts toward the message whose button it is (the quoted one, Meta's `context.id`).
 * Rows are written in key order, so that two statements lock a day's rows alike.
 */

/** The rollups' key, as SQL over a record `m` of the `messages` table (the template's name and language, or ''). */
export const FUNNEL_KEY_OF_RECORD = (m: string): string =>
  `${m}.tenant_id, (${m}.created_at AT TIME ZONE 'UTC')::date AS day, ${m}.phone_number_id,
   CASE WHEN ${m}.type = 'template' THEN coalesce(${m}.payload->'template'->>'name', '') ELSE '' END AS template_name,
   CASE WHEN ${m}.type = 'template' THEN coalesce(${m}.payload->'template'->'language'->>'code', '') ELSE '' END
     AS template_language,
   coalesce(${m}.broadcast_id::text, '') AS broadcast_id`;

const KEY = 'tenant_id, day, phone_number_id, template_name, template_language, broadcast_id';

/** Statuses a record has crossed `step` by, moving from `before` to `after`. */
const REACHED: Record<'sent' | 'delivered' | 'read', string[]> = {
  sent: ['sent', 'delivered', 'read'],
  delivered: ['delivered', 'read'],
  read: ['read'],
};
const crossed = (step: keyof typeof REACHED, before: string, after: string) =>
  `${after} IN (${REACHED[step].map((s) => `'${s}'`).join(', ')}) AND ${before} NOT IN (${[...REACHED[step], 'failed']
    .map((s) => `'${s}'`)
    .join(', ')})`;

/**
 * The parts counting what the records' moves crossed. `moved`: parts returning the moved records as
 * (FUNNEL_KEY_OF_RECORD's columns, status_before, status, error_code).
 */
export function funnelMovesSql(moved: string[]): Array<[name: string, sql: string]> {
  const moves = `(${moved.map((part) => `SELECT * FROM ${part}`).join(' UNION ALL ')}) x
       WHERE x.status IS DISTINCT FROM x.status_before`;
  return [
    [
      'funnel_days_moved',
      `INSERT INTO funnel_days (${KEY}, sent, delivered, read, failed)
       SELECT ${KEY},
         count(*) FILTER (WHERE ${crossed('sent', 'x.status_before', 'x.status')}),
         count(*) FILTER (WHERE ${crossed('delivered', 'x.status_before', 'x.status')}),
         count(*) FILTER (WHERE ${crossed('read', 'x.status_before', 'x.status')}),
         count(*) FILTER (WHERE x.status = 'failed')
       FROM ${moves}
       GROUP BY ${KEY} ORDER BY ${KEY}
       ON CONFLICT ON CONSTRAINT "PK_funnel_days" DO UPDATE SET sent = funnel_days.sent + EXCLUDED.sent,
         delivered = funnel_days.delivered + EXCLUDED.delivered, read = funnel_days.read + EXCLUDED.read,
         failed = funnel_days.failed + EXCLUDED.failed`,
    ],
    [
      'funnel_failures_moved',
      `INSERT INTO funnel_failures (${KEY}, code, messages)
       SELECT ${KEY}, coalesce(x.error_code, 0), count(*)
       FROM ${moves} AND x.status = 'failed'
       GROUP BY ${KEY}, coalesce(x.error_code, 0) ORDER BY ${KEY}, coalesce(x.error_code, 0)
       ON CONFLICT ON CONSTRAINT "PK_funnel_failures" DO UPDATE SET messages = funnel_failures.messages + EXCLUDED.messages`,
    ],
  ];
}

/**
 * The parts that count a batch's replies and presses. `credited`: a part returning the records answered
 * now (FUNNEL_KEY_OF_RECORD's columns), each once; `pressed`: a part returning a row per press (the
 * pressed record's key, `payload`, `text`).
 */
export function funnelRepliesSql(credited: string, pressed: string): Array<[name: string, sql: string]> {
  return [
    [
      'funnel_days_replied',
      `INSERT INTO funnel_days (${KEY}, replied)
       SELECT ${KEY}, count(*) FROM ${credited} GROUP BY ${KEY} ORDER BY ${KEY}
       ON CONFLICT ON CONSTRAINT "PK_funnel_days" DO UPDATE SET replied = funnel_days.replied + EXCLUDED.replied`,
    ],
    [
      'funnel_buttons_pressed',
      `INSERT INTO funnel_buttons (${KEY}, payload, text, presses)
       SELECT ${KEY}, payload, max(text), count(*) FROM ${pressed} GROUP BY ${KEY}, payload ORDER BY ${KEY}, payload
       ON CONFLICT ON CONSTRAINT "PK_funnel_buttons" DO UPDATE SET presses = funnel_buttons.presses + EXCLUDED.presses,
         text = CASE WHEN EXCLUDED.text = '' THEN funnel_buttons.text ELSE EXCLUDED.text END`,
    ],
  ];
}

/** What a funnel is read by: the template, the broadcast or the number. */
export const FUNNEL_GROUPS = {
  template: ['template_name', 'template_language'],
  broadcast: ['broadcast_id'],
  phone_number: ['phone_number_id'],
} as const;
export type FunnelGroup = keyof typeof FUNNEL_GROUPS;

/** Periods a funnel is read in: each day, each week (from Monday, UTC), or the range whole. */
export const FUNNEL_GRANULARITIES = ['day', 'week', 'total'] as const;
export type FunnelGranularity = (typeof FUNNEL_GRANULARITIES)[number];

/** The filters of a funnel read (each optional; `phoneNumberIds` null: every number). */
export interface FunnelFilter {
  tenantId: string;
  since: string;
  until: string;
  phoneNumberIds: string[] | null;
  templateName?: string;
  templateLanguage?: string;
  broadcastId?: string;
  phoneNumberId?: string;
}

/** A group's period: the group's columns, `period` (null for total) and the counts. */
export type FunnelRow = Record<string, string | null> & {
  period: string | null;
  sent: string;
  delivered: string;
  read: string;
  replied: string;
  failed: string;
};
export type FunnelFailureRow = Record<string, string | null> & {
  period: string | null;
  code: number;
  messages: string;
};
export type FunnelButtonRow = Record<string, string | null> & {
  period: string | null;
  payload: string;
  text: string;
  presses: string;
};

/** A template's gateway counts on a day, beside Meta's `template_analytics`. */
export interface TemplateDayCounts {
  sent: number;
  delivered: number;
  read: number;
  clicked: number;
}

/**
 * The funnels' reads: only the rollups (funnels.repository.ts writes them), never the records, so a read
 * costs what the days, numbers, templates and broadcasts of its range hold, not the messages they count.
 */
@Injectable()
export class FunnelsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Each group's period of `filter`: the funnel's counts, its failures by code, its buttons by payload. */
  async read(
    group: FunnelGroup,
    granularity: FunnelGranularity,
    filter: FunnelFilter,
  ): Promise<{ funnels: FunnelRow[]; failures: FunnelFailureRow[]; buttons: FunnelButtonRow[] }> {
    const columns = FUNNEL_GROUPS[group].join(', ');
    const period =
      granularity === 'day'
        ? 'day::text'
        : granularity === 'week'
          ? `date_trunc('week', day::timestamp)::date::text`
          : 'NULL::text';
    const { where, values } = whereOf(filter);
    const groupBy = (n: number) =>
      Array.from({ length: FUNNEL_GROUPS[group].length + n }, (_, i) => String(i + 1)).join(', ');
    const [funnels, failures, buttons] = await Promise.all([
      this.dataSource.query<FunnelRow[]>(
        `SELECT ${columns}, ${period} AS period, sum(sent)::text AS sent, sum(delivered)::text AS delivered,
           sum(read)::text AS read, sum(replied)::text AS replied, sum(failed)::text AS failed
         FROM funnel_days WHERE ${where} GROUP BY ${groupBy(1)} ORDER BY period NULLS FIRST, ${columns}`,
        values,
      ),
      this.dataSource.query<FunnelFailureRow[]>(
        `SELECT ${columns}, ${period} AS period, code, sum(messages)::text AS messages
         FROM funnel_failures WHERE ${where} GROUP BY ${groupBy(2)} ORDER BY period NULLS FIRST, ${columns}, code`,
        values,
      ),
      this.dataSource.query<FunnelButtonRow[]>(
        `SELECT ${columns}, ${period} AS period, payload, max(text) AS text, sum(presses)::text AS presses
         FROM funnel_buttons WHERE ${where} GROUP BY ${groupBy(2)} ORDER BY period NULLS FIRST, ${columns}, payload`,
        values,
      ),
    ]);
    return { funnels, failures, buttons };
  }

  /** A template's gateway counts by day over the numbers `phoneNumberIds` (its business account's). */
  async templateDays(
    tenantId: string,
    phoneNumberIds: string[],
    name: string,
    language: string,
    since: string,
    until: string,
  ): Promise<Map<string, TemplateDayCounts>> {
    const values = [tenantId, phoneNumberIds, name, language, since, until];
    const where = `tenant_id = $1 AND phone_number_id = ANY ($2::text[]) AND template_name = $3 AND template_language = $4
      AND day BETWEEN $5::date AND $6::date`;
    const [days, presses] = await Promise.all([
      this.dataSource.query<Array<{ day: string; sent: string; delivered: string; read: string }>>(
        `SELECT day::text AS day, sum(sent)::text AS sent, sum(delivered)::text AS delivered, sum(read)::text AS read
         FROM funnel_days WHERE ${where} GROUP BY day`,
        values,
      ),
      this.dataSource.query<Array<{ day: string; presses: string }>>(
        `SELECT day::text AS day, sum(presses)::text AS presses FROM funnel_buttons WHERE ${where} GROUP BY day`,
        values,
      ),
    ]);
    const counts = new Map<string, TemplateDayCounts>();
    const of = (day: string) => {
      let c = counts.get(day);
      if (!c) counts.set(day, (c = { sent: 0, delivered: 0, read: 0, clicked: 0 }));
      return c;
    };
    for (const d of days) Object.assign(of(d.day), { sent: +d.sent, delivered: +d.delivered, read: +d.read });
    for (const p of presses) of(p.day).clicked = Number(p.presses);
    return counts;
  }

  /** The rollups, for the organization's archive and its deletion (data-rights/). */
  exportedTables(): Record<string, TablePages> {
    const key: KeyColumn[] = [
      ['day', 'date'],
      ['phone_number_id', 'text'],
      ['template_name', 'text'],
      ['template_language', 'text'],
      ['broadcast_id', 'text'],
    ];
    return {
      funnel_days: new TablePages(this.dataSource, { table: 'funnel_days', key }),
      funnel_failures: new TablePages(this.dataSource, {
        table: 'funnel_failures',
        key: [...key, ['code', 'integer']],
      }),
      funnel_buttons: new TablePages(this.dataSource, { table: 'funnel_buttons', key: [...key, ['payload', 'text']] }),
    };
  }

  /** Rollup days before `day` (the insights' retention): gone, a batch at a time. How many rows went. */
  async forgetBefore(day: string): Promise<number> {
    let removed = 0;
    for (const table of ['funnel_days', 'funnel_failures', 'funnel_buttons'])
      for (;;) {
        const [, count] = await this.dataSource.query<[unknown[], number]>(
          `DELETE FROM ${table} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${table} WHERE day < $1::date LIMIT 5000))`,
          [day],
        );
        removed += count;
        if (count < 5000) break;
      }
    return removed;
  }
}

function whereOf(filter: FunnelFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [filter.tenantId, filter.since, filter.until];
  const conditions = ['tenant_id = $1', 'day BETWEEN $2::date AND $3::date'];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (filter.phoneNumberIds) add((p) => `phone_number_id = ANY (${p}::text[])`, filter.phoneNumberIds);
  if (filter.phoneNumberId !== undefined) add((p) => `phone_number_id = ${p}`, filter.phoneNumberId);
  if (filter.templateName !== undefined) add((p) => `template_name = ${p}`, filter.templateName);
  if (filter.templateLanguage !== undefined) add((p) => `template_language = ${p}`, filter.templateLanguage);
  if (filter.broadcastId !== undefined) add((p) => `broadcast_id = ${p}`, filter.broadcastId);
  return { where: conditions.join(' AND '), values };
}
