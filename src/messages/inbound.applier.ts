import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MessagesRepository, type ReceivedMessage } from './messages.repository';

export type { ReceivedMessage } from './messages.repository';

/**
 * Applies inbound messages (tables `inbound_messages` and `conversation_windows`, owned here) inside
 * the caller's transaction: each message is stored once, and the 24-hour customer service window of
 * (phone number, customer) moves forward to its time, never back.
 */
@Injectable()
export class InboundApplier {
  constructor(private readonly repository: MessagesRepository) {}

  apply(manager: EntityManager, received: ReceivedMessage): Promise<void> {
    return this.repository.applyInbound(manager, received);
  }
}
