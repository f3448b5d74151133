import { Injectable, Logger } from '@nestjs/common';
import { decodeCursor, nextPageUrl, type Page, toPage } from '../common/keyset';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { type AuditRow, AuditRepository, type AuditScope, type NewAuditEntry } from './audit.repository';
import type { AuditEntryDto, ListAuditLogQueryDto } from './dto/audit-log.dto';

const entryJson = (row: AuditRow): AuditEntryDto => ({
  id: row.id,
  organization_id: row.tenant_id,
  action: row.action,
  actor: { person: row.person, key_id: row.key_id, key_prefix: row.key_prefix, key_kind: row.key_kind, ip: row.ip },
  method: row.method,
  path: row.path,
  target_id: row.target_id,
  status_code: row.status_code,
  changes: row.changes,
  request_id: row.request_id,
  created_at: row.created_at.toISOString(),
});

/**
 * The audit log (`audit_log`, owned here): an entry per successful management write, written by the
 * AuditInterceptor that @Audited binds to its routes; read newest first. Entries age out with their
 * week's partition, AUDIT_LOG_RETENTION_DAYS after it ended (RecordRetention, registered by AuditModule).
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly repository: AuditRepository) {}

  /**
   * Writes the entry (awaited: it is in the log before the answer leaves). A failure to write is
   * logged, not answered: the change itself is made, and a 500 would make the client repeat it.
   */
  async record(entry: NewAuditEntry): Promise<void> {
    try {
      await this.repository.insert(entry);
    } catch (error) {
      this.logger.error(
        `audit entry not written: ${entry.action} ${entry.method} ${entry.path} by ${entry.keyPrefix}: ${(error as Error).message}`,
      );
    }
  }

  /** The entries `auth` may read, newest first. */
  async list(
    auth: AuthContext,
    tenantId: string | undefined,
    query: ListAuditLogQueryDto,
    originalUrl: string,
  ): Promise<Page<AuditEntryDto>> {
    const scope = scopeOf(auth, tenantId, query.organization_id);
    const rows = await this.repository.list(
      scope,
      {
        action: query.action,
        keyId: query.key_id,
        targetId: query.target_id,
        since: query.since === undefined ? undefined : new Date(query.since),
        until: query.until === undefined ? undefined : new Date(query.until),
      },
      { limit: query.limit, after: decodeCursor(query.after) },
    );
    return toPage(
      rows,
      query.limit,
      (row) => ({ at: row.created_at.toISOString(), id: row.id }),
      entryJson,
      (after) => nextPageUrl(originalUrl, after),
    );
  }
}

/**
 * Whose entries a reader sees: the organization the request acts for (an organization key's, or the
 * one an admin key names); an admin key naming none, all of its organizations'; a platform key, every
 * entry, or one organization's with `organization_id`.
 */
function scopeOf(auth: AuthContext, tenantId: string | undefined, organizationId: string | undefined): AuditScope {
  if (organizationId !== undefined && auth.kind !== 'platform')
    throw GraphError.invalidParameter(
      'Invalid parameter',
      'organization_id: only platform keys choose the organization this way; other keys use X-Svc-Tenant-Id',
    );
  if (auth.kind === 'platform') return organizationId ? { tenantIds: [organizationId] } : { everything: true };
  return { tenantIds: tenantId ? [tenantId] : auth.tenantIds };
}
