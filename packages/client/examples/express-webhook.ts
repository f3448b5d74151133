// The gateway's deliveries in Express: the body kept raw for the check (parsed and written again, JSON
// would not verify), then each change read typed by its field.
import express from 'express';
import { changesOf, verifyWebhook, WebhookVerificationError } from '@whatsapp-gateway/client';

const secrets = [process.env.WEBHOOK_SECRET!, process.env.WEBHOOK_PREVIOUS_SECRET].filter((s): s is string => !!s);
const app = express();

app.post('/hook', express.raw({ type: '*/*' }), async (req, res) => {
  try {
    const envelope = await verifyWebhook({ body: req.body as Buffer, headers: req.headers, secrets });
    for (const value of changesOf(envelope, 'messages'))
      for (const message of value.messages ?? []) console.log(message.from, message.text?.body);
    for (const value of changesOf(envelope, 'contact_opt_out_update')) console.log(value.wa_id, value.event);
    res.sendStatus(200);
  } catch (error) {
    res.sendStatus(error instanceof WebhookVerificationError ? 401 : 500);
  }
});

app.listen(8080);
