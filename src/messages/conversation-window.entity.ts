import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The last inbound message from a user to a phone number: it opens the 24-hour service window. */
@Entity({ name: 'conversation_windows' })
export class ConversationWindow {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  /** The user's WhatsApp id. */
  @PrimaryColumn({ name: 'wa_id', type: 'text' })
  waId: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'last_inbound_at', type: 'timestamptz' })
  lastInboundAt: Date;
}
