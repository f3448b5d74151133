import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** One row of a reconciliation's details: a market's category where the two sides were compared. */
export interface ReconciledRow {
  country: string;
  category: string;
  metered_messages: number;
  meta_messages: number;
  metered_cost: number | null;
  meta_cost: number;
}

/**
 * A business account's day as the gateway metered it and as Meta's `pricing_analytics` reports it:
 * billable messages and their cost on each side (the gateway's at the rate card's price, without the
 * markup, as Meta charges), and whether they differ by more than 1 %.
 */
@Entity({ name: 'usage_reconciliations' })
@Index('IDX_usage_reconciliations_tenant_day', ['tenantId', 'day'])
export class UsageReconciliation {
  @PrimaryColumn({ name: 'waba_id', type: 'text', primaryKeyConstraintName: 'PK_usage_reconciliations' })
  wabaId: string;

  @PrimaryColumn({ name: 'day', type: 'date', primaryKeyConstraintName: 'PK_usage_reconciliations' })
  day: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_usage_reconciliations_tenant' })
  tenant?: Organization;

  @Column({ name: 'metered_messages', type: 'bigint' })
  meteredMessages: string;

  @Column({ name: 'meta_messages', type: 'bigint' })
  metaMessages: string;

  /** Null: no rate card priced the day. */
  @Column({ name: 'metered_cost', type: 'numeric', precision: 14, scale: 6, nullable: true })
  meteredCost: string | null;

  @Column({ name: 'meta_cost', type: 'numeric', precision: 14, scale: 6 })
  metaCost: string;

  /** The larger relative difference of the two (messages, cost), in percent. */
  @Column({ name: 'difference_percent', type: 'numeric', precision: 9, scale: 3 })
  differencePercent: string;

  @Column({ type: 'boolean' })
  flagged: boolean;

  /** The markets and categories where the two sides differ. */
  @Column({ type: 'jsonb' })
  details: ReconciledRow[];

  @Column({ name: 'checked_at', type: 'timestamptz' })
  checkedAt: Date;
}
