/**
 * What the gateway delivers, typed per webhook field: Meta's changes as the Cloud API sends them (the
 * gateway forwards them unchanged) and the gateway's own events, in the same envelope under fields of
 * their own. The gateway's test suite holds its own events' types equal to the ones here.
 */

/** A change of a delivery: its `field` and its `value`. */
export interface WebhookChange<Field extends string = string, Value = Record<string, unknown>> {
  field: Field;
  value: Value;
}

/** Meta's envelope, for Meta's changes and the gateway's own events alike. */
export interface WebhookEnvelope {
  object: string;
  /** `id`: the business account's id (the organization's for `usage_update`). */
  entry: Array<{ id: string; time?: number; changes: WebhookChange[] }>;
}

/** An error as Meta reports it in a webhook (a failed status, a message it could not take). */
export interface WebhookError {
  code: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
  href?: string;
}

/** The status of a message the business sent (`sent`, `delivered`, `read`, `failed`). */
export interface MessageStatusChange {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | (string & {});
  timestamp: string;
  recipient_id: string;
  biz_opaque_callback_data?: string;
  conversation?: { id: string; expiration_timestamp?: string; origin?: { type: string } };
  pricing?: { billable?: boolean; pricing_model?: string; category?: string; type?: string };
  errors?: WebhookError[];
}

/** A message a customer sent: `type` names the member that carries it (`text`, `image`, `button`, ...). */
export interface InboundMessage {
  id: string;
  from: string;
  timestamp: string;
  type: string;
  context?: { from?: string; id?: string };
  text?: { body: string };
  button?: { payload?: string; text?: string };
  interactive?: Record<string, unknown>;
  errors?: WebhookError[];
  [member: string]: unknown;
}

/** `messages`: statuses of what the business sent, and what customers sent, as Meta sends them. */
export interface MessagesValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  statuses?: MessageStatusChange[];
  messages?: InboundMessage[];
  contacts?: Array<{ wa_id: string; profile?: { name?: string } }>;
  errors?: WebhookError[];
}

/** `message_template_status_update`: a template's review ended, or it was paused or disabled. */
export interface TemplateStatusValue {
  event: 'APPROVED' | 'REJECTED' | 'PENDING' | 'PAUSED' | 'DISABLED' | 'FLAGGED' | 'REINSTATED' | (string & {});
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  reason: string | null;
  other_info?: { title: string; description: string };
}

/** `message_template_quality_update`: a template's quality score moved. */
export interface TemplateQualityValue {
  previous_quality_score: string;
  new_quality_score: string;
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
}

/** `template_category_update`: Meta moved a template to another category. */
export interface TemplateCategoryValue {
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  previous_category: string;
  new_category: string;
  correct_category?: string;
}

/** `phone_number_quality_update`: a number's throughput, messaging limit or quality changed. */
export interface PhoneNumberQualityValue {
  display_phone_number: string;
  event: 'THROUGHPUT_UPGRADE' | 'UPGRADE' | 'DOWNGRADE' | 'FLAGGED' | 'UNFLAGGED' | (string & {});
  old_limit?: string;
  current_limit: string;
  max_daily_conversations_per_business?: string;
}

/** `phone_number_name_update`: the review of a number's display name ended. */
export interface PhoneNumberNameValue {
  display_phone_number: string;
  decision: 'APPROVED' | 'REJECTED' | 'DEFERRED' | (string & {});
  requested_verified_name: string;
  rejection_reason?: string | null;
}

/** `account_update`: the business account changed (the partner added or removed, a ban, a review). */
export interface AccountUpdateValue {
  event: string;
  phone_number?: string;
  waba_info?: { waba_id: string; owner_business_id?: string };
  ban_info?: { waba_ban_state: string; waba_ban_date?: string };
  violation_info?: { violation_type: string };
}

/** Who made a change in the team inbox: a member (their user id) or a machine's key. */
export interface ChangedBy {
  user_id: string | null;
  key_id: string | null;
}

/** `broadcast_status_update` (the gateway's own): a broadcast paused or completed. */
export interface BroadcastStatusValue {
  broadcast_id: string;
  name: string;
  phone_number_id: string;
  status: 'paused' | 'completed';
  /** Why it paused: `requested`, `quality_red`, `spam_rate_limit`. */
  pause_reason?: string;
  counts: {
    queued: number;
    accepted: number;
    sent: number;
    delivered: number;
    read: number;
    failed: number;
    skipped: number;
    deferred: number;
  };
}

/** `contact_opt_out_update` (the gateway's own): a customer opted out or back in by keyword. */
export interface ContactOptOutValue {
  event: 'contact.opted_out' | 'contact.opted_in';
  metadata: { phone_number_id: string };
  wa_id: string;
  /** The customer's message that carried the keyword. */
  message_id: string;
  keyword: string;
  timestamp: string;
}

/** `usage_update` (the gateway's own): 80 % or 100 % of the monthly spending limit reached. */
export interface UsageThresholdValue {
  event: 'usage.threshold';
  organization_id: string;
  /** The calendar month, `YYYY-MM` (UTC). */
  month: string;
  /** 80 or 100. */
  percent: number;
  limit: { kind: 'amount' | 'messages'; value: number; currency?: string };
  spent: number;
  timestamp: string;
}

/** `conversation_update` (the gateway's own): a conversation assigned, taken back or moved to a team. */
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

/** `conversation_update` (the gateway's own): a conversation's status changed. */
export interface ConversationStatusChangedValue {
  event: 'conversation.status_changed';
  metadata: { phone_number_id: string };
  wa_id: string;
  status: 'open' | 'pending' | 'snoozed' | 'resolved';
  previous_status: 'open' | 'pending' | 'snoozed' | 'resolved' | null;
  /** ISO 8601, while snoozed. */
  snoozed_until: string | null;
  assignee_id: string | null;
  reason: 'manual' | 'customer' | 'snooze_ended' | 'automation';
  changed_by: ChangedBy | null;
  timestamp: string;
}

/** The value of each typed field; other fields Meta sends arrive as `Record<string, unknown>`. */
export interface WebhookValues {
  messages: MessagesValue;
  message_template_status_update: TemplateStatusValue;
  message_template_quality_update: TemplateQualityValue;
  template_category_update: TemplateCategoryValue;
  phone_number_quality_update: PhoneNumberQualityValue;
  phone_number_name_update: PhoneNumberNameValue;
  account_update: AccountUpdateValue;
  broadcast_status_update: BroadcastStatusValue;
  contact_opt_out_update: ContactOptOutValue;
  usage_update: UsageThresholdValue;
  conversation_update: ConversationAssignedValue | ConversationStatusChangedValue;
}

export type TypedWebhookField = keyof WebhookValues;

/** Narrows a change to its field's value type: `if (isChange(change, 'messages')) change.value.statuses`. */
export function isChange<F extends TypedWebhookField>(
  change: WebhookChange,
  field: F,
): change is WebhookChange<F, WebhookValues[F]> & WebhookChange {
  return change.field === field;
}

/** The values of every change of one field in a delivery, typed: `changesOf(envelope, 'messages')`. */
export function changesOf<F extends TypedWebhookField>(envelope: WebhookEnvelope, field: F): Array<WebhookValues[F]> {
  const values: Array<WebhookValues[F]> = [];
  for (const entry of envelope.entry ?? [])
    for (const change of entry.changes ?? []) if (isChange(change, field)) values.push(change.value);
  return values;
}
