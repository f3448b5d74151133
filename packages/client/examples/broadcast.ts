// A broadcast: one template to many customers at the number's pace, followed until it completes.
import { createGatewayClient } from '@whatsapp-gateway/client';

const gateway = createGatewayClient({ baseUrl: 'https://gateway.example.com', apiKey: process.env.GATEWAY_KEY! });
const phoneNumberId = '106540352242922';

const { data: created } = await gateway.POST('/v1/{phoneNumberId}/broadcasts', {
  params: { path: { phoneNumberId } },
  body: {
    name: 'November order updates',
    template: { name: 'order_update', language: { code: 'en_US' } },
    recipients: [
      { to: '15551234567', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ada' }] }] },
      { to: '15557654321', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Grace' }] }] },
    ],
  },
});
console.log('refused up front:', created?.refused);

for (;;) {
  const { data: broadcast } = await gateway.GET('/v1/{phoneNumberId}/broadcasts/{broadcastId}', {
    params: { path: { phoneNumberId, broadcastId: created!.id } },
  });
  console.log(broadcast?.status, broadcast?.counts);
  if (broadcast?.status === 'completed' || broadcast?.status === 'cancelled') break;
  await new Promise((resolve) => setTimeout(resolve, 2000));
}
