import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A funnel's day: how far an organization's messages of a day went, by number, template and broadcast
 * (sent, delivered, read; failed; replied: the customer wrote within 24 hours). Each step counts a
 * message once, however often Meta reports it: the status webhook's update of the record returns the
 * steps it crossed (funnels.repository.ts), the reply's marks the record once.
 */
@Entity({ name: 'funnel_days' })
@Index('IDX_funnel_days_template', ['tenantId', 'templateName', 'templateLanguage', 'day'])
@Index('IDX_funnel_days_broadcast', ['tenantId', 'broadcastId', 'day'])
export class FunnelDay {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_funnel_days' })
  tenantId: string;

  /** The day (UTC) the messages were sent: a status or reply that comes later counts toward it. */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_funnel_days' })
  day: string;

  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_funnel_days' })
  phoneNumberId: string;

  /** '' for messages of no template. */
  @PrimaryColumn({ name: 'template_name', type: 'text', default: '', primaryKeyConstraintName: 'PK_funnel_days' })
  templateName: string;

  @PrimaryColumn({ name: 'template_language', type: 'text', default: '', primaryKeyConstraintName: 'PK_funnel_days' })
  templateLanguage: string;

  /** '' for messages of no broadcast. */
  @PrimaryColumn({ name: 'broadcast_id', type: 'text', default: '', primaryKeyConstraintName: 'PK_funnel_days' })
  broadcastId: string;

  @Column({ type: 'bigint', default: 0 })
  sent: string;

  @Column({ type: 'bigint', default: 0 })
  delivered: string;

  @Column({ type: 'bigint', default: 0 })
  read: string;

  @Column({ type: 'bigint', default: 0 })
  replied: string;

  @Column({ type: 'bigint', default: 0 })
  failed: string;
}
