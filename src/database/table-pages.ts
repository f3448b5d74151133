import type { DataSource } from 'typeorm';

/** One column of a table's keyset: its name and its type (the cursor's text is cast back to it). */
export type KeyColumn = [name: string, type: 'timestamptz' | 'uuid' | 'text' | 'integer' | 'date'];

/** How an owner's table is read an organization at a time (the owner says; this file knows no feature). */
export interface TablePagesSpec {
  table: string;
  /** A unique keyset, in order (for a table partitioned by time, its time first). */
  key: KeyColumn[];
  /** How the organization's rows are found: a condition on `t` with the organization's id as $1. */
  where?: string;
  /** Columns left out of the rows (secrets, which an export never carries). */
  omit?: string[];
}

/** A page of rows as JSON objects, and the cursor of the next one (null: none). */
export interface TablePage {
  rows: Array<Record<string, unknown>>;
  next: string | null;
}

/**
 * The generic statement that reads an owner's table an organization at a time, in keyset order, each
 * row whole as JSON (less the columns the owner leaves out): for the organization's archive. The owner
 * names its table, key and condition and registers them (retention/organization-data.ts), as owners of
 * encrypted columns do for key rotation (encrypted-column-statements.ts).
 */
export class TablePages {
  constructor(
    private readonly dataSource: DataSource,
    private readonly spec: TablePagesSpec,
  ) {}

  async page(tenantId: string, after: string | null, limit: number): Promise<TablePage> {
    const { table, key, where = 't.tenant_id = $1', omit = [] } = this.spec;
    const values: string[] | null = after === null ? null : (JSON.parse(after) as string[]);
    const columns = key.map(([name]) => `t."${name}"`).join(', ');
    const casts = key.map(([, type], i) => `$${i + 4}::${type}`).join(', ');
    const params: unknown[] = [tenantId, omit, limit + 1, ...(values ?? key.map(() => null))];
    const rows = await this.dataSource.query<Array<{ row: Record<string, unknown>; cursor: string[] }>>(
      `SELECT to_jsonb(t) - $2::text[] AS row, ARRAY[${key.map(([name]) => `t."${name}"::text`).join(', ')}] AS cursor
       FROM "${table}" t
       WHERE (${where}) AND ($4::text IS NULL OR (${columns}) > (${casts}))
       ORDER BY ${columns} LIMIT $3`,
      params,
    );
    const page = rows.slice(0, limit);
    return {
      rows: page.map((r) => r.row),
      next: rows.length > limit ? JSON.stringify(page[page.length - 1].cursor) : null,
    };
  }

  /**
   * At most `limit` of the organization's rows deleted (an organization's deletion): how many. The
   * batch's keys are found through the organization's index, then each row by its key: the planner is
   * told not to hash or merge the batch against the whole table (on a table partitioned by time it
   * would read every partition for each batch; a nested loop reads only the partitions of the batch's
   * keys, pruned as it goes).
   */
  async deleteBatch(tenantId: string, limit: number): Promise<number> {
    const { table, key, where = 't.tenant_id = $1' } = this.spec;
    const joined = key.map(([name]) => `d."${name}" = batch."${name}"`).join(' AND ');
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_hashjoin = off');
      await manager.query('SET LOCAL enable_mergejoin = off');
      const [, count] = await manager.query<[unknown, number]>(
        `DELETE FROM "${table}" d USING (SELECT ${key.map(([name]) => `t."${name}"`).join(', ')}
           FROM "${table}" t WHERE (${where}) LIMIT $2) batch
         WHERE ${joined}`,
        [tenantId, limit],
      );
      return count;
    });
  }
}
