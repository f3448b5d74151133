import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '../apps/sandbox/src/sandbox-server';

// The sandbox over real HTTP: Graph-shaped answers, signed webhooks to a local receiver, the
// control API, faults and the request log. No database or gateway involved.

const APP_ID = '1000000000000001';
const APP_SECRET = 'sandbox-e2e-secret';
const WABA = '200000000000001';
const TOKEN = 'token-of-waba-one';
const PHONE = '300000000000001';
const DISPLAY = '15550100001';
const OTHER_WABA = '200000000000002';
const OTHER_TOKEN = 'token-of-waba-two';
const OTHER_PHONE = '300000000000002';
const USER = '16505551234';

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: WebhookBody;
}

interface WebhookBody {
  object: string;
  entry: Array<{ id: string; time?: number; changes: Array<{ field: string; value: Record<string, any> }> }>;
}

/** A tiny HTTP server standing in for the gateway's webhook endpoint. */
class Receiver {
  readonly received: ReceivedWebhook[] = [];
  /** Answer 500 to the next `count` deliveries whose raw body matches `match`. */
  failing?: { match: (raw: string) => boolean; count: number };
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (this.failing && this.failing.count > 0 && this.failing.match(raw.toString('utf8'))) {
          this.failing.count--;
          res.writeHead(500).end('try again');
          return;
        }
        this.received.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) as WebhookBody });
        res.writeHead(200).end('EVENT_RECEIVED');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks/whatsapp`;
  }

  reset(): void {
    this.received.length = 0;
    this.failing = undefined;
  }

  async waitFor(predicate: (webhooks: ReceivedWebhook[]) => boolean, timeoutMs = 5000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > deadline)
        throw new Error(`webhooks not received in time; got ${JSON.stringify(this.received.map((w) => w.body))}`);
      await sleep(10);
    }
    return this.received;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function verifySignature(webhook: ReceivedWebhook): boolean {
  const header = String(webhook.headers['x-hub-signature-256'] ?? '');
  const expected = Buffer.from('sha256=' + createHmac('sha256', APP_SECRET).update(webhook.raw).digest('hex'));
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), expected);
}

function statusesOf(webhooks: ReceivedWebhook[], messageId: string): Array<Record<string, any>> {
  return webhooks
    .flatMap((w) => w.body.entry.flatMap((e) => e.changes))
    .filter((change) => change.field === 'messages')
    .flatMap((change) => (change.value.statuses ?? []) as Array<Record<string, any>>)
    .filter((status) => status.id === messageId);
}

let sandbox: Sandbox;
const receiver = new Receiver();

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

async function call(
  method: string,
  path: string,
  options: {
    token?: string | null;
    json?: unknown;
    body?: RequestInit['body'];
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null && !headers.authorization) headers.authorization = `Bearer ${token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${sandbox.url}${path}`, { method, headers, body, signal: options.signal });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON (media download)
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

const control = (method: string, path: string, json?: unknown) =>
  call(method, `/_sandbox${path}`, { token: null, json });
const send = (json: unknown, phone = PHONE, token?: string) =>
  call('POST', `/v23.0/${phone}/messages`, { json, token });
/**
 * Each text goes to a user of its own unless told (Meta, like the sandbox, refuses more than a burst
 * of 45 to one user: the pair rule, tested on its own below).
 */
let users = 0;
const nextUser = () => `1650600${String(++users).padStart(4, '0')}`;
const text = (extra: Record<string, unknown> = {}) => ({
  messaging_product: 'whatsapp',
  to: nextUser(),
  type: 'text',
  text: { body: 'Hello from the sandbox' },
  ...extra,
});

async function eventuallyTrue(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  await receiver.start();
  sandbox = await startSandbox({
    port: 0,
    appId: APP_ID,
    appSecret: APP_SECRET,
    webhookUrl: () => receiver.url,
    statusDelaysMs: { sent: 20, delivered: 40, read: 60 },
    reviewDelayMs: 50,
    webhookRetry: { attempts: 4, baseDelayMs: 20 },
  });
  sandbox.registerBusinessAccount(WABA, TOKEN, { subscribed: true });
  sandbox.registerPhoneNumber(PHONE, WABA, DISPLAY);
  // The second account goes through the control API.
  expect((await control('PUT', `/business_accounts/${OTHER_WABA}`, { access_token: OTHER_TOKEN })).status).toBe(200);
  expect(
    (
      await control('PUT', `/phone_numbers/${OTHER_PHONE}`, {
        waba_id: OTHER_WABA,
        display_phone_number: '15550100002',
      })
    ).status,
  ).toBe(200);
});

afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

beforeEach(async () => {
  receiver.reset();
  sandbox.clearRequests();
  await control('DELETE', '/faults');
});

describe('sends', () => {
  const media = (type: string, extra: Record<string, unknown> = {}) => ({
    type,
    [type]: { link: 'https://example.com/file', ...extra },
  });
  const cases: Array<[string, Record<string, unknown>]> = [
    ['text', { type: 'text', text: { body: 'hi', preview_url: false } }],
    ['image by link', media('image', { caption: 'a picture' })],
    ['image by id', { type: 'image', image: { id: '1234567890' } }],
    ['document', media('document', { filename: 'invoice.pdf', caption: 'your invoice' })],
    ['video', media('video')],
    ['audio', media('audio')],
    ['sticker', media('sticker')],
    [
      'location',
      { type: 'location', location: { latitude: 37.48, longitude: -122.14, name: 'HQ', address: '1 Hacker Way' } },
    ],
    [
      'contacts',
      {
        type: 'contacts',
        contacts: [{ name: { formatted_name: 'Jane Doe', first_name: 'Jane' }, phones: [{ phone: '+1 555 0100' }] }],
      },
    ],
    [
      'reaction',
      {
        type: 'reaction',
        reaction: { message_id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJCOTY3NDc0NDFDRUI3NTA0Q0UA', emoji: '👍' },
      },
    ],
    ['reaction removal', { type: 'reaction', reaction: { message_id: 'wamid.abc', emoji: '' } }],
    [
      'interactive button',
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Pick one' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'yes', title: 'Yes' } },
              { type: 'reply', reply: { id: 'no', title: 'No' } },
            ],
          },
        },
      },
    ],
    [
      'interactive list',
      {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'Choose a slot' },
          action: { button: 'Slots', sections: [{ title: 'Today', rows: [{ id: 'am', title: 'Morning' }] }] },
        },
      },
    ],
    [
      'interactive cta_url',
      {
        type: 'interactive',
        interactive: {
          type: 'cta_url',
          body: { text: 'See the offer' },
          action: { name: 'cta_url', parameters: { display_text: 'Open', url: 'https://example.com/offer' } },
        },
      },
    ],
    ['template', { type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } }],
  ];

  it.each(cases)('accepts a %s message and answers like Graph', async (_name, message) => {
    const answer = await send({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+16505551234',
      ...message,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+16505551234', wa_id: '16505551234' }],
      messages: [
        message.type === 'template'
          ? { id: expect.any(String), message_status: 'accepted' }
          : { id: expect.any(String) },
      ],
    });
    expect(answer.body.messages[0].id).toMatch(/^wamid\.HBgL[A-Za-z0-9+/]+=*$/);
  });

  it('defaults the type to text, like Meta', async () => {
    const answer = await send({ messaging_product: 'whatsapp', to: USER, text: { body: 'no type given' } });
    expect(answer.status).toBe(200);
    expect(answer.body.contacts).toEqual([{ input: USER, wa_id: USER }]);
  });

  it('marks a message as read (with a typing indicator)', async () => {
    const answer = await send({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: 'wamid.inbound',
      typing_indicator: { type: 'text' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['no messaging_product', { to: USER, type: 'text', text: { body: 'x' } }, 'messaging_product'],
    ['another messaging_product', { ...text(), messaging_product: 'sms' }, 'messaging_product'],
    ['no recipient', { messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } }, 'to'],
    ['a recipient with letters', text({ to: 'not-a-number' }), 'to'],
    ['an unknown type', text({ type: 'carrier_pigeon' }), 'type'],
    ['a text without body', text({ text: {} }), "text['body']"],
    ['a text over 4096 characters', text({ text: { body: 'x'.repeat(4097) } }), "text['body']"],
    ['a type without its object', { messaging_product: 'whatsapp', to: USER, type: 'image' }, 'image'],
    [
      'media with both id and link',
      { messaging_product: 'whatsapp', to: USER, type: 'image', image: { id: '1', link: 'https://x.test/a.png' } },
      "image['id']",
    ],
    [
      'media with neither id nor link',
      { messaging_product: 'whatsapp', to: USER, type: 'video', video: { caption: 'x' } },
      "video['link']",
    ],
    [
      'a location with text coordinates',
      { messaging_product: 'whatsapp', to: USER, type: 'location', location: { latitude: '1', longitude: 2 } },
      "location['latitude']",
    ],
    [
      'a reaction without message_id',
      { messaging_product: 'whatsapp', to: USER, type: 'reaction', reaction: { emoji: '👍' } },
      "reaction['message_id']",
    ],
    [
      'an empty contacts array',
      { messaging_product: 'whatsapp', to: USER, type: 'contacts', contacts: [] },
      'contacts',
    ],
    [
      'an unknown interactive type',
      {
        messaging_product: 'whatsapp',
        to: USER,
        type: 'interactive',
        interactive: { type: 'carousel_of_doom', action: {} },
      },
      "interactive['type']",
    ],
    [
      'an interactive without action',
      {
        messaging_product: 'whatsapp',
        to: USER,
        type: 'interactive',
        interactive: { type: 'button', body: { text: 'x' } },
      },
      "interactive['action']",
    ],
    [
      'a template without language code',
      { messaging_product: 'whatsapp', to: USER, type: 'template', template: { name: 'hello_world', language: {} } },
      "template['language']['code']",
    ],
    ['a context without message_id', text({ context: {} }), "context['message_id']"],
    ['another recipient_type', text({ recipient_type: 'broadcast' }), 'recipient_type'],
    ['a read receipt without message_id', { messaging_product: 'whatsapp', status: 'read' }, 'message_id'],
  ];

  it.each(bad)('rejects %s with code 100 naming the field', async (_name, body, field) => {
    const answer = await send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 100,
      error_data: { messaging_product: 'whatsapp' },
      fbtrace_id: expect.any(String),
    });
    expect(answer.body.error.error_data.details).toContain(field);
  });

  it('answers an unknown phone number id with code 100 subcode 33', async () => {
    const answer = await send(text(), '999999999999999');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 100,
      error_subcode: 33,
      type: 'GraphMethodException',
      fbtrace_id: expect.any(String),
    });
    expect(answer.body.error.message).toContain(
      "Unsupported post request. Object with ID '999999999999999' does not exist",
    );
  });

  it('answers a bad, missing or foreign token with 401 code 190', async () => {
    for (const token of ['not-a-token', null, OTHER_TOKEN]) {
      const answer = await send(text(), PHONE, token as string);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: expect.any(String),
      });
    }
    expect((await send(text(), OTHER_PHONE, OTHER_TOKEN)).status).toBe(200);
  });

  it('answers an edge the node lacks as a nonexisting field', async () => {
    const answer = await call('GET', `/v23.0/${PHONE}/message_templates`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 100,
      message: expect.stringContaining('nonexisting field (message_templates)'),
    });
  });

  it('accepts any version prefix and rejects paths without one', async () => {
    expect((await call('POST', `/v19.0/${PHONE}/messages`, { json: text() })).status).toBe(200);
    const answer = await call('POST', `/${PHONE}/messages`, { json: text() });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(2500);
  });

  it('hands out unique, realistic message ids', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => send(text())));
    const ids = answers.map((answer) => answer.body.messages[0].id as string);
    expect(new Set(ids).size).toBe(60);
    for (const [i, id] of ids.entries()) {
      const record = Buffer.from(id.slice('wamid.'.length), 'base64');
      const user = answers[i].body.contacts[0].wa_id as string;
      expect(record.subarray(3, 3 + user.length).toString('ascii')).toBe(user);
    }
  });
});

describe('status webhooks', () => {
  it('delivers sent, delivered and read in order, signed, in Meta envelope', async () => {
    const answer = await send(text({ to: USER, biz_opaque_callback_data: 'order-42' }));
    const id = answer.body.messages[0].id as string;
    const webhooks = await receiver.waitFor((all) => statusesOf(all, id).length === 3);
    const statuses = statusesOf(webhooks, id);
    expect(statuses.map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    // This message's deliveries (an earlier test's sends on another number may still be arriving).
    const own = webhooks.filter((webhook) => statusesOf([webhook], id).length > 0);
    expect(own).toHaveLength(3);
    for (const webhook of own) {
      expect(verifySignature(webhook)).toBe(true);
      expect(webhook.headers['content-type']).toBe('application/json');
      expect(webhook.body).toMatchObject({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: WABA,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: DISPLAY, phone_number_id: PHONE },
                },
              },
            ],
          },
        ],
      });
    }
    const [sent, delivered, read] = statuses;
    for (const status of statuses) {
      expect(status).toMatchObject({
        id,
        recipient_id: USER,
        biz_opaque_callback_data: 'order-42',
        timestamp: expect.stringMatching(/^\d{10}$/),
        conversation: { id: sent.conversation.id, origin: { type: 'service' } },
        pricing: { billable: false, pricing_model: 'PMP', category: 'service' },
      });
    }
    expect(Number(sent.conversation.expiration_timestamp)).toBeGreaterThan(Number(sent.timestamp));
    expect(delivered.conversation.expiration_timestamp).toBeUndefined();
    expect(read.conversation.expiration_timestamp).toBeUndefined();
  });

  it('prices template sends by the template category', async () => {
    const created = await call('POST', `/v23.0/${WABA}/message_templates`, {
      json: {
        name: 'pricing_probe',
        language: 'en_US',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Big sale today' }],
      },
    });
    expect(created.status).toBe(200);
    const answer = await send({
      messaging_product: 'whatsapp',
      to: USER,
      type: 'template',
      template: { name: 'pricing_probe', language: { code: 'en_US' } },
    });
    const id = answer.body.messages[0].id as string;
    const [sent] = statusesOf(await receiver.waitFor((all) => statusesOf(all, id).length >= 1), id);
    expect(sent.pricing).toMatchObject({ billable: true, pricing_model: 'PMP', category: 'marketing' });
    expect(sent.conversation.origin.type).toBe('marketing');
  });

  it('retries when the receiver answers 500 and delivers on the third attempt', async () => {
    sandbox.clearWebhookDeliveries();
    const answer = await send(text());
    const id = answer.body.messages[0].id as string;
    // The first status arrives 20 ms after the send: fail its first two attempts.
    receiver.failing = { match: (raw) => raw.includes(id) && raw.includes('"status":"sent"'), count: 2 };
    await receiver.waitFor((all) => statusesOf(all, id).length === 3);
    const deliveries = (await control('GET', '/webhooks')).body.data as Array<Record<string, any>>;
    const first = deliveries.find(
      (delivery) => delivery.payload.entry[0].changes[0].value.statuses?.[0]?.status === 'sent',
    );
    expect(receiver.failing?.count).toBe(0);
    expect(first).toMatchObject({ state: 'delivered', attempts: 3, last_status: 200, url: receiver.url });
    expect(statusesOf(receiver.received, id).map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
  });

  it('retries like Meta, past a long outage of the gateway, for its whole window, then fails the delivery', async () => {
    const down = new Receiver();
    await down.start();
    const meta = await startSandbox({
      port: 0,
      appId: APP_ID,
      appSecret: APP_SECRET,
      webhookUrl: () => down.url,
      statusDelaysMs: { sent: 10, delivered: 10, read: 10 },
      reviewDelayMs: 50,
      // Meta's schedule, compressed: from 20 ms doubling, at most 100 ms apart, for 2 s.
      webhookRetry: { baseDelayMs: 20, maxDelayMs: 100, windowMs: 2_000 },
    });
    try {
      meta.registerBusinessAccount(WABA, TOKEN, { subscribed: true });
      meta.registerPhoneNumber(PHONE, WABA, DISPLAY);
      // The gateway answers 503 for the first 12 attempts: far more than a handful of quick retries.
      down.failing = { match: () => true, count: 12 };
      await meta.simulateInbound({ phone_number_id: PHONE, from: USER, type: 'text', text: 'still there?' });
      await eventuallyTrue(() => meta.webhookDeliveries()[0]?.state === 'delivered', 5_000);
      expect(meta.webhookDeliveries()[0]).toMatchObject({ state: 'delivered', attempts: 13, last_status: 200 });

      // Never taken: retried until the window is spent, then failed.
      down.failing = { match: () => true, count: 1_000 };
      const started = Date.now();
      await meta.simulateInbound({ phone_number_id: PHONE, from: USER, type: 'text', text: 'anyone?' });
      await eventuallyTrue(() => meta.webhookDeliveries()[1]?.state === 'failed', 5_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_800);
      // Far more than the 5 quick attempts the sandbox used to give up after.
      expect(meta.webhookDeliveries()[1].attempts).toBeGreaterThan(5);
    } finally {
      await meta.close();
      await down.close();
    }
  });

  it('escapes non-ASCII and slashes like Meta, so only the raw bytes verify', async () => {
    const result = await control('POST', '/inbound', {
      phone_number_id: PHONE,
      from: USER,
      name: 'Zoë',
      type: 'text',
      text: 'café / 👍',
    });
    const webhooks = await receiver.waitFor((all) =>
      all.some((w) => w.body.entry[0].changes[0].value.messages?.[0]?.id === result.body.message_id),
    );
    const webhook = webhooks.find(
      (w) => w.body.entry[0].changes[0].value.messages?.[0]?.id === result.body.message_id,
    )!;
    const raw = webhook.raw.toString('utf8');
    expect(raw).toContain('caf\\u00e9 \\/ \\ud83d\\udc4d');
    expect(verifySignature(webhook)).toBe(true);
    expect(webhook.body.entry[0].changes[0].value.messages[0].text.body).toBe('café / 👍');
  });
});

describe('templates', () => {
  const create = (body: Record<string, unknown>, waba = WABA, token = TOKEN) =>
    call('POST', `/v23.0/${waba}/message_templates`, { json: body, token });
  const templateWebhook = (all: ReceivedWebhook[], id: string) =>
    all
      .map((w) => w.body.entry[0])
      .filter((entry) => entry.changes[0].field === 'message_template_status_update')
      .find((entry) => String(entry.changes[0].value.message_template_id) === id);

  it('creates PENDING, approves after the review delay and sends the status webhook', async () => {
    const answer = await create({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Your order' },
        { type: 'BODY', text: 'Hi {{1}}, order {{2}} ships today.', example: { body_text: [['Ann', '#42']] } },
        { type: 'FOOTER', text: 'Thanks' },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'URL',
              text: 'Track',
              url: 'https://shop.example.com/track/{{1}}',
              example: ['https://shop.example.com/track/42'],
            },
          ],
        },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'UTILITY' });
    const id = answer.body.id as string;
    const webhooks = await receiver.waitFor((all) => templateWebhook(all, id) !== undefined);
    const entry = templateWebhook(webhooks, id)!;
    expect(entry.id).toBe(WABA);
    expect(entry.time).toEqual(expect.any(Number));
    expect(entry.changes[0].value).toEqual({
      event: 'APPROVED',
      message_template_id: Number(id),
      message_template_name: 'order_update',
      message_template_language: 'en_US',
      reason: 'NONE',
    });
    expect(webhooks.every(verifySignature)).toBe(true);
    const read = await call('GET', `/v23.0/${id}`);
    expect(read.body).toMatchObject({
      id,
      name: 'order_update',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
    });
    expect(read.body.components).toHaveLength(4);
  });

  const broken: Array<[string, Record<string, unknown>, RegExp]> = [
    [
      'a URL variable that is not last',
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Go',
            url: 'https://x.example.com/{{1}}/details',
            example: ['https://x.example.com/1/details'],
          },
        ],
      },
      /end of the URL/,
    ],
    [
      'a URL with two variables',
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Go',
            url: 'https://x.example.com/{{1}}?a={{2}}',
            example: ['https://x.example.com/1?a=2'],
          },
        ],
      },
      /at most one variable/,
    ],
    [
      'a URL variable other than {{1}}',
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'Go', url: 'https://x.example.com/{{2}}', example: ['https://x.example.com/2'] },
        ],
      },
      /only variable allowed/,
    ],
  ];

  it.each(broken)('rejects %s with INVALID_FORMAT and a description', async (_name, buttons, description) => {
    const name = `broken_${Math.random().toString(36).slice(2, 10)}`;
    const answer = await create({
      name,
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Hello' }, buttons],
    });
    expect(answer.body.status).toBe('PENDING');
    const id = answer.body.id as string;
    const entry = templateWebhook(await receiver.waitFor((all) => templateWebhook(all, id) !== undefined), id)!;
    expect(entry.changes[0].value).toMatchObject({
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      other_info: { description },
    });
    const read = await call('GET', `/v23.0/${id}`);
    expect(read.body).toMatchObject({ status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
  });

  it('rejects a body with variables but no example', async () => {
    const answer = await create({
      name: 'no_example',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hi {{1}}' }],
    });
    const id = answer.body.id as string;
    const entry = templateWebhook(await receiver.waitFor((all) => templateWebhook(all, id) !== undefined), id)!;
    expect(entry.changes[0].value).toMatchObject({
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      other_info: { description: expect.stringContaining('example') },
    });
  });

  it('refuses a duplicate name and language with subcode 2388023, and bad shapes with code 100', async () => {
    const body = {
      name: 'dup_probe',
      language: 'pt_BR',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Olá' }],
    };
    expect((await create(body)).status).toBe(200);
    const duplicate = await create(body);
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toMatchObject({ code: 100, error_subcode: 2388023, fbtrace_id: expect.any(String) });
    expect((await create({ ...body, language: 'en_US' })).status).toBe(200);

    const badName = await create({ ...body, name: 'Bad-Name' });
    expect(badName.status).toBe(400);
    expect(badName.body.error.error_data.details).toContain('name');
    const badCategory = await create({ ...body, name: 'bad_category', category: 'PROMO' });
    expect(badCategory.body.error.error_data.details).toContain('category');
    const noComponents = await create({ ...body, name: 'no_components', components: [] });
    expect(noComponents.body.error.error_data.details).toContain('components');
  });

  it('applies a forced review outcome at once and cancels the automatic one', async () => {
    const answer = await create({
      name: 'forced_review',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Fine text' }],
    });
    const id = answer.body.id as string;
    const forced = await control('POST', `/templates/${id}/review`, { status: 'REJECTED', reason: 'ABUSIVE_CONTENT' });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ id, status: 'REJECTED', rejected_reason: 'ABUSIVE_CONTENT' });
    await receiver.waitFor((all) => templateWebhook(all, id) !== undefined);
    await sleep(120); // past the 50 ms automatic review
    const events = receiver.received
      .map((w) => w.body.entry[0].changes[0])
      .filter(
        (change) =>
          change.field === 'message_template_status_update' && String(change.value.message_template_id) === id,
      );
    expect(events.map((change) => change.value.event)).toEqual(['REJECTED']);
    expect(events[0].value.reason).toBe('ABUSIVE_CONTENT');
    expect((await call('GET', `/v23.0/${id}`)).body.status).toBe('REJECTED');

    const approved = await control('POST', `/templates/${id}/review`, { status: 'APPROVED' });
    expect(approved.body.status).toBe('APPROVED');
    expect((await control('POST', '/templates/404404/review', { status: 'APPROVED' })).status).toBe(404);
  });

  it('lists with Meta paging: limit=2 over 5 templates, following after and next', async () => {
    for (let index = 1; index <= 5; index++) {
      const answer = await create(
        {
          name: `paged_${index}`,
          language: 'en_US',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: `Template ${index}` }],
        },
        OTHER_WABA,
        OTHER_TOKEN,
      );
      expect(answer.status).toBe(200);
    }
    const names: string[] = [];
    let after: string | undefined;
    const pages: any[] = [];
    do {
      const page = await call(
        'GET',
        `/v23.0/${OTHER_WABA}/message_templates?limit=2${after ? `&after=${after}` : ''}`,
        { token: OTHER_TOKEN },
      );
      expect(page.status).toBe(200);
      pages.push(page.body);
      names.push(...page.body.data.map((template: { name: string }) => template.name));
      after = page.body.paging.next ? page.body.paging.cursors.after : undefined;
    } while (after);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    expect(names).toEqual(['paged_1', 'paged_2', 'paged_3', 'paged_4', 'paged_5']);
    expect(pages[0].paging).toMatchObject({ cursors: { before: expect.any(String), after: expect.any(String) } });
    expect(pages[2].paging.next).toBeUndefined();
    for (const template of pages[0].data) {
      expect(Object.keys(template).sort()).toEqual([
        'category',
        'components',
        'id',
        'language',
        'name',
        'parameter_format',
        'status',
      ]);
    }

    // `next` is an absolute URL that works as is.
    const next = new URL(pages[0].paging.next as string);
    expect(next.origin).toBe(sandbox.url);
    const second = (await fetch(next, { headers: { authorization: `Bearer ${OTHER_TOKEN}` } }).then((response) =>
      response.json(),
    )) as {
      data: Array<{ name: string }>;
    };
    expect(second.data.map((template) => template.name)).toEqual(['paged_3', 'paged_4']);

    const byName = await call('GET', `/v23.0/${OTHER_WABA}/message_templates?name=paged_4`, { token: OTHER_TOKEN });
    expect(byName.body.data.map((template: { name: string }) => template.name)).toEqual(['paged_4']);
  });

  it('reads with ?fields=, and sends an edited template back to review', async () => {
    const answer = await create({
      name: 'editable',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Version one' }],
    });
    const id = answer.body.id as string;
    await receiver.waitFor((all) => templateWebhook(all, id) !== undefined);
    expect((await call('GET', `/v23.0/${id}?fields=name,status`)).body).toEqual({
      name: 'editable',
      status: 'APPROVED',
      id,
    });
    expect((await call('GET', `/v23.0/${id}?fields=secret_sauce`)).body.error.code).toBe(100);

    receiver.reset();
    const edited = await call('POST', `/v23.0/${id}`, {
      json: { components: [{ type: 'BODY', text: 'Version two' }] },
    });
    expect(edited.body).toEqual({ success: true });
    expect((await call('GET', `/v23.0/${id}`)).body).toMatchObject({
      status: 'PENDING',
      components: [{ type: 'BODY', text: 'Version two' }],
    });
    const entry = templateWebhook(await receiver.waitFor((all) => templateWebhook(all, id) !== undefined), id)!;
    expect(entry.changes[0].value.event).toBe('APPROVED');
    expect((await call('GET', `/v23.0/${id}`, { token: OTHER_TOKEN })).status).toBe(401);
  });

  it('deletes by name', async () => {
    await create({
      name: 'to_delete',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Bye' }],
    });
    const deleted = await call('DELETE', `/v23.0/${WABA}/message_templates?name=to_delete`);
    expect(deleted.body).toEqual({ success: true });
    const list = await call('GET', `/v23.0/${WABA}/message_templates?name=to_delete`);
    expect(list.body.data).toEqual([]);
    expect((await call('DELETE', `/v23.0/${WABA}/message_templates?name=to_delete`)).status).toBe(400);
  });
});

describe('media', () => {
  it('uploads a file and describes it with a working download URL', async () => {
    const bytes = Buffer.from('%PDF-1.4 sandbox test document');
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', 'application/pdf');
    form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'invoice.pdf');
    const uploaded = await call('POST', `/v23.0/${PHONE}/media`, { body: form });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({ id: expect.stringMatching(/^\d+$/) });

    const described = await call('GET', `/v23.0/${uploaded.body.id}`);
    expect(described.body).toEqual({
      messaging_product: 'whatsapp',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/whatsapp_business\/attachments\/\?mid=/),
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file_size: String(bytes.length),
      id: uploaded.body.id,
    });
    const download = await fetch(described.body.url as string, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect(
      (await fetch(described.body.url as string, { headers: { authorization: `Bearer ${OTHER_TOKEN}` } })).status,
    ).toBe(401);

    const unsupported = new FormData();
    unsupported.set('messaging_product', 'whatsapp');
    unsupported.set('file', new Blob([bytes], { type: 'application/x-msdownload' }), 'virus.exe');
    const refused = await call('POST', `/v23.0/${PHONE}/media`, { body: unsupported });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.details).toContain('file');
  });

  it('deletes media, and reads phone numbers and business accounts', async () => {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('file', new Blob([Buffer.from('abc')], { type: 'image/png' }), 'a.png');
    const id = (await call('POST', `/v23.0/${PHONE}/media`, { body: form })).body.id as string;
    expect((await call('GET', `/v23.0/${id}`)).body.mime_type).toBe('image/png');
    expect((await call('DELETE', `/v23.0/${id}`)).body).toEqual({ success: true });
    expect((await call('GET', `/v23.0/${id}`)).body.error).toMatchObject({ code: 100, error_subcode: 33 });

    expect((await call('GET', `/v23.0/${PHONE}`)).body).toMatchObject({
      id: PHONE,
      display_phone_number: DISPLAY,
      quality_rating: 'GREEN',
    });
    expect((await call('GET', `/v23.0/${WABA}`)).body).toMatchObject({ id: WABA });
    const numbers = await call('GET', `/v23.0/${WABA}/phone_numbers`);
    expect(numbers.body.data.map((phone: { id: string }) => phone.id)).toEqual([PHONE]);
  });

  it('takes a resumable upload in two chunks with file_offset and returns a handle', async () => {
    const bytes = Buffer.alloc(1000, 7);
    const opened = await call(
      'POST',
      `/v23.0/${APP_ID}/uploads?file_name=header.png&file_length=1000&file_type=image/png`,
    );
    expect(opened.status).toBe(200);
    expect(opened.body.id).toMatch(/^upload:[A-Za-z0-9_=-]+\?sig=\S+$/);
    const session = opened.body.id as string;
    const chunk = (offset: number, part: Buffer) =>
      call('POST', `/v23.0/${session}`, {
        body: part,
        headers: { authorization: `OAuth ${TOKEN}`, file_offset: String(offset) },
      });

    const first = await chunk(0, bytes.subarray(0, 400));
    expect(first.status).toBe(200);
    expect(first.body.file_offset).toBe(400);
    expect((await call('GET', `/v23.0/${session}`)).body).toEqual({ id: session, file_offset: 400 });
    const wrongOffset = await chunk(100, bytes.subarray(100, 400));
    expect(wrongOffset.status).toBe(400);
    expect(wrongOffset.body.error.error_data.details).toContain('file_offset');

    const second = await chunk(400, bytes.subarray(400));
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      h: expect.stringMatching(/^4::aW1hZ2UvcG5n:AR[\w-]+:e:\d+:1000000000000001:\d+:AR[\w-]+$/),
    });

    expect(
      (await call('POST', `/v23.0/99999/uploads?file_length=10&file_type=image/png`)).body.error.error_subcode,
    ).toBe(33);
    expect(
      (await call('POST', `/v23.0/${APP_ID}/uploads?file_length=10&file_type=image/png`, { token: 'nope' })).status,
    ).toBe(401);
  });
});

describe("Meta's limits: throughput, the pair rule, the messaging limit and their webhooks", () => {
  // A number of its own, so other tests' sends do not count in its windows.
  const LIMITED = '300000000000077';
  const LIMITED_DISPLAY = '15550100077';
  beforeAll(async () => {
    await control('PUT', `/phone_numbers/${LIMITED}`, { waba_id: WABA, display_phone_number: LIMITED_DISPLAY });
  });

  it("answers a number's limits as Graph does, with Meta's defaults: STANDARD, TIER_1K, GREEN", async () => {
    const answer = await call(
      'GET',
      `/v23.0/${LIMITED}?fields=throughput,messaging_limit_tier,quality_rating,is_on_biz_app`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: LIMITED,
      throughput: { level: 'STANDARD' },
      messaging_limit_tier: 'TIER_1K',
      quality_rating: 'GREEN',
      is_on_biz_app: false,
    });
  });

  it('refuses the 81st message of a one-second window with 130429, counting inbound messages too', async () => {
    const second = () => Math.floor(Date.now() / 1000);
    // Start early in a second of the clock, so the whole burst falls in one window.
    while (Date.now() % 1000 > 100) await new Promise((resolve) => setTimeout(resolve, 10));
    const window = second();
    for (let i = 0; i < 5; i++)
      await control('POST', '/inbound', { phone_number_id: LIMITED, from: nextUser(), type: 'text', text: 'hi' });
    const answers = await Promise.all(Array.from({ length: 80 }, () => send(text(), LIMITED)));
    expect(second()).toBe(window);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(75);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.error).toMatchObject({
        code: 130429,
        type: 'OAuthException',
        error_subcode: 2494055,
        error_data: { details: 'Cloud API message throughput has been reached.' },
      });
    }
    // The next second counts anew.
    while (second() === window) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await send(text(), LIMITED)).status).toBe(200);
  });

  it('lets a burst of 45 through to one user and refuses the 46th with 131056', async () => {
    const user = nextUser();
    await control('POST', `/phone_numbers/${LIMITED}/limits`, { throughput_level: 'HIGH' });
    const answers = await Promise.all(Array.from({ length: 46 }, () => send(text({ to: user }), LIMITED)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(45);
    const [refused] = answers.filter((a) => a.status !== 200);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 131056, type: 'OAuthException' });
    expect((await send(text(), LIMITED)).status).toBe(200);
  });

  it('refuses business-initiated templates to more users than the tier allows in 24 hours with 131048', async () => {
    await control('POST', `/phone_numbers/${LIMITED}/limits`, { messaging_limit_tier: 'TIER_50' });
    const template = (to: string) => ({
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    const limits = await control('GET', `/phone_numbers/${LIMITED}`);
    const reached = limits.body.limits.users_reached_24h as number;
    const answers = [];
    for (let i = reached; i < 51; i++) answers.push(await send(template(nextUser()), LIMITED));
    const refused = answers.pop()!;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 131048, type: 'OAuthException' });
    // A user inside the service window is not business-initiated.
    const user = nextUser();
    await control('POST', '/inbound', { phone_number_id: LIMITED, from: user, type: 'text', text: 'hi' });
    expect((await send(template(user), LIMITED)).status).toBe(200);
  });

  it("fires Meta's phone_number_quality_update webhooks when the control API changes the limits", async () => {
    receiver.reset();
    const changed = await control('POST', `/phone_numbers/${LIMITED}/limits`, {
      messaging_limit_tier: 'TIER_10K',
      quality_rating: 'RED',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      messaging_limit_tier: 'TIER_10K',
      quality_rating: 'RED',
      throughput_mps: 1000,
    });
    const quality = (all: ReceivedWebhook[]) =>
      all.flatMap((w) =>
        w.body.entry.flatMap((e) => e.changes.filter((c) => c.field === 'phone_number_quality_update')),
      );
    const webhooks = await receiver.waitFor((all) => quality(all).length === 2);
    expect(quality(webhooks).map((c) => c.value)).toEqual([
      {
        display_phone_number: LIMITED_DISPLAY,
        event: 'UPGRADE',
        old_limit: 'TIER_50',
        current_limit: 'TIER_10K',
        max_daily_conversations_per_business: 'TIER_10K',
      },
      {
        display_phone_number: LIMITED_DISPLAY,
        event: 'FLAGGED',
        current_limit: 'TIER_10K',
        max_daily_conversations_per_business: 'TIER_10K',
      },
    ]);
    expect(webhooks.every(verifySignature)).toBe(true);
    const bad = await control('POST', `/phone_numbers/${LIMITED}/limits`, { throughput_level: 'TURBO' });
    expect(bad.status).toBe(400);
  });
});

describe("an account's webhooks go only to the apps subscribed to it (subscribed_apps)", () => {
  const subscribed = (token = OTHER_TOKEN) => call('GET', `/v23.0/${OTHER_WABA}/subscribed_apps`, { token });
  const inboundTo = async (phone: string) =>
    (await control('POST', '/inbound', { phone_number_id: phone, from: USER, type: 'text', text: 'hello?' })).body
      .message_id as string;

  it('sends nothing for an account the app is not subscribed to, and says why in its log', async () => {
    // Other specs of this file may have subscribed it (every operation of Meta's description is tried).
    await control('DELETE', `/business_accounts/${OTHER_WABA}/subscribed_apps`);
    expect(await subscribed()).toMatchObject({ status: 200, body: { data: [] } });
    sandbox.clearWebhookDeliveries();
    const id = await inboundTo(OTHER_PHONE);
    // Other accounts' statuses may still be on their way: this account's deliveries only.
    const ofAccount = sandbox.webhookDeliveries().filter((d) => d.payload.entry[0].id === OTHER_WABA);
    expect(ofAccount).toEqual([
      expect.objectContaining({ state: 'skipped', skipped_reason: 'app_not_subscribed', attempts: 0 }),
    ]);
    await sleep(200);
    expect(receiver.received.filter((w) => JSON.stringify(w.body).includes(id))).toEqual([]);
  });

  it('POST subscribes the token’s app, GET lists it, the webhooks come; DELETE stops them again', async () => {
    expect(await call('POST', `/v23.0/${OTHER_WABA}/subscribed_apps`, { token: OTHER_TOKEN })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await subscribed()).body).toEqual({
      data: [
        {
          whatsapp_business_api_data: {
            id: APP_ID,
            name: expect.any(String),
            link: `https://www.facebook.com/games/?app_id=${APP_ID}`,
          },
        },
      ],
    });
    expect((await control('GET', `/business_accounts/${OTHER_WABA}`)).body.subscribed_apps).toEqual([APP_ID]);
    const id = await inboundTo(OTHER_PHONE);
    await receiver.waitFor((all) => all.some((w) => JSON.stringify(w.body).includes(id)));

    expect(await call('DELETE', `/v23.0/${OTHER_WABA}/subscribed_apps`, { token: OTHER_TOKEN })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect((await subscribed()).body).toEqual({ data: [] });
    const after = await inboundTo(OTHER_PHONE);
    await sleep(200);
    expect(receiver.received.filter((w) => JSON.stringify(w.body).includes(after))).toEqual([]);
  });

  it('authenticates like Graph: another account’s token is 401 code 190, and the control API drops a subscription', async () => {
    expect(await subscribed(TOKEN)).toMatchObject({ status: 401, body: { error: { code: 190 } } });
    await call('POST', `/v23.0/${OTHER_WABA}/subscribed_apps`, { token: OTHER_TOKEN });
    expect((await control('DELETE', `/business_accounts/${OTHER_WABA}/subscribed_apps`)).body.subscribed_apps).toEqual(
      [],
    );
    expect((await subscribed()).body).toEqual({ data: [] });
  });

  it("acts as the app it is told (test mode's gateway tells its simulator its own): subscriptions and uploads follow", async () => {
    const renamed = '734512987650123';
    await call('POST', `/v23.0/${OTHER_WABA}/subscribed_apps`, { token: OTHER_TOKEN });
    try {
      expect(await control('PUT', '/app', { app_id: 'not digits' })).toMatchObject({ status: 400 });
      expect((await control('PUT', '/app', { app_id: renamed })).body).toEqual({ success: true, app_id: renamed });
      expect((await control('GET', '/health')).body.app_id).toBe(renamed);
      // The account subscribed to the app stays subscribed to it, by its new id.
      expect((await subscribed()).body.data.map((app: any) => app.whatsapp_business_api_data.id)).toEqual([renamed]);
      // Resumable uploads are opened on the app's new id, and no longer on the old one.
      const query = 'file_name=a.png&file_length=4&file_type=image/png';
      expect((await call('POST', `/v23.0/${renamed}/uploads?${query}`, { token: OTHER_TOKEN })).status).toBe(200);
      expect((await call('POST', `/v23.0/${APP_ID}/uploads?${query}`, { token: OTHER_TOKEN })).status).toBe(400);
    } finally {
      await control('PUT', '/app', { app_id: APP_ID });
    }
    expect((await subscribed()).body.data.map((app: any) => app.whatsapp_business_api_data.id)).toEqual([APP_ID]);
  });
});

describe('inbound messages', () => {
  const inboundOf = (all: ReceivedWebhook[], id: string) =>
    all.map((w) => w.body.entry[0]).find((entry) => entry.changes[0].value.messages?.[0]?.id === id);

  it('delivers a user text as Meta inbound webhook', async () => {
    const result = await control('POST', '/inbound', {
      phone_number_id: PHONE,
      from: USER,
      name: 'Sheena Nelson',
      type: 'text',
      text: 'Does it come in blue?',
    });
    expect(result.status).toBe(200);
    expect(result.body.message_id).toMatch(/^wamid\./);
    const webhooks = await receiver.waitFor((all) => inboundOf(all, result.body.message_id) !== undefined);
    const entry = inboundOf(webhooks, result.body.message_id)!;
    expect(entry).toEqual({
      id: WABA,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: DISPLAY, phone_number_id: PHONE },
            contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: USER }],
            messages: [
              {
                from: USER,
                id: result.body.message_id,
                timestamp: expect.stringMatching(/^\d{10}$/),
                type: 'text',
                text: { body: 'Does it come in blue?' },
              },
            ],
          },
        },
      ],
    });
    expect(webhooks.every(verifySignature)).toBe(true);
  });

  it('delivers a quick-reply tap with its payload and context', async () => {
    const result = await control('POST', '/inbound', {
      phone_number_id: PHONE,
      from: USER,
      type: 'button',
      payload: 'UNSUBSCRIBE_PROMOS',
      button_text: 'Stop promotions',
      context_message_id: 'wamid.original',
    });
    const entry = inboundOf(
      await receiver.waitFor((all) => inboundOf(all, result.body.message_id) !== undefined),
      result.body.message_id,
    )!;
    expect(entry.changes[0].value.messages[0]).toMatchObject({
      context: { from: DISPLAY, id: 'wamid.original' },
      from: USER,
      type: 'button',
      button: { payload: 'UNSUBSCRIBE_PROMOS', text: 'Stop promotions' },
    });
  });

  it('validates the control call', async () => {
    expect(
      (await control('POST', '/inbound', { phone_number_id: '123', from: USER, type: 'text', text: 'x' })).status,
    ).toBe(404);
    expect((await control('POST', '/inbound', { phone_number_id: PHONE, from: USER, type: 'button' })).status).toBe(
      400,
    );
  });
});

describe('faults', () => {
  it('http_500 on the next N calls, then normal', async () => {
    expect((await control('POST', '/faults', { kind: 'http_500', count: 2, path: '/messages' })).status).toBe(201);
    const statuses = [];
    for (let index = 0; index < 3; index++) statuses.push((await send(text())).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('graph_error with a given code, subcode and status', async () => {
    await control('POST', '/faults', { kind: 'graph_error', code: 131056, count: 1 });
    const throttled = await send(text());
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatchObject({ code: 131056, fbtrace_id: expect.any(String) });
    await control('POST', '/faults', {
      kind: 'graph_error',
      code: 100,
      subcode: 2494010,
      status: 400,
      message: 'Custom',
      method: 'POST',
    });
    const custom = await send(text());
    expect(custom.status).toBe(400);
    expect(custom.body.error).toMatchObject({ code: 100, error_subcode: 2494010, message: 'Custom' });
    expect((await send(text())).status).toBe(200);
  });

  it('latency delays the answer and then answers normally', async () => {
    await control('POST', '/faults', { kind: 'latency', latency_ms: 250 });
    const started = Date.now();
    const answer = await send(text());
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(answer.status).toBe(200);
  });

  it('reset destroys the connection', async () => {
    await control('POST', '/faults', { kind: 'reset' });
    await expect(send(text())).rejects.toThrow();
    expect((await send(text())).status).toBe(200);
  });

  it('timeout accepts the call and never answers', async () => {
    await control('POST', '/faults', { kind: 'timeout' });
    const started = Date.now();
    await expect(
      call('POST', `/v23.0/${PHONE}/messages`, { json: text(), signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const log = sandbox.requests();
    expect(log[0]).toMatchObject({ method: 'POST', fault: 'timeout' });
    expect(log[0].status).toBeUndefined();
    expect((await send(text())).status).toBe(200);
  });

  it('ratio, path filters, listing and clearing', async () => {
    await control('POST', '/faults', { kind: 'http_500', ratio: 1, path: '/message_templates' });
    expect((await control('GET', '/faults')).body.data).toEqual([
      expect.objectContaining({ kind: 'http_500', ratio: 1, hits: 0 }),
    ]);
    expect((await send(text())).status).toBe(200);
    expect((await call('GET', `/v23.0/${WABA}/message_templates`)).status).toBe(500);
    expect((await call('GET', `/v23.0/${WABA}/message_templates`)).status).toBe(500);
    expect((await control('DELETE', '/faults')).status).toBe(200);
    expect((await call('GET', `/v23.0/${WABA}/message_templates`)).status).toBe(200);
    expect((await control('POST', '/faults', { kind: 'explode' })).status).toBe(400);
  });
});

describe('request log', () => {
  it('records Graph calls only, with authorization redacted, and clears', async () => {
    await control('GET', '/webhooks');
    const sent = text();
    await send(sent);
    await call('GET', `/v23.0/${WABA}/message_templates?limit=1`);
    const log = await control('GET', '/requests');
    expect(log.body.data).toEqual([
      {
        method: 'POST',
        path: `/v23.0/${PHONE}/messages`,
        query: {},
        body: sent,
        headers: expect.objectContaining({ authorization: 'Bearer [redacted]', 'content-type': 'application/json' }),
        at: expect.any(String),
        status: 200,
      },
      expect.objectContaining({
        method: 'GET',
        path: `/v23.0/${WABA}/message_templates`,
        query: { limit: '1' },
        body: null,
        status: 200,
      }),
    ]);
    expect(JSON.stringify(log.body)).not.toContain(TOKEN);
    expect(sandbox.requests()).toHaveLength(2);
    expect((await control('DELETE', '/requests')).status).toBe(200);
    expect((await control('GET', '/requests')).body.data).toEqual([]);
  });
});

describe('lifecycle', () => {
  it('closes promptly with held requests and pending timers', async () => {
    const extra = await startSandbox({
      port: 0,
      appId: APP_ID,
      appSecret: APP_SECRET,
      webhookUrl: () => receiver.url,
      statusDelaysMs: { sent: 60_000, delivered: 60_000, read: 60_000 },
      reviewDelayMs: 60_000,
    });
    extra.registerBusinessAccount(WABA, TOKEN, { subscribed: true });
    extra.registerPhoneNumber(PHONE, WABA, DISPLAY);
    const sent = await fetch(`${extra.url}/v23.0/${PHONE}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(text()),
    });
    expect(sent.status).toBe(200);
    await fetch(`${extra.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'timeout' }),
    });
    const held = fetch(`${extra.url}/v23.0/${PHONE}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(text()),
    }).catch((error: unknown) => error);
    await sleep(50);
    const started = Date.now();
    await extra.close();
    expect(Date.now() - started).toBeLessThan(1000);
    // The held call fails (socket destroyed) instead of hanging.
    expect(await held).toMatchObject({ message: expect.any(String) });
  });
});
