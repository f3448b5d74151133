import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A conversation as the list reads it. */
export interface ConversationRow {
  wa_id: string;
  profile_name: string | null;
  last_inbound_at: Date | null;
  last_message_at: Date;
  last_direction: 'inbound' | 'outbound' | null;
  last_type: string | null;
  last_preview: string | null;
  last_message_id: string | null;
  unread_count: number;
  read_through: Date | null;
}

/** One message of a thread, either way. */
export interface ThreadRow {
  direction: 'inbound' | 'outbound';
  /** The row's own id (inbound_messages or messages): the keyset's tie-break. */
  id: string;
  /** Meta's id; null for a send Meta has not accepted. */
  wamid: string | null;
  type: string;
  payload: Record<string, unknown>;
  /** Meta's time (inbound) or the record's (outbound). */
  at: Date;
  /** The thread's order: the gateway's receipt (inbound) or the record's time, to the microsecond, as text. */
  cursor_at: string;
  status: string | null;
  error: Record<string, unknown> | null;
  /** Inbound: received at or before the conversation's read mark. */
  read: boolean | null;
}

export interface ConversationFilter {
  unread?: boolean;
  window?: 'open' | 'closed';
  /** Only these customers (`optedOut: true`), or none of them (`false`). */
  optedOut?: { among: string[]; wanted: boolean };
  q?: string;
}

/** A thread's keyset position: a message's time and row id. */
export interface ThreadPosition {
  /** Microseconds, as `cursor_at` gives them (a JS Date would cut them to milliseconds). */
  at: string;
  id: string;
}

/** A time as a thread cursor keeps it: UTC, to the microsecond. */
const CURSOR_TIME = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CONVERSATION_COLUMNS = `wa_id, profile_name, last_inbound_at, last_message_at, last_direction, last_type,
  last_preview, last_message_id, unread_count, read_through`;

/**
 * The reads of conversations (the Inbox): the list of a number's conversations, one conversation, a
 * customer's thread with both record tables in one time order, the reactions of a thread's messages,
 * and the read mark. The rows are written by the inbound applier and the sends' acceptance
 * (messages.repository.ts); the read mark only here.
 */
@Injectable()
export class ConversationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of a number's conversations, newest activity first, after the keyset (time, wa_id). */
  list(
    tenantId: string,
    phoneNumberId: string,
    filter: ConversationFilter,
    after: { at: Date; waId: string } | undefined,
    limit: number,
    windowSeconds: number,
  ): Promise<ConversationRow[]> {
    const params: unknown[] = [tenantId, phoneNumberId];
    const where = ['tenant_id = $1', 'phone_number_id = $2'];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (filter.unread !== undefined) where.push(filter.unread ? 'unread_count > 0' : 'unread_count = 0');
    if (filter.window === 'open')
      where.push(`last_inbound_at > now() - make_interval(secs => ${param(windowSeconds)})`);
    if (filter.window === 'closed')
      where.push(
        `(last_inbound_at IS NULL OR last_inbound_at <= now() - make_interval(secs => ${param(windowSeconds)}))`,
      );
    if (filter.optedOut)
      where.push(
        filter.optedOut.wanted
          ? `wa_id = ANY (${param(filter.optedOut.among)}::text[])`
          : `wa_id <> ALL (${param(filter.optedOut.among)}::text[])`,
      );
    if (filter.q !== undefined) {
      const like = filter.q.replace(/[\\%_]/g, (c) => `\\${c}`);
      where.push(`(wa_id LIKE ${param(`${like}%`)} OR profile_name ILIKE ${param(`%${like}%`)})`);
    }
    if (after) where.push(`(last_message_at, wa_id) < (${param(after.at)}, ${param(after.waId)})`);
    return this.dataSource.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE ${where.join(' AND ')}
       ORDER BY last_message_at DESC, wa_id DESC LIMIT ${param(limit)}`,
      params,
    );
  }

  async one(tenantId: string, phoneNumberId: string, waId: string): Promise<ConversationRow | undefined> {
    const [row] = await this.dataSource.query<ConversationRow[]>(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE tenant_id = $1 AND phone_number_id = $2 AND wa_id = $3`,
      [tenantId, phoneNumberId, waId],
    );
    return row;
  }

  /**
   * `limit` messages of the thread beyond `from` (none: from the newest): older ones (`older`,
   * newest first) or newer ones (oldest first), both tables merged by (time, row id). An inbound
   * message's time here is the gateway's receipt, not Meta's: Meta's are whole seconds, and a
   * customer's two messages in one second would otherwise sort by their random ids. `inclusive`
   * takes the message at `from` too (a page that starts at a wamid). Reactions are not messages of
   * the thread: they join the message they react to (`reactions`).
   */
  thread(
    tenantId: string,
    phoneNumberId: string,
    waId: string,
    from: ThreadPosition | undefined,
    older: boolean,
    inclusive: boolean,
    limit: number,
  ): Promise<ThreadRow[]> {
    const params: unknown[] = [tenantId, phoneNumberId, waId, limit];
    const order = older ? 'DESC' : 'ASC';
    const op = `${older ? '<' : '>'}${inclusive ? '=' : ''}`;
    let inboundAfter = '';
    let outboundAfter = '';
    if (from) {
      params.push(from.at, from.id);
      inboundAfter = `AND (i.received_at, i.id) ${op} ($5::timestamptz, $6::uuid)`;
      outboundAfter = `AND (m.created_at, m.id) ${op} ($5::timestamptz, $6::uuid)`;
    }
    return this.dataSource.query(
      `SELECT *, ${CURSOR_TIME('t.sort_at')} AS cursor_at FROM (
         (SELECT 'inbound' AS direction, i.id, i.message_id AS wamid, i.type, i.payload, i.sent_at AS at,
            i.received_at AS sort_at,
            NULL::text AS status, NULL::jsonb AS error,
            i.received_at <= (SELECT c.read_through FROM conversations c
                              WHERE c.phone_number_id = $2 AND c.wa_id = $3) IS TRUE AS read
          FROM inbound_messages i
          WHERE i.phone_number_id = $2 AND i."from" = $3 AND i.tenant_id = $1 AND i.type <> 'reaction' ${inboundAfter}
          ORDER BY i.received_at ${order}, i.id ${order} LIMIT $4)
         UNION ALL
         (SELECT 'outbound', m.id, m.upstream_message_id, m.type, m.payload, m.created_at, m.created_at, m.status,
            m.error, NULL
          FROM messages m
          WHERE m.tenant_id = $1 AND m.recipient = $3 AND m.phone_number_id = $2 AND m.type <> 'reaction'
            ${outboundAfter}
          ORDER BY m.created_at ${order}, m.id ${order} LIMIT $4)
       ) t ORDER BY sort_at ${order}, id ${order} LIMIT $4`,
      params,
    );
  }

  /** Where a message of the thread is (by its wamid), for a page that starts at it. */
  async position(
    tenantId: string,
    phoneNumberId: string,
    waId: string,
    wamid: string,
  ): Promise<ThreadPosition | undefined> {
    const [row] = await this.dataSource.query<ThreadPosition[]>(
      `SELECT ${CURSOR_TIME('received_at')} AS at, id FROM inbound_messages
       WHERE message_id = $4 AND tenant_id = $1 AND phone_number_id = $2 AND "from" = $3 AND type <> 'reaction'
       UNION ALL
       SELECT ${CURSOR_TIME('created_at')}, id FROM messages
       WHERE upstream_message_id = $4 AND tenant_id = $1 AND phone_number_id = $2 AND recipient = $3
         AND type <> 'reaction'
       LIMIT 1`,
      [tenantId, phoneNumberId, waId, wamid],
    );
    return row;
  }

  /** The reactions to `wamids`, by the customer and by the business, oldest first. */
  reactions(
    tenantId: string,
    phoneNumberId: string,
    waId: string,
    wamids: string[],
  ): Promise<Array<{ target: string; emoji: string; at: Date; by: 'customer' | 'business' }>> {
    if (wamids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT payload->'reaction'->>'message_id' AS target, coalesce(payload->'reaction'->>'emoji', '') AS emoji,
         sent_at AS at, 'customer' AS by
       FROM inbound_messages WHERE type = 'reaction' AND payload->'reaction'->>'message_id' = ANY ($4::text[])
         AND tenant_id = $1 AND phone_number_id = $2 AND "from" = $3
       UNION ALL
       SELECT payload->'reaction'->>'message_id', coalesce(payload->'reaction'->>'emoji', ''), created_at, 'business'
       FROM messages WHERE type = 'reaction' AND payload->'reaction'->>'message_id' = ANY ($4::text[])
         AND tenant_id = $1 AND phone_number_id = $2 AND recipient = $3 AND status <> 'failed'
       ORDER BY at`,
      [tenantId, phoneNumberId, waId, wamids],
    );
  }

  /** The customer's newest message (not a reaction): what a read mark names at Meta. */
  async latestInbound(tenantId: string, phoneNumberId: string, waId: string): Promise<string | undefined> {
    const [row] = await this.dataSource.query<Array<{ message_id: string }>>(
      `SELECT message_id FROM inbound_messages
       WHERE phone_number_id = $2 AND "from" = $3 AND tenant_id = $1 AND type <> 'reaction'
       ORDER BY received_at DESC, id DESC LIMIT 1`,
      [tenantId, phoneNumberId, waId],
    );
    return row?.message_id;
  }

  /**
   * The customer's messages received up to the one `wamid` names are read: the mark (the gateway's
   * time of receipt, to the microsecond: Meta's times are whole seconds, and a message in the same
   * second as the one read must stay unread) moves forward, never back, and the unread count is what
   * was received after it (counted, so a message arriving meanwhile stays unread). Undefined: no
   * such customer message on the number.
   */
  async markRead(
    tenantId: string,
    phoneNumberId: string,
    wamid: string,
  ): Promise<{ wa_id: string; read_through: Date; unread_count: number } | undefined> {
    const [rows] = await this.dataSource.query<
      [Array<{ wa_id: string; read_through: Date; unread_count: number }>, number]
    >(
      `WITH marked AS (SELECT "from", received_at FROM inbound_messages
                       WHERE message_id = $3 AND tenant_id = $1 AND phone_number_id = $2 LIMIT 1)
       UPDATE conversations c SET read_through = GREATEST(c.read_through, m.received_at),
         unread_count = (SELECT count(*)::int FROM inbound_messages i
                         WHERE i.phone_number_id = $2 AND i."from" = m."from" AND i.tenant_id = $1
                           AND i.type <> 'reaction' AND i.received_at > GREATEST(c.read_through, m.received_at))
       FROM marked m
       WHERE c.tenant_id = $1 AND c.phone_number_id = $2 AND c.wa_id = m."from"
       RETURNING c.wa_id, c.read_through, c.unread_count`,
      [tenantId, phoneNumberId, wamid],
    );
    return rows[0];
  }
}
