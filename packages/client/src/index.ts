export { createGatewayClient, type GatewayClient, type GatewayClientOptions } from './client.js';
export { GraphError, type GraphErrorBody } from './errors.js';
export { paginate, type Page } from './paging.js';
export type { TransportOptions } from './transport.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type MessagesValue,
  type WebhookChange,
  type WebhookEnvelope,
} from './webhooks.js';
export type { paths, components, operations } from './schema.js';
