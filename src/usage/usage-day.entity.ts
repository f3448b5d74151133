import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The rollup reports read: an organization's messages and billable messages of a day, by number,
 * recipient country, category and broadcast ('' for messages of no broadcast). Written in the statement that keeps the entries, and only for
 * entries kept now: a status Meta sends again adds nothing.
 */
@Entity({ name: 'usage_days' })
export class UsageDay {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_usage_days' })
  tenantId: string;

  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_usage_days' })
  day: string;

  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_usage_days' })
  phoneNumberId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_usage_days' })
  country: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_usage_days' })
  category: string;

  @PrimaryColumn({ name: 'broadcast_id', type: 'text', default: '', primaryKeyConstraintName: 'PK_usage_days' })
  broadcastId: string;

  @Column({ type: 'bigint', default: 0 })
  messages: string;

  @Column({ name: 'billable_messages', type: 'bigint', default: 0 })
  billableMessages: string;
}
