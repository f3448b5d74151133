import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource, type EntityManager } from 'typeorm';
import type { ComposedStatement } from '../database/composed-statement';
import { HotPathSql } from '../database/hot-path-sql';
import { inLockOrder } from '../database/lock-order';
import type { TimePartitioned } from '../database/partitions';
import { type Erasure, numberInJson } from '../retention/customer-data';

/** Meta retries a webhook delivery for up to seven days: how far back a change is looked for. */
export const META_RETRY_DAYS = 7;

/** Upstream events, partitioned by the UTC day received (a week per partition, dropped past its retention). */
export function webhookEventsPartitions(retentionDays: number): TimePartitioned[] {
  return [{ table: 'webhook_events', column: 'received_on', keyType: 'date', retentionDays }];
}

/** An upstream event as the ingestion stores it (`webhook_events`). */
export interface StoredEvent {
  dedupeKey: string;
  tenantId: string | null;
  wabaId: string;
  field: string;
  /** The change in its own envelope, as tenants receive it. */
  body: string;
}

/**
 * Every statement on the upstream webhook tables: the events (`webhook_events`, part of the
 * ingestion's one statement) and the deliveries kept as received because they cannot be applied
 * (`unprocessable_webhooks`).
 */
@Injectable()
export class WebhooksRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: HotPathSql,
  ) {}

  /** A delivery kept as received, with why it cannot be applied; its id. */
  async keepUnprocessable(reason: string, body: Buffer): Promise<string> {
    const [row] = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO unprocessable_webhooks (reason, body) VALUES ($1, $2) RETURNING id`,
      [reason, body],
    );
    return row.id;
  }

  /**
   * The events of a batch, as a part of the ingestion's statement whose rows (`id`, `dedupe_key`) are
   * those stored now: a change is stored once. The table is partitioned by the day received, so the
   * unique index holds the day: a copy received the same day conflicts with it, and one received on
   * a later day (Meta retries for seven days) finds it in the days before.
   */
  storeEvents(statement: ComposedStatement, events: StoredEvent[]): string {
    const sorted = inLockOrder(events, (e) => e.dedupeKey);
    return statement.with(
      'webhook_events_stored',
      `INSERT INTO webhook_events (dedupe_key, tenant_id, waba_id, field, payload)
       SELECT * FROM ${statement.unnest(
         [sorted.map((e) => e.dedupeKey), 'text[]'],
         [sorted.map((e) => e.tenantId), 'uuid[]'],
         [sorted.map((e) => e.wabaId), 'text[]'],
         [sorted.map((e) => e.field), 'text[]'],
         [sorted.map((e) => e.body), 'jsonb[]'],
       )} AS v(dedupe_key, tenant_id, waba_id, field, payload)
       WHERE NOT EXISTS (
         SELECT 1 FROM webhook_events e WHERE e.dedupe_key = v.dedupe_key
           AND e.received_on >= (now() AT TIME ZONE 'UTC')::date - ${META_RETRY_DAYS}
           AND e.received_on < (now() AT TIME ZONE 'UTC')::date)
       ON CONFLICT (dedupe_key, received_on) DO NOTHING RETURNING id, dedupe_key`,
    );
  }

  /**
   * Runs the ingestion's composed statement, whose rows are each event stored now (`stored_key`) with
   * the deliveries written for it (the `written` part's columns, null when none): prepared, in its own
   * transaction, when nothing follows it; otherwise in a transaction that `after` continues (inbound
   * messages, template reviews).
   */
  runBatch<Written extends object>(
    statement: ComposedStatement,
    parts: { stored: string; written: string },
    after?: (manager: EntityManager, rows: Array<Written & { stored_key: string }>) => Promise<void>,
  ): Promise<Array<Written & { stored_key: string }>> {
    type Row = Written & { stored_key: string };
    const text = statement.text(
      `SELECT s.dedupe_key AS stored_key, w.* FROM ${parts.stored} s LEFT JOIN ${parts.written} w ON w.event_id = s.id`,
    );
    if (!after) return this.sql.query<Row>('upstream_webhook_batch', text, statement.parameters);
    return this.dataSource.transaction(async (manager) => {
      const rows: Row[] = await manager.query(text, statement.parameters);
      await after(manager, rows);
      return rows;
    });
  }

  /**
   * Meta's deliveries for the organization received in `range`, their bodies replaced (data-rights/:
   * its message bodies kept for less time); the dedupe key, field and times stay, so a redelivery from
   * Meta is still known. At most `limit`.
   */
  async redactPayloads(tenantId: string, range: { from: Date | null; before: Date }, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE webhook_events e SET payload = jsonb_build_object('redacted', true)
       FROM (SELECT id, received_on FROM webhook_events
             WHERE tenant_id = $1 AND received_at < $2 AND ($3::timestamptz IS NULL OR received_at >= $3)
               -- the partition key too, so only the weeks of the range are read
               AND received_on <= ($2::timestamptz AT TIME ZONE 'UTC')::date
               AND ($3::timestamptz IS NULL OR received_on >= ($3::timestamptz AT TIME ZONE 'UTC')::date)
               AND NOT payload ? 'redacted'
             LIMIT $4) old
       WHERE e.id = old.id AND e.received_on = old.received_on`,
      [tenantId, range.before, range.from, limit],
    );
    return count;
  }

  /**
   * A day of Meta's changes that name the customer's number (a message from them, a status of one to
   * them, their profile), received before the erasure began, deleted: a change is stored whole, one
   * customer's as Meta sends it.
   */
  async eraseCustomerEvents(e: Erasure, from: Date, to: Date, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM webhook_events w USING (SELECT id, received_on FROM webhook_events
         WHERE tenant_id = $1 AND received_on = ($2::timestamptz AT TIME ZONE 'UTC')::date
           AND received_at >= $2 AND received_at < $3 AND payload::text LIKE $4 LIMIT $5) hit
       WHERE w.id = hit.id AND w.received_on = hit.received_on
         AND w.received_on = ($2::timestamptz AT TIME ZONE 'UTC')::date`,
      [e.tenantId, from, to, numberInJson(e.waId), limit],
    );
    return count;
  }

  /** The organization's archive (data-rights/): Meta's changes as they came. */
  exportedTables(): Record<string, TablePages> {
    return {
      webhook_events: new TablePages(this.dataSource, {
        table: 'webhook_events',
        key: [
          ['received_on', 'date'],
          ['id', 'uuid'],
        ],
      }),
    };
  }
}
