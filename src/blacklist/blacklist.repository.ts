import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import type { Columns } from '../database/columns';
import { rowExists } from '../database/exists';
import type { BlacklistEntry } from './blacklist-entry.entity';
import { OptOutSettings } from './opt-out-settings.entity';
import { DataSource, type EntityManager } from 'typeorm';
import { GraphError } from '../core/graph-error';
import type { KeysetCursor } from '../common/pagination';
import { type Customer, type CustomerPage, customerDigest, type Erasure } from '../retention/customer-data';

/**
 * What an erased customer's entry keeps instead of the number (data-rights/: an erasure): its one-way
 * digest, so that the opt-out still refuses marketing to the number (every lookup below matches a
 * number by itself and by its digest) while the number is gone.
 */
export function erasedNumber(tenantId: string, phoneNumber: string): string {
  return 'erased:' + customerDigest(tenantId, phoneNumber);
}

/** `numbers` and their erased digests, and the way back from a digest to its number. */
function withErased(tenantId: string, numbers: string[]): { all: string[]; numberOf: (stored: string) => string } {
  const back = new Map(numbers.map((n) => [erasedNumber(tenantId, n), n]));
  return { all: [...numbers, ...back.keys()], numberOf: (stored) => back.get(stored) ?? stored };
}

/** A blacklist row as the queries below return it. */
export type BlacklistRow = Omit<Columns<BlacklistEntry>, 'tenant_id' | 'tenant'> & {
  /** created_at with microseconds (a JS Date keeps milliseconds only): the keyset position. */
  cursor_at: string;
};

const COLUMNS = `id, phone_number, reason, source, opted_out_at, opt_out_message_id, created_at,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * Rejects a cursor time this repository did not make (microseconds, from `cursor_at`); decodeCursor checked the
 * rest.
 */
function checkCursor(cursor: KeysetCursor): KeysetCursor {
  if (!CURSOR_AT.test(cursor.at)) {
    throw GraphError.invalidParameter('Invalid cursor', 'after: not a cursor returned by this endpoint');
  }
  return cursor;
}

/** `blacklist_entries`: every query is scoped by the organization. */
@Injectable()
export class BlacklistRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page in (created_at, id) order, `limit + 1` rows so the caller can tell a next page exists. */
  list(
    tenantId: string,
    options: { limit: number; after?: KeysetCursor; phoneNumber?: string },
  ): Promise<BlacklistRow[]> {
    const params: unknown[] = [tenantId];
    let where = 'tenant_id = $1';
    if (options.phoneNumber !== undefined) {
      params.push(options.phoneNumber);
      where += ` AND phone_number = $${params.length}`;
    }
    if (options.after) {
      const after = checkCursor(options.after);
      params.push(after.at, after.id);
      where += ` AND (created_at, id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    }
    params.push(options.limit + 1);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM blacklist_entries WHERE ${where} ORDER BY created_at, id LIMIT $${params.length}`,
      params,
    );
  }

  /**
   * Adds the numbers in one statement. A number already present keeps its row (id, created_at);
   * `reason`, when given, replaces its reason. `inserted` tells new rows from existing ones. Rows
   * are written in number order (two concurrent requests lock rows in the same order, so they
   * cannot deadlock), while created_at steps by one microsecond in request order, so listing shows
   * new entries in the order given.
   */
  add(
    tenantId: string,
    phoneNumbers: string[],
    reason: string | null,
  ): Promise<Array<BlacklistRow & { inserted: boolean }>> {
    return this.dataSource.query(
      `INSERT INTO blacklist_entries AS e (tenant_id, phone_number, reason, created_at)
       SELECT $1, u.n, $3, (SELECT clock_timestamp()) + (u.i - 1) * interval '1 microsecond'
       FROM unnest($2::text[]) WITH ORDINALITY AS u(n, i)
       ORDER BY u.n
       ON CONFLICT (tenant_id, phone_number) DO UPDATE SET reason = COALESCE(EXCLUDED.reason, e.reason), source = 'api'
       RETURNING ${COLUMNS}, (xmax = 0) AS inserted`,
      [tenantId, phoneNumbers, reason],
    );
  }

  /** Whether a row was removed. */
  async remove(tenantId: string, phoneNumber: string): Promise<boolean> {
    const [, affected] = await this.dataSource.query<[unknown[], number]>(
      'DELETE FROM blacklist_entries WHERE tenant_id = $1 AND phone_number IN ($2, $3)',
      [tenantId, phoneNumber, erasedNumber(tenantId, phoneNumber)],
    );
    return affected > 0;
  }

  /** Which of `phoneNumbers` (normalized) are on the organization's blacklist. */
  async listedAmong(tenantId: string, phoneNumbers: string[]): Promise<Set<string>> {
    if (phoneNumbers.length === 0) return new Set();
    const numbers = withErased(tenantId, phoneNumbers);
    const rows = await this.dataSource.query<Array<{ phone_number: string }>>(
      `SELECT phone_number FROM blacklist_entries WHERE tenant_id = $1 AND phone_number = ANY ($2::text[])`,
      [tenantId, numbers.all],
    );
    return new Set(rows.map((row) => numbers.numberOf(row.phone_number)));
  }

  async exists(tenantId: string, phoneNumber: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM blacklist_entries WHERE tenant_id = $1 AND phone_number IN ($2, $3) LIMIT 1',
      [tenantId, phoneNumber, erasedNumber(tenantId, phoneNumber)],
    );
    return rows.length > 0;
  }

  /** Whether the organization has blacklist entries (its delete is refused while it does). */
  hasEntries(manager: EntityManager, tenantId: string): Promise<boolean> {
    return rowExists(manager, 'SELECT 1 FROM blacklist_entries WHERE tenant_id = $1', [tenantId]);
  }

  // ---- opt-outs (the customer's own word) -------------------------------------------------------

  /**
   * The customer opted out (with `messageId`, at `at`): their entry made (source `opt_out`, reason
   * `opt_out`), or an existing entry marked. Whether this changed anything (an entry already opted out
   * is left as it is: a second STOP tells nobody again).
   */
  async optOut(manager: EntityManager, tenantId: string, waId: string, messageId: string, at: Date): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO blacklist_entries AS e (tenant_id, phone_number, reason, source, opted_out_at, opt_out_message_id)
       VALUES ($1, $2, 'opt_out', 'opt_out', $4, $3)
       ON CONFLICT (tenant_id, phone_number) DO UPDATE
       SET opted_out_at = EXCLUDED.opted_out_at, opt_out_message_id = EXCLUDED.opt_out_message_id
       WHERE e.opted_out_at IS NULL
       RETURNING id`,
      [tenantId, waId, messageId, at],
    );
    return rows.length > 0;
  }

  /**
   * The customer opted back in: an entry their opt-out made goes; an entry the tenant or an operator
   * made stays, no longer marked opted out. Whether the customer was opted out.
   */
  async optIn(manager: EntityManager, tenantId: string, waId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `WITH target AS (SELECT id, source FROM blacklist_entries
                       WHERE tenant_id = $1 AND phone_number IN ($2, $3) AND opted_out_at IS NOT NULL FOR UPDATE),
       deleted AS (DELETE FROM blacklist_entries e USING target t WHERE e.id = t.id AND t.source = 'opt_out'
                   RETURNING e.id),
       kept AS (UPDATE blacklist_entries e SET opted_out_at = NULL, opt_out_message_id = NULL FROM target t
                WHERE e.id = t.id AND t.source <> 'opt_out' RETURNING e.id)
       SELECT id FROM deleted UNION ALL SELECT id FROM kept`,
      [tenantId, waId, erasedNumber(tenantId, waId)],
    );
    return rows.length > 0;
  }

  /** Which of `waIds` opted out of the organization's messages. */
  async optedOutAmong(tenantId: string, waIds: string[]): Promise<Set<string>> {
    if (waIds.length === 0) return new Set();
    const numbers = withErased(tenantId, waIds);
    const rows = await this.dataSource.query<Array<{ phone_number: string }>>(
      `SELECT phone_number FROM blacklist_entries
       WHERE tenant_id = $1 AND phone_number = ANY ($2::text[]) AND opted_out_at IS NOT NULL`,
      [tenantId, numbers.all],
    );
    return new Set(rows.map((row) => numbers.numberOf(row.phone_number)));
  }

  /** Everyone who opted out of the organization's messages (a conversation list's filter). */
  async optedOut(tenantId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ phone_number: string }>>(
      `SELECT phone_number FROM blacklist_entries WHERE tenant_id = $1 AND opted_out_at IS NOT NULL`,
      [tenantId],
    );
    return rows.map((row) => row.phone_number);
  }

  /**
   * The organization's opt-out settings row, if it has one; read through `manager` inside a caller's
   * transaction (the embedded database has one connection: a read beside the transaction would wait
   * for it forever).
   */
  async settings(tenantId: string, manager: EntityManager = this.dataSource.manager): Promise<OptOutSettings | null> {
    return manager.getRepository(OptOutSettings).findOne({ where: { tenantId } });
  }

  async saveSettings(settings: Omit<OptOutSettings, 'updatedAt' | 'tenant'>): Promise<OptOutSettings> {
    await this.dataSource.getRepository(OptOutSettings).upsert(settings, ['tenantId']);
    return (await this.settings(settings.tenantId))!;
  }

  /** The customer on the organization's blacklist (data-rights/: an export): why, since when, opted out. */
  async customerEntries(c: Customer): Promise<CustomerPage> {
    const rows = await this.dataSource.query<Array<Record<string, unknown>>>(
      `SELECT * FROM blacklist_entries WHERE tenant_id = $1 AND phone_number = $2`,
      [c.tenantId, c.waId],
    );
    return { rows, next: null };
  }

  /**
   * An erased customer's entry keeps its opt-out (and the tenant's own entry its place) with the number
   * replaced by its digest, and without the message that opted them out (its wamid carries the number).
   */
  async eraseCustomer(e: Erasure): Promise<number> {
    // An earlier erasure's digest gives way to the entry made since (the number's latest standing).
    await this.dataSource.query(
      `DELETE FROM blacklist_entries WHERE tenant_id = $1 AND phone_number = $3
         AND EXISTS (SELECT 1 FROM blacklist_entries WHERE tenant_id = $1 AND phone_number = $2)`,
      [e.tenantId, e.waId, erasedNumber(e.tenantId, e.waId)],
    );
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE blacklist_entries SET phone_number = $3, opt_out_message_id = NULL
       WHERE tenant_id = $1 AND phone_number = $2`,
      [e.tenantId, e.waId, erasedNumber(e.tenantId, e.waId)],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its blacklist and opt-out settings. */
  exportedTables(): Record<string, TablePages> {
    return {
      blacklist: new TablePages(this.dataSource, {
        table: 'blacklist_entries',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      opt_out_settings: new TablePages(this.dataSource, { table: 'opt_out_settings', key: [['tenant_id', 'uuid']] }),
    };
  }
}
