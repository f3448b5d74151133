import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message a user sent to one of the tenant's phone numbers (including quick-reply taps). */
@Entity({ name: 'inbound_messages' })
@Index(['tenantId', 'receivedAt'])
export class InboundMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  /** The upstream message id (wamid). */
  @Index({ unique: true })
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

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
