import request from 'supertest';
import { TenancyService } from '../src/tenancy/tenancy.service';
import { TENANT_SCOPES } from '../src/core/scopes';
import {
  bearer,
  createAdminKey,
  createOrgKey,
  createPlatformKey,
  createTenant,
  registerAtUpstream,
  type TestTenant,
} from './support/factories';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { withinOneRedisSecond } from './support/redis-helpers';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const RECIPIENT = '15551234567';
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

/** A body and status with the request id taken out, to compare two answers for sameness. */
const comparable = (res: request.Response) => ({
  status: res.status,
  body: JSON.parse(JSON.stringify(res.body).split(res.headers['x-request-id']).join('<id>')),
});

function expectPermissionDenied(res: request.Response, message: RegExp): void {
  expectGraphError(res, 403, 200);
  expect(res.body.error.message).toMatch(message);
}

describe('management API: onboarding and keys over HTTP', () => {
  let t: TestApp;
  let platform: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    platform = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
  });
  afterAll(() => t.close());

  describe('a platform key onboards an organization, a business account and a number; the keys it issues work', () => {
    let orgId: string;
    const wabaId = '190000000000001';
    const phoneNumberId = '190000000000002';

    it('creates the organization (201) and finds it in the list and by id', async () => {
      const created = await request(t.url)
        .post('/v1/organizations')
        .set(bearer(platform))
        .send({ name: '  Onboarded Ltd ' })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Onboarded Ltd',
        test_of: null,
        created_at: expect.any(String),
      });
      orgId = created.body.id;
      const list = await request(t.url).get('/v1/organizations').set(bearer(platform)).expect(200);
      expect(list.body.data.map((o: { id: string }) => o.id)).toContain(orgId);
      const one = await request(t.url).get(`/v1/organizations/${orgId}`).set(bearer(platform)).expect(200);
      expect(one.body).toEqual(created.body);
      const [row] = await t.dataSource.query('SELECT name FROM organizations WHERE id = $1', [orgId]);
      expect(row.name).toBe('Onboarded Ltd');
    });

    it('refuses a business account Meta does not know, or a token Meta does not take: 400 code 100, nothing stored', async () => {
      const unknown = await request(t.url)
        .post(`/v1/organizations/${orgId}/business_accounts`)
        .set(bearer(platform))
        .send({ waba_id: wabaId, access_token: 'EAAG-upstream-secret-token' });
      expectInvalidParameter(unknown, 400, /Meta answered \(#190\)/);
      expect(unknown.body.error.message).toBe(`(#100) Meta refused subscribed_apps of business account ${wabaId}`);
      expect(await t.dataSource.query('SELECT 1 FROM business_accounts WHERE waba_id = $1', [wabaId])).toEqual([]);
    });

    it('registers the business account once the app is subscribed at Meta; the token is stored encrypted and never shown', async () => {
      // The account exists at Meta (here, the sandbox) with its token and number before it is onboarded.
      registerAtUpstream(t, {
        wabaId,
        accessToken: 'EAAG-upstream-secret-token',
        phoneNumbers: [{ id: phoneNumberId, display: '+1 555 019 0002' }],
      });
      t.sandbox.clearRequests();
      const res = await request(t.url)
        .post(`/v1/organizations/${orgId}/business_accounts`)
        .set(bearer(platform))
        .send({ waba_id: wabaId, access_token: 'EAAG-upstream-secret-token', name: 'Support' })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        tenant_id: orgId,
        waba_id: wabaId,
        name: 'Support',
        app_subscription: { status: 'subscribed', checked_at: expect.any(String), error: null },
        partner_removed_at: null,
        created_at: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toContain('EAAG');
      // Meta's side, done by the gateway: subscribed once with the account's token, then read back.
      expect(t.sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
        `POST /v23.0/${wabaId}/subscribed_apps`,
        `GET /v23.0/${wabaId}/subscribed_apps`,
      ]);
      const [row] = await t.dataSource.query(
        'SELECT access_token_encrypted FROM business_accounts WHERE waba_id = $1',
        [wabaId],
      );
      expect(row.access_token_encrypted).not.toContain('EAAG');
      expect(await t.get(TenancyService).accessToken(res.body.id)).toBe('EAAG-upstream-secret-token');
      const again = await request(t.url)
        .get(`/v1/organizations/${orgId}/business_accounts/${wabaId}`)
        .set(bearer(platform))
        .expect(200);
      expect(again.body).toEqual(res.body);
    });

    it('a new token replaces the old one (write-only), once Meta takes it', async () => {
      const refused = await request(t.url)
        .patch(`/v1/organizations/${orgId}/business_accounts/${wabaId}`)
        .set(bearer(platform))
        .send({ access_token: 'EAAG-rotated-token' });
      expectInvalidParameter(refused, 400, /Meta answered \(#190\)/);
      expect(await t.get(TenancyService).accessToken(refused.body.id ?? (await accountId()))).toBe(
        'EAAG-upstream-secret-token',
      );
      registerAtUpstream(t, { wabaId, accessToken: 'EAAG-rotated-token' });
      const res = await request(t.url)
        .patch(`/v1/organizations/${orgId}/business_accounts/${wabaId}`)
        .set(bearer(platform))
        .send({ access_token: 'EAAG-rotated-token' })
        .expect(200);
      expect(JSON.stringify(res.body)).not.toContain('EAAG');
      expect(await t.get(TenancyService).accessToken(res.body.id)).toBe('EAAG-rotated-token');
    });

    const accountId = async () =>
      (
        await t.dataSource.query<Array<{ id: string }>>('SELECT id FROM business_accounts WHERE waba_id = $1', [wabaId])
      )[0].id;

    it('registers the phone number, with its limits as Meta states them', async () => {
      const res = await request(t.url)
        .post(`/v1/organizations/${orgId}/phone_numbers`)
        .set(bearer(platform))
        .send({
          waba_id: wabaId,
          phone_number_id: phoneNumberId,
          display_phone_number: '+1 555 019 0002',
          enforce_service_window: false,
        })
        .expect(201);
      expect(res.body).toMatchObject({
        tenant_id: orgId,
        phone_number_id: phoneNumberId,
        display_phone_number: '+1 555 019 0002',
        enforce_service_window: false,
        throughput_level: 'STANDARD',
        messaging_limit_tier: 'TIER_1K',
        quality_rating: 'GREEN',
        limits_learned_at: expect.any(String),
      });
      const list = await request(t.url)
        .get(`/v1/organizations/${orgId}/phone_numbers?waba_id=${wabaId}`)
        .set(bearer(platform))
        .expect(200);
      expect(list.body.data).toEqual([res.body]);
    });

    it('issues an admin key for the organization, which sends on the new number', async () => {
      const issued = await request(t.url)
        .post('/v1/keys')
        .set(bearer(platform))
        .send({ kind: 'admin', tenant_ids: [orgId], name: 'agency' })
        .expect(201);
      expect(issued.body.key).toMatch(/^svc_admin_[A-Za-z0-9]{40}$/);
      expect(issued.body.record).toMatchObject({
        kind: 'admin',
        tenant_ids: [orgId],
        rate_limit_per_second: 80,
        issued_by_key_id: expect.any(String),
      });
      expect(issued.body.record.scopes).toEqual(expect.arrayContaining(['messages:send', 'keys:write']));
      expect(issued.body.record.scopes).not.toContain('tenants:write');
      const sent = await request(t.url)
        .post(`/v1/${phoneNumberId}/messages`)
        .set(bearer(issued.body.key))
        .send({ messaging_product: 'whatsapp', to: RECIPIENT, type: 'text', text: { body: 'Welcome aboard' } })
        .expect(200);
      expect(sent.body.messages[0].id).toMatch(/^wamid\./);
    });

    it('an organization with dependents cannot be deleted (409 code 100 naming them); an empty one can', async () => {
      const refused = await request(t.url).delete(`/v1/organizations/${orgId}`).set(bearer(platform));
      expectGraphError(refused, 409, 100);
      expect(refused.body.error.error_data.details).toMatch(
        /business accounts.*API keys that are not revoked.*message records/,
      );
      const number = await request(t.url)
        .delete(`/v1/organizations/${orgId}/phone_numbers/${phoneNumberId}`)
        .set(bearer(platform));
      expectGraphError(number, 409, 100);
      expect(number.body.error.error_data.details).toContain('message records');
      const account = await request(t.url)
        .delete(`/v1/organizations/${orgId}/business_accounts/${wabaId}`)
        .set(bearer(platform));
      expectGraphError(account, 409, 100);
      expect(account.body.error.error_data.details).toContain('phone numbers');
      expect(await t.dataSource.query('SELECT 1 FROM organizations WHERE id = $1', [orgId])).toHaveLength(1);

      const empty = await request(t.url)
        .post('/v1/organizations')
        .set(bearer(platform))
        .send({ name: 'Mistake' })
        .expect(201);
      registerAtUpstream(t, {
        wabaId: '190000000000009',
        accessToken: 't',
        phoneNumbers: [{ id: '190000000000010', display: '+1 555 0100' }],
      });
      await request(t.url)
        .post(`/v1/organizations/${empty.body.id}/business_accounts`)
        .set(bearer(platform))
        .send({ waba_id: '190000000000009', access_token: 't' })
        .expect(201);
      await request(t.url)
        .post(`/v1/organizations/${empty.body.id}/phone_numbers`)
        .set(bearer(platform))
        .send({ waba_id: '190000000000009', phone_number_id: '190000000000010', display_phone_number: '+1 555 0100' })
        .expect(201);
      // A service window of the number (messages' table) goes with it, removed by messages' own code.
      await t.dataSource.query(
        `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ('190000000000010', $1, $2, now())`,
        [RECIPIENT, empty.body.id],
      );
      await request(t.url)
        .delete(`/v1/organizations/${empty.body.id}/phone_numbers/190000000000010`)
        .set(bearer(platform))
        .expect(200, { success: true });
      expect(
        await t.dataSource.query(
          `SELECT 1 FROM conversations WHERE last_inbound_at IS NOT NULL AND phone_number_id = '190000000000010'`,
        ),
      ).toHaveLength(0);
      t.sandbox.clearRequests();
      await request(t.url)
        .delete(`/v1/organizations/${empty.body.id}/business_accounts/190000000000009`)
        .set(bearer(platform))
        .expect(200, { success: true });
      // Removing the account unsubscribes the app: Meta sends its webhooks to nobody now.
      expect(t.sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
        'DELETE /v23.0/190000000000009/subscribed_apps',
      ]);
      const atMeta = (await (await fetch(`${t.sandbox.url}/_sandbox/business_accounts/190000000000009`)).json()) as {
        subscribed_apps: string[];
      };
      expect(atMeta.subscribed_apps).toEqual([]);
      await request(t.url)
        .delete(`/v1/organizations/${empty.body.id}`)
        .set(bearer(platform))
        .expect(200, { success: true });
      expect(await t.dataSource.query('SELECT 1 FROM organizations WHERE id = $1', [empty.body.id])).toHaveLength(0);
      expect(
        await t.dataSource.query(`SELECT 1 FROM phone_numbers WHERE phone_number_id = '190000000000010'`),
      ).toHaveLength(0);
      // The deleted number no longer resolves: a send to it is the unknown-resource 401.
      expectGraphError(
        await request(t.url).post('/v1/190000000000010/messages').set(bearer(platform)).send({}),
        401,
        190,
      );
    });

    it('pages organizations and keys one at a time, each exactly once (rows created within one millisecond included)', async () => {
      const names = Array.from({ length: 4 }, (_, i) => `Paged ${Date.now()}-${i}`);
      await t.dataSource.query(`INSERT INTO organizations (name) SELECT unnest($1::text[])`, [names]);
      const walk = async (first: string) => {
        const seen: Array<{ id: string; name?: string }> = [];
        let next: string | undefined = first;
        while (next) {
          const page: request.Response = await request(t.url).get(next).set(bearer(platform)).expect(200);
          expect(page.body.data.length).toBeLessThanOrEqual(1);
          seen.push(...page.body.data);
          next = page.body.paging.next;
        }
        return seen;
      };
      const organizations = await walk('/v1/organizations?limit=1');
      const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM organizations');
      expect(organizations).toHaveLength(n);
      expect(new Set(organizations.map((o) => o.id)).size).toBe(n);
      expect(organizations.map((o) => o.name)).toEqual(expect.arrayContaining(names));
      const keys = await walk('/v1/keys?limit=1');
      const [{ k }] = await t.dataSource.query(`SELECT count(*)::int AS k FROM api_keys WHERE kind <> 'platform'`);
      expect(keys).toHaveLength(k);
      expect(new Set(keys.map((key) => key.id)).size).toBe(k);
    });

    it('validates bodies with Graph errors: missing name, non-digit ids, unknown business account, duplicates', async () => {
      expectInvalidParameter(
        await request(t.url).post('/v1/organizations').set(bearer(platform)).send({}),
        400,
        /name/,
      );
      expectInvalidParameter(
        await request(t.url)
          .post(`/v1/organizations/${orgId}/business_accounts`)
          .set(bearer(platform))
          .send({ waba_id: 'abc', access_token: 'x' }),
        400,
        /waba_id must be digits/,
      );
      const dup = await request(t.url)
        .post(`/v1/organizations/${orgId}/business_accounts`)
        .set(bearer(platform))
        .send({ waba_id: wabaId, access_token: 'x' });
      expectGraphError(dup, 409, 100);
      const unknown = await request(t.url)
        .post(`/v1/organizations/${orgId}/phone_numbers`)
        .set(bearer(platform))
        .send({ waba_id: '199999999999999', phone_number_id: '199999999999998', display_phone_number: '+1' });
      expectGraphError(unknown, 404, 100);
    });
  });

  describe('an admin key manages its organizations’ keys and never escalates', () => {
    let a: TestTenant;
    let b: TestTenant;
    let admin: string;
    let adminId: string;

    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
      const issued = await createAdminKey(t, [a], {
        scopes: ['messages:send', 'messages:read', 'keys:read', 'keys:write'],
        allowedPhoneNumberIds: [a.phoneNumberId],
        allowedIps: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
        rateLimitPerSecond: 500,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      });
      admin = issued.key;
      adminId = issued.record.id;
    });

    it('issues an organization key that inherits its bounds and works; the list and get never show a key text', async () => {
      const issued = await request(t.url)
        .post('/v1/keys')
        .set(bearer(admin))
        .set('X-Svc-Tenant-Id', a.id)
        .send({ kind: 'org', name: 'crm', scopes: ['messages:send'] })
        .expect(201);
      const record = issued.body.record;
      expect(record).toMatchObject({
        kind: 'org',
        tenant_ids: [a.id],
        scopes: ['messages:send'],
        allowed_phone_number_ids: [a.phoneNumberId],
        allowed_ips: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
        rate_limit_per_second: 80,
        issued_by_key_id: adminId,
        prefix: issued.body.key.slice(0, 15),
      });
      expect(Date.parse(record.expires_at)).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
      await t.dataSource.query(
        `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING`,
        [a.phoneNumberId, RECIPIENT, a.id],
      );
      await request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages`)
        .set(bearer(issued.body.key))
        .send({ messaging_product: 'whatsapp', to: RECIPIENT, type: 'text', text: { body: 'hi' } })
        .expect(200);

      const list = await request(t.url).get('/v1/keys').set(bearer(admin)).expect(200);
      expect(list.body.data.map((k: { id: string }) => k.id)).toEqual(expect.arrayContaining([adminId, record.id]));
      const one = await request(t.url).get(`/v1/keys/${record.id}`).set(bearer(admin)).expect(200);
      expect(one.body).toEqual({ ...record, last_used_at: expect.anything() });
      for (const body of [list.text, one.text]) {
        expect(body).not.toContain(issued.body.key);
        expect(body).not.toContain(admin);
      }
    });

    it.each([
      [
        'a scope it does not hold',
        { kind: 'org', scopes: ['contacts:write'] },
        /scope it does not hold: contacts:write/,
      ],
      ['an organization outside its own', { kind: 'org', tenant_ids: ['B'] }, /organization outside its own/],
      [
        'a phone number outside its allow-list',
        { kind: 'org', allowed_phone_number_ids: ['OTHER_PHONE'] },
        /phone number outside its own/,
      ],
      [
        'no phone number restriction',
        { kind: 'org', allowed_phone_number_ids: null },
        /without the phone number restriction/,
      ],
      ['a rate limit above its own', { kind: 'org', rate_limit_per_second: 501 }, /rate limit above its own/],
      [
        'an IP range outside its own',
        { kind: 'org', allowed_ips: ['10.0.0.0/8'] },
        /IP address or range outside its own/,
      ],
      [
        'a lifetime beyond its own',
        { kind: 'org', expires_at: new Date(Date.now() + 60 * 86_400_000).toISOString() },
        /outlives it/,
      ],
      ['a platform key', { kind: 'platform' }, /Platform keys are issued only with the CLI/],
    ])('refuses a key with %s: 403 code 200, nothing written', async (_what, body, message) => {
      const resolved = JSON.parse(
        JSON.stringify(body).replace('"B"', JSON.stringify(b.id)).replace('OTHER_PHONE', a.otherPhoneNumberId),
      );
      const before = await t.dataSource.query('SELECT count(*)::int AS n FROM api_keys');
      const res = await request(t.url).post('/v1/keys').set(bearer(admin)).set('X-Svc-Tenant-Id', a.id).send(resolved);
      expectPermissionDenied(res, message);
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM api_keys')).toEqual(before);
    });

    it('revokes a key it issued: refused at once on this instance and within 5 s on another', async () => {
      const other = await createTestApp();
      try {
        const issued = await request(t.url)
          .post('/v1/keys')
          .set(bearer(admin))
          .send({ kind: 'org', tenant_ids: [a.id], scopes: ['messages:read'] })
          .expect(201);
        const key = issued.body.key;
        // The other instance has the key in its cache when the revocation happens.
        const probe = (base: string) => request(base).get(`/v1/${a.phoneNumberId}/messages`).set(bearer(key));
        await probe(other.url).expect(200);
        const revoked = await request(t.url)
          .post(`/v1/keys/${issued.body.record.id}/revoke`)
          .set(bearer(admin))
          .expect(200);
        expect(revoked.body.revoked_at).toEqual(expect.any(String));
        const revokedAt = Date.now();
        expectGraphError(await probe(t.url), 401, 190);
        let refusedAfter = -1;
        while (Date.now() - revokedAt < 7000) {
          const res = await probe(other.url);
          if (res.status === 401) {
            refusedAfter = Date.now() - revokedAt;
            break;
          }
          expect(res.status).toBe(200);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // The guarantee is the cache TTL (AUTH_CACHE_TTL_MS, at most 5 s); 1 s more for a loaded machine.
        expect(refusedAfter).toBeGreaterThanOrEqual(0);
        expect(refusedAfter).toBeLessThanOrEqual(6000);
      } finally {
        await other.close();
      }
    });

    it('rotates a key within its bounds; refuses to rotate one that reaches beyond it', async () => {
      const issued = await request(t.url)
        .post('/v1/keys')
        .set(bearer(admin))
        .send({ kind: 'org', tenant_ids: [a.id] })
        .expect(201);
      const rotated = await request(t.url)
        .post(`/v1/keys/${issued.body.record.id}/rotate`)
        .set(bearer(admin))
        .expect(200);
      expect(rotated.body.key).not.toBe(issued.body.key);
      expect(rotated.body.record).toMatchObject({
        rotated_from_id: issued.body.record.id,
        issued_by_key_id: adminId,
        scopes: issued.body.record.scopes,
      });
      expectGraphError(
        await request(t.url).get(`/v1/${a.phoneNumberId}/messages`).set(bearer(issued.body.key)),
        401,
        190,
      );

      // A key of A with a scope the admin lacks (issued with the CLI): visible, revocable, not rotatable.
      const wider = await createOrgKey(t, a, { scopes: ['contacts:read'] });
      await request(t.url).get(`/v1/keys/${wider.record.id}`).set(bearer(admin)).expect(200);
      expectPermissionDenied(
        await request(t.url).post(`/v1/keys/${wider.record.id}/rotate`).set(bearer(admin)),
        /scope it does not hold/,
      );
      const [row] = await t.dataSource.query('SELECT revoked_at FROM api_keys WHERE id = $1', [wider.record.id]);
      expect(row.revoked_at).toBeNull();
    });

    it('an Idempotency-Key makes issuing safe to retry: one key, the same answer replayed', async () => {
      const send = () =>
        request(t.url)
          .post('/v1/keys')
          .set(bearer(admin))
          .set('Idempotency-Key', 'issue-once-1')
          .send({ kind: 'org', tenant_ids: [a.id], name: 'once' });
      const first = await send().expect(201);
      const replay = await send().expect(201);
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await t.dataSource.query(`SELECT 1 FROM api_keys WHERE name = 'once'`)).toHaveLength(1);
    });

    it('the key rate limit applies to management routes (429 code 4 with Retry-After)', async () => {
      const slow = await createPlatformKey(t, { rateLimitPerSecond: 2 });
      const statuses = await withinOneRedisSecond(t, async () => {
        const results: request.Response[] = [];
        for (let i = 0; i < 3; i++) results.push(await request(t.url).get('/v1/organizations').set(bearer(slow)));
        return results;
      });
      expect(statuses.slice(0, 2).map((r) => r.status)).toEqual([200, 200]);
      expectGraphError(statuses[2], 429, 4);
      expect(statuses[2].headers['retry-after']).toBeDefined();
    });
  });

  describe('BOLA: every new route, with every kind of caller', () => {
    let a: TestTenant;
    let b: TestTenant;
    let adminA: string;
    let keyOfB: string;
    let keyOfA: string;

    beforeAll(async () => {
      a = await createTenant(t);
      b = await createTenant(t);
      adminA = (await createAdminKey(t, [a])).key;
      keyOfA = (await createOrgKey(t, a)).record.id;
      keyOfB = (await createOrgKey(t, b)).record.id;
    });

    const onboardingRoutes = (): Array<[string, string, Record<string, unknown>?]> => [
      ['get', '/v1/organizations'],
      ['post', '/v1/organizations', { name: 'x' }],
      ['get', `/v1/organizations/${a.id}`],
      ['patch', `/v1/organizations/${a.id}`, { name: 'x' }],
      ['delete', `/v1/organizations/${a.id}`],
      ['get', `/v1/organizations/${a.id}/business_accounts`],
      ['post', `/v1/organizations/${a.id}/business_accounts`, { waba_id: '1', access_token: 'x' }],
      ['get', `/v1/organizations/${a.id}/business_accounts/${a.wabaId}`],
      ['patch', `/v1/organizations/${a.id}/business_accounts/${a.wabaId}`, { name: 'x' }],
      ['delete', `/v1/organizations/${a.id}/business_accounts/${a.wabaId}`],
      ['get', `/v1/organizations/${a.id}/phone_numbers`],
      [
        'post',
        `/v1/organizations/${a.id}/phone_numbers`,
        { waba_id: a.wabaId, phone_number_id: '5', display_phone_number: '+1' },
      ],
      ['get', `/v1/organizations/${a.id}/phone_numbers/${a.phoneNumberId}`],
      ['patch', `/v1/organizations/${a.id}/phone_numbers/${a.phoneNumberId}`, { display_phone_number: '+1' }],
      ['delete', `/v1/organizations/${a.id}/phone_numbers/${a.phoneNumberId}`],
    ];
    const keyRoutes = (id: string): Array<[string, string, Record<string, unknown>?]> => [
      ['get', `/v1/keys/${id}`],
      ['post', `/v1/keys/${id}/revoke`, {}],
      ['post', `/v1/keys/${id}/rotate`, {}],
    ];
    const call = (method: string, path: string, key?: string, body?: Record<string, unknown>) => {
      const req = (request(t.url) as unknown as Record<string, (p: string) => request.Test>)[method](path);
      if (key) req.set(bearer(key));
      return body ? req.send(body) : req;
    };

    it('without a key, or with a bad one: 401 code 190 on every route, nothing changed', async () => {
      // Requests without a valid key have a per-IP limit of their own (30 a second): wait it out when met.
      const unauthenticated = async (method: string, path: string, key?: string, body?: Record<string, unknown>) => {
        for (;;) {
          const res = await call(method, path, key, body);
          if (res.status !== 429) return res;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      };
      for (const [method, path, body] of [
        ...onboardingRoutes(),
        ...keyRoutes(keyOfA),
        ['get', '/v1/keys'],
        ['post', '/v1/keys', { kind: 'org' }],
      ] as const) {
        expectGraphError(await unauthenticated(method, path, undefined, body), 401, 190);
        expectGraphError(await unauthenticated(method, path, 'svc_platform_' + 'x'.repeat(40), body), 401, 190);
      }
      const [row] = await t.dataSource.query('SELECT revoked_at FROM api_keys WHERE id = $1', [keyOfA]);
      expect(row.revoked_at).toBeNull();
    });

    it('organization and admin keys (every tenant scope) are refused onboarding: 403 code 200, nothing changed', async () => {
      const orgKey = (await createOrgKey(t, a)).key;
      for (const [method, path, body] of onboardingRoutes()) {
        for (const key of [orgKey, adminA]) {
          const res = await call(method, path, key, body);
          expectPermissionDenied(res, /lacks the scope tenants:(read|write)/);
        }
      }
      expect(await t.dataSource.query('SELECT 1 FROM organizations WHERE id = $1', [a.id])).toHaveLength(1);
      expect(
        await t.dataSource.query('SELECT 1 FROM phone_numbers WHERE phone_number_id = $1', [a.phoneNumberId]),
      ).toHaveLength(1);
    });

    it('an organization key cannot manage keys at all (403 code 200), even its own', async () => {
      const own = await createOrgKey(t, a);
      expectPermissionDenied(await call('get', '/v1/keys', own.key), /lacks the scope keys:read/);
      expectPermissionDenied(await call('post', '/v1/keys', own.key, { kind: 'org' }), /lacks the scope keys:write/);
      expectPermissionDenied(
        await call('post', `/v1/keys/${own.record.id}/revoke`, own.key, {}),
        /lacks the scope keys:write/,
      );
    });

    it('an admin key without keys:* scopes is refused (403 code 200)', async () => {
      const plain = (await createAdminKey(t, [a], { scopes: [...TENANT_SCOPES] })).key;
      for (const [method, path, body] of [
        ...keyRoutes(keyOfA),
        ['get', '/v1/keys'],
        ['post', '/v1/keys', { kind: 'org', tenant_ids: [a.id] }],
      ] as const) {
        expectPermissionDenied(await call(method, path, plain, body), /lacks the scope keys:/);
      }
    });

    it("an admin key over A: B's key answers exactly like a missing key (404 code 100) on every key route, and is untouched", async () => {
      for (const [[method, path, body], [, missingPath]] of keyRoutes(keyOfB).map(
        (route, i) => [route, keyRoutes(MISSING_UUID)[i]] as const,
      )) {
        const foreign = await call(method, path, adminA, body);
        const missing = await call(method, missingPath, adminA, body);
        expectGraphError(foreign, 404, 100);
        expect(comparable(foreign)).toEqual(
          JSON.parse(JSON.stringify(comparable(missing)).split(MISSING_UUID).join(keyOfB)),
        );
      }
      const list = await call('get', '/v1/keys', adminA);
      expect(list.body.data.map((k: { id: string }) => k.id)).not.toContain(keyOfB);
      const filtered = await call('get', `/v1/keys?organization_id=${b.id}`, adminA);
      expect(filtered.body.data).toEqual([]);
      const [row] = await t.dataSource.query('SELECT revoked_at FROM api_keys WHERE id = $1', [keyOfB]);
      expect(row.revoked_at).toBeNull();
    });

    it('an admin key over A and B does not manage a key over A and C, nor any platform key', async () => {
      const c = await createTenant(t);
      const adminAB = (await createAdminKey(t, [a, b])).key;
      const acrossAC = (await createAdminKey(t, [a, c])).record.id;
      const platformKey = (await createPlatformKey(t)).record.id;
      for (const id of [acrossAC, platformKey])
        expectGraphError(await call('get', `/v1/keys/${id}`, adminAB), 404, 100);
      await call('get', `/v1/keys/${keyOfB}`, adminAB).expect(200);
    });

    it('a platform key sees organization and admin keys of every organization, never platform keys, and issues none', async () => {
      expectPermissionDenied(await call('post', '/v1/keys', platform, { kind: 'platform' }), /only with the CLI/);
      const list = await call('get', '/v1/keys?limit=100', platform);
      const kinds = new Set(list.body.data.map((k: { kind: string }) => k.kind));
      expect(kinds.has('platform')).toBe(false);
      await call('get', `/v1/keys/${keyOfB}`, platform).expect(200);
    });

    it("with a platform key, another organization's account or number under A's path answers like a missing one (404 code 100)", async () => {
      const pairs: Array<[string, string]> = [
        [
          `/v1/organizations/${a.id}/business_accounts/${b.wabaId}`,
          `/v1/organizations/${a.id}/business_accounts/199999999999990`,
        ],
        [
          `/v1/organizations/${a.id}/phone_numbers/${b.phoneNumberId}`,
          `/v1/organizations/${a.id}/phone_numbers/199999999999990`,
        ],
      ];
      for (const [foreignPath, missingPath] of pairs) {
        for (const method of ['get', 'patch', 'delete']) {
          const body = method === 'patch' ? {} : undefined;
          const foreign = await call(method, foreignPath, platform, body);
          const missing = await call(method, missingPath, platform, body);
          expectGraphError(foreign, 404, 100);
          expect(foreign.body.error.message.replace(/\d{15}/, 'N')).toBe(
            missing.body.error.message.replace(/\d{15}/, 'N'),
          );
        }
      }
      expectGraphError(await call('get', `/v1/organizations/${MISSING_UUID}`, platform), 404, 100);
      expectGraphError(await call('get', '/v1/organizations/not-a-uuid', platform), 404, 100);
      expect(
        await t.dataSource.query('SELECT 1 FROM phone_numbers WHERE phone_number_id = $1', [b.phoneNumberId]),
      ).toHaveLength(1);
    });

    it('a platform key reaches no organization’s data: sends and reads are refused', async () => {
      expectGraphError(await call('post', `/v1/${a.phoneNumberId}/messages`, platform, { to: RECIPIENT }), 401, 190);
      expectGraphError(await call('get', `/v1/${a.phoneNumberId}/messages`, platform), 401, 190);
      expectGraphError(await call('get', '/v1/contacts', platform), 400, 100);
    });
  });
});
