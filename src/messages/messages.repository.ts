import { InboundMessage } from './inbound-message.entity';
import { TablePages } from '../database/table-pages';
import type { ConversationStatus } from './conversation.entity';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { KeysetCursor } from '../common/pagination';
import type { Columns } from '../database/columns';
import type { ComposedStatement } from '../database/composed-statement';
import { rowExists } from '../database/exists';
import { HotPathSql } from '../database/hot-path-sql';
import { inLockOrder } from '../database/lock-order';
import type { TimePartitioned } from '../database/partitions';
import { previewSql } from './message-preview';
import { MessageStatusEvent } from './message-status.entity';
import { Message } from './message.entity';
import { FUNNEL_KEY_OF_RECORD, funnelMovesSql, funnelRepliesSql } from './funnels/funnels.repository';
import { advance, errorCodeOf, furthestFirst, MESSAGE_STATUS_ORDER, movesForward } from './status-order';
import {
  type Customer,
  type CustomerPage,
  cursor,
  type Erasure,
  pageOf,
  type WamidPage,
} from '../retention/customer-data';

/**
 * A conversation's last message becomes the one just written when it is newer than the one it has
 * (`EXCLUDED` the new message's, `c` the conversation's): the SET items of an upsert.
 */
const NEWER_LAST_MESSAGE = ['last_message_at', 'last_direction', 'last_type', 'last_preview', 'last_message_id']
  .map(
    (column) =>
      `${column} = CASE WHEN EXCLUDED.last_message_at >= c.last_message_at THEN EXCLUDED.${column} ELSE c.${column} END`,
  )
  .join(',\n         ');

/**
 * What a customer's message answers, found (read, nothing locked) in the statement that stores it, for
 * the funnels (funnels/funnels.repository.ts), which count it once for the whole batch
 * (`countReplies`). The message it quotes (Meta's `context.id`, $12) is the one answered when it was sent
 * in the 24 hours before; without a quote, the newest message sent to the customer from the number in
 * those 24 hours that Meta accepted and did not fail (Meta's times are whole seconds: a message sent in
 * the second of the reply counts as before it). A button's press is the quoted message's. A
 * reaction answers nothing; a message stored before (Meta's retry) finds nothing. Parameters: $1 tenant,
 * $2 number, $4 customer, $5 type, $10 and $11 the window's ends (the message's time less 24 hours, and
 * plus a second), $12 the quoted wamid (a message that quotes one only).
 *
 * Two statements, by whether the message quotes one: the statement is planned on every run (it goes
 * through the ORM, in the batch's transaction), and planning a lookup on the partitioned records was
 * most of what the lookups cost PostgreSQL (0.4 ms each; docs/performance.md). A message without a
 * quote plans no quoted lookup, and its window's ends come as values, so the plan reads only the
 * partitions of those 24 hours.
 */
function inboundFunnelParts(quoting: boolean): string {
  const counted = `status IN ('accepted', 'sent', 'delivered', 'read')`;
  if (quoting)
    return `quoted AS (
     SELECT m.id, m.created_at, m.status FROM messages m
     WHERE EXISTS (SELECT 1 FROM stored) AND m.upstream_message_id = $12::text AND m.tenant_id = $1::uuid LIMIT 1),
       answered AS (
     SELECT id, created_at FROM quoted
     WHERE $5::text <> 'reaction' AND created_at > $10::timestamptz AND created_at < $11::timestamptz AND ${counted})`;
  return `quoted AS (SELECT NULL::uuid AS id, NULL::timestamptz AS created_at WHERE false),
       answered AS (
     SELECT m.id, m.created_at FROM messages m
     WHERE $5::text <> 'reaction' AND EXISTS (SELECT 1 FROM stored) AND m.tenant_id = $1::uuid
       AND m.recipient = $4::text AND m.created_at > $10::timestamptz AND m.created_at < $11::timestamptz
       AND m.phone_number_id = $2::text AND m.${counted}
     ORDER BY m.created_at DESC LIMIT 1)`;
}

/** How far back a customer's message looks for the message it answers. */
const ANSWER_WINDOW_MS = 24 * 3600_000;

/** The answered and quoted records a stored message's RETURNING names (null: none). */
const INBOUND_FUNNEL_RETURNING = `(SELECT id FROM answered LIMIT 1) AS answered_id,
         (SELECT created_at FROM answered LIMIT 1) AS answered_created_at,
         (SELECT id FROM quoted) AS quoted_id, (SELECT created_at FROM quoted) AS quoted_created_at`;

/**
 * A send answers a customer who waits: the episode's first answer is timed (once), and nobody waits
 * any more. The send's own time is `EXCLUDED.last_message_at`.
 */
const ANSWERED = `first_response_seconds = CASE WHEN c.first_response_seconds IS NULL AND c.awaiting_reply_since IS NOT NULL
           THEN GREATEST(0, round(extract(epoch FROM EXCLUDED.last_message_at - c.awaiting_reply_since)))::int
           ELSE c.first_response_seconds END,
         awaiting_reply_since = NULL`;

/**
 * The conversations of sends Meta accepted (`accepted`: their records), brought up to them: the newest
 * per customer becomes the last message, if newer. Not groups (a group is not a customer). Rows are
 * written in (number, customer) order, the order every writer of several conversations follows.
 */
const CONVERSATION_OF_ACCEPTED = `INSERT INTO conversations AS c (phone_number_id, wa_id, tenant_id, last_message_at,
         last_direction, last_type, last_preview, last_message_id)
       SELECT DISTINCT ON (a.phone_number_id, a.recipient) a.phone_number_id, a.recipient, a.tenant_id, a.created_at,
         'outbound', a.type, ${previewSql('a.payload', 'a.type')}, a.wamid
       FROM accepted a WHERE a.payload->>'recipient_type' IS DISTINCT FROM 'group'
       ORDER BY a.phone_number_id, a.recipient, a.created_at DESC
       ON CONFLICT (phone_number_id, wa_id) DO UPDATE SET ${NEWER_LAST_MESSAGE},
         ${ANSWERED}`;

/**
 * A conversation's column set to `to` when a customer's message (not a reaction: `EXCLUDED.unread_count`
 * is 1) finds it pending, snoozed or resolved, else left as it was (`kept`).
 */
const REOPENED = (column: string, to: string, kept: string) =>
  `${column} = CASE WHEN c.status <> 'open' AND EXCLUDED.unread_count > 0 THEN ${to} ELSE ${kept} END`;

/** The conversation an inbound message came to: its assignee, status, and whether the message opened it again. */
export interface InboundConversation {
  assignee_id: string | null;
  /** Its status before the message, when the message opened it again. */
  previous_status: ConversationStatus | null;
  reopened: boolean;
  /** The message made the conversation: the customer's first message to the number (that is kept). */
  created: boolean;
  /** The record the message answers (its funnel's `replied`), if any. */
  answered_id: string | null;
  answered_created_at: Date | null;
  /** The record the message quotes (a button's press counts toward it), if any. */
  quoted_id: string | null;
  quoted_created_at: Date | null;
}

/** A pending record, as the batched insert takes it (its id is made by the caller, so no RETURNING order matters). */
export interface PendingRecord {
  id: string;
  tenantId: string;
  phoneNumberId: string;
  apiKeyId: string;
  recipient: string;
  type: string;
  payload: string;
  idempotencyKey: string | null;
  /** The broadcast it is sent for (its idempotency key is then the recipient's try: one record each). */
  broadcastId: string | null;
  /** Read the user's service window with the write (`insertPending`). */
  lookUpWindow?: boolean;
}

/** The newest earlier record of an Idempotency-Key (the recovery point of a send). */
export type RecoveryPoint = Pick<Columns<Message>, 'id' | 'status' | 'upstream_message_id' | 'recipient' | 'type'> & {
  age_ms: number;
};

/** A record's state as a broadcast reads it: status, wamid, error, and whether its outcome stayed unknown. */
export type RecordState = Pick<Columns<Message>, 'id' | 'status' | 'upstream_message_id' | 'error'> & {
  unknown: boolean;
};

/** One status of one message, as an upstream webhook reported it. */
export interface ReportedStatus {
  tenantId: string;
  phoneNumberId: string;
  /** The upstream message id (wamid). */
  id: string;
  recipient: string;
  status: string;
  at: Date;
  /** The rest of Meta's status object (conversation, pricing, errors), as JSON. */
  details: string;
  /** The record the gateway's reference in `biz_opaque_callback_data` names, if any. */
  recordId?: string;
  /** The broadcast that reference names (a broadcast's send), if any. */
  broadcastId?: string;
  /** Meta's `pricing` of the status, if it has one (metering: src/usage). */
  pricing?: unknown;
}

/** One inbound message of an upstream webhook, as the ingestion hands it over. */
export interface ReceivedMessage {
  tenantId: string;
  phoneNumberId: string;
  /** Meta's message object (`id`, `from`, `type`, and the type's own member). */
  message: { id: string; from: string; type?: string; [member: string]: unknown };
  buttonPayload: string | null;
  sentAt: Date;
  /** The customer's WhatsApp profile name (the webhook's `contacts[].profile.name`), when given. */
  profileName?: string | null;
}

/** Filters of the record list. */
export interface RecordFilter {
  recipient?: string;
  status?: string;
  errorCode?: number;
  idempotencyKey?: string;
  outcomeUnknown?: boolean;
  since?: Date;
  until?: Date;
}

/** Whether a record's send failed with its outcome unknown (no answer, no status webhook in time). */
const UNKNOWN = `(status = 'failed' AND outcome_unknown_at IS NOT NULL AND upstream_message_id IS NULL)`;

/**
 * The tables partitioned by time here (a week per partition, dropped whole past its retention):
 * records by when they were written, statuses and inbound messages by Meta's time of them (which
 * Meta's retries repeat, so the unique keys that hold it still find a retry).
 */
export function messagesPartitions(retention: { messages: number; inbound: number }): TimePartitioned[] {
  return [
    // A quarter of each record page free, for the status updates (heap-only): set on each partition.
    {
      table: 'messages',
      column: 'created_at',
      keyType: 'timestamptz',
      retentionDays: retention.messages,
      storage: 'fillfactor=75',
    },
    { table: 'message_statuses', column: 'occurred_at', keyType: 'timestamptz', retentionDays: retention.messages },
    { table: 'inbound_messages', column: 'sent_at', keyType: 'timestamptz', retentionDays: retention.inbound },
  ];
}

/** The first key of pg_advisory_xact_lock(int, int) for a broadcast try's key: "broadcast tries". */
const BROADCAST_TRY_LOCKS = 726_354_013;

function pendingColumns(records: PendingRecord[]): unknown[] {
  return [
    records.map((r) => r.id),
    records.map((r) => r.tenantId),
    records.map((r) => r.phoneNumberId),
    records.map((r) => r.apiKeyId),
    records.map((r) => r.recipient),
    records.map((r) => r.type),
    records.map((r) => r.payload),
    records.map((r) => r.idempotencyKey),
    records.map((r) => r.broadcastId),
  ];
}

/**
 * Every statement on messages' tables: message records (`messages`), their status history
 * (`message_statuses`), inbound messages and the 24-hour service windows (`conversations`).
 * The send's and the ingestion's statements are prepared (HotPathSql), as measured in
 * docs/performance.md.
 */
@Injectable()
export class MessagesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: HotPathSql,
  ) {}

  // ---- the send ---------------------------------------------------------------------------------

  /** The newest record of an Idempotency-Key of this key and organization within `windowSeconds`. */
  async recoveryPoint(
    apiKeyId: string,
    idempotencyKey: string,
    tenantId: string,
    windowSeconds: number,
  ): Promise<RecoveryPoint | undefined> {
    const [earlier] = await this.sql.query<RecoveryPoint>(
      'messages_recovery_point',
      `SELECT id, status, upstream_message_id, recipient, type, (extract(epoch
        FROM now() - created_at) * 1000)::float8 AS age_ms
       FROM messages WHERE api_key_id = $1 AND idempotency_key = $2 AND tenant_id = $3
       AND created_at > now() - make_interval(secs => $4)
       ORDER BY created_at DESC LIMIT 1`,
      [apiKeyId, idempotencyKey, tenantId, windowSeconds],
    );
    return earlier;
  }

  /**
   * One INSERT for the pending records of concurrent API sends. The same statement (one round trip)
   * reads the service window of those that ask for it (`lookUpWindow`): each one's user's last
   * inbound message to the number, or null (none, or not asked). The caller decides the window on its
   * clock; a send it refuses takes its record back (`discardPending`).
   */
  async insertPending(records: PendingRecord[]): Promise<Array<Date | null>> {
    const rows = await this.sql.query<{ id: string; last_inbound_at: Date }>(
      'messages_insert_pending',
      `WITH v AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::jsonb[],
         $8::text[], $9::uuid[], $10::bool[])
           AS v(id, tenant_id, phone_number_id, api_key_id, recipient, type, payload, idempotency_key, broadcast_id,
           look_up_window)),
       written AS (
         INSERT INTO messages (id, tenant_id, phone_number_id, api_key_id, recipient, type, payload, idempotency_key,
         broadcast_id, status)
         SELECT id, tenant_id, phone_number_id, api_key_id, recipient, type, payload, idempotency_key, broadcast_id,
         'pending' FROM v)
       SELECT v.id, w.last_inbound_at FROM v
       JOIN conversations w ON w.phone_number_id = v.phone_number_id AND w.wa_id = v.recipient
       WHERE v.look_up_window AND w.last_inbound_at IS NOT NULL`,
      [...pendingColumns(records), records.map((r) => r.lookUpWindow ?? false)],
    );
    const windows = new Map(rows.map((row) => [row.id, new Date(row.last_inbound_at)]));
    return records.map((r) => windows.get(r.id) ?? null);
  }

  /**
   * The pending records of broadcast recipients' tries. A try whose record another instance (or this
   * one, before a restart) already wrote is not written again: false for it. Its key (broadcast,
   * recipient, try) is unique among broadcast records, which a unique index cannot say of a table
   * partitioned by time (it would have to hold the time), so each key is locked for the transaction
   * (in one order: no deadlock) and looked for before the insert, which then sees every try committed
   * before it.
   */
  async insertBroadcastTries(records: PendingRecord[]): Promise<boolean[]> {
    const keys = records.map((r) => r.idempotencyKey!);
    const written = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `SELECT pg_advisory_xact_lock(${BROADCAST_TRY_LOCKS}, hashtext(k)) FROM (SELECT DISTINCT k
          FROM unnest($1::text[]) k ORDER BY k) keys`,
        [keys],
      );
      return manager.query<Array<{ id: string }>>(
        `INSERT INTO messages (id, tenant_id, phone_number_id, api_key_id, recipient, type, payload, idempotency_key,
          broadcast_id, status)
         SELECT id, tenant_id, phone_number_id, api_key_id, recipient, type, payload, idempotency_key, broadcast_id,
         'pending'
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::jsonb[], $8::text[],
         $9::uuid[])
           AS v(id, tenant_id, phone_number_id, api_key_id, recipient, type, payload, idempotency_key, broadcast_id)
         WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.idempotency_key = v.idempotency_key
         AND m.broadcast_id IS NOT NULL)
         RETURNING id`,
        pendingColumns(records),
      );
    });
    const ids = new Set(written.map((row) => row.id));
    return records.map((r) => ids.has(r.id));
  }

  /**
   * The upstream ids of accepted sends, in one UPDATE. Status webhooks may have arrived before it:
   * each record keeps the furthest status already known for its message, from its status history or
   * from the record itself. The record's own status counts because a status applied while this
   * statement runs is not in its snapshot of the history: the UPDATE waits for that row, then reads
   * the row as committed, but the history as it was (a broadcast's acceptance, written late in a
   * batch, once set `delivered` over a `read` that had just been applied). A record failed for want
   * of an answer takes the answer that came after all, as before. `m.id = ANY` makes the
   * records an index lookup in every plan: joined on `unnest` alone, the prepared statement's generic
   * plan (which guesses ten rows for it) hash-joined a scan of the whole table, and kept doing so as
   * the table grew where nothing re-analyzed it (found in the benchmark's plans). The record was
   * written moments ago (an acceptance follows its write by the upstream call and the number's turn,
   * seconds at most), so `created_at` bounds it to the newest partitions: the other weeks' indexes are
   * pruned when the statement starts instead of probed.
   */
  async accept(batch: Array<{ id: string; upstreamId: string }>): Promise<void> {
    const accepted = inLockOrder(batch, (a) => a.id);
    await this.sql.query(
      'messages_accept',
      `WITH accepted AS (
         UPDATE messages m SET upstream_message_id = v.wamid, accepted_at = now(), updated_at = now(),
           status = (SELECT known.status FROM (
                       SELECT s.status FROM message_statuses s WHERE s.message_id = v.wamid
                       UNION ALL SELECT 'accepted' UNION ALL SELECT m.status WHERE m.status <> 'failed') AS known(status)
                     ORDER BY ${furthestFirst('known.status', '$3')} NULLS LAST LIMIT 1)
         FROM unnest($1::uuid[], $2::text[]) AS v(id, wamid)
         WHERE m.id = ANY ($1::uuid[]) AND m.id = v.id AND m.created_at > now() - interval '1 day'
         RETURNING m.tenant_id, m.phone_number_id, m.recipient, m.type, m.payload, m.created_at, v.wamid)
       ${CONVERSATION_OF_ACCEPTED}`,
      [accepted.map((a) => a.id), accepted.map((a) => a.upstreamId), MESSAGE_STATUS_ORDER],
    );
  }

  /** A failed send's record: its error, in the Graph shape. */
  async fail(id: string, error: Record<string, unknown>): Promise<void> {
    const change: Partial<Message> = { status: 'failed', failedAt: new Date(), error };
    await this.dataSource.getRepository(Message).update({ id }, change as never);
  }

  /** Upstream did not answer: the record stays pending with its outcome marked unknown. */
  async markOutcomeUnknown(id: string): Promise<void> {
    await this.sql.query(
      'messages_outcome_unknown',
      `UPDATE messages SET outcome_unknown_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending'`,
      [id],
    );
  }

  /** Pending records without an upstream id become failed with `error`; the ids failed. */
  async failUnknown(ids: string[], error: Record<string, unknown>): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      'messages_fail_unknown',
      `UPDATE messages
        SET status = 'failed', failed_at = now(), updated_at = now(),
        outcome_unknown_at = coalesce(outcome_unknown_at, now()), error = $2::jsonb
       WHERE id = ANY($1::uuid[]) AND status = 'pending' AND upstream_message_id IS NULL RETURNING id`,
      [ids, JSON.stringify(error)],
    );
    return rows.map((row) => row.id);
  }

  /** A pending record whose send never went: gone, as if never written. */
  async discardPending(id: string): Promise<void> {
    await this.sql.query('messages_discard_pending', `DELETE FROM messages WHERE id = $1 AND status = 'pending'`, [id]);
  }

  // ---- the sweeper ------------------------------------------------------------------------------

  /** Marks sends pending without an answer for `olderThanSeconds` as outcome unknown (at most `limit`); the ids. */
  async markStale(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      'messages_sweep_unknown',
      `UPDATE messages SET outcome_unknown_at = now(), updated_at = now()
       WHERE id IN (SELECT id FROM messages WHERE upstream_message_id IS NULL AND failed_at IS NULL
       AND status = 'pending'
                    AND created_at < now() - make_interval(secs => $1) AND outcome_unknown_at IS NULL LIMIT $2)
       RETURNING id`,
      [olderThanSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Sends pending without an answer for `olderThanSeconds` (at most `limit`). */
  async expired(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      'messages_sweep_expired',
      `SELECT id FROM messages WHERE upstream_message_id IS NULL AND failed_at IS NULL AND status = 'pending'
       AND created_at < now() - make_interval(secs => $1) LIMIT $2`,
      [olderThanSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  // ---- reads ------------------------------------------------------------------------------------

  /** One record of a number and organization, by its id or its upstream id. */
  record(tenantId: string, phoneNumberId: string, id: { id: string } | { wamid: string }): Promise<Message | null> {
    return this.dataSource.getRepository(Message).findOne({
      where:
        'wamid' in id
          ? { tenantId, phoneNumberId, upstreamMessageId: id.wamid }
          : { tenantId, phoneNumberId, id: id.id },
    });
  }

  /** A message's status history, oldest first. */
  statusHistory(tenantId: string, wamid: string): Promise<MessageStatusEvent[]> {
    return this.dataSource.getRepository(MessageStatusEvent).find({
      where: { tenantId, messageId: wamid },
      order: { occurredAt: 'ASC' },
    });
  }

  /** A page of a number's records, newest first, before `after`. */
  records(
    tenantId: string,
    phoneNumberId: string,
    filter: RecordFilter,
    after: KeysetCursor | undefined,
    limit: number,
  ): Promise<Message[]> {
    const qb = this.dataSource
      .getRepository(Message)
      .createQueryBuilder('m')
      .where('m.tenant_id = :tenantId AND m.phone_number_id = :phoneNumberId', { tenantId, phoneNumberId })
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(limit);
    if (filter.recipient) qb.andWhere('m.recipient = :recipient', { recipient: filter.recipient });
    if (filter.status) qb.andWhere('m.status = :status', { status: filter.status });
    if (filter.errorCode !== undefined)
      qb.andWhere("m.error->'code' = to_jsonb(:errorCode::int)", { errorCode: filter.errorCode });
    if (filter.idempotencyKey) qb.andWhere('m.idempotency_key = :key', { key: filter.idempotencyKey });
    if (filter.outcomeUnknown) qb.andWhere("m.status = 'pending' AND m.outcome_unknown_at IS NOT NULL");
    if (filter.since) qb.andWhere('m.created_at >= :since', { since: filter.since });
    if (filter.until) qb.andWhere('m.created_at < :until', { until: filter.until });
    if (after) qb.andWhere('(m.created_at, m.id) < (:at::timestamptz, :id::uuid)', { at: after.at, id: after.id });
    return qb.getMany();
  }

  /**
   * A page of a number's inbound messages, newest first by Meta's time of them (then id), filtered by
   * sender, type and time (`inbound-messages.controller.ts`).
   */
  inboundPage(
    tenantId: string,
    phoneNumberId: string,
    filter: { from?: string; type?: string; since?: Date; until?: Date },
    after: KeysetCursor | undefined,
    limit: number,
  ): Promise<InboundMessage[]> {
    const qb = this.dataSource
      .getRepository(InboundMessage)
      .createQueryBuilder('i')
      .where('i.tenant_id = :tenantId AND i.phone_number_id = :phoneNumberId', { tenantId, phoneNumberId })
      .orderBy('i.sent_at', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .limit(limit);
    if (filter.from) qb.andWhere('i."from" = :from', { from: filter.from });
    if (filter.type) qb.andWhere('i.type = :type', { type: filter.type });
    if (filter.since) qb.andWhere('i.sent_at >= :since', { since: filter.since });
    if (filter.until) qb.andWhere('i.sent_at < :until', { until: filter.until });
    if (after) qb.andWhere('(i.sent_at, i.id) < (:at::timestamptz, :id::uuid)', { at: after.at, id: after.id });
    return qb.getMany();
  }

  /** One inbound message of the number, by its wamid. */
  inboundByWamid(tenantId: string, phoneNumberId: string, wamid: string): Promise<InboundMessage | null> {
    return this.dataSource
      .getRepository(InboundMessage)
      .findOne({ where: { tenantId, phoneNumberId, messageId: wamid } });
  }

  /**
   * The organization's records created since `since` (on `phoneNumberIds` only, when given) counted
   * by status, and its failed ones by error code (the most frequent `topErrors`).
   */
  async statistics(
    tenantId: string,
    since: Date,
    phoneNumberIds: string[] | null,
    topErrors: number,
  ): Promise<{ byStatus: Array<{ status: string; count: number }>; errors: Array<{ code: number; count: number }> }> {
    const scope = `tenant_id = $1 AND created_at >= $2 AND ($3::text[] IS NULL OR phone_number_id = ANY ($3))`;
    const [byStatus, errors] = await Promise.all([
      this.dataSource.query<Array<{ status: string; count: number }>>(
        `SELECT status, count(*)::int AS count FROM messages WHERE ${scope} GROUP BY status`,
        [tenantId, since, phoneNumberIds],
      ),
      this.dataSource.query<Array<{ code: number; count: number }>>(
        `SELECT (error->>'code')::int AS code, count(*)::int AS count FROM messages
         WHERE ${scope} AND status = 'failed' AND jsonb_typeof(error->'code') = 'number'
         GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT $4`,
        [tenantId, since, phoneNumberIds, topErrors],
      ),
    ]);
    return { byStatus, errors };
  }

  // ---- broadcasts' records ----------------------------------------------------------------------

  /** The ids of broadcast records by their idempotency keys (tries written before). */
  async broadcastTries(idempotencyKeys: string[]): Promise<Map<string, string>> {
    const rows = await this.sql.query<{ id: string; idempotency_key: string }>(
      'messages_broadcast_tries',
      `SELECT id, idempotency_key FROM messages WHERE idempotency_key = ANY ($1::text[]) AND broadcast_id IS NOT NULL`,
      [idempotencyKeys],
    );
    return new Map(rows.map((row) => [row.idempotency_key, row.id]));
  }

  /** Pending broadcast records taken back (their turn did not come). */
  async discardBroadcastTries(ids: string[]): Promise<void> {
    await this.sql.query(
      'messages_discard_tries',
      `DELETE FROM messages WHERE id = ANY ($1::uuid[]) AND status = 'pending' AND broadcast_id IS NOT NULL`,
      [ids],
    );
  }

  /** Statuses of a broadcast's records `ids`, counted; records whose outcome stayed unknown left out. */
  async broadcastStatusCounts(broadcastId: string, ids: string[]): Promise<Record<string, number>> {
    const rows = await this.sql.query<{ status: string; count: string }>(
      'messages_broadcast_counts',
      `SELECT status, count(*) FROM messages WHERE broadcast_id = $1 AND id = ANY ($2::uuid[])
         AND NOT ${UNKNOWN}
       GROUP BY status`,
      [broadcastId, ids],
    );
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** A broadcast's records in one of `statuses`. */
  broadcastRecords(broadcastId: string, statuses: string[]): Promise<RecordState[]> {
    return this.sql.query<RecordState>(
      'messages_broadcast_records',
      `SELECT id, status, upstream_message_id, error, ${UNKNOWN} AS unknown
       FROM messages WHERE broadcast_id = $1 AND status = ANY ($2::text[])`,
      [broadcastId, statuses],
    );
  }

  /** Records by id. */
  recordStates(ids: string[]): Promise<RecordState[]> {
    return this.sql.query<RecordState>(
      'messages_by_ids',
      `SELECT id, status, upstream_message_id, error, ${UNKNOWN} AS unknown
       FROM messages WHERE id = ANY ($1::uuid[])`,
      [ids],
    );
  }

  // ---- the upstream webhook ingestion -----------------------------------------------------------

  /**
   * The status reports of a batch, as parts of the upstream webhook ingestion's one statement: each
   * status kept once per message, each record moved to the furthest status the batch reports for it
   * (see MessageStatusApplier).
   */
  addStatuses(statement: ComposedStatement, reported: ReportedStatus[]): void {
    const statuses = inLockOrder(reported, (s) => `${s.id}\u0000${s.status}`);
    statement.with(
      'message_statuses_added',
      `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at, details)
       SELECT * FROM ${statement.unnest(
         [statuses.map((s) => s.tenantId), 'uuid[]'],
         [statuses.map((s) => s.phoneNumberId), 'text[]'],
         [statuses.map((s) => s.id), 'text[]'],
         [statuses.map((s) => s.recipient), 'text[]'],
         [statuses.map((s) => s.status), 'text[]'],
         [statuses.map((s) => s.at), 'timestamptz[]'],
         [statuses.map((s) => s.details), 'jsonb[]'],
       )}
       ON CONFLICT ON CONSTRAINT "UQ_message_statuses_message_status" DO NOTHING`,
    );
    // One target row may be named twice in a batch (delivered and read together): keep the furthest.
    const furthest = new Map<
      string,
      { tenantId: string; id: string; status: string; recordId?: string; errorCode: number | null }
    >();
    for (const s of statuses) {
      const key = `${s.tenantId}:${s.id}`;
      const seen = furthest.get(key);
      if (!seen || advance(seen.status, s.status) !== seen.status)
        furthest.set(key, {
          tenantId: s.tenantId,
          id: s.id,
          status: s.status,
          recordId: s.recordId,
          errorCode: s.status === 'failed' ? errorCodeOf(s.details) : null,
        });
    }
    const byRecord = inLockOrder(
      [...furthest.values()].filter((m) => m.recordId !== undefined),
      (m) => m.recordId as string,
    );
    const byUpstreamId = inLockOrder(
      [...furthest.values()].filter((m) => m.recordId === undefined),
      (m) => m.id,
    );
    const order = statement.param(MESSAGE_STATUS_ORDER, 'text[]');
    // The upstream id goes only to a record without one, and never to a second record; a record that
    // has it is written only when its status moves forward. The two parts never write the same record:
    // a record is named either by its id or by its upstream id.
    // `m.id = ANY` and `m.upstream_message_id = ANY`: the records are an index lookup in every plan,
    // where a join on `unnest` alone can be planned as a scan of the whole table.
    const recordIds = statement.param(
      byRecord.map((m) => m.recordId),
      'uuid[]',
    );
    const upstreamIds = statement.param(
      byUpstreamId.map((m) => m.id),
      'text[]',
    );
    // Each update returns the status it moved a record from and to, for the funnels (funnels/funnels.repository.ts).
    const movedRecords = `${FUNNEL_KEY_OF_RECORD('m')}, m.status_before, m.status, v.error_code`;
    const byRecordPart = statement.with(
      'messages_moved_by_record',
      `UPDATE messages m SET updated_at = now(),
         upstream_message_id = CASE WHEN m.upstream_message_id IS NULL THEN v.wamid ELSE m.upstream_message_id END,
         status_before = m.status,
         status = CASE WHEN ${movesForward('m.status', 'v.status', order)} THEN v.status ELSE m.status END
       FROM ${statement.unnest(
         [byRecord.map((m) => m.recordId), 'uuid[]'],
         [byRecord.map((m) => m.id), 'text[]'],
         [byRecord.map((m) => m.tenantId), 'uuid[]'],
         [byRecord.map((m) => m.status), 'text[]'],
         [byRecord.map((m) => m.errorCode), 'int[]'],
       )} AS v(id, wamid, tenant_id, status, error_code)
       WHERE m.id = ANY (${recordIds}) AND m.id = v.id AND m.tenant_id = v.tenant_id
         AND ((m.upstream_message_id IS NULL AND NOT EXISTS (SELECT 1 FROM messages o
         WHERE o.upstream_message_id = v.wamid))
              OR (m.upstream_message_id = v.wamid AND ${movesForward('m.status', 'v.status', order)}))
       RETURNING ${movedRecords}`,
    );
    const byUpstreamIdPart = statement.with(
      'messages_moved_by_upstream_id',
      `UPDATE messages m SET status_before = m.status, status = v.status, updated_at = now()
       FROM ${statement.unnest(
         [byUpstreamId.map((m) => m.id), 'text[]'],
         [byUpstreamId.map((m) => m.tenantId), 'uuid[]'],
         [byUpstreamId.map((m) => m.status), 'text[]'],
         [byUpstreamId.map((m) => m.errorCode), 'int[]'],
       )} AS v(wamid, tenant_id, status, error_code)
       WHERE m.upstream_message_id = ANY (${upstreamIds}) AND m.upstream_message_id = v.wamid
       AND m.tenant_id = v.tenant_id AND ${movesForward('m.status', 'v.status', order)}
       RETURNING ${movedRecords}`,
    );
    for (const [name, sql] of funnelMovesSql([byRecordPart, byUpstreamIdPart])) statement.with(name, sql);
  }

  /**
   * Stores an inbound message once and, in the same statement, brings the customer's conversation up
   * to it: its window forward to the message's time (never back), the profile name, the last message
   * (when it is the newest), and one more unread message (a reaction is not one: it joins the message
   * it reacts to). A customer's message (not a reaction) opens a pending, snoozed or resolved
   * conversation again, to its last assignee. A message stored before (Meta's retry) changes nothing.
   * Undefined when it was stored before; else the conversation's assignee now and whether it was opened
   * again by this message.
   */
  async applyInbound(manager: EntityManager, received: ReceivedMessage): Promise<InboundConversation | undefined> {
    const { tenantId, phoneNumberId, message, buttonPayload, sentAt } = received;
    const quotedId = contextIdOf(message);
    const rows = await manager.query<InboundConversation[]>(
      `WITH stored AS (
         INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, button_payload, payload,
           sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT (message_id, sent_at) DO NOTHING
         RETURNING sent_at, received_at, type, payload, message_id),
       ${inboundFunnelParts(quotedId !== null)}
       INSERT INTO conversations AS c (phone_number_id, wa_id, tenant_id, last_inbound_at, profile_name, last_message_at,
         last_direction, last_type, last_preview, last_message_id, unread_count, opened_at, awaiting_reply_since)
       SELECT $2, $4, $1, s.sent_at, $9, s.received_at, 'inbound', s.type, ${previewSql('s.payload', 's.type')},
         s.message_id, CASE WHEN s.type = 'reaction' THEN 0 ELSE 1 END, s.sent_at,
         CASE WHEN s.type = 'reaction' THEN NULL ELSE s.sent_at END FROM stored s
       ON CONFLICT (phone_number_id, wa_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id,
         last_inbound_at = GREATEST(c.last_inbound_at, EXCLUDED.last_inbound_at),
         profile_name = COALESCE(EXCLUDED.profile_name, c.profile_name),
         unread_count = c.unread_count + EXCLUDED.unread_count,
         ${NEWER_LAST_MESSAGE},
         ${REOPENED('previous_status', 'c.status', 'c.previous_status')},
         ${REOPENED('status', "'open'", 'c.status')},
         ${REOPENED('status_changed_at', 'now()', 'c.status_changed_at')},
         ${REOPENED('snoozed_until', 'NULL', 'c.snoozed_until')},
         ${REOPENED('opened_at', 'EXCLUDED.opened_at', 'c.opened_at')},
         ${REOPENED('first_response_seconds', 'NULL', 'c.first_response_seconds')},
         awaiting_reply_since = CASE WHEN EXCLUDED.unread_count = 0 THEN c.awaiting_reply_since
           WHEN c.status <> 'open' THEN EXCLUDED.awaiting_reply_since
           ELSE LEAST(coalesce(c.awaiting_reply_since, EXCLUDED.awaiting_reply_since), EXCLUDED.awaiting_reply_since) END
       RETURNING c.assignee_id, c.previous_status, (NOT c.xmax = 0 AND c.status_changed_at = now()) AS reopened,
         (c.xmax = 0) AS created, ${INBOUND_FUNNEL_RETURNING}`,
      [
        tenantId,
        phoneNumberId,
        message.id,
        message.from,
        message.type ?? 'unknown',
        buttonPayload,
        JSON.stringify(message),
        sentAt,
        received.profileName ?? null,
        new Date(sentAt.getTime() - ANSWER_WINDOW_MS),
        new Date(sentAt.getTime() + 1000),
        ...(quotedId !== null ? [quotedId] : []),
      ],
    );
    return rows[0];
  }

  /**
   * A batch's customer messages counted toward the funnels, in one statement at the end of its
   * transaction: each answered record marked replied once (`replied_at`; a record answered before, or
   * twice in the batch, counts once) and its day's `replied`, each button press toward the pressed
   * record's day. Records are locked in id order and the rollups' rows in key order, as the status
   * webhooks' statement locks them: the two wait for each other, never deadlock. Nothing to count: no
   * statement.
   */
  async countReplies(
    manager: EntityManager,
    replies: Array<{ id: string; createdAt: Date; at: Date }>,
    presses: Array<{ id: string; createdAt: Date; payload: string; text: string }>,
  ): Promise<void> {
    if (replies.length === 0 && presses.length === 0) return;
    const once = inLockOrder([...new Map(replies.map((r) => [r.id, r])).values()], (r) => r.id);
    const parts = funnelRepliesSql('credited', 'pressed');
    await manager.query(
      `WITH credited AS (
         UPDATE messages m SET replied_at = v.at FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS v(id, created_at, at)
         WHERE m.id = ANY ($1::uuid[]) AND m.id = v.id AND m.created_at = v.created_at AND m.replied_at IS NULL
         RETURNING ${FUNNEL_KEY_OF_RECORD('m')}),
       pressed AS (
         SELECT ${FUNNEL_KEY_OF_RECORD('m')}, v.payload, v.text
         FROM messages m JOIN unnest($4::uuid[], $5::timestamptz[], $6::text[], $7::text[]) AS v(id, created_at, payload, text)
           ON m.id = v.id AND m.created_at = v.created_at
         WHERE m.id = ANY ($4::uuid[])),
       ${parts.map(([name, sql]) => `${name} AS (${sql})`).join(',\n       ')}
       SELECT 1`,
      [
        once.map((r) => r.id),
        once.map((r) => r.createdAt),
        once.map((r) => r.at),
        presses.map((p) => p.id),
        presses.map((p) => p.createdAt),
        presses.map((p) => p.payload),
        presses.map((p) => p.text),
      ],
    );
  }

  // ---- service windows --------------------------------------------------------------------------

  /** Which of `waIds` wrote to the number within `seconds`. */
  async wroteWithin(phoneNumberId: string, waIds: string[], seconds: number): Promise<Set<string>> {
    const rows = await this.dataSource.query<Array<{ wa_id: string }>>(
      `SELECT wa_id FROM conversations WHERE phone_number_id = $1 AND wa_id = ANY ($2::text[])
         AND last_inbound_at > now() - make_interval(secs => $3)`,
      [phoneNumberId, waIds, seconds],
    );
    return new Set(rows.map((row) => row.wa_id));
  }

  /**
   * Conversations none of whose messages are left (all aged out with their weeks): gone from the list.
   * Only those quiet for longer than the longer retention are looked at, each checked for a message
   * still kept either way (a week is dropped whole, so some outlive the retention by days); a batch at
   * a time. How many went.
   */
  async forgetAgedConversations(now: Date, quietDays: number): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const [, count] = await this.dataSource.query<[unknown[], number]>(
        `DELETE FROM conversations WHERE (phone_number_id, wa_id) IN (
           SELECT c.phone_number_id, c.wa_id FROM conversations c
           WHERE c.last_message_at < $1::timestamptz - make_interval(days => $2)
             AND NOT EXISTS (SELECT 1 FROM inbound_messages i WHERE i.phone_number_id = c.phone_number_id
                             AND i."from" = c.wa_id)
             AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.tenant_id = c.tenant_id AND m.recipient = c.wa_id
                             AND m.phone_number_id = c.phone_number_id)
           LIMIT 5000)`,
        [now, quietDays],
      );
      forgotten += count;
      if (count < 5000) return forgotten;
    }
  }

  /** A number's windows, gone with it. */
  async forgetWindows(manager: EntityManager, phoneNumberId: string): Promise<void> {
    await manager.query('DELETE FROM conversations WHERE phone_number_id = $1', [phoneNumberId]);
  }

  // ---- what refers to an organization or a number -----------------------------------------------

  hasRecords(manager: EntityManager, column: 'tenant_id' | 'phone_number_id', id: string): Promise<boolean> {
    return rowExists(manager, `SELECT 1 FROM messages WHERE ${column} = $1`, [id]);
  }

  hasInbound(manager: EntityManager, column: 'tenant_id' | 'phone_number_id', id: string): Promise<boolean> {
    return rowExists(manager, `SELECT 1 FROM inbound_messages WHERE ${column} = $1`, [id]);
  }

  // ---- an organization's retention (data-rights/) ------------------------------------------------

  /**
   * Bodies of the organization's outbound records sent in `range`, replaced: the record keeps its
   * recipient, type, template name and language, reaction and the rest of its columns (status history,
   * wamid, usage); text, captions, template parameters, interactive content and media links go. At
   * most `limit` rows.
   */
  async redactOutboundBodies(
    tenantId: string,
    range: { from: Date | null; before: Date },
    limit: number,
  ): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE messages m SET payload = jsonb_strip_nulls(jsonb_build_object(
          'messaging_product', m.payload->'messaging_product', 'recipient_type', m.payload->'recipient_type',
          'to', m.payload->'to', 'type', m.payload->'type', 'reaction', m.payload->'reaction',
          'template', CASE WHEN m.payload ? 'template' THEN jsonb_strip_nulls(jsonb_build_object(
            'name', m.payload->'template'->'name', 'language', m.payload->'template'->'language')) END,
          'redacted', true))
       FROM (SELECT id, created_at FROM messages
             WHERE tenant_id = $1 AND created_at < $2 AND ($3::timestamptz IS NULL OR created_at >= $3)
               AND NOT payload ? 'redacted'
             ORDER BY created_at LIMIT $4) old
       WHERE m.id = old.id AND m.created_at = old.created_at`,
      [tenantId, range.before, range.from, limit],
    );
    return count;
  }

  /**
   * Bodies of the organization's inbound messages received in `range`, replaced (who, when, type, the
   * button's payload and a reaction stay), and the conversations' previews of messages before
   * `before`. At most `limit` messages.
   */
  async redactInboundBodies(
    tenantId: string,
    range: { from: Date | null; before: Date },
    limit: number,
  ): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE inbound_messages i SET payload = jsonb_strip_nulls(jsonb_build_object(
          'from', i.payload->'from', 'id', i.payload->'id', 'timestamp', i.payload->'timestamp',
          'type', i.payload->'type', 'reaction', i.payload->'reaction', 'redacted', true))
       FROM (SELECT id, sent_at FROM inbound_messages
             WHERE tenant_id = $1 AND received_at < $2 AND ($3::timestamptz IS NULL OR received_at >= $3)
               AND NOT payload ? 'redacted'
             ORDER BY received_at LIMIT $4) old
       WHERE i.id = old.id AND i.sent_at = old.sent_at`,
      [tenantId, range.before, range.from, limit],
    );
    const [, previews] = await this.dataSource.query<[unknown, number]>(
      `UPDATE conversations SET last_preview = NULL
       WHERE (phone_number_id, wa_id) IN (SELECT phone_number_id, wa_id FROM conversations
             WHERE tenant_id = $1 AND last_message_at < $2 AND last_preview IS NOT NULL LIMIT $3)`,
      [tenantId, range.before, limit],
    );
    return Math.max(count, previews);
  }

  /** The organization's inbound messages received before `before`, deleted; at most `limit`. */
  async deleteInboundBefore(tenantId: string, before: Date, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM inbound_messages i USING (SELECT id, sent_at FROM inbound_messages
         WHERE tenant_id = $1 AND received_at < $2 ORDER BY received_at LIMIT $3) old
       WHERE i.id = old.id AND i.sent_at = old.sent_at`,
      [tenantId, before, limit],
    );
    return count;
  }

  // ---- a customer's data (data-rights/: an export) ----------------------------------------------

  /** The organization's records of messages to the customer, oldest first, each with its status history. */
  async customerMessages(c: Customer, after: string | null, limit: number): Promise<CustomerPage> {
    const from = cursor.parse(after);
    const rows = await this.dataSource.query<Array<Record<string, unknown> & { at: Date; id: string }>>(
      `SELECT id, created_at AS at, phone_number_id, type, payload, upstream_message_id, status, error, broadcast_id,
         accepted_at, failed_at
       FROM messages WHERE tenant_id = $1 AND recipient = $2
         AND ($3::timestamptz IS NULL OR (created_at, id) > ($3::timestamptz, $4::uuid))
       ORDER BY created_at, id LIMIT $5`,
      [c.tenantId, c.waId, from.at, from.id, limit + 1],
    );
    const wamids = rows.map((r) => r.upstream_message_id).filter((id): id is string => typeof id === 'string');
    const statuses = wamids.length
      ? await this.dataSource.query<Array<{ message_id: string; status: string; occurred_at: Date; details: unknown }>>(
          `SELECT message_id, status, occurred_at, details FROM message_statuses
           WHERE tenant_id = $1 AND message_id = ANY ($2) ORDER BY occurred_at`,
          [c.tenantId, wamids],
        )
      : [];
    return pageOf(rows, limit, ({ at, ...row }) => ({
      ...row,
      created_at: at,
      statuses: statuses
        .filter((s) => s.message_id === row.upstream_message_id)
        .map(({ status, occurred_at, details }) => ({ status, occurred_at, details })),
    }));
  }

  /** The customer's messages to the organization's numbers, oldest first, as Meta sent them. */
  async customerInbound(c: Customer, after: string | null, limit: number): Promise<CustomerPage> {
    const from = cursor.parse(after);
    const rows = await this.dataSource.query<Array<Record<string, unknown> & { at: Date; id: string }>>(
      `SELECT id, received_at AS at, phone_number_id, message_id, type, button_payload, payload, sent_at
       FROM inbound_messages
       WHERE phone_number_id IN (SELECT phone_number_id FROM conversations WHERE tenant_id = $1 AND wa_id = $2)
         AND "from" = $2 AND tenant_id = $1
         AND ($3::timestamptz IS NULL OR (received_at, id) > ($3::timestamptz, $4::uuid))
       ORDER BY received_at, id LIMIT $5`,
      [c.tenantId, c.waId, from.at, from.id, limit + 1],
    );
    return pageOf(rows, limit, ({ at, ...row }) => ({ ...row, received_at: at }));
  }

  /** The customer's conversations with the organization's numbers (one per number). */
  async customerConversations(c: Customer): Promise<CustomerPage> {
    const rows = await this.dataSource.query<Array<Record<string, unknown>>>(
      `SELECT * FROM conversations WHERE tenant_id = $1 AND wa_id = $2 ORDER BY phone_number_id`,
      [c.tenantId, c.waId],
    );
    return { rows, next: null };
  }

  // ---- a customer's erasure (data-rights/) ---------------------------------------------------------

  /** The numbers the customer has a conversation with: where their inbound messages are found by index. */
  private static readonly CUSTOMER_NUMBERS = `SELECT phone_number_id FROM conversations WHERE tenant_id = $1 AND wa_id = $2`;

  /** A page of the wamids of the organization's messages to the customer made before the erasure began. */
  async customerOutboundWamids(e: Erasure, after: string | null, limit: number): Promise<WamidPage> {
    const from = cursor.parse(after);
    const rows = await this.dataSource.query<Array<{ at: Date; id: string; wamid: string | null }>>(
      `SELECT id, created_at AS at, upstream_message_id AS wamid FROM messages
       WHERE tenant_id = $1 AND recipient = $2 AND created_at < $3
         AND ($4::timestamptz IS NULL OR (created_at, id) > ($4::timestamptz, $5::uuid))
       ORDER BY created_at, id LIMIT $6`,
      [e.tenantId, e.waId, e.before, from.at, from.id, limit + 1],
    );
    const page = pageOf(rows, limit, (row) => ({ wamid: row.wamid }));
    return { wamids: page.rows.flatMap((r) => (r.wamid ? [r.wamid as string] : [])), mediaIds: [], next: page.next };
  }

  /** A page of the wamids (and media ids) of the customer's messages received before the erasure began. */
  async customerInboundWamids(e: Erasure, after: string | null, limit: number): Promise<WamidPage> {
    const from = cursor.parse(after);
    const rows = await this.dataSource.query<Array<{ at: Date; id: string; wamid: string; media_id: string | null }>>(
      `SELECT id, received_at AS at, message_id AS wamid, payload -> type ->> 'id' AS media_id FROM inbound_messages
       WHERE phone_number_id IN (${MessagesRepository.CUSTOMER_NUMBERS}) AND "from" = $2 AND tenant_id = $1
         AND received_at < $3 AND ($4::timestamptz IS NULL OR (received_at, id) > ($4::timestamptz, $5::uuid))
       ORDER BY received_at, id LIMIT $6`,
      [e.tenantId, e.waId, e.before, from.at, from.id, limit + 1],
    );
    const page = pageOf(rows, limit, (row) => ({ wamid: row.wamid, media_id: row.media_id }));
    return {
      wamids: page.rows.map((r) => r.wamid as string),
      mediaIds: page.rows.flatMap((r) => (r.media_id ? [r.media_id as string] : [])),
      next: page.next,
    };
  }

  /** The organization's records of messages to the customer made before the erasure, at most `limit`, deleted. */
  async eraseCustomerMessages(e: Erasure, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM messages m USING (SELECT id, created_at FROM messages
         WHERE tenant_id = $1 AND recipient = $2 AND created_at < $3 ORDER BY created_at LIMIT $4) old
       WHERE m.id = old.id AND m.created_at = old.created_at`,
      [e.tenantId, e.waId, e.before, limit],
    );
    return count;
  }

  /** The status history of the customer's messages (by their wamids), deleted. */
  async eraseCustomerStatuses(e: Erasure, wamids: string[]): Promise<number> {
    if (wamids.length === 0) return 0;
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM message_statuses WHERE message_id = ANY ($2::text[]) AND tenant_id = $1`,
      [e.tenantId, wamids],
    );
    return count;
  }

  /** The customer's messages received before the erasure, at most `limit`, deleted. */
  async eraseCustomerInbound(e: Erasure, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM inbound_messages i USING (SELECT id, sent_at FROM inbound_messages
         WHERE phone_number_id IN (${MessagesRepository.CUSTOMER_NUMBERS}) AND "from" = $2 AND tenant_id = $1
           AND received_at < $3 ORDER BY received_at LIMIT $4) old
       WHERE i.id = old.id AND i.sent_at = old.sent_at`,
      [e.tenantId, e.waId, e.before, limit],
    );
    return count;
  }

  /**
   * The customer's conversations, deleted, unless a message came after the erasure began (it starts a
   * conversation afresh, kept); and their resolutions (the inbox's response-time figures lose them).
   */
  async eraseCustomerConversations(e: Erasure): Promise<number> {
    const [, resolutions] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM conversation_resolutions WHERE tenant_id = $1 AND wa_id = $2 AND resolved_at < $3`,
      [e.tenantId, e.waId, e.before],
    );
    const [, conversations] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM conversations WHERE tenant_id = $1 AND wa_id = $2
         AND (last_message_at IS NULL OR last_message_at < $3)`,
      [e.tenantId, e.waId, e.before],
    );
    return conversations + resolutions;
  }

  /** The organization's archive (data-rights/): these tables whole, by kind. */
  exportedTables(): Record<string, TablePages> {
    const pages = (spec: ConstructorParameters<typeof TablePages>[1]) => new TablePages(this.dataSource, spec);
    return {
      messages: pages({
        table: 'messages',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      message_statuses: pages({
        table: 'message_statuses',
        key: [
          ['occurred_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      inbound_messages: pages({
        table: 'inbound_messages',
        key: [
          ['received_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      conversations: pages({
        table: 'conversations',
        key: [
          ['phone_number_id', 'text'],
          ['wa_id', 'text'],
        ],
      }),
      conversation_resolutions: pages({
        table: 'conversation_resolutions',
        key: [
          ['resolved_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
    };
  }
}

/** The wamid a customer's message quotes (Meta's `context.id`: a reply, a button's press), if any. */
function contextIdOf(message: { [member: string]: unknown }): string | null {
  const id = (message.context as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}
