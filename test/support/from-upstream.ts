import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { hubSignature } from '../../libs/meta/hub-signature';

/**
 * A webhook as upstream (Meta) sends it to the gateway: the raw JSON body signed with the app secret
 * the tests boot with (META_APP_SECRET in test-env.ts) in `X-Hub-Signature-256`.
 */
export function postFromUpstream(baseUrl: string, payload: unknown): request.Test {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return request(baseUrl)
    .post('/webhooks/whatsapp')
    .set('Content-Type', 'application/json')
    .set('X-Hub-Signature-256', hubSignature(process.env.META_APP_SECRET as string, body))
    .send(body);
}

/** One message status of a number, in Meta's envelope (one entry, one change). */
export function statusWebhook(
  number: { wabaId: string; phoneNumberId: string },
  status: { id: string; status?: string; recipient_id?: string } & Record<string, unknown>,
): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550100001', phone_number_id: number.phoneNumberId },
              statuses: [
                {
                  status: 'delivered',
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: '15550001111',
                  ...status,
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** What `inboundTextWebhook` builds: typed as far as a test reads it back. */
export interface InboundWebhook {
  object: string;
  entry: Array<{
    id: string;
    changes: Array<{
      field: string;
      value: Record<string, unknown> & { messages: Array<Record<string, unknown> & { id: string }> };
    }>;
  }>;
}

/** One customer's text message to a number, in Meta's envelope (one entry, one change). */
export function inboundTextWebhook(
  number: { wabaId: string; phoneNumberId: string },
  from: string,
  text: string,
  options: { id?: string; name?: string; at?: Date } = {},
): InboundWebhook {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: number.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550100001', phone_number_id: number.phoneNumberId },
              contacts: [{ wa_id: from, profile: { name: options.name ?? `Customer ${from.slice(-4)}` } }],
              messages: [
                {
                  from,
                  id: options.id ?? `wamid.${randomUUID().replace(/-/g, '')}`,
                  timestamp: String(Math.floor((options.at?.getTime() ?? Date.now()) / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}
