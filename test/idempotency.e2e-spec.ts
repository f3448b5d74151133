import { CLAIM_SCRIPT } from '../src/idempotency/idempotency.scripts';
import { RATE_LIMIT_AND_CLAIM_SCRIPT, RATE_LIMIT_SCRIPT } from '../src/rate-limit/rate-limit.scripts';
import request from 'supertest';
import { type RedisStore } from '../src/redis/redis-store';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { ProbeLog, ProbeModule } from './support/probe.module';
import { createTestApp, resetState, type TestApp } from './support/test-app';

describe('idempotency (spec section 8)', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let probe: ProbeLog;
  let key: string;
  let n = 0;
  const fresh = () => `idem-${Date.now()}-${++n}`;
  const send = (x: TestTenant) => `/test/v1/${x.phoneNumberId}/messages`;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
    await resetState(t);
    tenant = await createTenant(t);
    other = await createTenant(t);
    probe = t.get(ProbeLog);
    key = (await createOrgKey(t, tenant)).key;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    probe.calls.length = 0;
  });

  it('runs 50 concurrent identical requests once; the rest get 409 in flight; a retry replays', async () => {
    const value = fresh();
    const call = () =>
      fetch(t.url + send(tenant), {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': value },
        body: JSON.stringify({ to: '15550100', delay_ms: 800 }),
      });
    const responses = await Promise.all(Array.from({ length: 50 }, call));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(probe.count('send')).toBe(1);
    const conflict = responses.find((r) => r.status === 409)!;
    expect(conflict.headers.get('retry-after')).toBe('1');
    const conflictBody = (await conflict.json()) as { message: string };
    expect(conflictBody).toMatchObject({ error: 'idempotency_in_flight', code: 131000 });
    expect(conflictBody.message).toMatch(/still being processed/);
    const original = await responses.find((r) => r.status === 201)!.json();

    const replay = await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '15550100', delay_ms: 800 });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(original);
    expect(probe.count('send')).toBe(1);
  });

  it('replays the original status, not the route default', async () => {
    const value = fresh();
    const first = await request(t.url)
      .post(`/test/v1/${tenant.phoneNumberId}/accepted`)
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1' });
    expect(first.status).toBe(202);
    const again = await request(t.url)
      .post(`/test/v1/${tenant.phoneNumberId}/accepted`)
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1' });
    expect(again.status).toBe(202);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(probe.count('accepted')).toBe(1);
  });

  it('does not cache failures: a 5xx and a 4xx are executed again on retry', async () => {
    const value = fresh();
    const failed = await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1', fail_with: 'server' });
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe(131000);
    const rejected = await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1', fail_with: 'client' });
    expect(rejected.status).toBe(400);
    expect(rejected.headers['idempotency-replayed']).toBeUndefined();
    const invalid = await request(t.url).post(send(tenant)).set(bearer(key)).set('Idempotency-Key', value).send({});
    expect(invalid.status).toBe(400);
    const ok = await request(t.url).post(send(tenant)).set(bearer(key)).set('Idempotency-Key', value).send({ to: '1' });
    expect(ok.status).toBe(201);
    expect(ok.headers['idempotency-replayed']).toBeUndefined();
    expect(probe.count('send')).toBe(3);
    // The lock was released after each failure: nothing holds it now, and the success is cached.
    const store = t.store as RedisStore;
    expect(await store.client.keys('gwtest:idem:*:l:*')).toEqual([]);
    expect(await store.client.pttl((await store.client.keys('gwtest:idem:*:r:*'))[0].slice(7))).toBeGreaterThan(
      86_000_000,
    );
  });

  it('replays the same value on another endpoint (not scoped per path)', async () => {
    const value = fresh();
    const sent = await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    const other = await request(t.url)
      .post(`/test/v1/${tenant.wabaId}/message_templates`)
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: 'something else' });
    expect(other.status).toBe(201);
    expect(other.headers['idempotency-replayed']).toBe('true');
    expect(other.body).toEqual(sent.body);
    expect(probe.count('createTemplate')).toBe(0);
  });

  it('executes the same value from another API key, and in another organization', async () => {
    const value = fresh();
    const otherKey = (await createOrgKey(t, tenant)).key;
    await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    const second = await request(t.url)
      .post(send(tenant))
      .set(bearer(otherKey))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(probe.count('send')).toBe(2);

    const admin = (await createAdminKey(t, [tenant, other])).key;
    const inFirst = await request(t.url)
      .post(send(tenant))
      .set(bearer(admin))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    const inSecond = await request(t.url)
      .post(send(other))
      .set(bearer(admin))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    expect(inSecond.headers['idempotency-replayed']).toBeUndefined();
    expect(inSecond.body.tenant_id).toBe(other.id);
    expect(inFirst.body.tenant_id).toBe(tenant.id);
    expect(probe.count('send')).toBe(4);
    const replayFirst = await request(t.url)
      .post(send(tenant))
      .set(bearer(admin))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    expect(replayFirst.headers['idempotency-replayed']).toBe('true');
    expect(probe.count('send')).toBe(4);
  });

  it("claims in the rate limiter's round trip: one store call before the handler, and a replay is one call in all", async () => {
    // The store runs the features' scripts; each call names its script.
    const run = jest.spyOn(t.store, 'run');
    const calls = (name: string) => ({
      times: () => run.mock.calls.filter(([script]) => script.name === name).length,
    });
    const combined = calls(RATE_LIMIT_AND_CLAIM_SCRIPT.name);
    const claimAlone = calls(CLAIM_SCRIPT.name);
    const countAlone = calls(RATE_LIMIT_SCRIPT.name);
    const value = fresh();
    await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    const replay = await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1' })
      .expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(combined.times()).toBe(2);
    expect(claimAlone.times()).toBe(0);
    expect(countAlone.times()).toBe(0);
    // Without a key: the count alone.
    await request(t.url).post(send(tenant)).set(bearer(key)).send({ to: '1' }).expect(201);
    expect(countAlone.times()).toBe(1);
    expect(combined.times()).toBe(2);
    run.mockRestore();
    expect(probe.count('send')).toBe(2);
  });

  it('claims with the rate-limit count, and a request refused after the count holds no lock', async () => {
    // KEYS patterns do not get the client's key prefix.
    const locks = async () =>
      (await (t.store as RedisStore).client.keys(`${(t.store as RedisStore).options.keyPrefix}idem:*:l:*`)).length;
    // The key lacks the scope: counted, claimed, then refused by the access guard (403).
    const narrow = await createOrgKey(t, tenant, { scopes: ['messages:read'] });
    const value = fresh();
    for (let i = 0; i < 3; i++) {
      const refused = await request(t.url)
        .post(send(tenant))
        .set(bearer(narrow))
        .set('Idempotency-Key', value)
        .send({ to: '1' });
      expect(refused.status).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // the release is not awaited by the answer
    expect(await locks()).toBe(0);
    // An admin key over its organization's ceiling (half its own): 429 after the key's count claimed.
    const admin = await createAdminKey(t, [tenant], { rateLimitPerSecond: 2 });
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        request(t.url)
          .post(send(tenant))
          .set(bearer(admin))
          .set('Idempotency-Key', `${value}-${i}`)
          .send({ to: '1', delay_ms: 300 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201, 429]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await locks()).toBe(0);
    // Nothing was refused by a lock left behind: each refused value runs when retried.
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 429) continue;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const retried = await request(t.url)
        .post(send(tenant))
        .set(bearer(admin))
        .set('Idempotency-Key', `${value}-${i}`)
        .send({ to: '1' });
      expect(retried.status).toBe(201);
    }
  });

  it('ignores the header on GET', async () => {
    const value = fresh();
    for (let i = 0; i < 2; i++) {
      const res = await request(t.url)
        .get(`/test/v1/${tenant.wabaId}/message_templates`)
        .set(bearer(key))
        .set('Idempotency-Key', value)
        .expect(200);
      expect(res.headers['idempotency-replayed']).toBeUndefined();
    }
    expect(probe.count('listTemplates')).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with spaces', 'a b'],
  ])('rejects a %s value with code 100 and runs nothing', async (_label, value) => {
    const res = await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', value)
      .send({ to: '1' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 100, type: 'GraphMethodException' });
    expect(res.body.error.error_data.details).toMatch(/Idempotency-Key/);
    expect(probe.count()).toBe(0);
  });

  it('accepts a 255-character value', async () => {
    await request(t.url)
      .post(send(tenant))
      .set(bearer(key))
      .set('Idempotency-Key', 'k'.repeat(255))
      .send({ to: '1' })
      .expect(201);
  });
});
