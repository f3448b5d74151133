import { Injectable } from '@nestjs/common';
import { InboxLive } from '../../inbox/live/inbox-live.service';
import type { ReportedStatus } from '../messages.repository';
import { ConversationsRepository } from './conversations.repository';

/** A conversation as a change left it, for the console's pushed update. */
export interface ChangedConversation {
  wa_id: string;
  status: string;
  assignee_id: string | null;
  team_id: string | null;
}

/**
 * What messages/ tells the open consoles (inbox/'s live feed): messages in and out, statuses, the
 * team's changes to conversations and notes, each after its commit. Free for an organization without
 * an open console (InboxLive.publish does nothing); a status's event is built only when one is open.
 */
@Injectable()
export class ConversationLive {
  constructor(
    private readonly live: InboxLive,
    repository: ConversationsRepository,
  ) {
    live.lookUpAssigneesWith(async (tenantId, phoneNumberId, waId) => {
      const row = await repository.one(tenantId, phoneNumberId, waId);
      return row ? row.assignee_id : undefined;
    });
  }

  /** Whether the organization has an open console anywhere (else every call here does nothing). */
  watched(tenantId: string): boolean {
    return this.live.watched(tenantId);
  }

  arrived(
    messages: Array<{
      tenantId: string;
      phoneNumberId: string;
      waId: string;
      messageId: string;
      assigneeId: string | null;
    }>,
  ): void {
    for (const m of messages)
      this.live.publish(m.tenantId, {
        type: 'message',
        phone_number_id: m.phoneNumberId,
        wa_id: m.waId,
        direction: 'inbound',
        message_id: m.messageId,
        assignee_id: m.assigneeId,
      });
  }

  sent(tenantId: string, phoneNumberId: string, waId: string, messageId: string): void {
    this.live.publish(tenantId, {
      type: 'message',
      phone_number_id: phoneNumberId,
      wa_id: waId,
      direction: 'outbound',
      message_id: messageId,
    });
  }

  statuses(reported: ReportedStatus[]): void {
    for (const s of reported)
      if (this.live.watched(s.tenantId))
        this.live.publish(s.tenantId, {
          type: 'status',
          phone_number_id: s.phoneNumberId,
          wa_id: s.recipient,
          message_id: s.id,
          status: s.status,
        });
  }

  changed(
    tenantId: string,
    phoneNumberId: string,
    rows: ChangedConversation[],
    previousAssignee: (row: ChangedConversation) => string | null,
  ): void {
    for (const row of rows)
      this.live.publish(tenantId, {
        type: 'conversation',
        phone_number_id: phoneNumberId,
        wa_id: row.wa_id,
        status: row.status,
        assignee_id: row.assignee_id,
        previous_assignee_id: previousAssignee(row),
        team_id: row.team_id,
      });
  }

  noted(tenantId: string, phoneNumberId: string, waId: string, noteId: string, mentions: string[]): void {
    this.live.publish(tenantId, {
      type: 'note',
      phone_number_id: phoneNumberId,
      wa_id: waId,
      note_id: noteId,
      mentions,
    });
  }
}
