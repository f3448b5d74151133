import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import type { ErasureRequester } from './customer-erasure.entity';

/** How far an archive is: kinds written of all, rows by kind, files, bytes so far. */
export interface ExportProgress {
  kinds_done: number;
  kinds_total: number;
  rows: Record<string, number>;
  files: number;
  bytes: number;
}

/**
 * An organization's archive (GDPR article 20, and an organization that leaves): a job writing every
 * kind its owners registered as JSON Lines, and the media library's files, into one .tar.gz kept in
 * `organization_export_chunks` until it expires. One running per organization.
 */
@Entity({ name: 'organization_exports' })
@Index('UQ_organization_exports_running', ['tenantId'], { unique: true, where: `status = 'running'` })
@Index('IDX_organization_exports_due', ['leaseUntil'], { where: `status = 'running'` })
export class OrganizationExport {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_organization_exports' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  @Index('IDX_organization_exports_tenant')
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_organization_exports_tenant' })
  tenant?: Organization;

  /** `running`, `done` (the archive can be downloaded until `expires_at`), `expired` (its bytes gone). */
  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'jsonb' })
  progress: ExportProgress;

  @Column({ name: 'requested_by', type: 'jsonb' })
  requestedBy: ErasureRequester;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'size_bytes', type: 'bigint', nullable: true })
  sizeBytes: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

/** The archive's bytes, 1 MiB a row, in order (wherever the gateway keeps media: these are its own). */
@Entity({ name: 'organization_export_chunks' })
export class OrganizationExportChunk {
  @PrimaryColumn({ name: 'export_id', type: 'uuid', primaryKeyConstraintName: 'PK_organization_export_chunks' })
  exportId: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_organization_export_chunks' })
  seq: number;

  @ManyToOne(() => OrganizationExport, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'export_id', foreignKeyConstraintName: 'FK_organization_export_chunks_export' })
  export?: OrganizationExport;

  @Column({ type: 'bytea' })
  bytes: Buffer;
}
