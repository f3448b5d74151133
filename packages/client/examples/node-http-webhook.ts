// The gateway's deliveries received with nothing but node:http: the raw body read whole, verified with
// the endpoint's secrets (the new and the previous during a rotation), then each change read typed.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { changesOf, verifyWebhook, WebhookVerificationError, type WebhookEnvelope } from '@whatsapp-gateway/client';

/** A request listener that answers 200 to a verified delivery (after `handle`), 401 to any other. */
export function webhookListener(secrets: string[], handle: (envelope: WebhookEnvelope) => Promise<void> | void) {
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const envelope = await verifyWebhook({ body: Buffer.concat(chunks), headers: req.headers, secrets });
      await handle(envelope);
      res.writeHead(200).end();
    } catch (error) {
      res.writeHead(error instanceof WebhookVerificationError ? 401 : 500).end();
    }
  };
  return (req: IncomingMessage, res: ServerResponse): void => void answer(req, res);
}

if (process.env.WEBHOOK_SECRET)
  createServer(
    webhookListener([process.env.WEBHOOK_SECRET], (envelope) => {
      for (const value of changesOf(envelope, 'messages'))
        for (const status of value.statuses ?? []) console.log(status.id, status.status);
      for (const value of changesOf(envelope, 'broadcast_status_update')) console.log(value.broadcast_id, value.status);
      for (const value of changesOf(envelope, 'conversation_update'))
        if (value.event === 'conversation.assigned') console.log(value.wa_id, 'assigned to', value.assignee_id);
    }),
  ).listen(8080);
