import request from 'supertest';
import { signRequest } from '../src/auth/hmac';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import {
  bearer,
  createAdminKey,
  createCatalogTemplate,
  createOrgKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/** The base-URL swap: Graph's versioned and unversioned paths, access_token, and the Graph calls clients make. */
describe('drop-in Graph surface', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    sandbox = t.sandbox;
    a = await createTenant(t, 'Compat A');
    b = await createTenant(t, 'Compat B');
    keyA = (await createOrgKey(t, a)).key;
    keyB = (await createOrgKey(t, b)).key;
  });
  afterAll(() => t.close());

  describe('versioned and unversioned paths', () => {
    /** The same request under /v1, two Graph versions and no version, with one request id: answers must be byte-identical. */
    async function same(
      method: 'get' | 'post',
      path: string,
      setup: (r: request.Test) => request.Test,
      body?: unknown,
    ) {
      const answers = [];
      for (const prefix of ['/v1', '/v23.0', '/v17.0', '']) {
        let req = request(t.url)
          [method](prefix + path)
          .set('X-Request-Id', 'compat-1');
        req = setup(req);
        const res = await (body === undefined ? req : req.send(body as object));
        answers.push({
          status: res.status,
          text: res.text,
          type: res.headers['content-type'],
          auth: res.headers['www-authenticate'],
        });
      }
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      return answers[0];
    }

    it('answers success identically', async () => {
      const templates = await same('get', `/${a.wabaId}/message_templates`, (r) => r.set(bearer(keyA)));
      expect(templates.status).toBe(200);
      const tenants = await same('get', '/tenants', (r) => r.set(bearer(keyA)));
      expect(JSON.parse(tenants.text).data[0].id).toBe(a.id);
    });

    it('answers every auth and tenancy error of spec 5 identically', async () => {
      const admin = await createAdminKey(t, [a, b]);
      const scopeless = await createOrgKey(t, a, { scopes: ['messages:read'] });
      const limited = await createOrgKey(t, a, { allowedPhoneNumberIds: [a.otherPhoneNumberId] });
      const send = { messaging_product: 'whatsapp', to: '15550001111', type: 'text', text: { body: 'x' } };
      const cases: Array<
        [string, number, number, 'get' | 'post', string, (r: request.Test) => request.Test, unknown?]
      > = [
        ['no key', 401, 190, 'get', `/${a.wabaId}/message_templates`, (r) => r],
        [
          'an invalid key',
          401,
          190,
          'get',
          `/${a.wabaId}/message_templates`,
          (r) => r.set(bearer('svc_live_' + 'x'.repeat(40))),
        ],
        [
          "another organization's number",
          401,
          190,
          'post',
          `/${b.phoneNumberId}/messages`,
          (r) => r.set(bearer(keyA)),
          send,
        ],
        ['an unknown number', 401, 190, 'post', '/999999999999/messages', (r) => r.set(bearer(keyA)), send],
        ['a missing scope', 403, 200, 'post', `/${a.phoneNumberId}/messages`, (r) => r.set(bearer(scopeless)), send],
        [
          'a number outside the allow-list',
          403,
          200,
          'post',
          `/${a.phoneNumberId}/messages`,
          (r) => r.set(bearer(limited)),
          send,
        ],
        ['an admin key naming no organization', 400, 100, 'get', '/blacklist', (r) => r.set(bearer(admin))],
        [
          'a header contradicting the path',
          400,
          100,
          'get',
          `/${a.wabaId}/message_templates`,
          (r) => r.set(bearer(admin)).set('X-Svc-Tenant-Id', b.id),
        ],
        [
          'an organization outside the key',
          403,
          200,
          'get',
          '/blacklist',
          (r) => r.set(bearer(admin)).set('X-Svc-Tenant-Id', '00000000-0000-4000-8000-000000000000'),
        ],
      ];
      for (const [label, status, code, method, path, setup, body] of cases) {
        const answer = await same(method, path, setup, body);
        expect({ label, status: answer.status, code: JSON.parse(answer.text).error.code }).toEqual({
          label,
          status,
          code,
        });
      }
    });

    it('routes sends the same way and calls upstream at the configured version', async () => {
      sandbox.clearRequests();
      await sandbox.simulateInbound({
        phone_number_id: a.phoneNumberId,
        from: '15550002222',
        type: 'text',
        text: 'hi',
      } as never);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const prefix of ['/v13.0', '']) {
        const res = await request(t.url)
          .post(`${prefix}/${a.phoneNumberId}/messages`)
          .set(bearer(keyA))
          .send({ messaging_product: 'whatsapp', to: '15550002222', type: 'text', text: { body: 'hello' } });
        expect({ status: res.status, id: res.body.messages?.[0]?.id }).toEqual({
          status: 200,
          id: expect.stringMatching(/^wamid\./),
        });
      }
      const upstream = sandbox.requests().filter((q) => q.method === 'POST' && q.path.endsWith('/messages'));
      expect(upstream.map((q) => q.path)).toEqual([
        `/v23.0/${a.phoneNumberId}/messages`,
        `/v23.0/${a.phoneNumberId}/messages`,
      ]);
    });

    it('verifies an HMAC signature over the path as sent', async () => {
      const signed = await createOrgKey(t, a, { hmac: true });
      const path = `/v23.0/${a.wabaId}/message_templates?name=x`;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = signRequest(signed.hmacSecret!, timestamp, 'GET', path, '');
      await request(t.url)
        .get(path)
        .set(bearer(signed))
        .set('X-Svc-Timestamp', timestamp)
        .set('X-Svc-Signature', signature)
        .expect(200);
      // The same signature does not cover the /v1 form of the path.
      const v1 = await request(t.url)
        .get(path.replace('/v23.0', '/v1'))
        .set(bearer(signed))
        .set('X-Svc-Timestamp', timestamp)
        .set('X-Svc-Signature', signature);
      expectGraphError(v1, 401, 190);
    });
  });

  describe('access_token', () => {
    /** A send authenticated by the query string, after the customer wrote (so the window is open). */
    async function inboundThenSend(query: string) {
      await sandbox.simulateInbound({
        phone_number_id: a.phoneNumberId,
        from: '15550003333',
        type: 'text',
        text: 'hi',
      } as never);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return request(t.url)
        .post(`/v23.0/${a.phoneNumberId}/messages${query}`)
        .send({ messaging_product: 'whatsapp', to: '15550003333', type: 'text', text: { body: 'hello' } });
    }

    it('works as a query parameter wherever Bearer works', async () => {
      const res = await request(t.url).get(`/v14.0/${a.wabaId}/message_templates?access_token=${keyA}`).expect(200);
      expect(res.body).toEqual({ data: [] });
      expectGraphError(await request(t.url).get(`/v14.0/${a.wabaId}/message_templates?access_token=${keyB}`), 401, 190);
      expectGraphError(
        await request(t.url).get(`/v14.0/${a.wabaId}/message_templates?access_token=svc_live_nope`),
        401,
        190,
      );
    });

    it('works as a form field (urlencoded, and multipart on uploads), and is not passed on', async () => {
      await request(t.url)
        .post(`/v1/${a.wabaId}/message_templates/sync`)
        .type('form')
        .send({ access_token: keyA })
        .expect(200);
      sandbox.clearRequests();
      const upload = await request(t.url)
        .post(`/v23.0/${a.phoneNumberId}/media`)
        .field('messaging_product', 'whatsapp')
        .field('type', 'image/png')
        .field('access_token', keyA)
        .attach('file', Buffer.from('89504e470d0a1a0a0000', 'hex'), { filename: 'x.png', contentType: 'image/png' });
      expect({ status: upload.status, id: upload.body.id }).toEqual({ status: 200, id: expect.any(String) });
      expect(JSON.stringify(sandbox.requests())).not.toContain(keyA);
      // A multipart upload with a bad form key is refused like any bad key.
      const refused = await request(t.url)
        .post(`/v23.0/${a.phoneNumberId}/media`)
        .field('messaging_product', 'whatsapp')
        .field('access_token', keyB)
        .attach('file', Buffer.from('89504e47', 'hex'), { filename: 'x.png', contentType: 'image/png' });
      expectGraphError(refused, 401, 190);
    });

    it('appears in no log line, whatever happens to the request', async () => {
      const lines: string[] = [];
      const capture = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
      t.app.useLogger({
        log: capture,
        error: capture,
        warn: capture,
        debug: capture,
        verbose: capture,
        fatal: capture,
      });
      try {
        sandbox.injectFault({ kind: 'http_500', count: 1 } as never);
        await inboundThenSend(`?access_token=${keyA}`);
        await request(t.url).get(`/v23.0/${a.wabaId}/message_templates?access_token=${keyA}`).expect(200);
        await request(t.url).get(`/v23.0/${b.wabaId}/message_templates?access_token=${keyA}`).expect(401);
        await request(t.url)
          .get(`/v23.0/${a.wabaId}/message_templates?access_token=${keyA}`)
          .set(bearer(keyB))
          .expect(400);
      } finally {
        sandbox.clearFaults();
        t.app.useLogger(['error']);
      }
      expect(lines.some((line) => /upstream POST .* answered HTTP 500/.test(line))).toBe(true);
      expect(lines.filter((line) => line.includes(keyA) || line.includes(keyA.slice(9)))).toEqual([]);
    });

    it('refuses two different keys (400 code 100), accepts the same key twice, and never echoes it', async () => {
      const both = await request(t.url).get(`/v1/${a.wabaId}/message_templates?access_token=${keyB}`).set(bearer(keyA));
      expectGraphError(both, 400, 100);
      expect(both.text).not.toContain(keyA);
      expect(both.text).not.toContain(keyB);
      await request(t.url).get(`/v1/${a.wabaId}/message_templates?access_token=${keyA}`).set(bearer(keyA)).expect(200);
      const bad = await request(t.url).get(`/v1/${a.wabaId}/message_templates?access_token=${keyA}x`);
      expect(bad.text).not.toContain(keyA);
    });
  });

  describe('the Graph calls clients make', () => {
    it('lists phone numbers and reads one, with fields', async () => {
      const list = await request(t.url).get(`/v23.0/${a.wabaId}/phone_numbers`).set(bearer(keyA)).expect(200);
      expect(list.body.data.map((p: { id: string }) => p.id).sort()).toEqual(
        [a.phoneNumberId, a.otherPhoneNumberId].sort(),
      );
      expect(list.body.data[0]).toMatchObject({
        verified_name: expect.any(String),
        display_phone_number: expect.any(String),
        quality_rating: 'GREEN',
      });
      const some = await request(t.url)
        .get(`/v23.0/${a.wabaId}/phone_numbers?fields=display_phone_number`)
        .set(bearer(keyA))
        .expect(200);
      expect(Object.keys(some.body.data[0]).sort()).toEqual(['display_phone_number', 'id']);
      const one = await request(t.url)
        .get(`/v23.0/${a.phoneNumberId}?fields=verified_name,quality_rating`)
        .set(bearer(keyA))
        .expect(200);
      expect(one.body).toEqual({ id: a.phoneNumberId, verified_name: expect.any(String), quality_rating: 'GREEN' });
      expectGraphError(await request(t.url).get(`/v23.0/${b.phoneNumberId}`).set(bearer(keyA)), 401, 190);
      expectGraphError(await request(t.url).get(`/v23.0/${b.wabaId}/phone_numbers`).set(bearer(keyA)), 401, 190);
      const scopeless = await createOrgKey(t, a, { scopes: ['messages:send'] });
      expectGraphError(await request(t.url).get(`/v23.0/${a.phoneNumberId}`).set(bearer(scopeless)), 403, 200);
    });

    it('reads and updates the business profile', async () => {
      await request(t.url)
        .post(`/v23.0/${a.phoneNumberId}/whatsapp_business_profile`)
        .set(bearer(keyA))
        .send({ messaging_product: 'whatsapp', about: 'We ship worldwide', websites: ['https://example.com'] })
        .expect(200, { success: true });
      const profile = await request(t.url)
        .get(`/v23.0/${a.phoneNumberId}/whatsapp_business_profile?fields=about,websites`)
        .set(bearer(keyA))
        .expect(200);
      expect(profile.body.data[0]).toMatchObject({ about: 'We ship worldwide', websites: ['https://example.com'] });
      const bad = await request(t.url)
        .post(`/v23.0/${a.phoneNumberId}/whatsapp_business_profile`)
        .set(bearer(keyA))
        .send({ messaging_product: 'whatsapp', nonsense: 1 });
      expectGraphError(bad, 400, 100);
      expectGraphError(
        await request(t.url).get(`/v23.0/${b.phoneNumberId}/whatsapp_business_profile`).set(bearer(keyA)),
        401,
        190,
      );
    });

    it('creates, reads, edits, lists and deletes templates, keeping the catalog in step', async () => {
      const body = {
        name: 'compat_order',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Order {{1}} shipped', example: { body_text: [['A-1']] } }],
      };
      const created = await request(t.url)
        .post(`/v23.0/${a.wabaId}/message_templates`)
        .set(bearer(keyA))
        .send(body)
        .expect(200);
      const id = created.body.id;
      const es = await request(t.url)
        .post(`/v23.0/${a.wabaId}/message_templates`)
        .set(bearer(keyA))
        .send({ ...body, language: 'es' })
        .expect(200);
      sandbox.reviewTemplate(id, 'APPROVED');
      await new Promise((resolve) => setTimeout(resolve, 300));

      const read = await request(t.url).get(`/v23.0/${id}?fields=name,status`).set(bearer(keyA)).expect(200);
      expect(read.body).toEqual({ id, name: 'compat_order', status: 'APPROVED' });
      expectGraphError(await request(t.url).get(`/v23.0/${id}`).set(bearer(keyB)), 401, 190);

      // An edit breaking Meta's rules never reaches upstream.
      sandbox.clearRequests();
      const broken = await request(t.url)
        .post(`/v23.0/${id}`)
        .set(bearer(keyA))
        .send({ components: [{ type: 'BODY', text: 'Order {{1}} shipped' }] });
      expectGraphError(broken, 400, 100);
      expect(sandbox.requests().filter((q) => q.method === 'POST')).toEqual([]);
      const edited = await request(t.url)
        .post(`/v23.0/${id}`)
        .set(bearer(keyA))
        .send({
          components: [{ type: 'BODY', text: 'Your order {{1}} is on its way', example: { body_text: [['A-1']] } }],
        });
      expect({ status: edited.status, body: edited.body }).toEqual({ status: 200, body: { success: true } });
      const [row] = await t.dataSource.query(
        `SELECT status, components FROM message_templates WHERE upstream_id = $1`,
        [id],
      );
      expect(row.status).toBe('PENDING');
      expect(row.components[0].text).toBe('Your order {{1}} is on its way');

      const filtered = await request(t.url)
        .get(`/v23.0/${a.wabaId}/message_templates?language=es&fields=name,language`)
        .set(bearer(keyA))
        .expect(200);
      expect(filtered.body).toEqual({ data: [{ id: es.body.id, name: 'compat_order', language: 'es' }] });
      const page1 = await request(t.url)
        .get(`/v23.0/${a.wabaId}/message_templates?limit=1`)
        .set(bearer(keyA))
        .expect(200);
      expect(page1.body.data).toHaveLength(1);
      expect(page1.body.paging.next).toContain('/v23.0/');
      const page2 = await request(t.url).get(page1.body.paging.next).set(bearer(keyA)).expect(200);
      expect(page2.body.data).toHaveLength(1);
      expect(page2.body.data[0].id).not.toBe(page1.body.data[0].id);
      expect(page2.body.paging.next).toBeUndefined();

      await request(t.url)
        .delete(`/v23.0/${a.wabaId}/message_templates?name=compat_order&hsm_id=${es.body.id}`)
        .set(bearer(keyA))
        .expect(200, { success: true });
      expect(
        (await t.dataSource.query(`SELECT language FROM message_templates WHERE name = 'compat_order'`)).map(
          (r: { language: string }) => r.language,
        ),
      ).toEqual(['en_US']);
      await request(t.url)
        .delete(`/v23.0/${a.wabaId}/message_templates?name=compat_order`)
        .set(bearer(keyA))
        .expect(200, { success: true });
      expect(await t.dataSource.query(`SELECT 1 FROM message_templates WHERE name = 'compat_order'`)).toEqual([]);
      expect(
        sandbox
          .requests()
          .filter((q) => q.method === 'DELETE')
          .map((q) => q.query),
      ).toEqual([{ name: 'compat_order', hsm_id: es.body.id }, { name: 'compat_order' }]);
      expectGraphError(
        await request(t.url).delete(`/v23.0/${a.wabaId}/message_templates?name=compat_order`).set(bearer(keyA)),
        404,
        100,
      );
    });

    it('answers an unknown or foreign node like an invalid key', async () => {
      const foreign = await createCatalogTemplate(t, b, {
        name: 'b_only',
        language: 'en_US',
        components: [{ type: 'BODY', text: 'hi' }],
      });
      for (const path of [`/v23.0/${foreign}`, '/v23.0/123456789012', `/${b.phoneNumberId}`]) {
        expectGraphError(await request(t.url).get(path).set(bearer(keyA)), 401, 190);
      }
      expectGraphError(
        await request(t.url).post(`/v23.0/${foreign}`).set(bearer(keyA)).send({ category: 'MARKETING' }),
        401,
        190,
      );
    });
  });
});
