import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MessagesRepository, type ReceivedMessage } from './messages.repository';

export type { ReceivedMessage } from './messages.repository';

/**
 * Applies inbound messages (tables `inbound_messages` and `conversations`, owned here) inside the
 * caller's transaction: each message is stored once, and the customer's conversation with the number
 * comes up to it (its 24-hour service window moves forward to its time, never back; unread count,
 * last message, profile name).
 */
@Injectable()
export class InboundApplier {
  constructor(private readonly repository: MessagesRepository) {}

  /** Whether the message was stored now (false: Meta delivered it before). */
  apply(manager: EntityManager, received: ReceivedMessage): Promise<boolean> {
    return this.repository.applyInbound(manager, received);
  }
}
