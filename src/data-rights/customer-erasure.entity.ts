import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** Where a running erasure is: reading wamids (source and page), or erasing kinds (kind and cursor). */
export interface ErasureStep {
  phase: 'wamids' | 'kinds';
  index: number;
  after: string | null;
}

/** Who asked for an erasure (the request's key and person), as the audit log names them. */
export interface ErasureRequester {
  key_id: string;
  key_prefix: string;
  key_kind: string;
  person: string | null;
  ip: string | null;
}

/**
 * A customer's erasure (GDPR article 17) and, once done, its receipt: what was removed by kind and how
 * many. The number is kept while it runs (the job needs it) and cleared when done; `digest` names the
 * customer from then on (the blacklist and the audit log keep the same digest). One running per customer.
 */
@Entity({ name: 'customer_erasures' })
@Index('UQ_customer_erasures_running', ['tenantId', 'digest'], { unique: true, where: `status = 'running'` })
@Index('IDX_customer_erasures_due', ['leaseUntil'], { where: `status = 'running'` })
export class CustomerErasure {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_customer_erasures' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  @Index('IDX_customer_erasures_tenant')
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_customer_erasures_tenant' })
  tenant?: Organization;

  /** The customer's number while the erasure runs; null once it is done. */
  @Column({ name: 'wa_id', type: 'text', nullable: true })
  waId: string | null;

  @Column({ type: 'text' })
  digest: string;

  /** `running` or `done`. */
  @Column({ type: 'text' })
  status: string;

  /** When it began: what the customer sends from then on starts afresh and stays. */
  @Column({ type: 'timestamptz' })
  before: Date;

  @Column({ type: 'jsonb' })
  step: ErasureStep;

  /** Rows removed (or, for what keeps its figures, changed) by kind. */
  @Column({ type: 'jsonb' })
  removed: Record<string, number>;

  @Column({ name: 'requested_by', type: 'jsonb' })
  requestedBy: ErasureRequester;

  /** Until when an instance holds the job; an expired lease is taken over (a crash, a deploy). */
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
