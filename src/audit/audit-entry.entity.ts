import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One management write that succeeded (src/audit): who, from where, when, which route and what it was
 * asked to change, secrets left out. No foreign keys: the log outlives what it names (a deleted
 * organization's entries stay until their retention ends).
 */
@Entity({ name: 'audit_log' })
@Index('IDX_audit_log_tenant', ['tenantId', 'createdAt', 'id'])
@Index('IDX_audit_log_time', ['createdAt', 'id'])
export class AuditEntry {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_audit_log' })
  id: string;

  /** The organization the change belongs to; null for a platform key's own (a platform key issued). */
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId: string | null;

  @Column({ name: 'key_id', type: 'uuid' })
  keyId: string;

  /** The key's display prefix (`svc_live_AbCdEf`), never its text. */
  @Column({ name: 'key_prefix', type: 'text' })
  keyPrefix: string;

  @Column({ name: 'key_kind', type: 'text' })
  keyKind: string;

  /** The person (their email) whose console session made the change; null for a machine's key. */
  @Column({ type: 'text', nullable: true })
  person: string | null;

  /** The client's address as the gateway saw it (behind a trusted proxy, the forwarded one). */
  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId: string | null;

  /** `<capability>.<verb>`, such as `keys.create`. */
  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  method: string;

  /** The request's path, without its query (the query is in `changes`). */
  @Column({ type: 'text' })
  path: string;

  /** The id of what changed: the answer's `id`, else the path's last parameter. */
  @Column({ name: 'target_id', type: 'text', nullable: true })
  targetId: string | null;

  @Column({ name: 'status_code', type: 'integer' })
  statusCode: number;

  /** `{ query?, body? }` as asked, secrets replaced by "[redacted]", long lists and texts shortened. */
  @Column({ type: 'jsonb', nullable: true })
  changes: Record<string, unknown> | null;

  @Column({
    name: 'created_at',
    type: 'timestamptz',
    precision: 3,
    default: () => 'clock_timestamp()',
    primary: true,
    primaryKeyConstraintName: 'PK_audit_log',
  })
  createdAt: Date;
}
