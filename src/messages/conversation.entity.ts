import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Where a conversation stands in the team's work (issue 56). */
export const CONVERSATION_STATUSES = ['open', 'pending', 'snoozed', 'resolved'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/**
 * One customer's conversation with a phone number: what the Inbox lists. Its last inbound message
 * opens the 24-hour customer service window (`last_inbound_at`); its last message of either
 * direction (the send accepted by Meta, or the customer's message) is its activity, shown and
 * sorted on; its unread count is the customer's messages received after `read_through`. Written by the
 * inbound applier and by the acceptance of sends, in the statements that store those; its team's
 * side (assignee, team, status) by the Inbox's writes and auto-assignment (conversations/).
 */
@Entity({ name: 'conversations' })
/** The Inbox's list: a number's conversations, newest activity first. */
@Index('IDX_conversations_activity', ['tenantId', 'phoneNumberId', 'lastMessageAt', 'waId'])
/** An agent's open conversations: their view, and what auto-assignment's cap counts (only rows someone has). */
@Index('IDX_conversations_assignee', ['tenantId', 'assigneeId'], {
  where: `assignee_id IS NOT NULL AND status IN ('open', 'pending')`,
})
/** Snoozes to wake, by time. */
@Index('IDX_conversations_snoozed', ['snoozedUntil'], { where: `status = 'snoozed'` })
/** The queue of auto-assignment: a number's open conversations nobody has, longest waiting first. */
@Index('IDX_conversations_waiting', ['phoneNumberId', 'statusChangedAt'], {
  where: `assignee_id IS NULL AND status = 'open'`,
})
@Check('CHK_conversations_status', `"status" IN ('open', 'pending', 'snoozed', 'resolved')`)
export class Conversation {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_conversations' })
  phoneNumberId: string;

  /** The customer's WhatsApp id. */
  @PrimaryColumn({ name: 'wa_id', type: 'text', primaryKeyConstraintName: 'PK_conversations' })
  waId: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  /** Meta's time of the customer's last message (null: the customer never wrote). */
  @Column({ name: 'last_inbound_at', type: 'timestamptz', nullable: true })
  lastInboundAt: Date | null;

  /** The customer's WhatsApp profile name, as the last inbound webhook gave it. */
  @Column({ name: 'profile_name', type: 'text', nullable: true })
  profileName: string | null;

  /** The time of the last message either way: the list's order. */
  @Column({ name: 'last_message_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  lastMessageAt: Date;

  @Column({ name: 'last_direction', type: 'text', nullable: true })
  lastDirection: 'inbound' | 'outbound' | null;

  @Column({ name: 'last_type', type: 'text', nullable: true })
  lastType: string | null;

  /** A short preview of the last message (text, caption, template name, …). */
  @Column({ name: 'last_preview', type: 'text', nullable: true })
  lastPreview: string | null;

  /** The last message's wamid. */
  @Column({ name: 'last_message_id', type: 'text', nullable: true })
  lastMessageId: string | null;

  /** The customer's messages not yet read (after `read_through`). */
  @Column({ name: 'unread_count', type: 'integer', default: 0 })
  unreadCount: number;

  /**
   * The customer's messages the gateway received at or before this time are read (the receipt time, to
   * the microsecond: Meta's own times are whole seconds).
   */
  @Column({ name: 'read_through', type: 'timestamptz', nullable: true })
  readThrough: Date | null;

  /** open, pending (waiting on the customer), snoozed (until `snoozed_until`), resolved. */
  @Column({ type: 'text', default: 'open' })
  status: ConversationStatus;

  @Column({ name: 'status_changed_at', type: 'timestamptz', default: () => 'now()' })
  statusChangedAt: Date;

  /** What it was before its last change of status (null: it never changed). */
  @Column({ name: 'previous_status', type: 'text', nullable: true })
  previousStatus: ConversationStatus | null;

  @Column({ name: 'snoozed_until', type: 'timestamptz', nullable: true })
  snoozedUntil: Date | null;

  /** The member (their user id) who has it; kept when it is resolved, so the customer's return goes back to them. */
  @Column({ name: 'assignee_id', type: 'uuid', nullable: true })
  assigneeId: string | null;

  @Column({ name: 'assigned_at', type: 'timestamptz', nullable: true })
  assignedAt: Date | null;

  /** The team it is with (inbox/teams), or null. */
  @Column({ name: 'team_id', type: 'uuid', nullable: true })
  teamId: string | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  /** The member who resolved it (null: a key, or not resolved). */
  @Column({ name: 'resolved_by', type: 'uuid', nullable: true })
  resolvedBy: string | null;

  /** When its current episode began: the first message, or the customer's that opened it again. */
  @Column({ name: 'opened_at', type: 'timestamptz', default: () => 'now()' })
  openedAt: Date;

  /** Since when the customer waits for an answer (their first message since the business's last). */
  @Column({ name: 'awaiting_reply_since', type: 'timestamptz', nullable: true })
  awaitingReplySince: Date | null;

  /** How long the customer waited for the episode's first answer, in seconds (null: not answered yet). */
  @Column({ name: 'first_response_seconds', type: 'integer', nullable: true })
  firstResponseSeconds: number | null;
}
