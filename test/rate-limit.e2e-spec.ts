import request from 'supertest';
import { type RedisStore } from '../src/redis/redis-store';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { ProbeLog, ProbeModule } from './support/probe.module';
import { alignToRedisSecond, withinOneRedisSecond } from './support/redis-helpers';
import { createTestApp, resetState, type TestApp } from './support/test-app';

interface Outcome {
  status: number;
  headers: Headers;
  body: any;
}

async function post(
  baseUrl: string,
  path: string,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const count = (outcomes: Outcome[], status: number) => outcomes.filter((o) => o.status === status).length;

describe('rate limits (spec section 8)', () => {
  let t: TestApp;
  let second: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let probe: ProbeLog;
  const sendPath = (x: TestTenant) => `/test/v1/${x.phoneNumberId}/messages`;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
    second = await createTestApp({ imports: [ProbeModule], sandbox: t.sandbox });
    await resetState(t);
    tenant = await createTenant(t);
    other = await createTenant(t);
    probe = t.get(ProbeLog);
    // Warm up both instances (JIT, pooled connections) so a burst fits inside one second.
    const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 100_000 });
    for (const app of [t, second]) {
      await Promise.all(Array.from({ length: 200 }, () => post(app.url, sendPath(tenant), key, { to: '1' })));
    }
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  beforeEach(() => {
    probe.calls.length = 0;
    second.get(ProbeLog).calls.length = 0;
  });

  it('admits exactly 80 of 200 concurrent requests of one key in one second, then admits again', async () => {
    const { key, outcomes } = await withinOneRedisSecond(t, async () => {
      const { key } = await createOrgKey(t, tenant);
      probe.calls.length = 0;
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, () => post(t.url, sendPath(tenant), key, { to: '15550001' })),
      );
      return { key, outcomes };
    });
    expect(count(outcomes, 201)).toBe(80);
    expect(count(outcomes, 429)).toBe(120);
    expect(probe.count('send')).toBe(80);
    const rejected = outcomes.find((o) => o.status === 429)!;
    expect(rejected.body.error).toMatchObject({
      type: 'OAuthException',
      code: 4,
      error_data: { ceiling: 'key', limit_per_second: 80 },
    });
    expect(rejected.body.error.message).toMatch(/API key/);
    expect(Number(rejected.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(rejected.headers.get('x-ratelimit-limit')).toBe('80');
    expect(rejected.headers.get('x-ratelimit-remaining')).toBe('0');

    await alignToRedisSecond(t);
    const next = await post(t.url, sendPath(tenant), key, { to: '15550001' });
    expect(next.status).toBe(201);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('79');
  });

  it('holds exactly 80 across two gateway instances sharing one Redis', async () => {
    const outcomes = await withinOneRedisSecond(t, async () => {
      const { key } = await createOrgKey(t, tenant);
      probe.calls.length = 0;
      second.get(ProbeLog).calls.length = 0;
      return Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          post(i % 2 ? t.url : second.url, sendPath(tenant), key, { to: '15550002' }),
        ),
      );
    });
    expect(count(outcomes, 201)).toBe(80);
    expect(count(outcomes, 429)).toBe(120);
    expect(probe.count('send') + second.get(ProbeLog).count('send')).toBe(80);
    expect(probe.count('send')).toBeGreaterThan(0);
    expect(second.get(ProbeLog).count('send')).toBeGreaterThan(0);
  });

  it('caps each organization of an admin key at half its limit, and the key at its limit; the 429 names the ceiling', async () => {
    const { first, secondOrg } = await withinOneRedisSecond(t, async () => {
      const { key } = await createAdminKey(t, [tenant, other]);
      probe.calls.length = 0;
      const first = await Promise.all(
        Array.from({ length: 50 }, () => post(t.url, sendPath(tenant), key, { to: '15550003' })),
      );
      // The key has counted 50 of its 80 this second: the other organization gets the remaining 30.
      const secondOrg = await Promise.all(
        Array.from({ length: 50 }, () => post(t.url, sendPath(other), key, { to: '15550003' })),
      );
      return { first, secondOrg };
    });
    expect(count(first, 201)).toBe(40);
    const orgRejection = first.find((o) => o.status === 429)!;
    expect(orgRejection.body.error).toMatchObject({
      code: 4,
      error_data: { ceiling: 'organization', limit_per_second: 40 },
    });
    expect(orgRejection.body.error.message).toMatch(/organization/);
    expect(count(secondOrg, 201)).toBe(30);
    const keyRejection = secondOrg.find((o) => o.status === 429)!;
    expect(keyRejection.body.error).toMatchObject({ code: 4, error_data: { ceiling: 'key', limit_per_second: 80 } });
    expect(probe.calls.filter((c) => c.tenantId === tenant.id)).toHaveLength(40);
    expect(probe.calls.filter((c) => c.tenantId === other.id)).toHaveLength(30);
  });

  it('does not cap the organization of an organization key at half', async () => {
    const outcomes = await withinOneRedisSecond(t, async () => {
      const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 60 });
      return Promise.all(Array.from({ length: 70 }, () => post(t.url, sendPath(tenant), key, { to: '15550004' })));
    });
    expect(count(outcomes, 201)).toBe(60);
  });

  it('honours a per-key limit and counts requests later refused for tenancy, scope or validation', async () => {
    const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 5 });
    await alignToRedisSecond(t);
    expect((await post(t.url, sendPath(other), key, { to: '1' })).status).toBe(401); // foreign phone number
    expect((await post(t.url, `/test/v1/${tenant.wabaId}/message_templates`, key, { to: '1' })).status).toBe(201);
    expect((await post(t.url, sendPath(tenant), key, {})).status).toBe(400); // validation
    expect((await post(t.url, '/test/v1/org-resource', key, { to: '1' }, { 'X-Svc-Tenant-Id': other.id })).status).toBe(
      403,
    );
    expect((await post(t.url, sendPath(tenant), key, { to: '1' })).status).toBe(201);
    const sixth = await post(t.url, sendPath(tenant), key, { to: '1' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe(4);
    expect(probe.count()).toBe(2);
  });

  it('rejects before any business logic: no handler run, no idempotency lock taken', async () => {
    const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 1 });
    await alignToRedisSecond(t);
    expect((await post(t.url, sendPath(tenant), key, { to: '1' })).status).toBe(201);
    const limited = await post(t.url, sendPath(tenant), key, { to: '1' }, { 'Idempotency-Key': 'limited-1' });
    expect(limited.status).toBe(429);
    expect(probe.count()).toBe(1);
    const store = t.store as RedisStore;
    expect(await store.client.keys('idem:*')).toEqual([]);
    await alignToRedisSecond(t);
    const retried = await post(t.url, sendPath(tenant), key, { to: '1' }, { 'Idempotency-Key': 'limited-1' });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotency-replayed')).toBeNull();
    expect(probe.count()).toBe(2);
  });

  it('sets X-RateLimit headers on successes and on refusals of a valid key', async () => {
    const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 20 });
    await alignToRedisSecond(t);
    const ok = await request(t.url).get('/v1/tenants').set(bearer(key)).expect(200);
    expect(ok.headers['x-ratelimit-limit']).toBe('20');
    expect(ok.headers['x-ratelimit-remaining']).toBe('19');
    expect(ok.headers['x-ratelimit-reset']).toBe('1');
    const foreign = await request(t.url).post(sendPath(other)).set(bearer(key)).send({ to: '1' }).expect(401);
    expect(foreign.headers['x-ratelimit-remaining']).toBe('18');
  });

  it('limits requests without a valid key per client IP', async () => {
    const bad = 'svc_live_' + 'x'.repeat(40);
    const outcomes = await withinOneRedisSecond(t, () =>
      Promise.all(Array.from({ length: 40 }, () => post(t.url, sendPath(tenant), bad, { to: '1' }))),
    );
    expect(count(outcomes, 401)).toBe(30);
    expect(count(outcomes, 429)).toBe(10);
    const limited = outcomes.find((o) => o.status === 429)!;
    expect(limited.body.error).toMatchObject({ code: 4, type: 'OAuthException', error_data: { ceiling: 'ip' } });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(probe.count()).toBe(0);
  });

  it("keeps counters in Redis's clock windows, each with a TTL", async () => {
    const { key, record } = await createOrgKey(t, tenant);
    const store = t.store as RedisStore;
    await alignToRedisSecond(t);
    await post(t.url, sendPath(tenant), key, { to: '1' });
    const [seconds] = await store.client.time();
    const counters = await store.client.keys(`gwtest:rl:{${record.id}}:k:*`);
    expect(counters).toEqual([`gwtest:rl:{${record.id}}:k:${seconds}`]);
    for (const name of await store.client.keys('gwtest:rl:*')) {
      const ttl = await store.client.pttl(name.slice('gwtest:'.length));
      expect(ttl).not.toBe(-1); // -1: a key without expiry; -2: expired since KEYS listed it
      expect(ttl).toBeLessThanOrEqual(2000);
    }
  });
});
