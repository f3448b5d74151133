import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The failed step of a funnel's day by Meta's error code (the failed status's `errors[0].code`; 0 when none). */
@Entity({ name: 'funnel_failures' })
export class FunnelFailure {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_funnel_failures' })
  tenantId: string;

  /** The day (UTC) the messages were sent: a status or reply that comes later counts toward it. */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_funnel_failures' })
  day: string;

  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_funnel_failures' })
  phoneNumberId: string;

  /** '' for messages of no template. */
  @PrimaryColumn({ name: 'template_name', type: 'text', default: '', primaryKeyConstraintName: 'PK_funnel_failures' })
  templateName: string;

  @PrimaryColumn({
    name: 'template_language',
    type: 'text',
    default: '',
    primaryKeyConstraintName: 'PK_funnel_failures',
  })
  templateLanguage: string;

  /** '' for messages of no broadcast. */
  @PrimaryColumn({ name: 'broadcast_id', type: 'text', default: '', primaryKeyConstraintName: 'PK_funnel_failures' })
  broadcastId: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_funnel_failures' })
  code: number;

  @Column({ type: 'bigint', default: 0 })
  messages: string;
}
