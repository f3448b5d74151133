import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ErasureRequester, ErasureStep } from './customer-erasure.entity';
import type { ExportProgress } from './organization-export.entity';

/** An organization's retention settings as stored (days: null is the platform's). */
export interface RetentionRow {
  tenant_id: string;
  message_bodies_days: number | null;
  inbound_messages_days: number | null;
  media_days: number | null;
  webhook_deliveries_days: number | null;
  bodies_done_until: Date | null;
}

export type RetentionDays = Pick<
  RetentionRow,
  'message_bodies_days' | 'inbound_messages_days' | 'media_days' | 'webhook_deliveries_days'
>;

/** The tables of the jobs run under a lease (leased-runs.ts): each row a job, `running` until done. */
export type JobTable = 'customer_erasures' | 'organization_exports' | 'organization_deletions';

/** A customer's erasure as stored (customer-erasure.entity.ts). */
export interface ErasureRow {
  id: string;
  tenant_id: string;
  wa_id: string | null;
  digest: string;
  status: 'running' | 'done';
  before: Date;
  step: ErasureStep;
  removed: Record<string, number>;
  requested_by: ErasureRequester;
  lease_until: Date | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** An organization's archive as stored (organization-export.entity.ts). */
export interface ExportRow {
  id: string;
  tenant_id: string;
  status: 'running' | 'done' | 'expired';
  progress: ExportProgress;
  requested_by: ErasureRequester;
  lease_until: Date | null;
  attempts: number;
  last_error: string | null;
  size_bytes: string | null;
  expires_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
}

/** An organization's deletion as stored (organization-deletion.entity.ts). */
export interface DeletionRow {
  id: string;
  tenant_id: string;
  organization_name: string;
  status: 'running' | 'done';
  step: number;
  removed: Record<string, number>;
  requested_by: ErasureRequester;
  lease_until: Date | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/**
 * Tables `retention_settings`, `customer_erasures`, `organization_exports` (and its chunks) and
 * `organization_deletions` (owned here).
 */
@Injectable()
export class DataRightsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async retention(tenantId: string): Promise<RetentionRow | null> {
    const rows = await this.dataSource.query<RetentionRow[]>(`SELECT * FROM retention_settings WHERE tenant_id = $1`, [
      tenantId,
    ]);
    return rows[0] ?? null;
  }

  /** The organizations that keep something for less time than the platform. */
  shorter(): Promise<RetentionRow[]> {
    return this.dataSource.query<RetentionRow[]>(
      `SELECT * FROM retention_settings WHERE message_bodies_days IS NOT NULL OR inbound_messages_days IS NOT NULL
         OR media_days IS NOT NULL OR webhook_deliveries_days IS NOT NULL ORDER BY tenant_id`,
    );
  }

  async putRetention(tenantId: string, days: RetentionDays): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO retention_settings (tenant_id, message_bodies_days, inbound_messages_days, media_days,
         webhook_deliveries_days)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id) DO UPDATE SET message_bodies_days = EXCLUDED.message_bodies_days,
         inbound_messages_days = EXCLUDED.inbound_messages_days, media_days = EXCLUDED.media_days,
         webhook_deliveries_days = EXCLUDED.webhook_deliveries_days, updated_at = now()`,
      [tenantId, days.message_bodies_days, days.inbound_messages_days, days.media_days, days.webhook_deliveries_days],
    );
  }

  /** The bodies' pass reached `until` (never moved back: a pass that ends earlier changes nothing). */
  async bodiesDone(tenantId: string, until: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE retention_settings SET bodies_done_until = $2
       WHERE tenant_id = $1 AND (bodies_done_until IS NULL OR bodies_done_until < $2)`,
      [tenantId, until],
    );
  }

  // ---- customer erasures ----------------------------------------------------------------------------

  /** A new erasure, or null when one of the customer's is running already (the unique index says). */
  async addErasure(
    row: Pick<ErasureRow, 'tenant_id' | 'wa_id' | 'digest' | 'requested_by'>,
  ): Promise<ErasureRow | null> {
    const rows = await this.dataSource.query<ErasureRow[]>(
      `INSERT INTO customer_erasures (tenant_id, wa_id, digest, status, before, step, removed, requested_by)
       VALUES ($1, $2, $3, 'running', clock_timestamp(), '{"phase":"wamids","index":0,"after":null}', '{}', $4)
       ON CONFLICT (tenant_id, digest) WHERE status = 'running' DO NOTHING RETURNING *`,
      [row.tenant_id, row.wa_id, row.digest, row.requested_by],
    );
    return rows[0] ?? null;
  }

  async erasure(tenantId: string, id: string): Promise<ErasureRow | null> {
    const rows = await this.dataSource.query<ErasureRow[]>(
      `SELECT * FROM customer_erasures WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return rows[0] ?? null;
  }

  async runningErasure(tenantId: string, digest: string): Promise<ErasureRow | null> {
    const rows = await this.dataSource.query<ErasureRow[]>(
      `SELECT * FROM customer_erasures WHERE tenant_id = $1 AND digest = $2 AND status = 'running'`,
      [tenantId, digest],
    );
    return rows[0] ?? null;
  }

  /** The organization's erasures, newest first (`before`: created before that one, for the next page). */
  erasures(tenantId: string, limit: number, before: { at: Date; id: string } | null): Promise<ErasureRow[]> {
    return this.dataSource.query<ErasureRow[]>(
      `SELECT * FROM customer_erasures WHERE tenant_id = $1
         AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $4`,
      [tenantId, before?.at ?? null, before?.id ?? null, limit],
    );
  }

  /** Where the erasure is and what it removed so far; its lease renewed. */
  async eraseProgress(id: string, step: ErasureStep, removed: Record<string, number>, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE customer_erasures SET step = $2, removed = $3,
         lease_until = clock_timestamp() + make_interval(secs => $4::double precision / 1000)
       WHERE id = $1 AND status = 'running'`,
      [id, step, removed, leaseMs],
    );
  }

  /** Done: the receipt kept, the number forgotten. */
  async erasureDone(id: string, removed: Record<string, number>): Promise<ErasureRow> {
    const [rows] = await this.dataSource.query<[ErasureRow[], number]>(
      `UPDATE customer_erasures SET status = 'done', wa_id = NULL, removed = $2, finished_at = clock_timestamp(),
         lease_until = NULL, last_error = NULL
       WHERE id = $1 RETURNING *`,
      [id, removed],
    );
    return rows[0];
  }

  // ---- organization exports -------------------------------------------------------------------------

  /** A new export, or null when one of the organization's is running (the unique index says). */
  async addExport(tenantId: string, requester: ErasureRequester, progress: ExportProgress): Promise<ExportRow | null> {
    const rows = await this.dataSource.query<ExportRow[]>(
      `INSERT INTO organization_exports (tenant_id, status, progress, requested_by)
       VALUES ($1, 'running', $2, $3) ON CONFLICT (tenant_id) WHERE status = 'running' DO NOTHING RETURNING *`,
      [tenantId, progress, requester],
    );
    return rows[0] ?? null;
  }

  async runningExport(tenantId: string): Promise<ExportRow | null> {
    const rows = await this.dataSource.query<ExportRow[]>(
      `SELECT * FROM organization_exports WHERE tenant_id = $1 AND status = 'running'`,
      [tenantId],
    );
    return rows[0] ?? null;
  }

  async export(tenantId: string, id: string): Promise<ExportRow | null> {
    const rows = await this.dataSource.query<ExportRow[]>(
      `SELECT * FROM organization_exports WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return rows[0] ?? null;
  }

  /** An export by id alone: a download's signed link names no organization. */
  async exportById(id: string): Promise<ExportRow | null> {
    const rows = await this.dataSource.query<ExportRow[]>(`SELECT * FROM organization_exports WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  exports(tenantId: string, limit: number, before: { at: Date; id: string } | null): Promise<ExportRow[]> {
    return this.dataSource.query<ExportRow[]>(
      `SELECT * FROM organization_exports WHERE tenant_id = $1
         AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $4`,
      [tenantId, before?.at ?? null, before?.id ?? null, limit],
    );
  }

  /**
   * The export, held for `leaseMs` when it is running and nobody holds it; what an earlier run wrote of
   * its archive is dropped (an archive is written from its start: a gzip stream does not resume).
   */
  async claimExport(id: string, leaseMs: number): Promise<ExportRow | null> {
    const row = await this.claimJob<ExportRow>('organization_exports', id, leaseMs);
    if (row) await this.dataSource.query(`DELETE FROM organization_export_chunks WHERE export_id = $1`, [id]);
    return row;
  }

  /** One chunk of the archive, and where the export is; its lease renewed. */
  async exportChunk(id: string, seq: number, bytes: Buffer, progress: ExportProgress, leaseMs: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO organization_export_chunks (export_id, seq, bytes) VALUES ($1, $2, $3)`, [
        id,
        seq,
        bytes,
      ]);
      await manager.query(
        `UPDATE organization_exports SET progress = $2,
           lease_until = clock_timestamp() + make_interval(secs => $3::double precision / 1000)
         WHERE id = $1`,
        [id, progress, leaseMs],
      );
    });
  }

  async exportProgress(id: string, progress: ExportProgress, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE organization_exports SET progress = $2,
         lease_until = clock_timestamp() + make_interval(secs => $3::double precision / 1000)
       WHERE id = $1 AND status = 'running'`,
      [id, progress, leaseMs],
    );
  }

  async exportDone(id: string, progress: ExportProgress, sizeBytes: number, keepMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE organization_exports SET status = 'done', progress = $2, size_bytes = $3, lease_until = NULL,
         last_error = NULL, finished_at = clock_timestamp(),
         expires_at = clock_timestamp() + make_interval(secs => $4::double precision / 1000)
       WHERE id = $1`,
      [id, progress, sizeBytes, keepMs],
    );
  }

  /** The archive's chunks in order, `from` on: the download reads them a few at a time. */
  exportChunks(id: string, from: number, count: number): Promise<Array<{ seq: number; bytes: Buffer }>> {
    return this.dataSource.query(
      `SELECT seq, bytes FROM organization_export_chunks WHERE export_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
      [id, from, count],
    );
  }

  /** Archives past their time: their bytes go, the record stays (`expired`). */
  async expireExports(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[Array<{ id: string }>, number]>(
        `UPDATE organization_exports SET status = 'expired' WHERE status = 'done' AND expires_at < clock_timestamp()
         RETURNING id`,
      );
      if (rows.length)
        await manager.query(`DELETE FROM organization_export_chunks WHERE export_id = ANY ($1::uuid[])`, [
          rows.map((row) => row.id),
        ]);
      return rows.length;
    });
  }

  // ---- organization deletions -----------------------------------------------------------------------

  /** A new deletion, or the one running already. */
  async addDeletion(tenantId: string, name: string, requester: ErasureRequester): Promise<DeletionRow> {
    const rows = await this.dataSource.query<DeletionRow[]>(
      `INSERT INTO organization_deletions (tenant_id, organization_name, status, removed, requested_by)
       VALUES ($1, $2, 'running', '{}', $3) ON CONFLICT (tenant_id) WHERE status = 'running' DO NOTHING RETURNING *`,
      [tenantId, name, requester],
    );
    if (rows[0]) return rows[0];
    const [running] = await this.dataSource.query<DeletionRow[]>(
      `SELECT * FROM organization_deletions WHERE tenant_id = $1 AND status = 'running'`,
      [tenantId],
    );
    return running;
  }

  /** A deletion, seen by the platform key that may delete organizations (no organization of its own). */
  async deletion(id: string): Promise<DeletionRow | null> {
    const rows = await this.dataSource.query<DeletionRow[]>(`SELECT * FROM organization_deletions WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async deletionProgress(id: string, step: number, removed: Record<string, number>, leaseMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE organization_deletions SET step = $2, removed = $3,
         lease_until = clock_timestamp() + make_interval(secs => $4::double precision / 1000)
       WHERE id = $1 AND status = 'running'`,
      [id, step, removed, leaseMs],
    );
  }

  async deletionDone(id: string, removed: Record<string, number>): Promise<DeletionRow> {
    const [rows] = await this.dataSource.query<[DeletionRow[], number]>(
      `UPDATE organization_deletions SET status = 'done', removed = $2, finished_at = clock_timestamp(),
         lease_until = NULL, last_error = NULL
       WHERE id = $1 RETURNING *`,
      [id, removed],
    );
    return rows[0];
  }

  // ---- what the three kinds of job share --------------------------------------------------------------

  /** The job, held by this instance for `leaseMs` when it is running and nobody holds it. */
  async claimJob<Row>(table: JobTable, id: string, leaseMs: number): Promise<Row | null> {
    const [rows] = await this.dataSource.query<[Row[], number]>(
      `UPDATE ${table} SET lease_until = clock_timestamp() + make_interval(secs => $2::double precision / 1000),
         attempts = attempts + 1
       WHERE id = $1 AND status = 'running' AND (lease_until IS NULL OR lease_until < clock_timestamp())
       RETURNING *`,
      [id, leaseMs],
    );
    return rows[0] ?? null;
  }

  /** Running jobs whose holder let go (a crash, a deploy): to be taken over. */
  async dueJobs(table: JobTable): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM ${table} WHERE status = 'running' AND lease_until < clock_timestamp() ORDER BY lease_until LIMIT 100`,
    );
    return rows.map((row) => row.id);
  }

  /** Why a run stopped; `release`: its lease given up at once (an instance stopping: the next may take it over). */
  async jobFailed(table: JobTable, id: string, error: string, release: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${table} SET last_error = $2, lease_until = CASE WHEN $3 THEN clock_timestamp() ELSE lease_until END
       WHERE id = $1 AND status = 'running'`,
      [id, error, release],
    );
  }
}
