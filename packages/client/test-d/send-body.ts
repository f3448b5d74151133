// Compiled by test/client-package.e2e-spec.ts (tsc -p packages/client): each call marked as expecting
// an error must fail to compile, or tsc reports the marker unused and the spec fails.
import { createGatewayClient } from '../src/index.js';

const gateway = createGatewayClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'svc_live_key' });
const path = { phoneNumberId: '106540352242922' };

// A send as the description has it compiles.
void gateway.POST('/v1/{phoneNumberId}/messages', {
  params: { path },
  body: { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: 'Hello' } },
});

void gateway.POST('/v1/{phoneNumberId}/messages', {
  params: { path },
  // @ts-expect-error `recipient` is no field of a send
  body: { messaging_product: 'whatsapp', recipient: '15551234567', type: 'text', text: { body: 'Hello' } },
});

void gateway.POST('/v1/{phoneNumberId}/messages', {
  params: { path },
  // @ts-expect-error `messaging_product` is required
  body: { to: '15551234567', type: 'text', text: { body: 'Hello' } },
});

void gateway.POST('/v1/{phoneNumberId}/messages', {
  // @ts-expect-error the number is a path parameter the call must give
  params: { path: {} },
  body: { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: 'Hello' } },
});
