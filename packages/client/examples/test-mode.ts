// Test mode: a test key (issued by an admin key) works on the organization's test twin only; a test
// number lives at the simulator, where a customer can be made to write and statuses arrive on demand.
import { createGatewayClient } from '@whatsapp-gateway/client';

const baseUrl = 'https://gateway.example.com';
const admin = createGatewayClient({ baseUrl, apiKey: process.env.GATEWAY_ADMIN_KEY! });

const { data: issued } = await admin.POST('/v1/keys', {
  body: { kind: 'org', mode: 'test', tenant_ids: [process.env.ORGANIZATION_ID!], name: 'CI' },
});
const test = createGatewayClient({ baseUrl, apiKey: issued!.key });

const { data: number } = await test.POST('/v1/test/phone_numbers', { body: { verified_name: 'Acme Test' } });
const phoneNumberId = number!.phone_number_id;

// A customer writes first (the service window opens), then the reply goes out at the simulator.
await test.POST('/v1/test/{phoneNumberId}/inbound', {
  params: { path: { phoneNumberId } },
  body: { from: '15551234567', type: 'text', text: { body: 'Where is my order?' } },
});
const { data: sent } = await test.POST('/v1/{phoneNumberId}/messages', {
  params: { path: { phoneNumberId } },
  body: { messaging_product: 'whatsapp', to: '15551234567', type: 'text', text: { body: 'On its way!' } },
});
console.log('sent at the simulator', sent?.messages[0].id);
