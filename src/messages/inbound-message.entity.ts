import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message a user sent to one of the tenant's phone numbers (including quick-reply taps). */
@Entity({ name: 'inbound_messages' })
@Index(['tenantId', 'receivedAt'])
/** A customer's messages to a number in the order they came: a conversation's thread. */
@Index('IDX_inbound_messages_thread', ['phoneNumberId', 'from', 'receivedAt', 'id'])
/** Reactions by the message they react to (`payload.reaction.message_id`): a thread attaches them to it. */
@Index('IDX_inbound_messages_reactions', { synchronize: false })
/** Once per id and Meta's time of it (the partition key must be in every unique key; Meta's retries repeat both). */
@Index('UQ_inbound_messages_message', ['messageId', 'sentAt'], { unique: true })
export class InboundMessage {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_inbound_messages' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  /** The upstream message id (wamid). */
  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  /** The sender's WhatsApp id. */
  @Column({ name: 'from', type: 'text' })
  from: string;

  @Column({ type: 'text' })
  type: string;

  /** The quick-reply button payload, when the message is a button tap. */
  @Column({ name: 'button_payload', type: 'text', nullable: true })
  buttonPayload: string | null;

  /** The message object as Meta sent it. */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ name: 'sent_at', type: 'timestamptz', primary: true, primaryKeyConstraintName: 'PK_inbound_messages' })
  sentAt: Date;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
