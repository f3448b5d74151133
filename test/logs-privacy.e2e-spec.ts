import { Writable } from 'node:stream';
import request from 'supertest';
import type * as FactoriesModule from './support/factories';
import type * as FromUpstreamModule from './support/from-upstream';
import type * as TestAppModule from './support/test-app';
import type * as LoggingModule from '../src/logging/logging.module';
import type * as GatewayLoggerModule from '../src/logging/gateway-logger';
import type * as WebhookReceiverModule from './support/webhook-receiver';
import type * as EventuallyModule from './support/eventually';
import type { TestApp } from './support/test-app';

/** Every line the app writes, as written. */
class Lines extends Writable {
  readonly raw: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.raw.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
}

/** What customers and the business wrote: each must reach no log line. */
const SAID = {
  body: 'my card ends 4242 ZEBRA-BODY',
  profile: 'Ximena QUOKKA-NAME',
  caption: 'the receipt OKAPI-CAPTION',
  outbound: 'your code is 991 NARWHAL-OUT',
  reply: 'we answer soon AXOLOTL-REPLY',
  failing: 'this will fail PANGOLIN-FAIL',
  unprocessable: 'half a message TAPIR-BROKEN',
  bytes: 'GECKO-BYTES',
};

/**
 * No message body, caption, profile name or media bytes reach the gateway's log lines (issue 58), at
 * the most verbose level, through a customer's text and image, a reply sent by a rule, the business's
 * sends (one refused: the customer's window is closed), a media upload, a tenant endpoint that fails, and a delivery from Meta
 * that cannot be applied. Log lines name ids and counts; what people wrote stays in the database.
 */
describe('logs keep no message content', () => {
  const lines = new Lines();
  const level = { LOG_LEVEL: process.env.LOG_LEVEL, LOG_FORMAT: process.env.LOG_FORMAT };
  let t: TestApp;

  beforeAll(async () => {
    // The app reads its settings when its modules are first loaded: the most verbose level, JSON lines.
    process.env.LOG_LEVEL = 'verbose';
    process.env.LOG_FORMAT = 'json';
    const { createTestApp, resetState } = require('./support/test-app') as typeof TestAppModule;
    const { LOG_DESTINATION } = require('../src/logging/logging.module') as typeof LoggingModule;
    t = await createTestApp({ overrides: [{ token: LOG_DESTINATION, value: lines }] });
    const { GatewayLogger } = require('../src/logging/gateway-logger') as typeof GatewayLoggerModule;
    t.app.useLogger(t.get(GatewayLogger));
    await resetState(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    for (const [name, value] of Object.entries(level))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it('through inbound, outbound, rules, media, failures and refusals', async () => {
    const factories = require('./support/factories') as typeof FactoriesModule;
    const { inboundTextWebhook, postFromUpstream } = require('./support/from-upstream') as typeof FromUpstreamModule;
    const { WebhookReceiver } = require('./support/webhook-receiver') as typeof WebhookReceiverModule;
    const { eventually } = require('./support/eventually') as typeof EventuallyModule;
    const tenant = await factories.createTenant(t, 'Quiet logs');
    const key = (await factories.createOrgKey(t, tenant, { rateLimitPerSecond: 1_000 })).key;
    const api = (method: 'post' | 'put', path: string, body: object) =>
      request(t.url)[method](path).set(factories.bearer(key)).send(body);
    const receiver = await new WebhookReceiver().start();
    receiver.status = 500;
    try {
      await api('post', '/v1/webhooks', { url: receiver.url, events: ['messages'] }).expect(201);
      await api('post', '/v1/automations/rules', {
        name: 'Card questions',
        trigger: 'message_received',
        conditions: [{ field: 'text', operator: 'contains_any', values: ['card'] }],
        actions: [{ type: 'reply', text: SAID.reply }],
      }).expect(201);
      const customer = '15550590001';
      await postFromUpstream(t.url, inboundTextWebhook(tenant, customer, SAID.body, { name: SAID.profile })).expect(
        200,
      );
      await t.sandbox.simulateInbound({
        phone_number_id: tenant.phoneNumberId,
        from: customer,
        type: 'image',
        caption: SAID.caption,
      } as never);
      await api('post', `/v1/${tenant.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        to: customer,
        type: 'text',
        text: { body: SAID.outbound },
      }).expect(200);
      // A send refused: free text to someone whose window is closed (they never wrote).
      await api('post', `/v1/${tenant.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        to: '15550590002',
        type: 'text',
        text: { body: SAID.failing },
      });
      await request(t.url)
        .post(`/v1/${tenant.phoneNumberId}/media`)
        .set(factories.bearer(key))
        .field('messaging_product', 'whatsapp')
        .field('type', 'text/plain')
        .attach('file', Buffer.from(`bytes of a document ${SAID.bytes}`), {
          filename: 'note.txt',
          contentType: 'text/plain',
        })
        .expect(200);
      // A delivery from Meta that cannot be applied, carrying a customer's words.
      await postFromUpstream(t.url, {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: tenant.wabaId,
            changes: [{ field: 'messages', value: { messages: 'x', text: SAID.unprocessable } }],
          },
        ],
      }).expect(200);
      // The rule's reply went out, and the endpoint's failures were tried (and logged) meanwhile.
      await eventually(async () => {
        const sent = t.sandbox
          .requests()
          .filter((r) => (r.body as { text?: { body?: string } })?.text?.body === SAID.reply);
        return sent.length === 1 && receiver.events().length >= 2 ? true : undefined;
      }, 15_000);
    } finally {
      await receiver.stop();
    }
    const all = lines.raw.join('\n');
    // The run was logged: the check reads real lines (the refused send's, the failed deliveries', the
    // delivery from Meta that could not be applied).
    expect(all).toMatch(/"route":"\/v1\/:phoneNumberId\/messages","status":400/);
    expect(all).toMatch(/tenant webhook delivery .* failed/);
    expect(all).toMatch(/upstream webhook acknowledged but not applied/);
    for (const [what, text] of Object.entries(SAID))
      expect({ what, found: all.includes(text.split(' ').pop()!) }).toEqual({ what, found: false });
  });
});
