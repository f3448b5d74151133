import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { IssuedApiKey } from '../src/auth/api-keys.service';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { ProbeLog, ProbeModule } from './support/probe.module';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * Spec section 5 rules 5-8: which organization a request acts for, with organization keys and with
 * admin keys over one and over two organizations.
 */

/** Keys in this file make many calls: a high limit keeps the rate limiter (spec 8) out of the way. */
const MANY = { rateLimitPerSecond: 10_000 };

/**
 * What a caller can observe of a response, minus what differs between any two requests: the request
 * id (header and fbtrace_id), Date, and the rate limiter's per-call counters.
 */
function observable(res: request.Response) {
  const headers = { ...res.headers } as Record<string, string>;
  for (const name of ['x-request-id', 'date', 'x-ratelimit-remaining', 'x-ratelimit-reset']) delete headers[name];
  return { status: res.status, body: { error: { ...res.body.error, fbtrace_id: '<id>' } }, headers };
}

/**
 * The same, for comparing a valid key's response with an invalid key's: X-RateLimit-Limit names the
 * ceiling that counted the request (the key's own limit, or the per-IP limit for requests without a
 * valid key), so only its presence is compared. It tells a caller whether the key it holds is valid,
 * which it can learn from any call; it says nothing about the path resource.
 */
function observableAcrossKeys(res: request.Response) {
  const seen = observable(res);
  if ('x-ratelimit-limit' in seen.headers) seen.headers['x-ratelimit-limit'] = '<limit>';
  return { ...seen, headerNames: Object.keys(res.headers).sort() };
}

function expectInvalidToken(res: request.Response): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 401,
    body: {
      error: {
        message: 'Invalid OAuth access token.',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: res.headers['x-request-id'],
      },
    },
  });
  expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
}

function expectNoOrganizationSelected(res: request.Response, message: RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 400,
    body: {
      error: {
        message: expect.stringMatching(message),
        type: 'GraphMethodException',
        code: 100,
        error_data: { details: expect.stringContaining('X-Svc-Tenant-Id') },
        fbtrace_id: res.headers['x-request-id'],
      },
    },
  });
}

function expectOrganizationForbidden(res: request.Response): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 403,
    body: {
      error: {
        message: '(#200) The API key is not authorized for the organization named by X-Svc-Tenant-Id',
        type: 'OAuthException',
        code: 200,
        fbtrace_id: res.headers['x-request-id'],
      },
    },
  });
}

describe('tenancy (spec 5.5-5.8)', () => {
  let t: TestApp;
  let log: ProbeLog;
  let a: TestTenant;
  let b: TestTenant;
  let c: TestTenant;
  let orgKeyA: IssuedApiKey;
  let orgKeyB: IssuedApiKey;
  let adminA: IssuedApiKey;
  let adminAB: IssuedApiKey;

  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
    await resetState(t);
    log = t.get(ProbeLog);
    // Named so that listing order (by name) is known.
    a = await createTenant(t, 'Org A');
    b = await createTenant(t, 'Org B');
    c = await createTenant(t, 'Org C');
    orgKeyA = await createOrgKey(t, a, MANY);
    orgKeyB = await createOrgKey(t, b, MANY);
    adminA = await createAdminKey(t, [a], MANY);
    adminAB = await createAdminKey(t, [a, b], MANY);
  });
  afterAll(() => t.close());

  const keysOf = () => ({ orgKeyA, adminA, adminAB });
  const send = (phoneNumberId: string) => request(t.url).post(`/test/v1/${phoneNumberId}/messages`);
  const createTemplate = (wabaId: string) => request(t.url).post(`/test/v1/${wabaId}/message_templates`);
  const listTemplates = (wabaId: string) => request(t.url).get(`/test/v1/${wabaId}/message_templates`);
  const orgResource = () => request(t.url).post('/test/v1/org-resource');

  /** Asserts the handler ran once more, for `tenantId`, with `key`. */
  async function expectHandledFor(
    route: string,
    tenantId: string,
    key: IssuedApiKey,
    call: () => request.Test,
    status: number,
  ) {
    const before = log.count(route);
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ route, tenant_id: tenantId, key_id: key.record.id, call: log.calls.length });
    expect(log.count(route)).toBe(before + 1);
    expect(log.calls.at(-1)).toMatchObject({ route, tenantId, keyId: key.record.id });
  }

  /** Asserts no handler ran. */
  async function withoutHandler(call: () => request.Test): Promise<request.Response> {
    const before = log.count();
    const res = await call();
    expect(log.count()).toBe(before);
    return res;
  }

  describe('the organization comes from the path resource (5.5)', () => {
    it.each(['orgKeyA', 'adminA', 'adminAB'] as const)(
      '%s: {phoneNumberId} and {wabaId} of organization A act for A',
      async (name) => {
        const key = keysOf()[name];
        await expectHandledFor('send', a.id, key, () => send(a.phoneNumberId).set(bearer(key)).send({ to: '1' }), 201);
        await expectHandledFor(
          'send',
          a.id,
          key,
          () => send(a.otherPhoneNumberId).set(bearer(key)).send({ to: '1' }),
          201,
        );
        await expectHandledFor(
          'createTemplate',
          a.id,
          key,
          () => createTemplate(a.wabaId).set(bearer(key)).send({ to: '1' }),
          201,
        );
        await expectHandledFor('listTemplates', a.id, key, () => listTemplates(a.wabaId).set(bearer(key)), 200);
      },
    );

    it('an admin key over A and B acts for whichever organization owns the path resource, with no header', async () => {
      await expectHandledFor(
        'send',
        b.id,
        adminAB,
        () => send(b.phoneNumberId).set(bearer(adminAB)).send({ to: '1' }),
        201,
      );
      await expectHandledFor(
        'send',
        a.id,
        adminAB,
        () => send(a.phoneNumberId).set(bearer(adminAB)).send({ to: '1' }),
        201,
      );
      await expectHandledFor(
        'createTemplate',
        b.id,
        adminAB,
        () => createTemplate(b.wabaId).set(bearer(adminAB)).send({ to: '1' }),
        201,
      );
      await expectHandledFor('listTemplates', b.id, adminAB, () => listTemplates(b.wabaId).set(bearer(adminAB)), 200);
    });

    it('a header naming the same organization as the path resource is accepted', async () => {
      await expectHandledFor(
        'send',
        b.id,
        adminAB,
        () => send(b.phoneNumberId).set(bearer(adminAB)).set('X-Svc-Tenant-Id', b.id).send({ to: '1' }),
        201,
      );
      await expectHandledFor(
        'listTemplates',
        a.id,
        orgKeyA,
        () => listTemplates(a.wabaId).set(bearer(orgKeyA)).set('X-Svc-Tenant-Id', a.id),
        200,
      );
    });
  });

  describe('a path resource that does not exist or lies outside the key (5.8): the same 401 as an invalid key', () => {
    const routes = [
      ['POST messages', (id: { phone: string; waba: string }) => send(id.phone).send({ to: '1' })],
      ['POST message_templates', (id: { phone: string; waba: string }) => createTemplate(id.waba).send({ to: '1' })],
      ['GET message_templates', (id: { phone: string; waba: string }) => listTemplates(id.waba)],
    ] as const;

    it.each(routes)('%s', async (_name, route) => {
      const missing = {
        phone: '29' + String(Date.now()).padStart(13, '0'),
        waba: '19' + String(Date.now()).padStart(13, '0'),
      };
      const ofC = { phone: c.phoneNumberId, waba: c.wabaId };
      const ofB = { phone: b.phoneNumberId, waba: b.wabaId };
      const ofA = { phone: a.phoneNumberId, waba: a.wabaId };
      // The reference: a key that does not exist, on a real resource of A. Same-length request ids
      // so that Content-Length is comparable.
      const reference = await route(ofA)
        .set(bearer('svc_live_' + 'x'.repeat(40)))
        .set('X-Request-Id', 'tenancy-ref-0');
      expectInvalidToken(reference);
      const cases: Array<[string, IssuedApiKey, { phone: string; waba: string }, Record<string, string>?]> = [
        ['org key, resource that does not exist', orgKeyA, missing],
        ['org key, resource of another organization', orgKeyA, ofC],
        ['org key, resource of another organization, header naming its own', orgKeyA, ofB, { 'X-Svc-Tenant-Id': a.id }],
        ['admin key over A, resource that does not exist', adminA, missing],
        ['admin key over A, resource of B', adminA, ofB],
        ['admin key over A and B, resource that does not exist', adminAB, missing],
        ['admin key over A and B, resource of C', adminAB, ofC],
        ['admin key over A and B, resource of C, header naming C', adminAB, ofC, { 'X-Svc-Tenant-Id': c.id }],
        ['admin key over A and B, resource of C, header naming A', adminAB, ofC, { 'X-Svc-Tenant-Id': a.id }],
      ];
      const firstOfKey = new Map<IssuedApiKey, request.Response>();
      for (const [name, key, ids, headers] of cases) {
        const res = await withoutHandler(() =>
          route(ids)
            .set(bearer(key))
            .set(headers ?? {})
            .set('X-Request-Id', 'tenancy-cas-0'),
        );
        expectInvalidToken(res);
        // Same as an invalid key: status, body, every header name and value (but the limit, above).
        expect({ case: name, ...observableAcrossKeys(res) }).toEqual({
          case: name,
          ...observableAcrossKeys(reference),
        });
        // For one key, a missing resource and another organization's cannot be told apart at all.
        const first = firstOfKey.get(key) ?? res;
        firstOfKey.set(key, first);
        expect({ case: name, ...observable(res) }).toEqual({ case: name, ...observable(first) });
      }
    });

    it('a path id that cannot be an upstream id (letters, a NUL byte, very long) is the same 401, not a 500', async () => {
      for (const id of ['abc', '12%0034', '1'.repeat(300), '%E2%9C%93']) {
        const res = await withoutHandler(() => send(id).set(bearer(orgKeyA)).send({ to: '1' }));
        expectInvalidToken(res);
        expectInvalidToken(await withoutHandler(() => listTemplates(id).set(bearer(adminAB))));
      }
    });
  });

  describe('X-Svc-Tenant-Id on a route without a path resource (5.6, 5.7)', () => {
    it('an admin key over A and B acts for the organization the header names', async () => {
      await expectHandledFor(
        'orgResource',
        a.id,
        adminAB,
        () => orgResource().set(bearer(adminAB)).set('X-Svc-Tenant-Id', a.id).send({ to: '1' }),
        201,
      );
      await expectHandledFor(
        'orgResource',
        b.id,
        adminAB,
        () => orgResource().set(bearer(adminAB)).set('X-Svc-Tenant-Id', b.id).send({ to: '1' }),
        201,
      );
    });

    it('the header value is trimmed and compared case-insensitively (UUIDs)', async () => {
      await expectHandledFor(
        'orgResource',
        b.id,
        adminAB,
        () => orgResource().set(bearer(adminAB)).set('X-Svc-Tenant-Id', ` ${b.id.toUpperCase()} `).send({ to: '1' }),
        201,
      );
      await expectHandledFor(
        'send',
        a.id,
        adminAB,
        () => send(a.phoneNumberId).set(bearer(adminAB)).set('X-Svc-Tenant-Id', a.id.toUpperCase()).send({ to: '1' }),
        201,
      );
    });

    it.each(['adminAB', 'adminA'] as const)(
      '%s without the header → 400 code 100 (never an implicit organization)',
      async (name) => {
        const key = keysOf()[name];
        const res = await withoutHandler(() => orgResource().set(bearer(key)).send({ to: '1' }));
        expectNoOrganizationSelected(res, /^\(#100\) No organization selected$/);
      },
    );

    it('a header contradicting the path resource → 400 code 100 (admin key and org key, phone and WABA routes)', async () => {
      const contradictions: Array<[IssuedApiKey, string, () => request.Test]> = [
        [adminAB, b.id, () => send(a.phoneNumberId).send({ to: '1' })],
        [adminAB, a.id, () => createTemplate(b.wabaId).send({ to: '1' })],
        [adminAB, b.id, () => listTemplates(a.wabaId)],
        [orgKeyA, b.id, () => send(a.phoneNumberId).send({ to: '1' })],
      ];
      for (const [key, headerOrg, call] of contradictions) {
        const res = await withoutHandler(() => call().set(bearer(key)).set('X-Svc-Tenant-Id', headerOrg));
        expectNoOrganizationSelected(
          res,
          /^\(#100\) X-Svc-Tenant-Id contradicts the organization of the path resource$/,
        );
      }
      // Contradiction is judged before authorization of the header: any other value is a contradiction too.
      for (const header of [c.id, randomUUID(), 'not-a-uuid']) {
        const res = await withoutHandler(() =>
          send(b.phoneNumberId).set(bearer(adminAB)).set('X-Svc-Tenant-Id', header).send({ to: '1' }),
        );
        expectNoOrganizationSelected(res, /contradicts/);
      }
    });

    it('a header naming an existing organization outside the key → 403 code 200', async () => {
      expectOrganizationForbidden(
        await withoutHandler(() => orgResource().set(bearer(adminAB)).set('X-Svc-Tenant-Id', c.id).send({ to: '1' })),
      );
      expectOrganizationForbidden(
        await withoutHandler(() => orgResource().set(bearer(adminA)).set('X-Svc-Tenant-Id', b.id).send({ to: '1' })),
      );
    });

    it('a header naming no organization at all (random UUID, non-UUID, nil UUID, a list) → the same 403: existence is not revealed', async () => {
      const existing = await withoutHandler(() =>
        orgResource()
          .set(bearer(adminAB))
          .set('X-Svc-Tenant-Id', c.id)
          .set('X-Request-Id', 'tenancy-hdr-0')
          .send({ to: '1' }),
      );
      expectOrganizationForbidden(existing);
      for (const header of [randomUUID(), 'not-a-uuid', '00000000-0000-0000-0000-000000000000', `${a.id},${b.id}`]) {
        const res = await withoutHandler(() =>
          orgResource()
            .set(bearer(adminAB))
            .set('X-Svc-Tenant-Id', header)
            .set('X-Request-Id', 'tenancy-hdr-1')
            .send({ to: '1' }),
        );
        expect({ header, ...observable(res) }).toEqual({ header, ...observable(existing) });
      }
    });

    it('an organization key without the header acts for its own organization', async () => {
      await expectHandledFor(
        'orgResource',
        a.id,
        orgKeyA,
        () => orgResource().set(bearer(orgKeyA)).send({ to: '1' }),
        201,
      );
      await expectHandledFor(
        'orgResource',
        b.id,
        orgKeyB,
        () => orgResource().set(bearer(orgKeyB)).send({ to: '1' }),
        201,
      );
    });

    it('an empty header is the same as no header', async () => {
      await expectHandledFor(
        'orgResource',
        a.id,
        orgKeyA,
        () => orgResource().set(bearer(orgKeyA)).set('X-Svc-Tenant-Id', '').send({ to: '1' }),
        201,
      );
      await expectHandledFor(
        'send',
        a.id,
        orgKeyA,
        () => send(a.phoneNumberId).set(bearer(orgKeyA)).set('X-Svc-Tenant-Id', ' ').send({ to: '1' }),
        201,
      );
      expectNoOrganizationSelected(
        await withoutHandler(() => orgResource().set(bearer(adminAB)).set('X-Svc-Tenant-Id', '').send({ to: '1' })),
        /^\(#100\) No organization selected$/,
      );
    });

    it('an organization key with the header naming its own organization acts for it', async () => {
      await expectHandledFor(
        'orgResource',
        a.id,
        orgKeyA,
        () => orgResource().set(bearer(orgKeyA)).set('X-Svc-Tenant-Id', a.id).send({ to: '1' }),
        201,
      );
    });

    it('an organization key with the header naming another organization (or none) → 403 code 200', async () => {
      for (const header of [b.id, c.id, randomUUID(), 'not-a-uuid']) {
        expectOrganizationForbidden(
          await withoutHandler(() =>
            orgResource().set(bearer(orgKeyA)).set('X-Svc-Tenant-Id', header).send({ to: '1' }),
          ),
        );
      }
    });
  });

  describe('GET /v1/tenants', () => {
    const tenants = () => request(t.url).get('/v1/tenants');
    const entry = (tenant: TestTenant) => ({
      id: tenant.id,
      name: tenant.name,
      test_of: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });

    it('an admin key over A and B lists both, and not C', async () => {
      const res = await tenants().set(bearer(adminAB)).expect(200);
      expect(res.body).toEqual({ data: [entry(a), entry(b)] });
    });

    it('an admin key over one organization lists that one', async () => {
      const res = await tenants().set(bearer(adminA)).expect(200);
      expect(res.body).toEqual({ data: [entry(a)] });
    });

    it('an organization key lists only its own organization', async () => {
      expect((await tenants().set(bearer(orgKeyA)).expect(200)).body).toEqual({ data: [entry(a)] });
      expect((await tenants().set(bearer(orgKeyB)).expect(200)).body).toEqual({ data: [entry(b)] });
    });

    it('needs no X-Svc-Tenant-Id, but a header outside the key is still 403', async () => {
      expectOrganizationForbidden(await tenants().set(bearer(adminAB)).set('X-Svc-Tenant-Id', c.id));
    });

    it('without a valid key → 401 code 190', async () => {
      expectInvalidToken(await tenants());
    });
  });
});
