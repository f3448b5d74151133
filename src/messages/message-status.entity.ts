import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * Statuses in the order a message moves through them: `pending` and `accepted` are the gateway's
 * own steps, the rest come from upstream. A status never moves back (a late `sent` never
 * overwrites `read`).
 */
export const MESSAGE_STATUS_ORDER = ['pending', 'accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUS_ORDER)[number];

/** One status a message reached upstream (from status webhooks); each status is kept once. */
@Entity({ name: 'message_statuses' })
/** Once per message, status and Meta's time of it (the partition key must be in every unique key). */
@Unique('UQ_message_statuses_message_status', ['messageId', 'status', 'occurredAt'])
export class MessageStatusEvent {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_message_statuses' })
  id: string;

  @Index()
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  /** The upstream message id (wamid). */
  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  @Column({ name: 'recipient_id', type: 'text' })
  recipientId: string;

  @Column({ type: 'text' })
  status: string;

  /** When upstream says it happened (the webhook's timestamp). */
  @Column({ name: 'occurred_at', type: 'timestamptz', primary: true, primaryKeyConstraintName: 'PK_message_statuses' })
  occurredAt: Date;

  /** conversation, pricing, errors and biz_opaque_callback_data, as Meta sent them. */
  @Column({ type: 'jsonb', default: {} })
  details: Record<string, unknown>;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
