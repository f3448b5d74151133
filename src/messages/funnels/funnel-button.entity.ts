import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Presses of a funnel day's buttons by payload (a template's quick reply, an interactive reply's id),
 * each press the customer made once (an inbound message is stored once), with the button's last text.
 */
@Entity({ name: 'funnel_buttons' })
export class FunnelButton {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_funnel_buttons' })
  tenantId: string;

  /** The day (UTC) the messages were sent: a status or reply that comes later counts toward it. */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'PK_funnel_buttons' })
  day: string;

  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_funnel_buttons' })
  phoneNumberId: string;

  /** '' for messages of no template. */
  @PrimaryColumn({ name: 'template_name', type: 'text', default: '', primaryKeyConstraintName: 'PK_funnel_buttons' })
  templateName: string;

  @PrimaryColumn({
    name: 'template_language',
    type: 'text',
    default: '',
    primaryKeyConstraintName: 'PK_funnel_buttons',
  })
  templateLanguage: string;

  /** '' for messages of no broadcast. */
  @PrimaryColumn({ name: 'broadcast_id', type: 'text', default: '', primaryKeyConstraintName: 'PK_funnel_buttons' })
  broadcastId: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_funnel_buttons' })
  payload: string;

  @Column({ type: 'text', default: '' })
  text: string;

  @Column({ type: 'bigint', default: 0 })
  presses: string;
}
