import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * A threshold of an organization's spending limit (80 or 100 percent) reached in a month: its row is
 * what makes the `usage.threshold` event and the audit entry happen once, whichever instance sees it.
 */
@Entity({ name: 'spending_thresholds' })
export class SpendingThreshold {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_spending_thresholds' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_spending_thresholds_tenant' })
  tenant?: Organization;

  /** The month's first day (UTC). */
  @PrimaryColumn({ name: 'month', type: 'date', primaryKeyConstraintName: 'PK_spending_thresholds' })
  month: string;

  @PrimaryColumn({ name: 'percent', type: 'integer', primaryKeyConstraintName: 'PK_spending_thresholds' })
  percent: number;

  /** What had been spent (used and reserved) when it was reached, in the limit's unit. */
  @Column({ type: 'numeric', precision: 14, scale: 6 })
  spend: string;

  @Column({ name: 'reached_at', type: 'timestamptz', default: () => 'now()' })
  reachedAt: Date;
}
