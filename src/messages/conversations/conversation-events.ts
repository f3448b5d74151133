import { ownEventBody } from '../../tenant-webhooks/own-events';
import type { ConversationStatus } from '../conversation.entity';

/** The gateway's own webhook field for the team's work on conversations (endpoints select it like Meta's). */
export const CONVERSATION_FIELD = 'conversation_update';

/** Who made a change: a member (their user id), a machine's key, or the gateway itself (`by: null`). */
export interface ChangedBy {
  user_id: string | null;
  key_id: string | null;
}

/** The value of a `conversation_update` change for an assignment (the client package's type is held equal). */
export interface ConversationAssignedValue {
  event: 'conversation.assigned';
  metadata: { phone_number_id: string };
  wa_id: string;
  assignee_id: string | null;
  previous_assignee_id: string | null;
  team_id: string | null;
  reason: 'manual' | 'auto_assignment' | 'reply' | 'unavailable' | 'automation';
  changed_by: ChangedBy | null;
  timestamp: string;
}

/** The value of a `conversation_update` change for a status change (the client package's type is held equal). */
export interface ConversationStatusChangedValue {
  event: 'conversation.status_changed';
  metadata: { phone_number_id: string };
  wa_id: string;
  status: ConversationStatus;
  previous_status: ConversationStatus | null;
  /** ISO 8601, while snoozed. */
  snoozed_until: string | null;
  assignee_id: string | null;
  reason: 'manual' | 'customer' | 'snooze_ended' | 'automation';
  changed_by: ChangedBy | null;
  timestamp: string;
}

interface About {
  wabaId: string;
  phoneNumberId: string;
  waId: string;
}

/**
 * A conversation given to a member, taken back or moved to a team (`conversation.assigned`), as a
 * tenant webhook in Meta's envelope under its own field. `reason`: `manual` (the API or console),
 * `auto_assignment`, `reply` (a member's reply took it), `unavailable` (its agent was not available
 * when the customer came back), `automation` (a rule's action).
 */
export function assignedEvent(
  about: About,
  change: {
    assigneeId: string | null;
    previousAssigneeId: string | null;
    teamId: string | null;
    reason: ConversationAssignedValue['reason'];
    by: ChangedBy | null;
  },
): string {
  const value: ConversationAssignedValue = {
    event: 'conversation.assigned',
    metadata: { phone_number_id: about.phoneNumberId },
    wa_id: about.waId,
    assignee_id: change.assigneeId,
    previous_assignee_id: change.previousAssigneeId,
    team_id: change.teamId,
    reason: change.reason,
    changed_by: change.by,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  return ownEventBody(about.wabaId, CONVERSATION_FIELD, value);
}

/**
 * A conversation's status changed (`conversation.status_changed`). `reason`: `manual`, `customer`
 * (the customer wrote: reopened), `snooze_ended`, `automation` (a rule's action).
 */
export function statusChangedEvent(
  about: About,
  change: {
    status: ConversationStatus;
    previousStatus: ConversationStatus | null;
    snoozedUntil: Date | null;
    assigneeId: string | null;
    reason: ConversationStatusChangedValue['reason'];
    by: ChangedBy | null;
  },
): string {
  const value: ConversationStatusChangedValue = {
    event: 'conversation.status_changed',
    metadata: { phone_number_id: about.phoneNumberId },
    wa_id: about.waId,
    status: change.status,
    previous_status: change.previousStatus,
    snoozed_until: change.snoozedUntil ? change.snoozedUntil.toISOString() : null,
    assignee_id: change.assigneeId,
    reason: change.reason,
    changed_by: change.by,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  return ownEventBody(about.wabaId, CONVERSATION_FIELD, value);
}
