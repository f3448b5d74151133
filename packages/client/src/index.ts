export { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './client.js';
export { GraphError, type GraphErrorBody } from './errors.js';
export { paginate, type Page } from './paging.js';
export type { TransportOptions } from './transport.js';
export { verifyWebhook, WebhookVerificationError } from './webhooks.js';
export {
  changesOf,
  isChange,
  type AccountUpdateValue,
  type BroadcastStatusValue,
  type ChangedBy,
  type ContactOptOutValue,
  type ConversationAssignedValue,
  type ConversationStatusChangedValue,
  type InboundMessage,
  type MessagesValue,
  type MessageStatusChange,
  type PhoneNumberNameValue,
  type PhoneNumberQualityValue,
  type TemplateCategoryValue,
  type TemplateQualityValue,
  type TemplateStatusValue,
  type TypedWebhookField,
  type UsageThresholdValue,
  type WebhookChange,
  type WebhookEnvelope,
  type WebhookError,
  type WebhookValues,
} from './events.js';
export type { paths, components, operations } from './schema.js';
