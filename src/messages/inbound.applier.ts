import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One inbound message of an upstream webhook, as the ingestion hands it over. */
export interface ReceivedMessage {
  tenantId: string;
  phoneNumberId: string;
  /** Meta's message object (`id`, `from`, `type`, and the type's own member). */
  message: { id: string; from: string; type?: string; [member: string]: unknown };
  buttonPayload: string | null;
  sentAt: Date;
}

/**
 * Applies inbound messages (tables `inbound_messages` and `conversation_windows`, owned here) inside
 * the caller's transaction: each message is stored once, and the 24-hour customer service window of
 * (phone number, customer) moves forward to its time, never back.
 */
@Injectable()
export class InboundApplier {
  async apply(manager: EntityManager, received: ReceivedMessage): Promise<void> {
    const { tenantId, phoneNumberId, message, buttonPayload, sentAt } = received;
    await manager.query(
      `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, button_payload, payload, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT (message_id) DO NOTHING`,
      [
        tenantId,
        phoneNumberId,
        message.id,
        message.from,
        message.type ?? 'unknown',
        buttonPayload,
        JSON.stringify(message),
        sentAt,
      ],
    );
    await manager.query(
      `INSERT INTO conversation_windows (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (phone_number_id, wa_id) DO UPDATE
       SET last_inbound_at = GREATEST(conversation_windows.last_inbound_at, EXCLUDED.last_inbound_at), tenant_id = EXCLUDED.tenant_id`,
      [phoneNumberId, message.from, tenantId, sentAt],
    );
  }
}
