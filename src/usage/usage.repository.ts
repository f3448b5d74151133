import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource } from 'typeorm';
import type { Erasure } from '../retention/customer-data';
import type { ComposedStatement } from '../database/composed-statement';
import { inLockOrder } from '../database/lock-order';
import { OTHER_MARKET } from './markets';
import type { UsageEntryRow } from './usage-meter';

/** What a usage report groups by (a whitelist: the SQL names its columns). */
export const USAGE_DIMENSIONS = ['organization', 'category', 'phone_number', 'market', 'country', 'broadcast'] as const;
export type UsageDimension = (typeof USAGE_DIMENSIONS)[number];

export interface UsageRow {
  period: string;
  organization?: string;
  category?: string;
  phone_number?: string;
  market?: string | null;
  country?: string;
  broadcast?: string | null;
  messages: string;
  billable_messages: string;
  cost: string | null;
  unpriced_billable_messages: string;
}

/**
 * The market of a row's country under the card in force on its day (`rc`, none: the card's Other) and
 * the price of its category in that market (`p`); the row names its card as `card_id`.
 */
const PRICES = (row: string) => `LEFT JOIN rate_card_countries rc ON rc.rate_card_id = ${row}.card_id
         AND rc.country = ${row}.country::character(2)
       LEFT JOIN rate_card_prices p ON p.rate_card_id = ${row}.card_id AND p.category = ${row}.category
         AND p.market = COALESCE(rc.market, '${OTHER_MARKET}')`;

/** The card in force on each day from `from` to `to` (`days`: day, card_id; none: no card prices it). */
const CARD_DAYS = (from: string, to: string) => `SELECT g::date AS day, c.id AS card_id
       FROM generate_series(${from}, ${to}, interval '1 day') AS g
       LEFT JOIN LATERAL (SELECT id FROM rate_cards WHERE effective_from <= g::date
         ORDER BY effective_from DESC LIMIT 1) c ON true`;

/** A dimension's column among the rollups grouped by card (`g`); the market under the card in force. */
const COLUMNS: Record<UsageDimension, string> = {
  organization: 'g.tenant_id',
  category: 'g.category',
  phone_number: 'g.phone_number_id',
  market: `CASE WHEN g.card_id IS NULL THEN NULL ELSE COALESCE(rc.market, '${OTHER_MARKET}') END`,
  country: 'g.country',
  broadcast: "NULLIF(g.broadcast_id, '')",
};
/** The rollups' columns a dimension needs carried to the pricing (country and category always are). */
const CARRIED: Partial<Record<UsageDimension, string>> = {
  organization: 'd.tenant_id',
  phone_number: 'd.phone_number_id',
  broadcast: 'd.broadcast_id',
};

/** `usage_entries` and `usage_days`: written by the meter's part of the ingestion (usage-meter.ts), read for reports. */
@Injectable()
export class UsageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The rollups of `tenantIds` (null: every organization) from `from` to `to` (UTC days, inclusive),
   * by period and `groupBy`, priced by the card and markup in force on each day: the billable
   * messages × the card's price for the market and category × (1 + the markup).
   */
  async report(
    tenantIds: string[] | null,
    from: string,
    to: string,
    granularity: 'day' | 'month',
    groupBy: UsageDimension[],
  ): Promise<UsageRow[]> {
    // Whole months of one card and one markup are read from the monthly rollups (a year by country is
    // 1,440 rows there against 43,800 daily ones at thirty countries); the other days from the daily
    // rollups. Both are first added up by period, the card and markup in force, and what prices them
    // (country, category), so that each group is priced once.
    const whole = granularity === 'month' ? await this.wholeMonths(tenantIds, from, to) : [];
    const partialDays = granularity === 'month' ? daysOutside(from, to, whole) : null;
    const carried = [...new Set(groupBy.map((d) => CARRIED[d]).filter((c): c is string => c !== undefined))];
    const carriedFrom = (table: string) => carried.map((c) => `, ${c.replace(/^d\./, `${table}.`)}`).join('');
    const keys = carried.map((_, i) => `, ${i + 6}`).join('');
    const selected = groupBy.map((dimension) => `${COLUMNS[dimension]} AS ${dimension}`);
    const groups = groupBy.map((_, i) => String(i + 2));
    const markupOn = (table: string, day: string) => `LEFT JOIN LATERAL (SELECT percent FROM organization_markups m
           WHERE m.tenant_id = ${table}.tenant_id AND m.effective_from <= ${day}
           ORDER BY m.effective_from DESC LIMIT 1) mu ON true`;
    return this.dataSource.query<UsageRow[]>(
      `WITH days AS (${CARD_DAYS('$2::date', '$3::date')}),
       g AS (
         SELECT mo.month::timestamp AS period, dy.card_id, mu.percent, mo.country, mo.category ${carriedFrom('mo')},
           sum(mo.messages) AS messages, sum(mo.billable_messages) AS billable
         FROM usage_months mo JOIN days dy ON dy.day = mo.month ${markupOn('mo', 'mo.month')}
         WHERE ($1::uuid[] IS NULL OR mo.tenant_id = ANY ($1::uuid[])) AND mo.month = ANY ($4::date[])
         GROUP BY 1, 2, 3, 4, 5${keys}
         UNION ALL
         SELECT date_trunc('${granularity}', d.day::timestamp), dy.card_id, mu.percent, d.country, d.category
           ${carriedFrom('d')}, sum(d.messages), sum(d.billable_messages)
         FROM usage_days d JOIN days dy ON dy.day = d.day ${markupOn('d', 'd.day')}
         WHERE ($1::uuid[] IS NULL OR d.tenant_id = ANY ($1::uuid[])) AND d.day BETWEEN $2::date AND $3::date
           AND ($5::date[] IS NULL OR d.day = ANY ($5::date[]))
         GROUP BY 1, 2, 3, 4, 5${keys})
       SELECT to_char(g.period, 'YYYY-MM-DD') AS period ${selected.map((c) => `, ${c}`).join('')},
         sum(g.messages)::text AS messages, sum(g.billable)::text AS billable_messages,
         round(sum(g.billable * p.price * (100 + COALESCE(g.percent, 0)) / 100), 6)::text AS cost,
         sum(CASE WHEN p.price IS NULL THEN g.billable ELSE 0 END)::text AS unpriced_billable_messages
       FROM g ${PRICES('g')}
       GROUP BY 1${groups.map((n) => `, ${n}`).join('')}
       ORDER BY 1${groups.map((n) => `, ${n}`).join('')}`,
      [tenantIds, from, to, whole, partialDays],
    );
  }

  /**
   * The months inside `from`..`to` (the current one too when `to` is today or later) that one card and,
   * for each of `tenantIds`' organizations (null: all), one markup price whole: neither a card nor a
   * markup starts after their first day.
   */
  private async wholeMonths(tenantIds: string[] | null, from: string, to: string): Promise<string[]> {
    const changes = await this.dataSource.query<Array<{ day: string }>>(
      `SELECT to_char(effective_from, 'YYYY-MM-DD') AS day FROM rate_cards WHERE effective_from BETWEEN $2 AND $3
       UNION SELECT to_char(effective_from, 'YYYY-MM-DD') FROM organization_markups
       WHERE ($1::uuid[] IS NULL OR tenant_id = ANY ($1::uuid[])) AND effective_from BETWEEN $2 AND $3`,
      [tenantIds, from, to],
    );
    const changed = new Set(changes.filter((c) => !c.day.endsWith('-01')).map((c) => c.day.slice(0, 7)));
    // A range to today covers the current month whole: no day after today has usage yet (a status's
    // day is never later than its arrival).
    const today = new Date().toISOString().slice(0, 10);
    const months: string[] = [];
    for (let month = firstWholeMonth(from); month <= to; month = nextMonth(month))
      if ((lastDayOf(month) <= to || to >= today) && !changed.has(month.slice(0, 7))) months.push(month);
    return months;
  }

  /**
   * The entries (a part of the ingestion's statement): each kept once by its key, and the day's
   * rollup grown by the entries inserted now only, both in key order.
   */
  addEntries(statement: ComposedStatement, entries: UsageEntryRow[]): void {
    const rows = inLockOrder(entries, (e) => `${e.messageId}\u0000${e.category}`);
    const added = statement.with(
      'usage_entries_added',
      `INSERT INTO usage_entries (tenant_id, phone_number_id, message_id, category, country, billable, pricing_model,
         type, day, broadcast_id)
       SELECT * FROM ${statement.unnest(
         [rows.map((e) => e.tenantId), 'uuid[]'],
         [rows.map((e) => e.phoneNumberId), 'text[]'],
         [rows.map((e) => e.messageId), 'text[]'],
         [rows.map((e) => e.category), 'text[]'],
         [rows.map((e) => e.country), 'text[]'],
         [rows.map((e) => e.billable), 'boolean[]'],
         [rows.map((e) => e.pricingModel), 'text[]'],
         [rows.map((e) => e.type), 'text[]'],
         [rows.map((e) => e.day), 'date[]'],
         [rows.map((e) => e.broadcastId), 'text[]'],
       )}
       ON CONFLICT ON CONSTRAINT "PK_usage_entries" DO NOTHING
       RETURNING tenant_id, day, phone_number_id, country, category, billable, broadcast_id`,
    );
    // The day's rollup, by the entries kept now only; in key order (two batches lock its rows alike).
    statement.with(
      'usage_days_added',
      `INSERT INTO usage_days (tenant_id, day, phone_number_id, country, category, broadcast_id, messages,
         billable_messages)
       SELECT tenant_id, day, phone_number_id, country, category, broadcast_id, count(*), count(*) FILTER (WHERE billable)
       FROM ${added} GROUP BY tenant_id, day, phone_number_id, country, category, broadcast_id
       ORDER BY tenant_id, day, phone_number_id, country, category, broadcast_id
       ON CONFLICT ON CONSTRAINT "PK_usage_days" DO UPDATE
       SET messages = usage_days.messages + EXCLUDED.messages,
           billable_messages = usage_days.billable_messages + EXCLUDED.billable_messages`,
    );
    // ...and the month's, for reports by month.
    statement.with(
      'usage_months_added',
      `INSERT INTO usage_months (tenant_id, month, phone_number_id, country, category, broadcast_id, messages,
         billable_messages)
       SELECT tenant_id, date_trunc('month', day::timestamp)::date, phone_number_id, country, category, broadcast_id,
         count(*), count(*) FILTER (WHERE billable)
       FROM ${added} GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
       ON CONFLICT ON CONSTRAINT "PK_usage_months" DO UPDATE
       SET messages = usage_months.messages + EXCLUDED.messages,
           billable_messages = usage_months.billable_messages + EXCLUDED.billable_messages`,
    );
  }

  /**
   * What the numbers `phoneNumberIds` metered on `day`, by recipient country and category: billable
   * messages and their cost at the card's price in force that day, without markups (what Meta charges;
   * null: no card or no price).
   */
  metered(
    phoneNumberIds: string[],
    day: string,
  ): Promise<Array<{ country: string; category: string; billable_messages: string; cost: string | null }>> {
    return this.dataSource.query(
      `WITH g AS (
         SELECT d.country, d.category, dy.card_id, sum(d.billable_messages) AS billable
         FROM usage_days d JOIN (${CARD_DAYS('$2::date', '$2::date')}) dy ON dy.day = d.day
         WHERE d.phone_number_id = ANY ($1::text[]) AND d.day = $2::date
         GROUP BY 1, 2, 3)
       SELECT g.country, g.category, sum(g.billable)::text AS billable_messages,
         round(sum(g.billable * p.price), 6)::text AS cost
       FROM g ${PRICES('g')}
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [phoneNumberIds, day],
    );
  }

  /** The currency of the cards (one for all), if any card exists. */
  async currency(): Promise<string | null> {
    const [row] = await this.dataSource.query<Array<{ currency: string }>>(
      `SELECT currency FROM rate_cards ORDER BY effective_from DESC LIMIT 1`,
    );
    return row?.currency ?? null;
  }

  /**
   * The usage entries of the customer's messages (by their wamids, which carry the number) keep their
   * category, country, day and price; the wamid is replaced by a one-way digest of it, unique as it was.
   */
  async eraseCustomerWamids(e: Erasure, wamids: string[]): Promise<number> {
    if (wamids.length === 0) return 0;
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE usage_entries SET message_id = 'erased:' || encode(sha256(convert_to($3 || message_id, 'UTF8')), 'hex')
       WHERE message_id = ANY ($2::text[]) AND tenant_id = $1`,
      [e.tenantId, wamids, e.digest],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its usage entries. */
  exportedTables(): Record<string, TablePages> {
    return {
      usage_entries: new TablePages(this.dataSource, {
        table: 'usage_entries',
        key: [
          ['message_id', 'text'],
          ['category', 'text'],
        ],
      }),
    };
  }

  /**
   * An organization deleted: at most `limit` of its usage entries keep their figures with the wamid
   * replaced by a digest of it (salted with the organization's id), as a customer's erasure does.
   */
  async digestWamids(tenantId: string, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE usage_entries SET message_id = 'erased:' || encode(sha256(convert_to($1::text || message_id, 'UTF8')), 'hex')
       WHERE (message_id, category) IN (SELECT message_id, category FROM usage_entries
         WHERE tenant_id = $1 AND message_id NOT LIKE 'erased:%' LIMIT $2)`,
      [tenantId, limit],
    );
    return count;
  }
}

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(month: string): string {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}
const lastDayOf = (month: string) =>
  new Date(Date.parse(`${nextMonth(month)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** The first month that starts on or after `from`. */
const firstWholeMonth = (from: string) => (from.endsWith('-01') ? from : nextMonth(firstOfMonth(from)));

/** The days from `from` to `to` outside the months `whole` (null: none are whole, every day counts). */
function daysOutside(from: string, to: string, whole: string[]): string[] | null {
  if (whole.length === 0) return null;
  const months = new Set(whole);
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += 86_400_000) {
    const day = new Date(ms).toISOString().slice(0, 10);
    if (!months.has(firstOfMonth(day))) days.push(day);
  }
  return days;
}
