// What a browser page that sends one message bundles of the client (measured by size/measure.mjs).
import { createGatewayClient } from '../src/index.js';

const gateway = createGatewayClient({ baseUrl: location.origin, apiKey: 'svc_live_key' });
void gateway.POST('/v1/{phoneNumberId}/messages', {
  params: { path: { phoneNumberId: '106540352242922' } },
  body: { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: 'Hello' } },
});
