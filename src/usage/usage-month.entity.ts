import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The monthly rollup (the daily one's sum by month), written with it: reports by month read it for the
 * months one card and one markup price whole, and the daily rollup for the rest.
 */
@Entity({ name: 'usage_months' })
export class UsageMonth {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_usage_months' })
  tenantId: string;

  /** The month's first day (UTC). */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_usage_months' })
  month: string;

  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_usage_months' })
  phoneNumberId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_usage_months' })
  country: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_usage_months' })
  category: string;

  @PrimaryColumn({ name: 'broadcast_id', type: 'text', default: '', primaryKeyConstraintName: 'PK_usage_months' })
  broadcastId: string;

  @Column({ type: 'bigint', default: 0 })
  messages: string;

  @Column({ name: 'billable_messages', type: 'bigint', default: 0 })
  billableMessages: string;
}
