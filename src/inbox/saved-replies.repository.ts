import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource } from 'typeorm';

export interface SavedReplyRow {
  id: string;
  owner_id: string | null;
  name: string;
  body: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, owner_id, name, body, created_at, updated_at';

/** Every statement on saved replies. A name taken answers undefined, not an error. */
@Injectable()
export class SavedRepliesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's shared replies and `userId`'s own (none for a key), by name (a member's own first). */
  list(tenantId: string, userId: string | null): Promise<SavedReplyRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM saved_replies
       WHERE tenant_id = $1 AND (owner_id IS NULL OR owner_id = $2::uuid)
       ORDER BY name, owner_id NULLS LAST LIMIT 1000`,
      [tenantId, userId],
    );
  }

  async one(tenantId: string, id: string): Promise<SavedReplyRow | undefined> {
    const [row] = await this.dataSource.query<SavedReplyRow[]>(
      `SELECT ${COLUMNS} FROM saved_replies WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return row;
  }

  /** The reply `/name` means for the member: their own, else the organization's. */
  async byName(tenantId: string, userId: string | null, name: string): Promise<SavedReplyRow | undefined> {
    const [row] = await this.dataSource.query<SavedReplyRow[]>(
      `SELECT ${COLUMNS} FROM saved_replies
       WHERE tenant_id = $1 AND name = $3 AND (owner_id IS NULL OR owner_id = $2::uuid)
       ORDER BY owner_id NULLS LAST LIMIT 1`,
      [tenantId, userId, name],
    );
    return row;
  }

  async count(tenantId: string, ownerId: string | null): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM saved_replies WHERE tenant_id = $1 AND owner_id IS NOT DISTINCT FROM $2::uuid`,
      [tenantId, ownerId],
    );
    return row.n;
  }

  /** The new reply; undefined when its owner has one of that name already. */
  async create(
    tenantId: string,
    ownerId: string | null,
    name: string,
    body: string,
  ): Promise<SavedReplyRow | undefined> {
    const [row] = await this.dataSource.query<SavedReplyRow[]>(
      `INSERT INTO saved_replies (tenant_id, owner_id, name, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [tenantId, ownerId, name, body],
    );
    return row;
  }

  /** The reply changed; undefined when its owner has another of the new name (or it is gone). */
  async update(
    tenantId: string,
    id: string,
    input: { name?: string; body?: string },
  ): Promise<SavedReplyRow | undefined> {
    const [rows] = await this.dataSource.query<[SavedReplyRow[], number]>(
      `UPDATE saved_replies r SET name = coalesce($3, r.name), body = coalesce($4, r.body), updated_at = now()
       WHERE r.tenant_id = $1 AND r.id = $2
         AND NOT EXISTS (SELECT 1 FROM saved_replies o WHERE o.tenant_id = $1 AND o.name = $3 AND o.id <> $2
                           AND o.owner_id IS NOT DISTINCT FROM r.owner_id)
       RETURNING ${COLUMNS.split(', ')
         .map((c) => `r.${c}`)
         .join(', ')}`,
      [tenantId, id, input.name ?? null, input.body ?? null],
    );
    return rows[0];
  }

  async remove(tenantId: string, id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM saved_replies WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** The organization's archive (data-rights/): its saved replies. */
  exportedTables(): Record<string, TablePages> {
    return {
      saved_replies: new TablePages(this.dataSource, {
        table: 'saved_replies',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
    };
  }
}
