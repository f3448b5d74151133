import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
 * The card in force on a rollup row's day (`c`), the market of its country there (`rc`, none: the
 * card's Other) and the price of its category in that market (`p`): what prices a row.
 */
const PRICED = `LEFT JOIN LATERAL (SELECT id FROM rate_cards WHERE effective_from <= d.day
         ORDER BY effective_from DESC LIMIT 1) c ON true
       LEFT JOIN rate_card_countries rc ON rc.rate_card_id = c.id AND rc.country = d.country
       LEFT JOIN rate_card_prices p ON p.rate_card_id = c.id AND p.category = d.category
         AND p.market = COALESCE(rc.market, '${OTHER_MARKET}')`;

/** The market of a rollup row under the card in force on its day (none: no card priced it). */
const MARKET = `CASE WHEN c.id IS NULL THEN NULL ELSE COALESCE(rc.market, '${OTHER_MARKET}') END`;
const COLUMNS: Record<UsageDimension, string> = {
  organization: 'd.tenant_id',
  category: 'd.category',
  phone_number: 'd.phone_number_id',
  market: MARKET,
  country: 'd.country',
  broadcast: "NULLIF(d.broadcast_id, '')",
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
  report(
    tenantIds: string[] | null,
    from: string,
    to: string,
    granularity: 'day' | 'month',
    groupBy: UsageDimension[],
  ): Promise<UsageRow[]> {
    const selected = groupBy.map((dimension) => `${COLUMNS[dimension]} AS ${dimension}`);
    const groups = groupBy.map((_, i) => String(i + 2));
    return this.dataSource.query<UsageRow[]>(
      `SELECT to_char(date_trunc('${granularity}', d.day), 'YYYY-MM-DD') AS period
         ${selected.map((s) => `, ${s}`).join('')},
         sum(d.messages)::text AS messages, sum(d.billable_messages)::text AS billable_messages,
         round(sum(d.billable_messages * p.price * (100 + COALESCE(mu.percent, 0)) / 100), 6)::text AS cost,
         sum(CASE WHEN p.price IS NULL THEN d.billable_messages ELSE 0 END)::text AS unpriced_billable_messages
       FROM usage_days d
       ${PRICED}
       LEFT JOIN LATERAL (SELECT percent FROM organization_markups m WHERE m.tenant_id = d.tenant_id
         AND m.effective_from <= d.day ORDER BY m.effective_from DESC LIMIT 1) mu ON true
       WHERE ($1::uuid[] IS NULL OR d.tenant_id = ANY ($1::uuid[])) AND d.day BETWEEN $2::date AND $3::date
       GROUP BY 1${groups.map((g) => `, ${g}`).join('')}
       ORDER BY 1${groups.map((g) => `, ${g}`).join('')}`,
      [tenantIds, from, to],
    );
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
      `SELECT d.country, d.category, sum(d.billable_messages)::text AS billable_messages,
         round(sum(d.billable_messages * p.price), 6)::text AS cost
       FROM usage_days d
       ${PRICED}
       WHERE d.phone_number_id = ANY ($1::text[]) AND d.day = $2::date
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
}
