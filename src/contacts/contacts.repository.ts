import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource, type EntityManager } from 'typeorm';
import type { KeysetCursor } from '../common/pagination';
import { GraphError } from '../core/graph-error';
import type { Columns } from '../database/columns';
import { rowExists } from '../database/exists';
import type { Contact } from './contact.entity';
import type { Customer, CustomerPage, Erasure } from '../retention/customer-data';

/** A contact row as the queries below return it. */
export type ContactRow = Omit<Columns<Contact>, 'tenant_id' | 'tenant'> & {
  /** created_at with microseconds (a JS Date keeps milliseconds only): the keyset position. */
  cursor_at: string;
};

/** One contact of an upsert, normalized. Absent fields are kept on an existing contact. */
export interface ContactUpsert {
  phone_number: string;
  /** Whether `name` was given (null clears the stored name). */
  set_name: boolean;
  name?: string | null;
  tags?: string[];
  attributes?: Record<string, unknown>;
}

/** The columns of a ContactRow, from the table aliased `c`. */
const COLUMNS = `c.id, c.phone_number, c.name, c.tags, c.attributes, c.created_at, c.updated_at,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

/** The shape of ContactUpsert inside SQL. */
const UPSERT_RECORD = 'x(i int, phone_number text, set_name boolean, name text, tags jsonb, attributes jsonb)';

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

/** Upserts as one JSON parameter (tags are ragged arrays), with their request position. */
function toRecords(contacts: ContactUpsert[]): string {
  return JSON.stringify(contacts.map((contact, i) => ({ i, ...contact })));
}

/** `contacts`: every query is scoped by the organization. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: every write of a request, or none. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page in (created_at, id) order, `limit + 1` rows so the caller can tell a next page exists. */
  list(
    tenantId: string,
    options: { limit: number; after?: KeysetCursor; tag?: string; phoneNumber?: string },
  ): Promise<ContactRow[]> {
    const params: unknown[] = [tenantId];
    let where = 'c.tenant_id = $1';
    if (options.tag !== undefined) {
      params.push([options.tag]);
      where += ` AND c.tags @> $${params.length}::text[]`;
    }
    if (options.phoneNumber !== undefined) {
      params.push(options.phoneNumber);
      where += ` AND c.phone_number = $${params.length}`;
    }
    if (options.after) {
      const after = checkCursor(options.after);
      params.push(after.at, after.id);
      where += ` AND (c.created_at, c.id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    }
    params.push(options.limit + 1);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM contacts AS c WHERE ${where} ORDER BY c.created_at, c.id LIMIT $${params.length}`,
      params,
    );
  }

  /** `manager`: inside the caller's transaction. */
  async findOne(tenantId: string, phoneNumber: string, manager?: EntityManager): Promise<ContactRow | undefined> {
    const rows: ContactRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${COLUMNS} FROM contacts AS c WHERE c.tenant_id = $1 AND c.phone_number = $2`,
      [tenantId, phoneNumber],
    );
    return rows[0];
  }

  /** Whether a row was removed. */
  async remove(tenantId: string, phoneNumber: string): Promise<boolean> {
    const [, affected] = await this.dataSource.query<[unknown[], number]>(
      'DELETE FROM contacts WHERE tenant_id = $1 AND phone_number = $2',
      [tenantId, phoneNumber],
    );
    return affected > 0;
  }

  /**
   * Serializes the contact writes of one organization until the transaction ends: counting
   * distinct tags and writing them cannot interleave with another request, and two bulk upserts
   * touching the same numbers in different orders cannot deadlock. Namespaced by the two-key form
   * so it cannot collide with other advisory locks on the organization.
   */
  async lockOrganization(manager: EntityManager, tenantId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('contacts'), hashtext($1))`, [tenantId]);
  }

  /** Of `tags`, those no contact of the organization carries yet. */
  async unknownTags(manager: EntityManager, tenantId: string, tags: string[]): Promise<string[]> {
    const rows: Array<{ tag: string }> = await manager.query(
      `SELECT t.tag FROM unnest($2::text[]) AS t(tag)
       WHERE NOT EXISTS (SELECT 1 FROM contacts c WHERE c.tenant_id = $1 AND c.tags @> ARRAY[t.tag])`,
      [tenantId, tags],
    );
    return rows.map((row) => row.tag);
  }

  /**
   * How many distinct tags the organization would use if the contacts `replacing` had their tags
   * replaced and `adding` were added.
   */
  async distinctTagsAfter(
    manager: EntityManager,
    tenantId: string,
    replacing: string[],
    adding: string[],
  ): Promise<number> {
    const [row] = await manager.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM (
         SELECT unnest(tags) FROM contacts WHERE tenant_id = $1 AND phone_number <> ALL($2::text[])
         UNION
         SELECT unnest($3::text[])
       ) AS t`,
      [tenantId, replacing, adding],
    );
    return row.count;
  }

  /**
   * Creates the contacts that do not exist, with defaults for what is absent; new rows take
   * clock_timestamp() in request order, so listing shows them in the order given. Returns the
   * rows created (an existing number is left alone).
   */
  insertMissing(manager: EntityManager, tenantId: string, contacts: ContactUpsert[]): Promise<ContactRow[]> {
    return manager.query(
      `INSERT INTO contacts AS c (tenant_id, phone_number, name, tags, attributes, created_at, updated_at)
       SELECT $1, r.phone_number, r.name, r.tags, r.attributes, r.at, r.at
       FROM (
         SELECT x.phone_number, x.name,
                COALESCE(ARRAY(SELECT jsonb_array_elements_text(x.tags)), '{}'::text[]) AS tags,
                COALESCE(x.attributes, '{}'::jsonb) AS attributes,
                clock_timestamp() AS at
         FROM jsonb_to_recordset($2::jsonb) AS ${UPSERT_RECORD}
         ORDER BY x.i
       ) AS r
       ON CONFLICT (tenant_id, phone_number) DO NOTHING
       RETURNING ${COLUMNS}`,
      [tenantId, toRecords(contacts)],
    );
  }

  /**
   * Updates existing contacts: given fields replace the stored ones, absent ones are kept. Returns the rows
   * updated.
   */
  async update(manager: EntityManager, tenantId: string, contacts: ContactUpsert[]): Promise<ContactRow[]> {
    const [rows] = await manager.query<[ContactRow[], number]>(
      `UPDATE contacts AS c SET
         name = CASE WHEN x.set_name THEN x.name ELSE c.name END,
         tags = CASE WHEN x.tags IS NULL THEN c.tags ELSE ARRAY(SELECT jsonb_array_elements_text(x.tags)) END,
         attributes = COALESCE(x.attributes, c.attributes),
         updated_at = clock_timestamp()
       FROM jsonb_to_recordset($2::jsonb) AS ${UPSERT_RECORD}
       WHERE c.tenant_id = $1 AND c.phone_number = x.phone_number
       RETURNING ${COLUMNS}`,
      [tenantId, toRecords(contacts)],
    );
    return rows;
  }

  /** Whether the organization has contacts (its delete is refused while it does). */
  hasContacts(manager: EntityManager, tenantId: string): Promise<boolean> {
    return rowExists(manager, 'SELECT 1 FROM contacts WHERE tenant_id = $1', [tenantId]);
  }

  /** The customer's contact (data-rights/: an export): its name, tags and attributes. */
  async customerContact(c: Customer): Promise<CustomerPage> {
    const row = await this.findOne(c.tenantId, c.waId);
    return { rows: row ? [row] : [], next: null };
  }

  /** The customer's contact with its attributes and tags, unless a message since the erasure began renewed it. */
  async eraseCustomer(e: Erasure): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM contacts WHERE tenant_id = $1 AND phone_number = $2 AND updated_at < $3`,
      [e.tenantId, e.waId, e.before],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its contacts. */
  exportedTables(): Record<string, TablePages> {
    return {
      contacts: new TablePages(this.dataSource, {
        table: 'contacts',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
    };
  }
}
