import type { PhoneNumber, Template } from './sandbox-state';

/** Meta's webhook envelope; every event the sandbox sends is one of these. */
export interface WebhookEnvelope {
  object: 'whatsapp_business_account';
  entry: Array<{
    id: string;
    time?: number;
    changes: Array<{ value: Record<string, unknown>; field: string }>;
  }>;
}

export type MessageStatus = 'sent' | 'delivered' | 'read';
export type PricingCategory = 'service' | 'utility' | 'marketing' | 'authentication';

export interface StatusEvent {
  messageId: string;
  status: MessageStatus;
  atSeconds: number;
  recipientWaId: string;
  conversationId: string;
  /** Reported on `sent` only, like Meta. */
  conversationExpiresAtSeconds?: number;
  category: PricingCategory;
  billable: boolean;
  bizOpaqueCallbackData?: string;
}

function envelope(entryId: string, field: string, value: Record<string, unknown>, time?: number): WebhookEnvelope {
  const entry =
    time === undefined
      ? { id: entryId, changes: [{ value, field }] }
      : { id: entryId, time, changes: [{ value, field }] };
  return { object: 'whatsapp_business_account', entry: [entry] };
}

function metadata(phone: PhoneNumber): Record<string, string> {
  return { display_phone_number: phone.displayPhoneNumber, phone_number_id: phone.id };
}

/** A send Meta accepted and then could not deliver: its `failed` status's one error, as Meta words it. */
export interface FailedStatusEvent {
  messageId: string;
  atSeconds: number;
  recipientWaId: string;
  error: { code: number; title: string; details: string };
  bizOpaqueCallbackData?: string;
}

/** A `messages` webhook carrying a `failed` status: no conversation and no pricing (nothing was delivered). */
export function failedStatusWebhook(phone: PhoneNumber, event: FailedStatusEvent): WebhookEnvelope {
  const status: Record<string, unknown> = {
    id: event.messageId,
    status: 'failed',
    timestamp: String(event.atSeconds),
    recipient_id: event.recipientWaId,
  };
  if (event.bizOpaqueCallbackData !== undefined) status.biz_opaque_callback_data = event.bizOpaqueCallbackData;
  status.errors = [
    {
      code: event.error.code,
      title: event.error.title,
      message: event.error.title,
      error_data: { details: event.error.details },
      href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
    },
  ];
  return envelope(phone.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(phone),
    statuses: [status],
  });
}

/** A `messages` webhook carrying one status (sent, delivered, read) of a message the business sent. */
export function statusWebhook(phone: PhoneNumber, event: StatusEvent): WebhookEnvelope {
  const status: Record<string, unknown> = {
    id: event.messageId,
    status: event.status,
    timestamp: String(event.atSeconds),
    recipient_id: event.recipientWaId,
  };
  if (event.bizOpaqueCallbackData !== undefined) status.biz_opaque_callback_data = event.bizOpaqueCallbackData;
  status.conversation = {
    id: event.conversationId,
    ...(event.conversationExpiresAtSeconds !== undefined && {
      expiration_timestamp: String(event.conversationExpiresAtSeconds),
    }),
    origin: { type: event.category },
  };
  status.pricing = {
    billable: event.billable,
    pricing_model: 'PMP',
    category: event.category,
    type: event.billable ? 'regular' : 'free_customer_service',
  };
  return envelope(phone.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(phone),
    statuses: [status],
  });
}

export interface InboundMessage {
  id: string;
  from: string;
  name: string;
  atSeconds: number;
  type: string;
  /** The type's object (`{ text: { body } }`, `{ image: { id, mime_type, sha256 } }`, ...). */
  body: Record<string, unknown>;
  contextMessageId?: string;
}

/** A `messages` webhook carrying one message a user sent to the business number. */
export function inboundWebhook(phone: PhoneNumber, message: InboundMessage): WebhookEnvelope {
  const body: Record<string, unknown> = {};
  if (message.contextMessageId !== undefined) {
    body.context = { from: phone.displayPhoneNumber, id: message.contextMessageId };
  }
  Object.assign(
    body,
    { from: message.from, id: message.id, timestamp: String(message.atSeconds), type: message.type },
    message.body,
  );
  return envelope(phone.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(phone),
    contacts: [{ profile: { name: message.name }, wa_id: message.from }],
    messages: [body],
  });
}

/** A `message_template_status_update` webhook for a finished review. */
export function templateStatusWebhook(template: Template, atSeconds: number): WebhookEnvelope {
  const value: Record<string, unknown> = {
    event: template.status,
    // Meta sends the template id as a JSON number.
    message_template_id: Number(template.id),
    message_template_name: template.name,
    message_template_language: template.language,
    reason: template.status === 'REJECTED' ? template.rejectedReason : 'NONE',
  };
  const titles: Record<string, string> = {
    REJECTED: 'Template rejected',
    PAUSED: 'FIRST_PAUSE',
    DISABLED: 'Template disabled',
  };
  if (titles[template.status] && template.rejectionDescription) {
    value.other_info = { title: titles[template.status], description: template.rejectionDescription };
  }
  return envelope(template.wabaId, 'message_template_status_update', value, atSeconds);
}

/**
 * A `phone_number_quality_update` webhook: the number's throughput level, messaging limit or quality
 * changed (`THROUGHPUT_UPGRADE`, `UPGRADE`, `DOWNGRADE`, `FLAGGED`, `UNFLAGGED`). Meta names the number
 * by its display number only; `old_limit` comes with messaging limit changes.
 */
export function qualityUpdateWebhook(
  phone: PhoneNumber,
  change: { event: string; currentLimit: string; oldLimit?: string; maxDailyConversations: string },
  atSeconds: number,
): WebhookEnvelope {
  const value: Record<string, unknown> = { display_phone_number: phone.displayPhoneNumber, event: change.event };
  if (change.oldLimit !== undefined) value.old_limit = change.oldLimit;
  value.current_limit = change.currentLimit;
  value.max_daily_conversations_per_business = change.maxDailyConversations;
  return envelope(phone.wabaId, 'phone_number_quality_update', value, atSeconds);
}

/**
 * An `account_update` webhook about the partner's access (`PARTNER_ADDED`, `PARTNER_REMOVED`): the
 * business account and its owner in `waba_info`, as Meta sends it to the partner's app.
 */
export function accountUpdateWebhook(wabaId: string, event: string, ownerBusinessId?: string): WebhookEnvelope {
  const wabaInfo: Record<string, unknown> = { waba_id: wabaId };
  if (ownerBusinessId !== undefined) wabaInfo.owner_business_id = ownerBusinessId;
  return envelope(wabaId, 'account_update', { event, waba_info: wabaInfo }, Math.floor(Date.now() / 1000));
}
