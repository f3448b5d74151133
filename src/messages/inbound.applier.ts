import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ConversationStatus } from './conversation.entity';
import type { DeliveryRow } from '../tenant-webhooks/delivery-row';
import { AutoAssignment, type CameBack } from './conversations/auto-assignment';
import { ConversationEventsWriter } from './conversations/conversation-events.writer';
import { ConversationLive } from './conversations/conversation-live';
import {
  type InboundConversation,
  MessagesRepository,
  type ReceivedMessage,
  type ReportedStatus,
} from './messages.repository';

export type { InboundConversation, ReceivedMessage } from './messages.repository';
export type { CameBack } from './conversations/auto-assignment';

/** An inbound message stored now, and its conversation's assignee (for the open consoles). */
export interface Arrived {
  tenantId: string;
  phoneNumberId: string;
  waId: string;
  messageId: string;
  assigneeId: string | null;
}

/**
 * Applies inbound messages (tables `inbound_messages` and `conversations`, owned here) inside the
 * caller's transaction: each message is stored once, and the customer's conversation with the number
 * comes up to it (its 24-hour service window moves forward to its time, never back; unread count,
 * last message, profile name; opened again when it was pending, snoozed or resolved, which the
 * tenant is told in the same transaction). After the commit, what the messages left nobody's goes to
 * the number's auto-assignment, if it has one.
 */
@Injectable()
export class InboundApplier {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly events: ConversationEventsWriter,
    private readonly autoAssignment: AutoAssignment,
    private readonly liveUpdates: ConversationLive,
  ) {}

  /**
   * The conversation the message came to, when it was stored now (undefined: Meta delivered it
   * before): its assignee and whether the message opened it again.
   */
  apply(manager: EntityManager, received: ReceivedMessage): Promise<InboundConversation | undefined> {
    return this.repository.applyInbound(manager, received);
  }

  /**
   * A batch's replies and button presses counted toward the funnels, once, at the end of its transaction
   * (one statement, none when there is nothing to count).
   */
  countReplies(
    manager: EntityManager,
    replies: Array<{ id: string; createdAt: Date; at: Date }>,
    presses: Array<{ id: string; createdAt: Date; payload: string; text: string }>,
  ): Promise<void> {
    return this.repository.countReplies(manager, replies, presses);
  }

  /** The tenant's `conversation.status_changed` of a conversation the customer opened again, in the same transaction. */
  reopened(
    manager: EntityManager,
    conversation: CameBack & { previousStatus: ConversationStatus | null },
  ): Promise<DeliveryRow[]> {
    return this.events.statusChanged(
      manager,
      conversation.tenantId,
      conversation.phoneNumberId,
      { wa_id: conversation.waId, status: 'open', snoozed_until: null, assignee_id: conversation.assigneeId },
      conversation.previousStatus,
      'customer',
      null,
    );
  }

  /**
   * After the commit: conversations left nobody's or opened again, to their numbers' auto-assignment;
   * the messages stored and the statuses reported, to the organizations' open consoles.
   */
  afterCommit(cameBack: CameBack[], arrived: Arrived[], statuses: ReportedStatus[]): void {
    if (cameBack.length > 0) void this.autoAssignment.afterInbound(cameBack);
    this.liveUpdates.arrived(arrived);
    this.liveUpdates.statuses(statuses);
  }
}
