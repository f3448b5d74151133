// A first send: a template to one customer, and a Graph error read when the gateway refuses it.
import { createGatewayClient, GraphError } from '@whatsapp-gateway/client';

const gateway = createGatewayClient({ baseUrl: 'https://gateway.example.com', apiKey: process.env.GATEWAY_KEY! });

try {
  const { data } = await gateway.POST('/v1/{phoneNumberId}/messages', {
    params: { path: { phoneNumberId: '106540352242922' } },
    body: {
      messaging_product: 'whatsapp',
      to: '15551234567',
      type: 'template',
      template: { name: 'order_update', language: { code: 'en_US' } },
    },
  });
  console.log('sent', data?.messages[0].id);
} catch (error) {
  if (!(error instanceof GraphError)) throw error;
  console.error(error.status, error.code, error.errorData?.details, error.fbtraceId);
}
