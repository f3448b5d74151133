import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One message's charge as Meta reports it in its statuses' `pricing` (billable or not, the category,
 * Meta's `type`), kept once per message and category whatever Meta resends, reorders or delivers to
 * two instances at once (the key). The recipient's country (by calling code) prices it against the
 * rate card in force on its day.
 */
@Entity({ name: 'usage_entries' })
@Index('IDX_usage_entries_tenant_day', ['tenantId', 'day'])
export class UsageEntry {
  /** Meta's message id (wamid). */
  @PrimaryColumn({ name: 'message_id', type: 'text', primaryKeyConstraintName: 'PK_usage_entries' })
  messageId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_usage_entries' })
  category: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  /** ISO 3166-1 alpha-2 of the recipient's calling code; '' when no numbering plan knows it. */
  @Column({ type: 'text' })
  country: string;

  @Column({ type: 'boolean' })
  billable: boolean;

  /** Meta's `pricing_model` (PMP) and `type` (regular, free_customer_service, free_entry_point). */
  /** The broadcast the message was sent by ('' for none). */
  @Column({ name: 'broadcast_id', type: 'text', default: '' })
  broadcastId: string;

  @Column({ name: 'pricing_model', type: 'text' })
  pricingModel: string;

  @Column({ type: 'text' })
  type: string;

  /** The UTC day of the status that reported it. */
  @Column({ type: 'date' })
  day: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
