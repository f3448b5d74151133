// Every message of a customer's thread, newest first, page after page.
import { createGatewayClient, paginate } from '@whatsapp-gateway/client';

const gateway = createGatewayClient({ baseUrl: 'https://gateway.example.com', apiKey: process.env.GATEWAY_KEY! });

for await (const message of paginate((after) =>
  gateway.GET('/v1/{phoneNumberId}/conversations/{waId}/messages', {
    params: { path: { phoneNumberId: '106540352242922', waId: '15551234567' }, query: { limit: 100, after } },
  }),
))
  console.log(message.id, message.direction);
