import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * An organization's monthly spending limit, set by the operator: an amount in the rate cards' currency
 * (`amount`), or a number of billable messages (`messages`). Each calendar month (UTC) starts at zero.
 */
@Entity({ name: 'spending_limits' })
@Check('CHK_spending_limits_kind', `"kind" IN ('amount', 'messages')`)
@Check('CHK_spending_limits_value', `"value" >= 0`)
export class SpendingLimit {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_spending_limits' })
  tenantId: string;

  @OneToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_spending_limits_tenant' })
  tenant?: Organization;

  /** `amount` (in the rate cards' currency, markup included) or `messages` (billable messages). */
  @Column({ type: 'text' })
  kind: 'amount' | 'messages';

  /** The limit: an amount with at most six decimals, or a whole number of messages. */
  @Column({ name: 'value', type: 'numeric', precision: 14, scale: 6 })
  value: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
