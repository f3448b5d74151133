import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ErasureRequester } from './customer-erasure.entity';

/**
 * An organization's deletion as a job, and its receipt once done: what went by kind and how many. It
 * outlives the organization (no foreign key: the receipt stays, naming the organization by id and name).
 */
@Entity({ name: 'organization_deletions' })
@Index('UQ_organization_deletions_running', ['tenantId'], { unique: true, where: `status = 'running'` })
@Index('IDX_organization_deletions_due', ['leaseUntil'], { where: `status = 'running'` })
export class OrganizationDeletion {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_organization_deletions' })
  id: string;

  /** The organization deleted (its row is gone once done). */
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'organization_name', type: 'text' })
  organizationName: string;

  /** `running` or `done`. */
  @Column({ type: 'text' })
  status: string;

  /** The index of the kind being deleted (past the last: the organization's own rows). */
  @Column({ type: 'integer', default: 0 })
  step: number;

  @Column({ type: 'jsonb' })
  removed: Record<string, number>;

  @Column({ name: 'requested_by', type: 'jsonb' })
  requestedBy: ErasureRequester;

  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
