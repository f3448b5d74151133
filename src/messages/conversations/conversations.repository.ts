import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ConversationStatus } from '../conversation.entity';

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
  status: ConversationStatus;
  status_changed_at: Date;
  snoozed_until: Date | null;
  assignee_id: string | null;
  assigned_at: Date | null;
  team_id: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
}

/** A conversation's key. */
export interface ConversationKey {
  tenantId: string;
  phoneNumberId: string;
  waId: string;
}

/** The current episode's times (the team's figures). */
interface Episode {
  opened_at: Date;
  first_response_seconds: number | null;
}

/** A conversation as a team's change left it, with what it had before. */
export type ChangedConversation = ConversationRow & {
  previous_assignee_id: string | null;
  previous_team_id: string | null;
  previous_status: ConversationStatus;
};

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
  /** Any of these statuses. */
  status?: ConversationStatus[];
  /** This member's (a user id), or nobody's (null). */
  assignee?: string | null;
  /** Any of these teams. */
  teams?: string[];
  /** Only what this member may see: theirs and the unassigned (an agent where the organization says so). */
  visibleTo?: string;
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
  last_preview, last_message_id, unread_count, read_through, status, status_changed_at, snoozed_until, assignee_id,
  assigned_at, team_id, resolved_at, resolved_by`;
/** The same columns of the conversations row `c`. */
const C_COLUMNS = CONVERSATION_COLUMNS.split(',')
  .map((column) => `c.${column.trim()}`)
  .join(', ');

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
    if (filter.status) where.push(`status = ANY (${param(filter.status)}::text[])`);
    if (filter.assignee === null) where.push('assignee_id IS NULL');
    else if (filter.assignee !== undefined) where.push(`assignee_id = ${param(filter.assignee)}::uuid`);
    if (filter.teams) where.push(`team_id = ANY (${param(filter.teams)}::uuid[])`);
    if (filter.visibleTo !== undefined)
      where.push(`(assignee_id IS NULL OR assignee_id = ${param(filter.visibleTo)}::uuid)`);
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

  // ---- the team's work: assignee, team, status --------------------------------------------------

  /**
   * Gives the conversation to `assigneeId` (null: nobody) and to `teamId` (null: none), each when not
   * undefined, in the caller's transaction; what it had before comes back with it. Undefined: no such
   * conversation.
   */
  async assign(
    manager: EntityManager,
    key: ConversationKey,
    assigneeId: string | null | undefined,
    teamId: string | null | undefined,
  ): Promise<ChangedConversation | undefined> {
    const [rows] = await manager.query<[ChangedConversation[], number]>(
      `WITH old AS (SELECT phone_number_id, wa_id, assignee_id, team_id, status FROM conversations
                    WHERE tenant_id = $1 AND phone_number_id = $2 AND wa_id = $3 FOR UPDATE)
       UPDATE conversations c SET assignee_id = CASE WHEN $7 THEN $4::uuid ELSE c.assignee_id END,
         assigned_at = CASE WHEN NOT $7 THEN c.assigned_at WHEN $4::uuid IS NULL THEN NULL
                            WHEN $4::uuid IS DISTINCT FROM old.assignee_id THEN now() ELSE c.assigned_at END,
         team_id = CASE WHEN $6 THEN $5::uuid ELSE c.team_id END
       FROM old WHERE c.phone_number_id = old.phone_number_id AND c.wa_id = old.wa_id
       RETURNING ${C_COLUMNS}, old.assignee_id AS previous_assignee_id, old.team_id AS previous_team_id,
         old.status AS previous_status`,
      [
        key.tenantId,
        key.phoneNumberId,
        key.waId,
        assigneeId ?? null,
        teamId ?? null,
        teamId !== undefined,
        assigneeId !== undefined,
      ],
    );
    return rows[0];
  }

  /**
   * Moves the conversation to `status` (snoozed until `snoozedUntil`; resolved by `by`, a member or
   * null), in the caller's transaction; what it had before comes back with it.
   */
  async setStatus(
    manager: EntityManager,
    key: ConversationKey,
    status: ConversationStatus,
    snoozedUntil: Date | null,
    by: string | null,
  ): Promise<ChangedConversation | undefined> {
    const [rows] = await manager.query<[Array<ChangedConversation & Episode>, number]>(
      `WITH old AS (SELECT phone_number_id, wa_id, assignee_id, team_id, status FROM conversations
                    WHERE tenant_id = $1 AND phone_number_id = $2 AND wa_id = $3 FOR UPDATE)
       UPDATE conversations c SET status = $4,
         previous_status = CASE WHEN old.status = $4 THEN c.previous_status ELSE old.status END,
         status_changed_at = CASE WHEN old.status = $4 AND $4 <> 'snoozed' THEN c.status_changed_at ELSE now() END,
         snoozed_until = $5::timestamptz,
         resolved_at = CASE WHEN $4 = 'resolved' AND old.status <> 'resolved' THEN now() ELSE c.resolved_at END,
         resolved_by = CASE WHEN $4 = 'resolved' AND old.status <> 'resolved' THEN $6::uuid ELSE c.resolved_by END
       FROM old WHERE c.phone_number_id = old.phone_number_id AND c.wa_id = old.wa_id
       RETURNING ${C_COLUMNS}, old.assignee_id AS previous_assignee_id, old.team_id AS previous_team_id,
         old.status AS previous_status, c.opened_at, c.first_response_seconds`,
      [key.tenantId, key.phoneNumberId, key.waId, status, snoozedUntil, by],
    );
    const changed = rows[0];
    // The episode resolved now, for the team's figures (once: resolving a resolved one is no episode).
    if (changed?.status === 'resolved' && changed.previous_status !== 'resolved')
      await manager.query(
        `INSERT INTO conversation_resolutions (tenant_id, phone_number_id, wa_id, agent_id, team_id, resolved_by,
           opened_at, resolved_at, first_response_seconds, resolution_seconds)
         VALUES ($1, $2, $3, coalesce($4::uuid, $5::uuid), $6, $5::uuid, $7, $8, $9,
           GREATEST(0, round(extract(epoch FROM $8::timestamptz - $7::timestamptz)))::int)`,
        [
          key.tenantId,
          key.phoneNumberId,
          key.waId,
          changed.assignee_id,
          by,
          changed.team_id,
          changed.opened_at,
          changed.resolved_at,
          changed.first_response_seconds,
        ],
      );
    return changed;
  }

  /** How many open or pending conversations each of `userIds` has in the organization (all its numbers). */
  async openCounts(manager: EntityManager, tenantId: string, userIds: string[]): Promise<Map<string, number>> {
    const rows = await manager.query<Array<{ assignee_id: string; n: number }>>(
      `SELECT assignee_id, count(*)::int AS n FROM conversations
       WHERE tenant_id = $1 AND assignee_id = ANY ($2::uuid[]) AND status IN ('open', 'pending') GROUP BY 1`,
      [tenantId, userIds],
    );
    return new Map(rows.map((row) => [row.assignee_id, row.n]));
  }

  /**
   * Up to `limit` of the number's open conversations nobody has, longest waiting first, locked (those
   * another transaction holds are passed by: they are given out by it, or by the next pass).
   */
  async lockWaiting(manager: EntityManager, tenantId: string, phoneNumberId: string, limit: number): Promise<string[]> {
    const rows = await manager.query<Array<{ wa_id: string }>>(
      `SELECT wa_id FROM conversations
       WHERE phone_number_id = $2 AND assignee_id IS NULL AND status = 'open' AND tenant_id = $1
       ORDER BY status_changed_at, wa_id LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [tenantId, phoneNumberId, limit],
    );
    return rows.map((row) => row.wa_id);
  }

  /** Each conversation of `given` to its member (and `teamId`, when not null), if still nobody's. */
  async giveOut(
    manager: EntityManager,
    tenantId: string,
    phoneNumberId: string,
    given: Array<{ waId: string; userId: string }>,
    teamId: string | null,
  ): Promise<ConversationRow[]> {
    if (given.length === 0) return [];
    const [rows] = await manager.query<[ConversationRow[], number]>(
      `UPDATE conversations c SET assignee_id = v.user_id, assigned_at = now(), team_id = coalesce($5::uuid, c.team_id)
       FROM unnest($3::text[], $4::uuid[]) AS v(wa_id, user_id)
       WHERE c.phone_number_id = $2 AND c.wa_id = v.wa_id AND c.tenant_id = $1 AND c.assignee_id IS NULL
       RETURNING ${C_COLUMNS}`,
      [tenantId, phoneNumberId, given.map((g) => g.waId), given.map((g) => g.userId), teamId],
    );
    return rows;
  }

  /**
   * Conversations back with a customer whose agent is not available: given back to nobody (to be given
   * out again), in the caller's transaction. Only those still open and still with `from`.
   */
  async releaseFrom(
    manager: EntityManager,
    tenantId: string,
    phoneNumberId: string,
    released: Array<{ waId: string; from: string }>,
  ): Promise<ConversationRow[]> {
    if (released.length === 0) return [];
    const [rows] = await manager.query<[ConversationRow[], number]>(
      `UPDATE conversations c SET assignee_id = NULL, assigned_at = NULL
       FROM unnest($3::text[], $4::uuid[]) AS v(wa_id, user_id)
       WHERE c.phone_number_id = $2 AND c.wa_id = v.wa_id AND c.tenant_id = $1 AND c.assignee_id = v.user_id
         AND c.status = 'open'
       RETURNING ${C_COLUMNS}`,
      [tenantId, phoneNumberId, released.map((r) => r.waId), released.map((r) => r.from)],
    );
    return rows;
  }

  /**
   * Snoozes whose time came, woken (open again) in the caller's transaction, up to `limit`: each once,
   * whichever instance runs it (the row is moved by one UPDATE; a concurrent one finds it open).
   */
  async wakeSnoozed(
    manager: EntityManager,
    limit: number,
  ): Promise<Array<ConversationRow & { tenant_id: string; phone_number_id: string; previous_until: Date }>> {
    const [rows] = await manager.query<
      [Array<ConversationRow & { tenant_id: string; phone_number_id: string; previous_until: Date }>, number]
    >(
      `WITH due AS (SELECT phone_number_id, wa_id, snoozed_until FROM conversations
                    WHERE status = 'snoozed' AND snoozed_until <= now()
                    ORDER BY snoozed_until LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE conversations c SET status = 'open', previous_status = 'snoozed', status_changed_at = now(),
         snoozed_until = NULL
       FROM due WHERE c.phone_number_id = due.phone_number_id AND c.wa_id = due.wa_id AND c.status = 'snoozed'
       RETURNING ${C_COLUMNS}, c.tenant_id, c.phone_number_id, due.snoozed_until AS previous_until`,
      [limit],
    );
    return rows;
  }

  /** The conversation's assignee and status now, in the caller's transaction (a reply's take). */
  async takeIfNobodys(
    manager: EntityManager,
    key: ConversationKey,
    userId: string,
  ): Promise<ConversationRow | undefined> {
    const [rows] = await manager.query<[ConversationRow[], number]>(
      `UPDATE conversations c SET assignee_id = $4::uuid, assigned_at = now()
       WHERE c.tenant_id = $1 AND c.phone_number_id = $2 AND c.wa_id = $3 AND c.assignee_id IS NULL
       RETURNING ${C_COLUMNS}`,
      [key.tenantId, key.phoneNumberId, key.waId, userId],
    );
    return rows[0];
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
