import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource } from 'typeorm';
import type { KeysetCursor } from '../common/keyset';
import type { Columns } from '../database/columns';
import type { AuditEntry } from './audit-entry.entity';
import type { TimePartitioned } from '../database/partitions';
import type { Erasure } from '../retention/customer-data';

/** An entry as the statements below return it. */
export type AuditRow = Columns<AuditEntry>;

/** An entry to write, for each organization the change belongs to (null: none). */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'createdAt' | 'tenantId'> & { tenantIds: Array<string | null> };

/** Which entries a reader sees: one organization's, several, or (a platform key) every one. */
export type AuditScope = { tenantIds: readonly string[] } | { everything: true };

export interface AuditFilter {
  action?: string;
  keyId?: string;
  targetId?: string;
  since?: Date;
  until?: Date;
}

const COLUMNS = `id, tenant_id, key_id, key_prefix, key_kind, person, ip, request_id, action, method, path, target_id,
  status_code, changes, created_at`;

/** Every statement on `audit_log`: written once per change, read newest first, deleted by age. */
/** The audit log, partitioned by when each entry was written (a week per partition, dropped past its retention). */
export function auditLogPartitions(retentionDays: number): TimePartitioned[] {
  return [{ table: 'audit_log', column: 'created_at', keyType: 'timestamptz', retentionDays }];
}

@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One row per organization of the change, in one statement. */
  async insert(entry: NewAuditEntry): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO audit_log (tenant_id, key_id, key_prefix, key_kind, ip, request_id, action, method, path,
         target_id, status_code, changes, person)
       SELECT t, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13 FROM unnest($1::uuid[]) AS t`,
      [
        entry.tenantIds,
        entry.keyId,
        entry.keyPrefix,
        entry.keyKind,
        entry.ip,
        entry.requestId,
        entry.action,
        entry.method,
        entry.path,
        entry.targetId,
        entry.statusCode,
        entry.changes === null ? null : JSON.stringify(entry.changes),
        entry.person,
      ],
    );
  }

  /**
   * One page newest first, by (created_at, id) descending, `limit + 1` rows so the caller can tell a
   * next page exists. One organization's entries read the (tenant_id, created_at, id) index.
   */
  list(scope: AuditScope, filter: AuditFilter, page: { limit: number; after?: KeysetCursor }): Promise<AuditRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    if ('tenantIds' in scope) {
      where.push(
        scope.tenantIds.length === 1
          ? `tenant_id = ${add(scope.tenantIds[0])}::uuid`
          : `tenant_id = ANY (${add(scope.tenantIds)}::uuid[])`,
      );
    }
    if (filter.action !== undefined) where.push(`action = ${add(filter.action)}`);
    if (filter.keyId !== undefined) where.push(`key_id = ${add(filter.keyId)}::uuid`);
    if (filter.targetId !== undefined) where.push(`target_id = ${add(filter.targetId)}`);
    if (filter.since !== undefined) where.push(`created_at >= ${add(filter.since)}`);
    if (filter.until !== undefined) where.push(`created_at < ${add(filter.until)}`);
    if (page.after) where.push(`(created_at, id) < (${add(page.after.at)}::timestamptz, ${add(page.after.id)}::uuid)`);
    const limit = add(page.limit + 1);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      params,
    );
  }

  /**
   * The organization's entries that name the customer's number (a path, a target, a recorded field)
   * keep what was done, by whom and when, with the number replaced by the erasure's digest.
   */
  async eraseCustomer(e: Erasure): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE audit_log SET path = replace(path, $2, $4), target_id = replace(target_id, $2, $4),
         changes = replace(changes::text, $2, $4)::jsonb
       WHERE tenant_id = $1 AND created_at < $3
         AND (strpos(path, $2) > 0 OR strpos(target_id, $2) > 0 OR strpos(changes::text, $2) > 0)`,
      [e.tenantId, e.waId, e.before, `erased:${e.digest}`],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its audit log. */
  exportedTables(): Record<string, TablePages> {
    return {
      audit_log: new TablePages(this.dataSource, {
        table: 'audit_log',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
    };
  }
}
