import type { GraphError } from '../core/graph-error';
import { TablePages } from '../database/table-pages';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Columns } from '../database/columns';
import { rowExists } from '../database/exists';
import type { Broadcast } from './broadcast.entity';
import type { BroadcastRecipient } from './broadcast-recipient.entity';
import type { Customer, CustomerPage, Erasure } from '../retention/customer-data';

/** A broadcast as its rows hold it. */
export type BroadcastRow = Omit<Columns<Broadcast>, 'template' | 'status'> & {
  template: { name: string; language: { code: string } };
  status: BroadcastStatus;
};

export type BroadcastStatus = 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled';

/** A recipient as its row holds it (its claim's end is the claims' own business). */
export type RecipientRow = Omit<Columns<BroadcastRecipient>, 'state' | 'claimed_until'> & { state: RecipientState };

export type RecipientState = 'queued' | 'deferred' | 'sending' | 'skipped';

/** A refused recipient's error as its row keeps it (the Graph error body, without a trace id). */
export function refusalBody(error: GraphError): {
  message: string;
  type: string;
  code: number;
  error_data?: Record<string, unknown>;
} {
  return {
    message: error.message,
    type: error.type,
    code: error.code,
    ...(error.options.data && { error_data: error.options.data }),
  };
}

/** A recipient to write: its place, number, parameters, and why it was refused (skipped) if it was. */
export interface NewRecipient {
  recipient: string;
  components: unknown[] | null;
  refusal: Record<string, unknown> | null;
}

/** Rows written per INSERT of recipients (each row takes five parameters). */
const INSERT_CHUNK = 2000;

/** A move between states (`move`, `moveAlong`): ids $1, from $2, to $3, pause reason $4. */
const MOVE = `UPDATE broadcasts SET status = $3, pause_reason = $4, updated_at = now(),
    started_at = CASE WHEN $3 = 'running' THEN coalesce(started_at, now()) ELSE started_at END,
    finished_at = CASE WHEN $3 IN ('completed', 'cancelled') THEN now() WHEN $3 = 'running' THEN NULL
    ELSE finished_at END
  WHERE id = ANY ($1::uuid[]) AND status = ANY ($2::text[]) RETURNING *`;

/**
 * Every statement on `broadcasts` and `broadcast_recipients`, and their row types. Claims take rows
 * `FOR UPDATE SKIP LOCKED`: instances dispatching the same number take different recipients, and a
 * claim left by a dead instance passes at `claimed_until`.
 */
@Injectable()
export class BroadcastsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The rows an UPDATE … RETURNING gave (TypeORM answers an UPDATE's query with [rows, count]). */
  private async updated<T>(sql: string, parameters: unknown[], manager = this.dataSource.manager): Promise<T[]> {
    const result: [T[], number] | T[] = await manager.query(sql, parameters);
    return Array.isArray(result[0]) ? result[0] : (result as T[]);
  }

  /** The broadcast and its recipients, in one transaction; returns the broadcast. */
  async create(
    broadcast: Omit<BroadcastRow, 'id' | 'started_at' | 'finished_at' | 'created_at' | 'updated_at' | 'pause_reason'>,
    recipients: NewRecipient[],
  ): Promise<BroadcastRow> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<BroadcastRow[]>(
        `INSERT INTO broadcasts (tenant_id, phone_number_id, business_account_id, api_key_id, name, template, status,
          scheduled_at, started_at, recipient_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $7 = 'running' THEN now() END, $9) RETURNING *`,
        [
          broadcast.tenant_id,
          broadcast.phone_number_id,
          broadcast.business_account_id,
          broadcast.api_key_id,
          broadcast.name,
          JSON.stringify(broadcast.template),
          broadcast.status,
          broadcast.scheduled_at,
          broadcast.recipient_count,
        ],
      );
      await this.insertRecipients(manager, row.id, 0, recipients);
      return row;
    });
  }

  /** More recipients of a broadcast that has not started; null when it has (or does not exist). */
  async append(tenantId: string, id: string, recipients: NewRecipient[]): Promise<BroadcastRow | null> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<BroadcastRow[]>(
        `SELECT * FROM broadcasts WHERE id = $1 AND tenant_id = $2 AND status = 'scheduled' FOR UPDATE`,
        [id, tenantId],
      );
      if (!row) return null;
      await this.insertRecipients(manager, id, row.recipient_count, recipients);
      const [updated] = await this.updated<BroadcastRow>(
        `UPDATE broadcasts SET recipient_count = recipient_count + $2, updated_at = now() WHERE id = $1 RETURNING *`,
        [id, recipients.length],
        manager,
      );
      return updated;
    });
  }

  /** Which of `recipients` a broadcast already has. */
  async existingRecipients(broadcastId: string, recipients: string[]): Promise<Set<string>> {
    const rows = await this.dataSource.query<Array<{ recipient: string }>>(
      `SELECT recipient FROM broadcast_recipients WHERE broadcast_id = $1 AND recipient = ANY ($2::text[])`,
      [broadcastId, recipients],
    );
    return new Set(rows.map((row) => row.recipient));
  }

  private async insertRecipients(
    manager: DataSource['manager'],
    broadcastId: string,
    firstSeq: number,
    recipients: NewRecipient[],
  ): Promise<void> {
    for (let start = 0; start < recipients.length; start += INSERT_CHUNK) {
      const chunk = recipients.slice(start, start + INSERT_CHUNK);
      await manager.query(
        `INSERT INTO broadcast_recipients (broadcast_id, seq, recipient, components, state, error)
         SELECT $1, v.seq, v.recipient, v.components, CASE WHEN v.error IS NULL THEN 'queued'
         ELSE 'skipped' END, v.error
         FROM unnest($2::int[], $3::text[], $4::jsonb[], $5::jsonb[]) AS v(seq, recipient, components, error)`,
        [
          broadcastId,
          chunk.map((_, i) => firstSeq + start + i),
          chunk.map((r) => r.recipient),
          chunk.map((r) => (r.components ? JSON.stringify(r.components) : null)),
          chunk.map((r) => (r.refusal ? JSON.stringify(r.refusal) : null)),
        ],
      );
    }
  }

  async get(tenantId: string, phoneNumberId: string, id: string): Promise<BroadcastRow | null> {
    const [row] = await this.dataSource.query<BroadcastRow[]>(
      `SELECT * FROM broadcasts WHERE id = $1 AND tenant_id = $2 AND phone_number_id = $3`,
      [id, tenantId, phoneNumberId],
    );
    return row ?? null;
  }

  /** Broadcasts by id, whatever their organization (the dispatcher's view of the ones it works). */
  async byIds(ids: string[]): Promise<BroadcastRow[]> {
    return this.dataSource.query<BroadcastRow[]>(`SELECT * FROM broadcasts WHERE id = ANY ($1::uuid[])`, [ids]);
  }

  /** A number's broadcasts, newest first, `limit + 1` of them after the cursor. */
  async list(
    tenantId: string,
    phoneNumberId: string,
    options: { status?: string; after?: { at: string; id: string }; limit: number },
  ): Promise<Array<BroadcastRow & { cursor_at: string }>> {
    return this.dataSource.query(
      `SELECT *, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cursor_at FROM broadcasts
       WHERE tenant_id = $1 AND phone_number_id = $2 AND ($3::text IS NULL OR status = $3)
         AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $6`,
      [
        tenantId,
        phoneNumberId,
        options.status ?? null,
        options.after?.at ?? null,
        options.after?.id ?? null,
        options.limit + 1,
      ],
    );
  }

  /**
   * Moves a broadcast from one of `from` to `to` (with a pause reason, the start and end times as the
   * move means); the row moved, or null when it was in none of `from`.
   */
  async move(
    id: string,
    from: BroadcastStatus[],
    to: BroadcastStatus,
    pauseReason: string | null = null,
  ): Promise<BroadcastRow | null> {
    const [row] = await this.updated<BroadcastRow>(MOVE, [[id], from, to, pauseReason]);
    return row ?? null;
  }

  /**
   * Moves those of broadcasts `ids` in one of `from` to `to` (as `move`), and runs `alongside` for each
   * moved one in the same transaction: what it writes (the tenant's webhook that tells of the move)
   * commits with the move or not at all. Returns the moved rows.
   */
  async moveAlong(
    ids: string[],
    from: BroadcastStatus[],
    to: BroadcastStatus,
    pauseReason: string | null,
    alongside: (manager: EntityManager, row: BroadcastRow) => Promise<void>,
  ): Promise<BroadcastRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (manager) => {
      // Locked in id order first: two moves of overlapping sets (a number paused by two instances at
      // once) wait for each other instead of deadlocking.
      if (ids.length > 1)
        await manager.query(`SELECT id FROM broadcasts WHERE id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE`, [ids]);
      const rows = await this.updated<BroadcastRow>(MOVE, [ids, from, to, pauseReason], manager);
      for (const row of rows) await alongside(manager, row);
      return rows;
    });
  }

  /** A number's running broadcasts (to pause them all: Meta flagged the number, or refused it for spam). */
  async runningOf(phoneNumberId: string): Promise<BroadcastRow[]> {
    return this.dataSource.query<BroadcastRow[]>(
      `SELECT * FROM broadcasts WHERE phone_number_id = $1 AND status = 'running' ORDER BY id`,
      [phoneNumberId],
    );
  }

  /**
   * The dispatcher's poll, one statement a second on every instance: scheduled broadcasts whose time
   * has come start, and every running broadcast is returned, those just started among them (the
   * SELECT reads the rows as they were before the UPDATE, so a started one comes once, by RETURNING).
   */
  async startDueAndRunning(): Promise<BroadcastRow[]> {
    return this.dataSource.query<BroadcastRow[]>(
      `WITH started AS (
         UPDATE broadcasts SET status = 'running', started_at = now(), updated_at = now()
         WHERE status = 'scheduled' AND scheduled_at <= now() RETURNING *)
       SELECT * FROM started
       UNION ALL
       SELECT * FROM broadcasts WHERE status = 'running'`,
    );
  }

  /** Recipients of running broadcasts not sent yet, by state (the queue's depth, for the metrics). */
  async waiting(): Promise<{ queued: number; deferred: number }> {
    const rows = await this.dataSource.query<Array<{ state: 'queued' | 'deferred'; count: string }>>(
      `SELECT r.state, count(*) FROM broadcasts b JOIN broadcast_recipients r ON r.broadcast_id = b.id
       WHERE b.status = 'running' AND r.state IN ('queued', 'deferred') GROUP BY r.state`,
    );
    const waiting = { queued: 0, deferred: 0 };
    for (const row of rows) waiting[row.state] = Number(row.count);
    return waiting;
  }

  /** Whether the broadcast has recipients still to send (now or later: held back, deferred, claimed). */
  async hasWork(broadcastId: string): Promise<{ now: boolean; later: boolean }> {
    const [row] = await this.dataSource.query<Array<{ now: boolean; later: boolean }>>(
      `SELECT
         EXISTS (SELECT 1 FROM broadcast_recipients WHERE broadcast_id = $1 AND state IN ('queued', 'deferred')
                 AND (not_before IS NULL OR not_before <= now()) AND (claimed_until IS NULL
                 OR claimed_until < now())) AS now,
         EXISTS (SELECT 1 FROM broadcast_recipients WHERE broadcast_id = $1
         AND state IN ('queued', 'deferred')) AS later`,
      [broadcastId],
    );
    return row;
  }

  /**
   * Takes up to `limit` of a number's recipients to send now, oldest broadcast first, in list order,
   * for `leaseSeconds` (SKIP LOCKED: another instance takes others).
   */
  async claim(phoneNumberId: string, limit: number, leaseSeconds: number): Promise<RecipientRow[]> {
    return this.updated<RecipientRow>(
      `UPDATE broadcast_recipients r SET claimed_until = now() + make_interval(secs => $3), updated_at = now()
       FROM (
         SELECT r2.broadcast_id, r2.seq FROM broadcasts b
         JOIN broadcast_recipients r2 ON r2.broadcast_id = b.id
         WHERE b.phone_number_id = $1 AND b.status = 'running' AND r2.state IN ('queued', 'deferred')
           AND (r2.not_before IS NULL OR r2.not_before <= now()) AND (r2.claimed_until IS NULL
           OR r2.claimed_until < now())
         ORDER BY b.created_at, r2.seq LIMIT $2
         FOR UPDATE OF r2 SKIP LOCKED
       ) picked
       WHERE r.broadcast_id = picked.broadcast_id AND r.seq = picked.seq
       RETURNING r.*`,
      [phoneNumberId, limit, leaseSeconds],
    );
  }

  /** Gives claimed recipients back (paused, or the claim is running out): sendable again at once. */
  async release(recipients: Array<Pick<RecipientRow, 'broadcast_id' | 'seq'>>): Promise<void> {
    if (recipients.length === 0) return;
    await this.dataSource.query(
      `UPDATE broadcast_recipients r SET claimed_until = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::int[]) AS v(broadcast_id, seq) WHERE r.broadcast_id = v.broadcast_id
       AND r.seq = v.seq`,
      [recipients.map((r) => r.broadcast_id), recipients.map((r) => r.seq)],
    );
  }

  /** Holds a recipient back until `ms` from now, as `queued` or `deferred` (the messaging limit). */
  async holdBack(
    recipient: Pick<RecipientRow, 'broadcast_id' | 'seq'>,
    ms: number,
    state: 'queued' | 'deferred',
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE broadcast_recipients
        SET state = $3, not_before = now() + make_interval(secs => $4), claimed_until = NULL, updated_at = now()
       WHERE broadcast_id = $1 AND seq = $2 AND state IN ('queued', 'deferred')`,
      [recipient.broadcast_id, recipient.seq, state, Math.max(0, ms) / 1000],
    );
  }

  /** Recipients whose try has a message record now: its record says the rest. */
  async linkRecords(links: Array<{ broadcastId: string; seq: number; messageId: string }>): Promise<void[]> {
    await this.dataSource.query(
      `UPDATE broadcast_recipients r
        SET state = 'sending', message_id = v.message_id, claimed_until = NULL, not_before = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::int[], $3::uuid[]) AS v(broadcast_id, seq, message_id)
       WHERE r.broadcast_id = v.broadcast_id AND r.seq = v.seq AND v.message_id IS NOT NULL`,
      [links.map((l) => l.broadcastId), links.map((l) => l.seq), links.map((l) => l.messageId)],
    );
    return links.map(() => undefined);
  }

  /** Recipients whose records were replaced (outcome unknown, or a failure sent again): queued for their next try. */
  async requeueRecords(broadcastId: string, messageIds: string[]): Promise<number> {
    if (messageIds.length === 0) return 0;
    const rows = await this.updated<unknown>(
      `UPDATE broadcast_recipients
        SET state = 'queued', message_id = NULL, tries = tries + 1, not_before = NULL, error = NULL, updated_at = now()
       WHERE broadcast_id = $1 AND state = 'sending' AND message_id = ANY ($2::uuid[]) RETURNING seq`,
      [broadcastId, messageIds],
    );
    return rows.length;
  }

  /** Recipients whose send the gateway refuses now (a customer who opted out since): skipped, with the error. */
  async skipRecipients(
    recipients: Array<Pick<RecipientRow, 'broadcast_id' | 'seq'>>,
    error: Record<string, unknown>,
  ): Promise<void> {
    if (recipients.length === 0) return;
    await this.dataSource.query(
      `UPDATE broadcast_recipients r SET state = 'skipped', error = $3, claimed_until = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::int[]) AS v(broadcast_id, seq)
       WHERE r.broadcast_id = v.broadcast_id AND r.seq = v.seq AND r.state IN ('queued', 'deferred')`,
      [recipients.map((r) => r.broadcast_id), recipients.map((r) => r.seq), JSON.stringify(error)],
    );
  }

  /** A cancelled broadcast's recipients not sent: skipped. */
  async skipUnsent(broadcastId: string, error: Record<string, unknown>): Promise<void> {
    await this.dataSource.query(
      `UPDATE broadcast_recipients SET state = 'skipped', error = $2, claimed_until = NULL, updated_at = now()
       WHERE broadcast_id = $1 AND state IN ('queued', 'deferred')`,
      [broadcastId, JSON.stringify(error)],
    );
  }

  /** Recipients by state (the states of `sending` ones are their records'), and the records of `sending` ones. */
  async stateCounts(broadcastId: string): Promise<Record<RecipientState, number>> {
    const rows = await this.dataSource.query<Array<{ state: RecipientState; count: string }>>(
      `SELECT state, count(*) FROM broadcast_recipients WHERE broadcast_id = $1 GROUP BY state`,
      [broadcastId],
    );
    const counts = { queued: 0, deferred: 0, sending: 0, skipped: 0 };
    for (const row of rows) counts[row.state] = Number(row.count);
    return counts;
  }

  /** The records of the broadcast's recipients linked (`sending`) within the last `seconds`. */
  async recentlyLinked(broadcastId: string, seconds: number): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ message_id: string }>>(
      `SELECT message_id FROM broadcast_recipients WHERE broadcast_id = $1 AND state = 'sending'
        AND message_id IS NOT NULL
         AND updated_at > now() - make_interval(secs => $2)`,
      [broadcastId, seconds],
    );
    return rows.map((row) => row.message_id);
  }

  /** The message records of a broadcast's recipients in state `sending`. */
  async sendingRecords(broadcastId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ message_id: string }>>(
      `SELECT message_id FROM broadcast_recipients WHERE broadcast_id = $1 AND state = 'sending'
        AND message_id IS NOT NULL`,
      [broadcastId],
    );
    return rows.map((row) => row.message_id);
  }

  /**
   * Recipients after `afterSeq` in list order, `limit` of them; with a filter, those in one of
   * `states` or whose record is one of `messageIds`.
   */
  async recipients(
    broadcastId: string,
    options: { afterSeq: number; limit: number; states?: RecipientState[]; messageIds?: string[] },
  ): Promise<RecipientRow[]> {
    return this.dataSource.query<RecipientRow[]>(
      `SELECT * FROM broadcast_recipients WHERE broadcast_id = $1 AND seq > $2
         AND (($4::text[] IS NULL AND $5::uuid[] IS NULL) OR state = ANY ($4::text[]) OR message_id = ANY ($5::uuid[]))
       ORDER BY seq LIMIT $3`,
      [broadcastId, options.afterSeq, options.limit, options.states ?? null, options.messageIds ?? null],
    );
  }

  /** Whether broadcasts not yet completed or cancelled send from the number or the organization. */
  hasOpen(manager: EntityManager, column: 'tenant_id' | 'phone_number_id', id: string): Promise<boolean> {
    return rowExists(
      manager,
      `SELECT 1 FROM broadcasts WHERE ${column} = $1 AND status IN ('scheduled', 'running', 'paused')`,
      [id],
    );
  }

  /** A deleted number's broadcasts (none of them sent anything: its records would have refused the delete). */
  async removeOfNumber(manager: EntityManager, phoneNumberId: string): Promise<void> {
    await manager.query(`DELETE FROM broadcasts WHERE phone_number_id = $1`, [phoneNumberId]);
  }

  /**
   * The customer as a recipient of the organization's broadcasts (data-rights/: an export): which
   * broadcast, its parameters and what became of the send. Read by the broadcasts' rows (no index by
   * recipient: an export is rare).
   */
  async customerRecipients(c: Customer): Promise<CustomerPage> {
    const rows = await this.dataSource.query<Array<Record<string, unknown>>>(
      `SELECT r.broadcast_id, b.name AS broadcast_name, r.seq, r.components, r.state, r.tries, r.message_id, r.error,
         r.updated_at
       FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
       WHERE b.tenant_id = $1 AND r.recipient = $2 ORDER BY r.broadcast_id, r.seq`,
      [c.tenantId, c.waId],
    );
    return { rows, next: null };
  }

  /**
   * The customer's rows in the organization's broadcasts made before the erasure began (one statement: a
   * customer is in a broadcast once); a broadcast still sending no longer reaches them, its
   * `recipient_count` stays what it was.
   */
  async eraseCustomerRecipients(e: Erasure): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM broadcast_recipients r USING broadcasts b
       WHERE r.broadcast_id = b.id AND b.tenant_id = $1 AND b.created_at < $3 AND r.recipient = $2`,
      [e.tenantId, e.waId, e.before],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its broadcasts and their recipients. */
  exportedTables(): Record<string, TablePages> {
    return {
      broadcasts: new TablePages(this.dataSource, {
        table: 'broadcasts',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      broadcast_recipients: new TablePages(this.dataSource, {
        table: 'broadcast_recipients',
        key: [
          ['broadcast_id', 'uuid'],
          ['seq', 'integer'],
        ],
        where: 't.broadcast_id IN (SELECT id FROM broadcasts WHERE tenant_id = $1)',
      }),
    };
  }
}
