import {
  createGatewayClient,
  GraphError,
  paginate,
  verifyWebhook,
  WebhookVerificationError,
} from '../packages/client/src/index';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './support/eventually';
import { createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const TEMPLATE = {
  name: 'client_hello',
  language: 'en_US',
  components: [{ type: 'BODY', text: 'Hello from the client' }],
};
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The client package (packages/client, issue 60) against the real app, PostgreSQL, Redis and the
 * sandbox over HTTP: typed calls, Graph errors, retries that send once, paging, signed requests and the
 * gateway's deliveries verified.
 */
describe('the client package against the gateway', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t);
    await createCatalogTemplate(t, tenant, TEMPLATE);
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
  });
  afterAll(() => t.close());

  const sendsTo = (to: string) =>
    t.sandbox
      .requests()
      .filter(
        (r) =>
          r.method === 'POST' &&
          r.path.endsWith(`/${tenant.phoneNumberId}/messages`) &&
          (r.body as { to?: string } | null)?.to === to,
      ).length;

  const templateSend = (to: string) => ({
    messaging_product: 'whatsapp' as const,
    to,
    type: 'template' as const,
    template: { name: TEMPLATE.name, language: { code: TEMPLATE.language } },
  });

  it('sends a template, reads the catalog and the usage, typed from the description', async () => {
    const gateway = createGatewayClient({ baseUrl: t.url, apiKey: key });
    const sent = await gateway.POST('/v1/{phoneNumberId}/messages', {
      params: { path: { phoneNumberId: tenant.phoneNumberId } },
      body: templateSend('15550601001'),
    });
    expect(sent.response.status).toBe(200);
    expect(sent.data?.messages[0].id).toMatch(/^wamid\./);
    expect(sendsTo('15550601001')).toBe(1);
    const catalog = await gateway.GET('/v1/{wabaId}/message_templates', {
      params: { path: { wabaId: tenant.wabaId } },
    });
    expect((catalog.data as { data: Array<{ name: string }> }).data.map((template) => template.name)).toEqual([
      TEMPLATE.name,
    ]);
    const usage = await gateway.GET('/v1/usage', { params: { query: { from: today(), to: today() } } });
    expect(usage.response.status).toBe(200);
    expect(usage.data).toMatchObject({ from: today(), to: today() });
  });

  it("throws Graph errors typed, with Meta's fields", async () => {
    const gateway = createGatewayClient({ baseUrl: t.url, apiKey: key });
    const refused = await gateway
      .POST('/v1/{phoneNumberId}/messages', {
        params: { path: { phoneNumberId: tenant.phoneNumberId } },
        body: { ...templateSend('15550601002'), to: '' },
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GraphError);
    expect(refused).toMatchObject({ status: 400, code: 100 });
    expect((refused as GraphError).fbtraceId).toEqual(expect.any(String));
    const unknownKey = createGatewayClient({ baseUrl: t.url, apiKey: 'svc_live_' + 'x'.repeat(40), retries: 0 });
    await expect(
      unknownKey.GET('/v1/usage', { params: { query: { from: today(), to: today() } } }),
    ).rejects.toMatchObject({ status: 401, code: 190 });
  });

  it('tries a 429 of the key’s rate limit again, and each message is sent once', async () => {
    const slow = (await createOrgKey(t, tenant, { rateLimitPerSecond: 1 })).key;
    const recipients = ['15550601011', '15550601012', '15550601013'];
    const statuses: number[] = [];
    const seen: number[] = [];
    const watching = createGatewayClient({
      baseUrl: t.url,
      apiKey: slow,
      backoffMs: 200,
      retries: 8,
      fetch: async (request) => {
        const response = await fetch(request);
        seen.push(response.status);
        return response;
      },
    });
    await Promise.all(
      recipients.map(async (to) => {
        const sent = await watching.POST('/v1/{phoneNumberId}/messages', {
          params: { path: { phoneNumberId: tenant.phoneNumberId } },
          body: templateSend(to),
        });
        statuses.push(sent.response.status);
      }),
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(seen).toContain(429);
    for (const to of recipients) expect(sendsTo(to)).toBe(1);
  });

  it('keeps the Idempotency-Key across a retry: an answer lost on the way is sent once', async () => {
    let lost = false;
    const keys: string[] = [];
    const gateway = createGatewayClient({
      baseUrl: t.url,
      apiKey: key,
      backoffMs: 10,
      fetch: async (request) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        const response = await fetch(request);
        if (!lost) {
          lost = true;
          await response.body?.cancel();
          throw new TypeError('fetch failed: the connection was reset');
        }
        return response;
      },
    });
    const sent = await gateway.POST('/v1/{phoneNumberId}/messages', {
      params: { path: { phoneNumberId: tenant.phoneNumberId } },
      body: templateSend('15550601021'),
    });
    expect(sent.response.status).toBe(200);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sendsTo('15550601021')).toBe(1);
  });

  it('pages through a list with an async iterator, every item once', async () => {
    const gateway = createGatewayClient({ baseUrl: t.url, apiKey: key });
    const numbers = Array.from({ length: 23 }, (_, i) => `1555070${String(i).padStart(4, '0')}`);
    await gateway.POST('/v1/blacklist', { body: { phone_numbers: numbers } });
    const listed: string[] = [];
    for await (const entry of paginate((after) =>
      gateway.GET('/v1/blacklist', { params: { query: { limit: 5, ...(after && { after }) } } }),
    ))
      listed.push((entry as { phone_number: string }).phone_number);
    expect(listed.sort()).toEqual(numbers);
  });

  it('signs the requests of a key that requires it; unsigned, the same key is refused', async () => {
    const signing = await createOrgKey(t, tenant, { hmac: true, rateLimitPerSecond: 10_000 });
    const signed = createGatewayClient({ baseUrl: t.url, apiKey: signing.key, signingSecret: signing.hmacSecret });
    const sent = await signed.POST('/v1/{phoneNumberId}/messages', {
      params: { path: { phoneNumberId: tenant.phoneNumberId } },
      body: templateSend('15550601031'),
    });
    expect(sent.response.status).toBe(200);
    const unsigned = createGatewayClient({ baseUrl: t.url, apiKey: signing.key, retries: 0 });
    await expect(
      unsigned.GET('/v1/usage', { params: { query: { from: today(), to: today() } } }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("verifies the gateway's deliveries with the endpoint's secret, and refuses a tampered one", async () => {
    const receiver = await new WebhookReceiver().start();
    const gateway = createGatewayClient({ baseUrl: t.url, apiKey: key });
    const endpoint = await gateway.POST('/v1/webhooks', { body: { url: receiver.url, events: ['messages'] } });
    const secret = (endpoint.data as { secret: string }).secret;
    await gateway.POST('/v1/{phoneNumberId}/messages', {
      params: { path: { phoneNumberId: tenant.phoneNumberId } },
      body: templateSend('15550601041'),
    });
    const delivery = await eventually(async () => receiver.requests.find((r) => r.method === 'POST'), 15_000);
    const envelope = await verifyWebhook({ body: delivery.body, headers: delivery.headers, secrets: secret });
    expect(envelope.entry[0].changes[0].field).toBe('messages');
    // Meta's header alone verifies too.
    const { 'webhook-id': _id, 'webhook-timestamp': _ts, 'webhook-signature': _sig, ...metaOnly } = delivery.headers;
    await expect(verifyWebhook({ body: delivery.body, headers: metaOnly, secrets: secret })).resolves.toEqual(envelope);
    // During a rotation's overlap the handler holds both secrets: either one verifies.
    const other = 'whsec_' + Buffer.from('a previous secret of 32 bytes...').toString('base64');
    for (const secrets of [
      [other, secret],
      [secret, other],
    ])
      await expect(verifyWebhook({ body: delivery.body, headers: delivery.headers, secrets })).resolves.toEqual(
        envelope,
      );
    await expect(
      verifyWebhook({
        body: delivery.body.replace('"messages"', '"messagez"'),
        headers: delivery.headers,
        secrets: secret,
      }),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(
      verifyWebhook({
        body: delivery.body,
        headers: delivery.headers,
        secrets: 'whsec_' + 'A'.repeat(43) + '=',
      }),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await receiver.stop();
  });

  it('gives up an attempt at its timeout, and a call when its signal aborts', async () => {
    // A server that takes requests and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      let attempts = 0;
      const timing = createGatewayClient({
        baseUrl,
        apiKey: key,
        timeoutMs: 200,
        retries: 1,
        backoffMs: 10,
        fetch: (request) => {
          attempts++;
          return fetch(request);
        },
      });
      const started = Date.now();
      await expect(
        timing.GET('/v1/usage', { params: { query: { from: today(), to: today() } } }),
      ).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(attempts).toBe(2);
      expect(Date.now() - started).toBeLessThan(5000);

      const controller = new AbortController();
      const waiting = createGatewayClient({ baseUrl, apiKey: key, timeoutMs: 60_000 }).GET('/v1/usage', {
        params: { query: { from: today(), to: today() } },
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 100);
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
