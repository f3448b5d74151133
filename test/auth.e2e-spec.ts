import request from 'supertest';
import { generateKey } from '../src/auth/api-key-format';
import { ApiKeysService, type IssuedApiKey } from '../src/auth/api-keys.service';
import { signRequest } from '../src/auth/hmac';
import { TENANT_SCOPES } from '../src/core/scopes';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { ProbeLog, ProbeModule } from './support/probe.module';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * Spec section 5 rules 1-4 and 9: who may call at all (401 code 190) and what a valid key may do
 * (403 code 200), against the test-only probe routes, over real HTTP on loopback.
 */

/** Keys that make many calls get a high limit, so the rate limiter (spec 8) stays out of the way. */
const MANY = { rateLimitPerSecond: 10_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Requests without a valid key count against a per-IP limit (UNAUTHENTICATED_RATE_LIMIT_PER_SECOND,
 * 30 a second by default). This file sends many on purpose; it paces them to at most 20 in any
 * 1-second window, so every answer is the 401 under test, never a 429.
 */
let window = { second: 0, count: 0 };
async function paceUnauthenticated(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  if (second !== window.second) window = { second, count: 0 };
  if (window.count >= 20) {
    await sleep((second + 1) * 1000 - Date.now() + 20);
    window = { second: Math.floor(Date.now() / 1000), count: 0 };
  }
  window.count += 1;
}

function expectInvalidToken(res: request.Response): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 401,
    body: {
      error: {
        message: 'Invalid OAuth access token.',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: expect.any(String),
      },
    },
  });
  expect(res.body.error.fbtrace_id).toBe(res.headers['x-request-id']);
  expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

function expectPermissionDenied(res: request.Response, message: RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 403,
    body: {
      error: {
        message: expect.stringMatching(/^\(#200\) /),
        type: 'OAuthException',
        code: 200,
        fbtrace_id: expect.any(String),
      },
    },
  });
  expect(res.body.error.message).toMatch(message);
  expect(res.body.error.fbtrace_id).toBe(res.headers['x-request-id']);
  expect(res.headers['www-authenticate']).toBeUndefined();
}

describe('authentication and access (spec 5)', () => {
  let t: TestApp;
  let log: ProbeLog;
  let keys: ApiKeysService;
  let tenant: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
    await resetState(t);
    log = t.get(ProbeLog);
    keys = t.get(ApiKeysService);
    tenant = await createTenant(t, 'Auth Org');
    other = await createTenant(t, 'Auth Other Org');
  });
  afterAll(() => t.close());

  const send = (phoneNumberId: string) => request(t.url).post(`/test/v1/${phoneNumberId}/messages`);
  const createTemplate = (wabaId: string) => request(t.url).post(`/test/v1/${wabaId}/message_templates`);
  const listTemplates = (wabaId: string) => request(t.url).get(`/test/v1/${wabaId}/message_templates`);

  describe('the key (401 code 190)', () => {
    let valid: IssuedApiKey;
    let admin: IssuedApiKey;

    beforeAll(async () => {
      valid = await createOrgKey(t, tenant, MANY);
      admin = await createAdminKey(t, [tenant], MANY);
    });

    it('a valid organization key is let through, and the handler runs for its organization', async () => {
      const before = log.count('send');
      const res = await send(tenant.phoneNumberId).set(bearer(valid)).send({ to: '15550001' }).expect(201);
      expect(res.body).toEqual({
        route: 'send',
        tenant_id: tenant.id,
        key_id: valid.record.id,
        call: expect.any(Number),
      });
      expect(log.count('send')).toBe(before + 1);
      const list = await listTemplates(tenant.wabaId).set(bearer(valid)).expect(200);
      expect(list.body).toMatchObject({ route: 'listTemplates', tenant_id: tenant.id, key_id: valid.record.id });
    });

    it('a valid admin key is let through on a path resource of its organization', async () => {
      const res = await send(tenant.phoneNumberId).set(bearer(admin)).send({ to: '15550001' }).expect(201);
      expect(res.body).toMatchObject({ tenant_id: tenant.id, key_id: admin.record.id });
    });

    it('accepts the scheme name in any case (RFC 7235)', async () => {
      await listTemplates(tenant.wabaId).set('Authorization', `bearer ${valid.key}`).expect(200);
      await listTemplates(tenant.wabaId).set('Authorization', `BEARER ${valid.key}`).expect(200);
    });

    const refusals: Array<[string, () => Record<string, string>]> = [
      ['no Authorization header', () => ({})],
      ['an empty Authorization header', () => ({ Authorization: '' })],
      ['the Basic scheme', () => ({ Authorization: `Basic ${Buffer.from(`${valid.key}:`).toString('base64')}` })],
      ['the Token scheme with a valid key', () => ({ Authorization: `Token ${valid.key}` })],
      ['a valid key without any scheme', () => ({ Authorization: valid.key })],
      ['"Bearer" and nothing else', () => ({ Authorization: 'Bearer ' })],
      ['a key that is not svc_ text', () => bearer('not-a-key')],
      ['a random part shorter than 32 characters', () => bearer('svc_live_' + valid.key.slice(9, 40))],
      ['a key with a character outside base62', () => bearer(valid.key.slice(0, -1) + '-')],
      ['a valid key followed by more text', () => ({ Authorization: `Bearer ${valid.key} ${valid.key}` })],
      ['an unknown prefix', () => bearer('svc_test_' + valid.key.slice(9))],
      [
        "an admin key's random part behind the svc_live_ prefix",
        () => bearer('svc_live_' + admin.key.slice('svc_admin_'.length)),
      ],
      [
        "an organization key's random part behind the svc_admin_ prefix",
        () => bearer('svc_admin_' + valid.key.slice('svc_live_'.length)),
      ],
      ['a well-formed organization key that was never issued', () => bearer(generateKey('org'))],
      ['a well-formed admin key that was never issued', () => bearer(generateKey('admin'))],
    ];

    it.each(refusals)('%s → 401 code 190, WWW-Authenticate, handler not run', async (_name, headers) => {
      const before = log.count();
      for (const call of [
        () => send(tenant.phoneNumberId).send({ to: '15550001' }),
        () => listTemplates(tenant.wabaId),
      ]) {
        await paceUnauthenticated();
        const res = await call().set(headers());
        expectInvalidToken(res);
      }
      expect(log.count()).toBe(before);
    });

    it('all these refusals look the same to the caller', async () => {
      const seen = new Set<string>();
      for (const [, headers] of refusals) {
        await paceUnauthenticated();
        const res = await listTemplates(tenant.wabaId).set(headers()).set('X-Request-Id', 'same-request-id');
        seen.add(JSON.stringify({ status: res.status, body: res.body, auth: res.headers['www-authenticate'] }));
      }
      expect(seen.size).toBe(1);
    });

    it('a revoked key: works before ApiKeysService.revoke, 401 right after (no cache delay)', async () => {
      const key = await createOrgKey(t, tenant);
      await listTemplates(tenant.wabaId).set(bearer(key)).expect(200);
      const view = await keys.revoke(key.record.id);
      expect(view.revokedAt).not.toBeNull();
      const before = log.count();
      await paceUnauthenticated();
      expectInvalidToken(await listTemplates(tenant.wabaId).set(bearer(key)));
      await paceUnauthenticated();
      expectInvalidToken(await send(tenant.phoneNumberId).set(bearer(key)).send({ to: '15550001' }));
      expect(log.count()).toBe(before);
      const [row] = await t.dataSource.query('SELECT revoked_at FROM api_keys WHERE id = $1', [key.record.id]);
      expect(row.revoked_at).toBeInstanceOf(Date);
    });

    it('a key whose expiry has passed → 401', async () => {
      const key = await createOrgKey(t, tenant, { expiresAt: new Date(Date.now() - 60_000) });
      const before = log.count();
      await paceUnauthenticated();
      expectInvalidToken(await listTemplates(tenant.wabaId).set(bearer(key)));
      await paceUnauthenticated();
      expectInvalidToken(await send(tenant.phoneNumberId).set(bearer(key)).send({ to: '15550001' }));
      expect(log.count()).toBe(before);
    });

    it('a key that expires a second from now works now and is refused once it has expired', async () => {
      const expiresAt = new Date(Date.now() + 1000);
      const key = await createOrgKey(t, tenant, { expiresAt });
      const ok = await listTemplates(tenant.wabaId).set(bearer(key)).expect(200);
      expect(ok.body.key_id).toBe(key.record.id);
      await sleep(expiresAt.getTime() - Date.now() + 50);
      // Served from the key cache (AUTH_CACHE_TTL_MS), yet refused: expiry is checked on every request.
      await paceUnauthenticated();
      expectInvalidToken(await listTemplates(tenant.wabaId).set(bearer(key)));
    });

    it('records last_used_at on the key row when it is used', async () => {
      const key = await createOrgKey(t, tenant);
      const query = () => t.dataSource.query('SELECT last_used_at FROM api_keys WHERE id = $1', [key.record.id]);
      expect((await query())[0].last_used_at).toBeNull();
      const before = Date.now();
      await listTemplates(tenant.wabaId).set(bearer(key)).expect(200);
      // Written off the request path: poll briefly.
      let lastUsed: Date | null = null;
      for (let i = 0; i < 50 && !lastUsed; i++) {
        lastUsed = (await query())[0].last_used_at;
        if (!lastUsed) await sleep(20);
      }
      expect(lastUsed).toBeInstanceOf(Date);
      expect(lastUsed!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(lastUsed!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('a refused key does not get last_used_at', async () => {
      const key = await createOrgKey(t, tenant, { expiresAt: new Date(Date.now() - 1000) });
      await paceUnauthenticated();
      expectInvalidToken(await listTemplates(tenant.wabaId).set(bearer(key)));
      await sleep(100);
      const [row] = await t.dataSource.query('SELECT last_used_at FROM api_keys WHERE id = $1', [key.record.id]);
      expect(row.last_used_at).toBeNull();
    });
  });

  describe('scopes (403 code 200)', () => {
    const routes = {
      'messages:send': {
        name: 'send',
        call: (key: IssuedApiKey) => send(tenant.phoneNumberId).set(bearer(key)).send({ to: '15550001' }),
        ok: 201,
      },
      'templates:write': {
        name: 'createTemplate',
        call: (key: IssuedApiKey) => createTemplate(tenant.wabaId).set(bearer(key)).send({ to: 'x' }),
        ok: 201,
      },
      'templates:read': {
        name: 'listTemplates',
        call: (key: IssuedApiKey) => listTemplates(tenant.wabaId).set(bearer(key)),
        ok: 200,
      },
    } as const;
    type Guarded = keyof typeof routes;

    it.each(Object.keys(routes) as Guarded[])('a key without %s is refused on that route only', async (missing) => {
      const key = await createOrgKey(t, tenant, { scopes: TENANT_SCOPES.filter((s) => s !== missing) });
      const before = log.count(routes[missing].name);
      const denied = await routes[missing].call(key);
      expectPermissionDenied(denied, new RegExp(`lacks the scope ${missing}`));
      expect(log.count(routes[missing].name)).toBe(before);
      for (const scope of Object.keys(routes) as Guarded[]) {
        if (scope === missing) continue;
        const res = await routes[scope].call(key);
        expect(res.status).toBe(routes[scope].ok);
        expect(res.body).toMatchObject({ route: routes[scope].name, tenant_id: tenant.id, key_id: key.record.id });
      }
    });

    it('a key holding exactly one scope may use that route and no other', async () => {
      const key = await createOrgKey(t, tenant, { scopes: ['templates:read'] });
      await routes['templates:read'].call(key).expect(200);
      expectPermissionDenied(await routes['messages:send'].call(key), /lacks the scope messages:send/);
      expectPermissionDenied(await routes['templates:write'].call(key), /lacks the scope templates:write/);
      expectPermissionDenied(
        await request(t.url).post('/test/v1/org-resource').set(bearer(key)).send({ to: 'x' }),
        /lacks the scope contacts:write/,
      );
    });

    it('an admin key lacking a scope is refused the same way', async () => {
      const key = await createAdminKey(t, [tenant], { scopes: ['templates:read'] });
      expectPermissionDenied(
        await send(tenant.phoneNumberId).set(bearer(key)).send({ to: '1' }),
        /lacks the scope messages:send/,
      );
      await listTemplates(tenant.wabaId).set(bearer(key)).expect(200);
    });
  });

  describe('IP allow-list (403 code 200)', () => {
    // The app listens on 127.0.0.1, so requests arrive over IPv4 loopback and req.ip is "127.0.0.1"
    // (not "::1", not "::ffff:127.0.0.1"). TRUST_PROXY defaults to "loopback": a loopback peer is a
    // trusted proxy, so its X-Forwarded-For names the client.
    it('a key limited to 10.0.0.0/8 is refused from 127.0.0.1, and the handler does not run', async () => {
      const key = await createOrgKey(t, tenant, { allowedIps: ['10.0.0.0/8'] });
      const before = log.count();
      expectPermissionDenied(await send(tenant.phoneNumberId).set(bearer(key)).send({ to: '1' }), /IP address/);
      expectPermissionDenied(await listTemplates(tenant.wabaId).set(bearer(key)), /IP address/);
      expect(log.count()).toBe(before);
    });

    it.each([['127.0.0.1/32'], ['127.0.0.1'], ['127.0.0.0/8'], ['::ffff:127.0.0.1'], ['10.0.0.0/8', '127.0.0.1/32']])(
      'a key limited to %j is accepted from 127.0.0.1',
      async (...allowedIps) => {
        const key = await createOrgKey(t, tenant, { allowedIps });
        const res = await send(tenant.phoneNumberId).set(bearer(key)).send({ to: '1' }).expect(201);
        expect(res.body.key_id).toBe(key.record.id);
      },
    );

    it('a key limited to ::1 is refused: the request came over IPv4 loopback', async () => {
      const key = await createOrgKey(t, tenant, { allowedIps: ['::1'] });
      expectPermissionDenied(await listTemplates(tenant.wabaId).set(bearer(key)), /IP address/);
    });

    it('behind a loopback proxy, the X-Forwarded-For client is checked (IPv4 and IPv4-mapped IPv6)', async () => {
      const tenNet = await createOrgKey(t, tenant, { allowedIps: ['10.0.0.0/8'] });
      const local = await createOrgKey(t, tenant, { allowedIps: ['127.0.0.1/32'] });
      await listTemplates(tenant.wabaId).set(bearer(tenNet)).set('X-Forwarded-For', '10.1.2.3').expect(200);
      await listTemplates(tenant.wabaId).set(bearer(tenNet)).set('X-Forwarded-For', '::ffff:10.1.2.3').expect(200);
      expectPermissionDenied(
        await listTemplates(tenant.wabaId).set(bearer(tenNet)).set('X-Forwarded-For', '11.1.2.3'),
        /IP address/,
      );
      expectPermissionDenied(
        await listTemplates(tenant.wabaId).set(bearer(local)).set('X-Forwarded-For', '10.1.2.3'),
        /IP address/,
      );
    });

    it('an IPv6 allow-list entry matches an IPv6 client', async () => {
      const key = await createOrgKey(t, tenant, { allowedIps: ['2001:db8::/32'] });
      await listTemplates(tenant.wabaId).set(bearer(key)).set('X-Forwarded-For', '2001:db8::7').expect(200);
      expectPermissionDenied(
        await listTemplates(tenant.wabaId).set(bearer(key)).set('X-Forwarded-For', '2001:db9::7'),
        /IP address/,
      );
    });
  });

  describe('phone number allow-list (403 code 200)', () => {
    let key: IssuedApiKey;
    beforeAll(async () => {
      key = await createOrgKey(t, tenant, { allowedPhoneNumberIds: [tenant.phoneNumberId] });
    });

    it('the listed phone number is allowed', async () => {
      const res = await send(tenant.phoneNumberId).set(bearer(key)).send({ to: '1' }).expect(201);
      expect(res.body).toMatchObject({ tenant_id: tenant.id, key_id: key.record.id });
    });

    it('another phone number of the same organization is refused, and the handler does not run', async () => {
      const before = log.count('send');
      expectPermissionDenied(await send(tenant.otherPhoneNumberId).set(bearer(key)).send({ to: '1' }), /phone number/);
      expect(log.count('send')).toBe(before);
    });

    it('a phone number of another organization is still 401 (the organization check comes first)', async () => {
      expectInvalidToken(await send(other.phoneNumberId).set(bearer(key)).send({ to: '1' }));
    });

    it('business-account routes and organization routes are unaffected', async () => {
      await createTemplate(tenant.wabaId).set(bearer(key)).send({ to: 'x' }).expect(201);
      await listTemplates(tenant.wabaId).set(bearer(key)).expect(200);
      const res = await request(t.url).post('/test/v1/org-resource').set(bearer(key)).send({ to: 'x' }).expect(201);
      expect(res.body.tenant_id).toBe(tenant.id);
    });

    it('an admin key with an allow-list is restricted the same way', async () => {
      const adminKey = await createAdminKey(t, [tenant, other], { allowedPhoneNumberIds: [other.phoneNumberId] });
      await send(other.phoneNumberId).set(bearer(adminKey)).send({ to: '1' }).expect(201);
      expectPermissionDenied(await send(tenant.phoneNumberId).set(bearer(adminKey)).send({ to: '1' }), /phone number/);
      await listTemplates(tenant.wabaId).set(bearer(adminKey)).expect(200);
    });
  });

  describe('HMAC request signing (401 code 190)', () => {
    let key: IssuedApiKey;
    let secret: string;
    const now = () => String(Math.floor(Date.now() / 1000));

    beforeAll(async () => {
      key = await createOrgKey(t, tenant, { hmac: true, ...MANY });
      expect(key.hmacSecret).toEqual(expect.stringMatching(/^[A-Za-z0-9]{32,}$/));
      expect(key.record.hmac).toBe(true);
      secret = key.hmacSecret!;
    });

    /** A POST sending exactly `body`, signed over `signed` (defaults: the same path and bytes). */
    function signedPost(
      path: string,
      body: string,
      options: {
        timestamp?: string;
        signedPath?: string;
        signedBody?: string;
        signedMethod?: string;
        secret?: string;
      } = {},
    ) {
      const timestamp = options.timestamp ?? now();
      const signature = signRequest(
        options.secret ?? secret,
        timestamp,
        options.signedMethod ?? 'POST',
        options.signedPath ?? path,
        options.signedBody ?? body,
      );
      return request(t.url)
        .post(path)
        .set(bearer(key))
        .set('X-Svc-Timestamp', timestamp)
        .set('X-Svc-Signature', signature)
        .set('Content-Type', 'application/json')
        .send(body);
    }

    // Spacing, key order and non-ASCII text a re-serialization would not reproduce: the raw bytes are signed.
    const body = '{ "note": "héllo ✓",  "to":"+1 555 0100" }';
    const path = () => `/test/v1/${tenant.phoneNumberId}/messages?filter_blacklist=true&tag=a%20b`;

    it('a correctly signed POST with a JSON body and a query string is accepted', async () => {
      const before = log.count('send');
      const res = await signedPost(path(), body).expect(201);
      expect(res.body).toMatchObject({ tenant_id: tenant.id, key_id: key.record.id });
      expect(log.count('send')).toBe(before + 1);
      expect(log.calls.at(-1)!.body).toEqual({ to: '+1 555 0100', note: 'héllo ✓' });
    });

    it('a correctly signed GET (empty body) is accepted', async () => {
      const pathWithQuery = `/test/v1/${tenant.wabaId}/message_templates?name=welcome`;
      const timestamp = now();
      await request(t.url)
        .get(pathWithQuery)
        .set(bearer(key))
        .set('X-Svc-Timestamp', timestamp)
        .set('X-Svc-Signature', signRequest(secret, timestamp, 'GET', pathWithQuery, ''))
        .expect(200);
    });

    it('a timestamp 200 s old is within the allowed skew', async () => {
      await signedPost(path(), body, { timestamp: String(Number(now()) - 200) }).expect(201);
    });

    const failures: Array<[string, () => request.Test]> = [
      ['a signature made with another secret', () => signedPost(path(), body, { secret: 'another-secret-entirely' })],
      ['a tampered body', () => signedPost(path(), body.replace('0100', '0199'), { signedBody: body })],
      ['a tampered query string', () => signedPost(path(), body, { signedPath: path().replace('true', 'false') })],
      [
        'a signature over the path without its query',
        () => signedPost(path(), body, { signedPath: path().split('?')[0] }),
      ],
      ['a signature made for another method', () => signedPost(path(), body, { signedMethod: 'PUT' })],
      ['a stale timestamp (301 s old)', () => signedPost(path(), body, { timestamp: String(Number(now()) - 301) })],
      ['a timestamp 301 s in the future', () => signedPost(path(), body, { timestamp: String(Number(now()) + 301) })],
      ['a timestamp in milliseconds', () => signedPost(path(), body, { timestamp: String(Date.now()) })],
      [
        'the signature without its v1= prefix',
        () => {
          const timestamp = now();
          return request(t.url)
            .post(path())
            .set(bearer(key))
            .set('X-Svc-Timestamp', timestamp)
            .set('X-Svc-Signature', signRequest(secret, timestamp, 'POST', path(), body).slice(3))
            .set('Content-Type', 'application/json')
            .send(body);
        },
      ],
      [
        'no signing headers at all',
        () => request(t.url).post(path()).set(bearer(key)).set('Content-Type', 'application/json').send(body),
      ],
      [
        'a timestamp but no signature',
        () =>
          request(t.url)
            .post(path())
            .set(bearer(key))
            .set('X-Svc-Timestamp', now())
            .set('Content-Type', 'application/json')
            .send(body),
      ],
      [
        'a signature but no timestamp',
        () =>
          request(t.url)
            .post(path())
            .set(bearer(key))
            .set('X-Svc-Signature', signRequest(secret, now(), 'POST', path(), body))
            .set('Content-Type', 'application/json')
            .send(body),
      ],
    ];

    it.each(failures)('%s → 401 code 190, handler not run', async (_name, call) => {
      const before = log.count();
      await paceUnauthenticated();
      expectInvalidToken(await call());
      expect(log.count()).toBe(before);
    });

    it('a signed request is single-use: replayed, on this instance or another, it is 401 code 190 and does not run', async () => {
      const timestamp = now();
      const once = `${path()}&replay=1`;
      const signature = signRequest(secret, timestamp, 'POST', once, body);
      const replay = (url: string) =>
        request(url)
          .post(once)
          .set(bearer(key))
          .set('X-Svc-Timestamp', timestamp)
          .set('X-Svc-Signature', signature)
          .set('Content-Type', 'application/json')
          .send(body);
      const before = log.count('send');
      await replay(t.url).expect(201);
      expect(log.count('send')).toBe(before + 1);
      await paceUnauthenticated();
      expectInvalidToken(await replay(t.url));
      const other = await createTestApp({ imports: [ProbeModule] });
      try {
        expectInvalidToken(await replay(other.url));
      } finally {
        await other.close();
      }
      expect(log.count('send')).toBe(before + 1);
      // A new signature (a new timestamp) for the same request is a new request.
      await signedPost(once, body, { timestamp: String(Number(timestamp) - 1) }).expect(201);
    });

    it('a key without a signing secret ignores the signing headers', async () => {
      const plain = await createOrgKey(t, tenant);
      expect(plain.hmacSecret).toBeUndefined();
      const res = await send(tenant.phoneNumberId)
        .set(bearer(plain))
        .set('X-Svc-Timestamp', '1')
        .set('X-Svc-Signature', 'v1=deadbeef')
        .send({ to: '1' })
        .expect(201);
      expect(res.body.key_id).toBe(plain.record.id);
    });
  });
});
