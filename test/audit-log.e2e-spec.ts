import request from 'supertest';
import { RecordRetention } from '../src/retention/record-retention';
import {
  bearer,
  createAdminKey,
  createOrgKey,
  createPlatformKey,
  createTenant,
  registerAtUpstream,
  type TestTenant,
} from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const MANY = { rateLimitPerSecond: 10_000 };

interface AuditRow {
  id: string;
  tenant_id: string | null;
  key_id: string;
  key_prefix: string;
  key_kind: string;
  ip: string | null;
  request_id: string | null;
  action: string;
  method: string;
  path: string;
  target_id: string | null;
  status_code: number;
  changes: Record<string, any> | null;
}

describe('audit log: every management write, who made it, from where, and what it changed', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyAId: string;
  let keyB: string;
  let platform: string;

  const rows = (where = 'TRUE', params: unknown[] = []) =>
    t.dataSource.query<AuditRow[]>(`SELECT * FROM audit_log WHERE ${where} ORDER BY created_at, id`, params);

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t);
    b = await createTenant(t);
    const issuedA = await createOrgKey(t, a, MANY);
    keyA = issuedA.key;
    keyAId = issuedA.record.id;
    keyB = (await createOrgKey(t, b, MANY)).key;
    platform = (await createPlatformKey(t, MANY)).key;
  });
  afterAll(() => t.close());

  it('enters a write once it succeeds: the key, its prefix, the IP, the route, the target and the fields it names (never the secret)', async () => {
    const created = await request(t.url)
      .post('/v1/webhooks')
      .set(bearer(keyA))
      .set('X-Request-Id', 'audit-req-1')
      .send({ url: 'http://127.0.0.1:9/hook', events: ['messages'], secret: 'my-endpoint-secret-123456' })
      .expect(201);
    const [entry] = await rows('request_id = $1', ['audit-req-1']);
    expect(entry).toMatchObject({
      tenant_id: a.id,
      key_id: keyAId,
      key_prefix: expect.stringMatching(/^svc_/),
      key_kind: 'org',
      ip: expect.stringMatching(/127\.0\.0\.1$/),
      action: 'webhooks.create',
      method: 'POST',
      path: '/v1/webhooks',
      target_id: created.body.id,
      status_code: 201,
      changes: { body: { url: 'http://127.0.0.1:9/hook', events: ['messages'] } },
    });
    // The secret is nowhere in the log.
    const leaked = await rows(`changes::text LIKE '%my-endpoint-secret%'`);
    expect(leaked).toHaveLength(0);
  });

  it('enters nothing for a refused write, and one entry for a write repeated with its Idempotency-Key', async () => {
    const before = (await rows()).length;
    const refused = await request(t.url).post('/v1/blacklist').set(bearer(keyA)).send({ phone_numbers: [] });
    expectGraphError(refused, 400, 100);
    expect(await rows()).toHaveLength(before);
    for (let i = 0; i < 2; i++) {
      const added = await request(t.url)
        .post('/v1/blacklist')
        .set(bearer(keyA))
        .set('Idempotency-Key', 'audit-once')
        .send({ phone_numbers: ['15550001111'], reason: 'asked' })
        .expect(200);
      if (i === 1) expect(added.headers['idempotency-replayed']).toBe('true');
    }
    const entries = await rows(`action = 'blacklist.add' AND tenant_id = $1`, [a.id]);
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toEqual({ body: { phone_numbers: ['15550001111'], reason: 'asked' } });
    await request(t.url).delete('/v1/blacklist/15550001111').set(bearer(keyA)).expect(200);
    const [removed] = await rows(`action = 'blacklist.remove' AND tenant_id = $1`, [a.id]);
    expect(removed).toMatchObject({ method: 'DELETE', target_id: '15550001111', changes: null });
  });

  it("enters a platform key's onboarding under the organization it changed, the upstream token left out", async () => {
    const org = await request(t.url).post('/v1/organizations').set(bearer(platform)).send({ name: 'Audited Ltd' });
    expect(org.status).toBe(201);
    const wabaId = '177000000000001';
    registerAtUpstream(t, { wabaId, accessToken: 'EAAG-audit-token-secret', phoneNumbers: [] });
    await request(t.url)
      .post(`/v1/organizations/${org.body.id}/business_accounts`)
      .set(bearer(platform))
      .send({ waba_id: wabaId, access_token: 'EAAG-audit-token-secret' })
      .expect(201);
    const entries = await rows('tenant_id = $1', [org.body.id]);
    expect(entries.map((e) => [e.action, e.key_kind, e.target_id])).toEqual([
      ['organizations.create', 'platform', org.body.id],
      ['business_accounts.create', 'platform', expect.any(String)],
    ]);
    expect(entries[1].changes).toEqual({ body: { waba_id: wabaId } });
    expect(await rows(`changes::text LIKE '%EAAG-audit-token%'`)).toHaveLength(0);
  });

  it("enters a key's issue under each organization it reaches", async () => {
    const admin = (await createAdminKey(t, [a, b], MANY)).key;
    const issued = await request(t.url)
      .post('/v1/keys')
      .set(bearer(admin))
      .send({ kind: 'admin', name: 'both', tenant_ids: [a.id, b.id], scopes: ['messages:read'] })
      .expect(201);
    const entries = await rows(`action = 'keys.create' AND target_id = $1`, [issued.body.record.id]);
    expect(entries.map((e) => e.tenant_id).sort()).toEqual([a.id, b.id].sort());
    // The key text is in no entry.
    expect(await rows(`changes::text LIKE $1`, [`%${issued.body.key as string}%`])).toHaveLength(0);
  });

  it("names a write Graph's /{id} made once it knew the node: a number's webhook override, its verify token left out", async () => {
    const receiver = await new WebhookReceiver().start();
    await request(t.url)
      .post(`/v1/${a.phoneNumberId}`)
      .set(bearer(keyA))
      .send({ webhook_configuration: { override_callback_uri: receiver.url, verify_token: receiver.verifyToken } })
      .expect(200);
    await receiver.stop();
    const [entry] = await rows(`action = 'phone_numbers.webhook_configuration'`);
    expect(entry).toMatchObject({
      tenant_id: a.id,
      path: `/v1/${a.phoneNumberId}`,
      target_id: a.phoneNumberId,
      changes: { body: { webhook_configuration: { override_callback_uri: receiver.url } } },
    });
    // A read of the same route is not a write.
    const before = (await rows()).length;
    await request(t.url).get(`/v1/${a.phoneNumberId}`).set(bearer(keyA)).expect(200);
    expect(await rows()).toHaveLength(before);
  });

  describe('GET /v1/audit_log', () => {
    it("answers an organization's own entries newest first, paged, never another organization's", async () => {
      await request(t.url)
        .post('/v1/blacklist')
        .set(bearer(keyB))
        .send({ phone_numbers: ['15550002222'] })
        .expect(200);
      const page = await request(t.url).get('/v1/audit_log?limit=2').set(bearer(keyA)).expect(200);
      expect(page.body.data).toHaveLength(2);
      const all: Array<{ id: string; organization_id: string; created_at: string }> = [...page.body.data];
      let next: string | undefined = page.body.paging.next;
      while (next) {
        const more = await request(t.url).get(next).set(bearer(keyA)).expect(200);
        all.push(...more.body.data);
        next = more.body.paging.next;
      }
      const expected = await rows('tenant_id = $1', [a.id]);
      expect(all.map((e) => e.id)).toEqual(expected.map((e) => e.id).reverse());
      expect(new Set(all.map((e) => e.organization_id))).toEqual(new Set([a.id]));
      const times = all.map((e) => e.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(page.body.data[0]).toEqual({
        id: expect.any(String),
        organization_id: a.id,
        action: expect.any(String),
        actor: {
          person: null,
          key_id: expect.any(String),
          key_prefix: expect.any(String),
          key_kind: expect.any(String),
          ip: expect.any(String),
        },
        method: expect.any(String),
        path: expect.any(String),
        target_id: expect.anything(),
        status_code: expect.any(Number),
        changes: expect.anything(),
        request_id: expect.any(String),
        created_at: expect.any(String),
      });
      const ofB = await request(t.url).get('/v1/audit_log').set(bearer(keyB)).expect(200);
      expect(ofB.body.data.map((e: { organization_id: string }) => e.organization_id)).not.toContain(a.id);
      expect(ofB.body.data.map((e: { action: string }) => e.action)).toContain('blacklist.add');
    });

    it('filters by action, key and target', async () => {
      const byAction = await request(t.url).get('/v1/audit_log?action=webhooks.create').set(bearer(keyA)).expect(200);
      expect(byAction.body.data.map((e: { action: string }) => e.action)).toEqual(['webhooks.create']);
      const byKey = await request(t.url).get(`/v1/audit_log?key_id=${keyAId}`).set(bearer(keyA)).expect(200);
      expect(byKey.body.data.length).toBeGreaterThan(1);
      expect(new Set(byKey.body.data.map((e: { actor: { key_id: string } }) => e.actor.key_id))).toEqual(
        new Set([keyAId]),
      );
      const byTarget = await request(t.url).get('/v1/audit_log?target_id=15550001111').set(bearer(keyA)).expect(200);
      expect(byTarget.body.data.map((e: { action: string }) => e.action)).toEqual(['blacklist.remove']);
      const future = await request(t.url)
        .get(`/v1/audit_log?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)
        .set(bearer(keyA))
        .expect(200);
      expect(future.body.data).toEqual([]);
    });

    it("answers an admin key its organizations' entries, or the one it names; a platform key every entry or one organization's", async () => {
      const admin = (await createAdminKey(t, [a, b], MANY)).key;
      const both = await request(t.url).get('/v1/audit_log?limit=100').set(bearer(admin)).expect(200);
      expect(new Set(both.body.data.map((e: { organization_id: string }) => e.organization_id))).toEqual(
        new Set([a.id, b.id]),
      );
      const onlyB = await request(t.url)
        .get('/v1/audit_log?limit=100')
        .set(bearer(admin))
        .set('X-Svc-Tenant-Id', b.id)
        .expect(200);
      expect(new Set(onlyB.body.data.map((e: { organization_id: string }) => e.organization_id))).toEqual(
        new Set([b.id]),
      );
      const everything = await request(t.url).get('/v1/audit_log?limit=100').set(bearer(platform)).expect(200);
      expect(everything.body.data.length).toBe((await rows()).length);
      const ofA = await request(t.url)
        .get(`/v1/audit_log?limit=100&organization_id=${a.id}`)
        .set(bearer(platform))
        .expect(200);
      expect(ofA.body.data.length).toBe((await rows('tenant_id = $1', [a.id])).length);
    });

    it('refuses a key without audit:read (403 code 200), organization_id from a non-platform key and a bad cursor (400 code 100)', async () => {
      const narrow = (await createOrgKey(t, a, { ...MANY, scopes: ['messages:read'] })).key;
      expectGraphError(await request(t.url).get('/v1/audit_log').set(bearer(narrow)), 403, 200);
      expectGraphError(await request(t.url).get(`/v1/audit_log?organization_id=${b.id}`).set(bearer(keyA)), 400, 100);
      expectGraphError(await request(t.url).get('/v1/audit_log?after=nope').set(bearer(keyA)), 400, 100);
      expectGraphError(await request(t.url).get('/v1/audit_log?since=yesterday').set(bearer(keyA)), 400, 100);
    });
  });

  it('ages entries out past AUDIT_LOG_RETENTION_DAYS, and keeps the rest', async () => {
    // An entry older than every weekly partition lands in the default one, and leaves it past retention.
    await t.dataSource.query(
      `INSERT INTO audit_log (tenant_id, key_id, key_prefix, key_kind, action, method, path, status_code, created_at)
       VALUES ($1, $2, 'svc_old', 'org', 'blacklist.add', 'POST', '/v1/blacklist', 200, now() - interval '800 days')`,
      [a.id, keyAId],
    );
    const before = (await rows()).length;
    const [result] = (await t.get(RecordRetention).run()).filter((r) => r.table === 'audit_log');
    expect(result.removedFromDefault).toBe(1);
    expect(await rows()).toHaveLength(before - 1);
    expect(await rows(`key_prefix = 'svc_old'`)).toHaveLength(0);
  });
});
