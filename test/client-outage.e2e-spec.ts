import { createGatewayClient } from '../packages/client/src/index';
import { createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { freePort, RedisProcess } from './support/redis-helpers';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * The client package (issue 60) through a Redis freeze: the gateway refuses an idempotent write with
 * 503 and `Retry-After` while it cannot guard the key (never sending it twice); the client tries the
 * same request again, with the same Idempotency-Key, until Redis is back, and the message is sent once.
 * A private Redis, frozen with SIGSTOP, never the shared one.
 */
describe('the client package while Redis is frozen', () => {
  let t: TestApp;
  let redis: RedisProcess;
  let tenant: TestTenant;
  let key: string;
  beforeAll(async () => {
    redis = new RedisProcess(await freePort());
    await redis.start();
    t = await createTestApp({ redisUrl: redis.url });
    await resetState(t);
    tenant = await createTenant(t);
    await createCatalogTemplate(t, tenant, {
      name: 'client_outage',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Still here' }],
    });
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
  });
  afterAll(async () => {
    redis.thaw();
    await t.close();
    await redis.stop();
  });

  it('a 503 is tried again with the same Idempotency-Key until Redis answers, and the message is sent once', async () => {
    const attempts: Array<{ status: number; key: string | null }> = [];
    const gateway = createGatewayClient({
      baseUrl: t.url,
      apiKey: key,
      retries: 20,
      backoffMs: 100,
      fetch: async (request) => {
        const response = await fetch(request);
        attempts.push({ status: response.status, key: request.headers.get('idempotency-key') });
        // Redis comes back once the gateway has refused twice.
        if (attempts.filter((a) => a.status === 503).length === 2) redis.thaw();
        return response;
      },
    });
    const to = '15550808001';
    redis.freeze();
    let sent;
    try {
      sent = await gateway.POST('/v1/{phoneNumberId}/messages', {
        params: { path: { phoneNumberId: tenant.phoneNumberId } },
        body: {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: { name: 'client_outage', language: { code: 'en_US' } },
        },
      });
    } finally {
      redis.thaw();
    }
    expect(sent.response.status).toBe(200);
    expect(sent.data?.messages[0].id).toMatch(/^wamid\./);
    expect(attempts.filter((a) => a.status === 503).length).toBeGreaterThanOrEqual(2);
    expect(attempts.at(-1)?.status).toBe(200);
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1);
    const sends = t.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && (r.body as { to?: string } | null)?.to === to);
    expect(sends).toHaveLength(1);
  }, 60_000);
});
