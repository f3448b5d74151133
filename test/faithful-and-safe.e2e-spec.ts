import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { type Received, startLibraryReceiver } from './support/library-receiver';
import { signRequest } from '../src/auth/hmac';
import { metaJson } from '../libs/meta/meta-json';
import { MetricsService } from '../src/metrics/metrics.service';
import { type RedisStore } from '../src/redis/redis-store';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { WebhookDispatcher } from '../src/tenant-webhooks/webhook-dispatcher.service';
import { deleteEndpoints } from '../src/tenant-webhooks/tenant-webhooks.repository';
import { eventually } from './support/eventually';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { postFromUpstream } from './support/from-upstream';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * Issue 20, as a tenant developer and a security reviewer would try it: Meta's bytes verified by an
 * unmodified Meta library, customer files that cannot run script, SSRF in every spelling, no secret
 * in Redis, keys never weaker than their issuer, bad bytes as 400s, malformed upstream deliveries
 * acknowledged and counted.
 */
describe('faithful where tenants meet it, and the holes a security review found', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let a: TestTenant;
  let keyA: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    sandbox = t.sandbox;
    a = await createTenant(t, 'Faithful A');
    keyA = (await createOrgKey(t, a)).key;
  });
  afterAll(() => t.close());

  describe("Meta's bytes: a receiver built on whatsapp-api-js verifies and parses every delivery", () => {
    const secret = 'tenant-meta-app-secret-0123456789';
    const verifyToken = 'tenant-verify-token';
    let receiver: { child: ChildProcess; url: string };
    const results = async (): Promise<Received[]> =>
      (await fetch(`${receiver.url}/results`)).json() as Promise<Received[]>;

    beforeAll(async () => {
      receiver = await startLibraryReceiver(secret, verifyToken);
    });
    afterAll(async () => {
      receiver.child.kill();
      await deleteEndpoints(t.dataSource, { tenantId: a.id });
    });

    it('on both registration styles: emoji, accented names, slashes, quotes and newlines, inbound and in statuses', async () => {
      // Style 1: the gateway's own endpoints. Style 2: Meta's subscribed_apps override (its handshake answered by the library).
      await request(t.url)
        .post('/v1/webhooks')
        .set(bearer(keyA))
        .send({ url: `${receiver.url}/v1-webhooks`, secret, events: ['messages'] })
        .expect(201);
      await request(t.url)
        .post(`/v1/${a.wabaId}/subscribed_apps`)
        .set(bearer(keyA))
        .send({ override_callback_uri: `${receiver.url}/subscribed-apps`, verify_token: verifyToken, secret })
        .expect(200);
      sandbox.clearWebhookDeliveries();

      const text = 'Olá 👋 "quoted" a/b\\c\nline two — 日本語 ✓';
      const name = 'José Ñandú 🙂';
      const textId = (
        await sandbox.simulateInbound({
          phone_number_id: a.phoneNumberId,
          from: '15550004242',
          name,
          type: 'text',
          text,
        } as never)
      ).message_id;
      const reactionId = (
        await sandbox.simulateInbound({
          phone_number_id: a.phoneNumberId,
          from: '15550004242',
          name,
          type: 'reaction',
          message_id: textId,
          emoji: '❤️',
        } as never)
      ).message_id;
      // The inbound message opens the 24-hour window for the reply.
      await eventually(async () =>
        (
          await t.dataSource.query('SELECT 1 FROM conversations WHERE last_inbound_at IS NOT NULL AND wa_id = $1', [
            '15550004242',
          ])
        ).length
          ? true
          : undefined,
      );
      // A send whose client value needs escaping comes back in statuses (the gateway's reference taken out of Meta's bytes).
      const client = 'pedido/42 ✓ "ok"';
      const sent = await request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages`)
        .set(bearer(keyA))
        .send({
          messaging_product: 'whatsapp',
          to: '15550004242',
          type: 'text',
          text: { body: 'hi' },
          biz_opaque_callback_data: client,
        })
        .expect(200);
      const wamid = sent.body.messages[0].id as string;

      // Two inbound messages and three statuses, each to both endpoints.
      const got = await eventually(async () => {
        const all = await results();
        return all.length >= 10 ? all : undefined;
      }, 15_000);
      expect(got.filter((r) => !r.verified)).toEqual([]);
      for (const path of ['/v1-webhooks', '/subscribed-apps']) {
        const mine = got.filter((r) => r.path === path);
        const textMessage = mine.find((r) => r.message?.message.id === textId)?.message;
        expect(textMessage).toMatchObject({
          phoneID: a.phoneNumberId,
          from: '15550004242',
          name,
          message: { type: 'text', text: { body: text } },
        });
        const reaction = mine.find((r) => r.message?.message.id === reactionId)?.message;
        expect(reaction?.message.reaction).toEqual({ message_id: textId, emoji: '❤️' });
        const statuses = mine.filter((r) => r.status?.id === wamid).map((r) => r.status);
        expect(statuses.map((s) => s!.status).sort()).toEqual(['delivered', 'read', 'sent']);
        expect(statuses.every((s) => s!.biz_opaque_callback_data === client)).toBe(true);
      }
    });

    it("forwards Meta's own bytes: ASCII only, lower-case \\u escapes with surrogate pairs, \\/, and byte-identical where nothing is taken out", async () => {
      const deliveries = await t.dataSource.query<Array<{ body: string }>>(
        `SELECT d.body FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.tenant_id = $1`,
        [a.id],
      );
      expect(deliveries.length).toBeGreaterThanOrEqual(10);
      for (const { body } of deliveries) {
        expect(body).toMatch(/^[\x20-\x7e]*$/);
        expect(body).not.toMatch(/\\u[0-9a-f]*[A-F]/);
      }
      const inbound = deliveries
        .map((d) => d.body)
        .find((body) => body.includes('"type":"text"') && body.includes('\\"quoted\\"'))!;
      expect(inbound).toContain('\\ud83d\\udc4b'); // 👋 as its surrogate pair
      expect(inbound).toContain('a\\/b');
      // What the sandbox (playing Meta) sent for that message, in Meta's serialization: the same bytes.
      const original = sandbox.webhookDeliveries().find((d) => metaJson(d.payload).includes('\\"quoted\\"'))!;
      expect(inbound).toBe(metaJson(original.payload));
      // Statuses: the reference is gone, the client's value is there in Meta's escapes.
      const status = deliveries.map((d) => d.body).find((body) => body.includes('"statuses"'))!;
      expect(status).not.toContain('gwr1:');
      expect(status).toContain('"biz_opaque_callback_data":"pedido\\/42 \\u2713 \\"ok\\""');
    });
  });

  describe('customer files are never active content', () => {
    it.each([
      [
        'text/html',
        'invoice.html',
        '<html><body><script>fetch("/v1/tenants?access_token="+location.search)</script></body></html>',
        'invoice.html',
      ],
      [
        'image/svg+xml',
        undefined,
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
        undefined,
      ],
    ])(
      'an inbound %s file downloads as an attachment, with nosniff and a sandbox CSP',
      async (mimeType, filename, content, expectedName) => {
        const bytes = Buffer.from(content);
        const { media_id: mediaId } = await sandbox.simulateInbound({
          phone_number_id: a.phoneNumberId,
          from: '15550004343',
          // A document carries its own file name; an image has none (media-<id>, no extension for this type).
          type: filename ? 'document' : 'image',
          mime_type: mimeType,
          data_base64: bytes.toString('base64'),
          ...(filename && { filename }),
        } as never);
        await eventually(async () =>
          (await t.dataSource.query('SELECT 1 FROM inbound_media WHERE media_id = $1', [mediaId])).length
            ? true
            : undefined,
        );
        const described = await request(t.url).get(`/v1/${mediaId}`).set(bearer(keyA)).expect(200);
        // sha256 as Meta writes it in each place: hex here, base64 in the webhook.
        expect(described.body.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
        const [stored] = await t.dataSource.query('SELECT sha256 FROM inbound_media WHERE media_id = $1', [mediaId]);
        expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('base64'));

        const res = await request(t.url)
          .get(new URL(described.body.url).pathname)
          .query({ access_token: keyA })
          .buffer(true)
          .parse((r, done) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => done(null, Buffer.concat(chunks)));
          });
        expect(res.status).toBe(200);
        expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
        expect(res.headers['content-type']).toContain(mimeType);
        const name = expectedName ?? `media-${mediaId}`;
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      },
    );
  });

  describe('SSRF under the production rule (no private targets): every spelling refused, at registration and at delivery', () => {
    const rules = () => t.get(WebhookDispatcher).urlRules;
    const SPELLINGS = [
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '64:ff9b:1::a9fe:a9fe', // local-use NAT64
      '2002:a9fe:a9fe::', // 6to4
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '::a9fe:a9fe', // IPv4-compatible
      '::ffff:a9fe:a9fe', // IPv4-mapped
      '::ffff:7f00:1', // IPv4-mapped loopback
      '64:ff9b::7f00:1', // NAT64 of loopback
      '::1',
      'fd00:ec2::254',
    ];
    const V4 = ['169.254.169.254', '192.0.0.8', '127.0.0.1', '10.0.0.1', '100.64.0.1', '198.18.0.1', '0.0.0.0'];
    let answers: Record<string, string[]> = {};

    beforeAll(() => {
      Object.assign(rules(), {
        allowPrivate: false,
        resolve: async (host: string) =>
          (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      });
    });
    afterAll(async () => {
      Object.assign(rules(), { allowPrivate: true, resolve: undefined });
      await deleteEndpoints(t.dataSource, { tenantId: a.id });
    });

    it.each([...SPELLINGS.map((ip) => `[${ip}]`), ...V4])(
      'registering https://%s/hook is 400 code 100 "not a public address"',
      async (host) => {
        const res = await request(t.url)
          .post('/v1/webhooks')
          .set(bearer(keyA))
          .send({ url: `https://${host}/hook` });
        expectGraphError(res, 400, 100);
        expect(res.body.error.error_data.details).toBe('url: host resolves to an address that is not a public address');
      },
    );

    it('a name resolving to any of them is refused without saying what it resolved to; one that does not resolve reads alike', async () => {
      for (const address of [...SPELLINGS, ...V4]) {
        answers = { 'hooks.tenant.example': ['93.184.216.34', address] };
        const res = await request(t.url)
          .post('/v1/webhooks')
          .set(bearer(keyA))
          .send({ url: 'https://hooks.tenant.example/hook' });
        expectGraphError(res, 400, 100);
        expect(res.body.error.error_data.details).toBe('url: host resolves to an address that is not a public address');
        expect(JSON.stringify(res.body)).not.toContain(address);
      }
      answers = {};
      const missing = await request(t.url)
        .post('/v1/webhooks')
        .set(bearer(keyA))
        .send({ url: 'https://nowhere.tenant.example/hook' });
      expect(missing.body.error.error_data.details).toBe('url: host does not resolve to a public address');
      expect(await t.dataSource.query('SELECT 1 FROM webhook_endpoints WHERE tenant_id = $1', [a.id])).toEqual([]);
    });

    it('a name that resolved publicly at registration and later resolves to a non-public address gets no delivery', async () => {
      answers = { 'rebind.tenant.example': ['93.184.216.34'] };
      const created = await request(t.url)
        .post('/v1/webhooks')
        .set(bearer(keyA))
        .send({ url: 'https://rebind.tenant.example/hook', events: ['messages'] })
        .expect(201);
      answers = { 'rebind.tenant.example': ['64:ff9b::a9fe:a9fe'] };
      await sandbox.simulateInbound({
        phone_number_id: a.phoneNumberId,
        from: '15550004444',
        type: 'text',
        text: 'after the rebind',
      } as never);
      const [delivery] = await eventually(async () => {
        const rows = await t.dataSource.query(
          // The attempt's outcome, once written (a row is leased, attempts counted, before its attempt ends).
          `SELECT status, last_error, last_status_code FROM webhook_deliveries
           WHERE endpoint_id = $1 AND attempts > 0 AND (last_error IS NOT NULL OR last_status_code IS NOT NULL)`,
          [created.body.id],
        );
        return rows.length ? rows : undefined;
      }, 10_000);
      expect(delivery.last_status_code).toBeNull();
      expect(delivery.last_error).toMatch(/not a public address/);
      expect(delivery.last_error).not.toMatch(/64:ff9b|a9fe|169\.254/);
    });
  });

  describe('no secret outside its encrypted column', () => {
    it('Redis holds no secret after create, rotate and key issuing with an Idempotency-Key, and replays still give it', async () => {
      const admin = await createAdminKey(t, [a], {
        scopes: ['keys:read', 'keys:write', 'webhooks:read', 'webhooks:write'],
      });
      const createHook = () =>
        request(t.url)
          .post('/v1/webhooks')
          .set(bearer(admin))
          .set('X-Svc-Tenant-Id', a.id)
          .set('Idempotency-Key', 'create-hook-1')
          .send({ url: 'http://127.0.0.1:9/hook' })
          .expect(201);
      const created = await createHook();
      const rotated = await request(t.url)
        .post(`/v1/webhooks/${created.body.id}/rotate_secret`)
        .set(bearer(admin))
        .set('X-Svc-Tenant-Id', a.id)
        .set('Idempotency-Key', 'rotate-hook-1')
        .send({})
        .expect(200);
      const issued = await request(t.url)
        .post('/v1/keys')
        .set(bearer(admin))
        .set('Idempotency-Key', 'issue-key-1')
        .send({ kind: 'org', tenant_ids: [a.id], name: 'signed', hmac: true })
        .expect(201);
      const secrets = [created.body.secret, rotated.body.secret, issued.body.key, issued.body.hmac_secret];
      expect(secrets.every((s) => typeof s === 'string' && s.length >= 16)).toBe(true);

      const redis = (t.store as RedisStore).client;
      const keys = await redis.keys('gwtest:idem:*');
      expect(keys.length).toBeGreaterThanOrEqual(3);
      const values = (await Promise.all(keys.map((k) => redis.getBuffer(k.replace(/^gwtest:/, ''))))).map(
        (v) => v?.toString('latin1') ?? '',
      );
      // Every cached response was read (a key read wrongly would give an empty value and prove nothing).
      const cached = values.filter((value) => value.includes('"status"'));
      expect(cached.length).toBeGreaterThanOrEqual(3);
      expect(cached.every((value) => value.includes('"sealed"'))).toBe(true);
      for (const value of values) for (const secret of secrets) expect(value).not.toContain(secret.slice(-24));

      const replay = await createHook();
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.body).toEqual(created.body);
      await deleteEndpoints(t.dataSource, { tenantId: a.id });
    });
  });

  describe('keys are never weaker than their issuer', () => {
    it('a key that must sign issues only keys that must sign: omitted, the new key signs; asked not to, 403 code 200 and nothing issued', async () => {
      const issuer = await createAdminKey(t, [a], { scopes: ['keys:read', 'keys:write', 'messages:send'], hmac: true });
      const signed = (body: Record<string, unknown>) => {
        const raw = JSON.stringify(body);
        const timestamp = String(Math.floor(Date.now() / 1000));
        return request(t.url)
          .post('/v1/keys')
          .set(bearer(issuer))
          .set('X-Svc-Timestamp', timestamp)
          .set('X-Svc-Signature', signRequest(issuer.hmacSecret!, timestamp, 'POST', '/v1/keys', raw))
          .set('Content-Type', 'application/json')
          .send(raw);
      };
      const inherited = await signed({ kind: 'org', tenant_ids: [a.id], name: 'inherits signing' }).expect(201);
      expect(inherited.body).toMatchObject({ hmac_secret: expect.any(String), record: { hmac: true } });
      const refused = await signed({ kind: 'org', tenant_ids: [a.id], name: 'unsigned', hmac: false });
      expectGraphError(refused, 403, 200);
      expect(refused.body.error.message).toMatch(/without the request signing \(HMAC\)/);
      const rows = await t.dataSource.query(
        `SELECT name, hmac_secret_encrypted IS NOT NULL AS signs FROM api_keys WHERE issued_by_key_id = $1`,
        [issuer.record.id],
      );
      expect(rows).toEqual([{ name: 'inherits signing', signs: true }]);
    });
  });

  describe('bad bytes are 400s', () => {
    let routes: Array<{ method: string; path: string; query: string[]; body: boolean }>;

    beforeAll(async () => {
      const document = (await request(t.url).get('/docs-json').expect(200)).body as {
        paths: Record<
          string,
          Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown }>
        >;
      };
      routes = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method,
          path: path.replace(/\{[^}]+\}/g, a.phoneNumberId),
          query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          body: operation.requestBody !== undefined,
        })),
      );
    });

    it('NUL or an unpaired surrogate in any JSON string of any route with a body: 400 code 100 naming the field', async () => {
      const withBody = routes.filter(
        (r) => r.body && ['post', 'put', 'patch'].includes(r.method) && !r.path.startsWith('/webhooks/whatsapp'),
      );
      expect(withBody.length).toBeGreaterThan(15);
      for (const route of withBody) {
        for (const [raw, field] of [
          ['{"name":"a\\u0000b"}', 'name'],
          ['{"text":{"body":"x\\ud800y"}}', 'text.body'],
          ['{"items":[{"n":1},{"\\u0000":"k"}]}', 'items[1].\u0000'],
        ]) {
          const res = await request(t.url)
            [route.method as 'post'](route.path)
            .set(bearer(keyA))
            .set('Content-Type', 'application/json')
            .send(raw);
          expect({ route: `${route.method} ${route.path}`, status: res.status, code: res.body?.error?.code }).toEqual({
            route: `${route.method} ${route.path}`,
            status: 400,
            code: 100,
          });
          expect(res.body.error.error_data.details).toBe(
            `${field}: must not contain the NUL character (\\u0000) or an unpaired surrogate`,
          );
        }
      }
    });

    it('NUL in any query value of any route: 400 code 100 naming the parameter; in a path id: 401 like a missing id', async () => {
      // Meta's own route is the exception: its deliveries are acknowledged and kept, never refused.
      const withQuery = routes.filter((r) => r.query.length > 0 && !r.path.startsWith('/webhooks/whatsapp'));
      expect(withQuery.length).toBeGreaterThan(5);
      for (const route of withQuery) {
        for (const name of route.query) {
          const res = await request(t.url)
            [route.method as 'get'](`${route.path}?${encodeURIComponent(name)}=a%00b`)
            .set(bearer(keyA));
          expect({
            route: `${route.method} ${route.path} ${name}`,
            status: res.status,
            details: res.body?.error?.error_data?.details,
          }).toEqual({
            route: `${route.method} ${route.path} ${name}`,
            status: 400,
            details: `${name}: must not contain the NUL character (\\u0000) or an unpaired surrogate`,
          });
        }
      }
      // A path id holding NUL names nothing: the same 401 as any id that does not exist (spec 5.8).
      const path = await request(t.url).get(`/v1/${a.phoneNumberId}%00/messages`).set(bearer(keyA));
      expectGraphError(path, 401, 190);
    });

    it('a send with NUL in its text writes nothing and calls nothing upstream; a form body likewise', async () => {
      sandbox.clearRequests();
      const before = await t.dataSource.query('SELECT count(*)::int AS n FROM messages');
      const res = await request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages`)
        .set(bearer(keyA))
        .send({ messaging_product: 'whatsapp', to: '15550004545', type: 'text', text: { body: 'bad\u0000byte' } });
      expectGraphError(res, 400, 100);
      expect(res.body.error.error_data.details).toBe(
        'text.body: must not contain the NUL character (\\u0000) or an unpaired surrogate',
      );
      const form = await request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages`)
        .set(bearer(keyA))
        .type('form')
        .send('messaging_product=whatsapp&to=1555&type=text&text[body]=a%00b');
      expectGraphError(form, 400, 100);
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM messages')).toEqual(before);
      expect(sandbox.requests().filter((q) => q.method === 'POST')).toEqual([]);
    });
  });

  describe('malformed upstream deliveries that pass the signature', () => {
    const unprocessable = async () =>
      (await t.get(MetricsService).text()).match(
        /gateway_webhook_events_ingested_total\{field="([^"]+)",result="unprocessable"\} (\d+)/g,
      ) ?? [];
    const count = async () =>
      (await t.dataSource.query('SELECT count(*)::int AS n FROM unprocessable_webhooks'))[0].n as number;

    it('"changes":[null] is 200, kept byte for byte, counted; the delivery\'s good change is applied', async () => {
      const before = await count();
      const raw = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: a.wabaId,
            changes: [
              null,
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550100001', phone_number_id: a.phoneNumberId },
                  messages: [
                    {
                      from: '15550004646',
                      id: 'wamid.beside-a-null',
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      type: 'text',
                      text: { body: 'kept' },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const res = await postFromUpstream(t.url, raw).expect(200);
      expect(res.body).toEqual({ success: true, stored: 1, duplicates: 0, unprocessable: 1 });
      expect(await count()).toBe(before + 1);
      const [kept] = await t.dataSource.query(
        'SELECT reason, body FROM unprocessable_webhooks ORDER BY received_at DESC LIMIT 1',
      );
      expect(kept.reason).toBe('entry[0].changes[0]: not an object');
      expect((kept.body as Buffer).toString('utf8')).toBe(raw);
      expect(
        await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE message_id = 'wamid.beside-a-null'`),
      ).toHaveLength(1);
      expect((await unprocessable()).join()).toMatch(/field="unknown",result="unprocessable"\} [1-9]/);
    });

    it.each([
      ['statuses that are not a list', { statuses: 'sent' }, '.value.statuses: not an array of objects'],
      [
        'a status id that is not a string',
        { statuses: [{ id: 42, status: 'sent' }] },
        '.value.statuses[0].id: not a string',
      ],
      [
        'NUL in a message text',
        { messages: [{ from: '15550004747', id: 'wamid.nul', type: 'text', text: { body: 'a\u0000b' } }] },
        '.value.messages[0].text.body: text that cannot be stored',
      ],
    ])('%s: 200, nothing applied, kept and counted', async (_what, value, reason) => {
      const before = await count();
      const raw = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: a.wabaId,
            changes: [
              {
                field: 'messages',
                value: { messaging_product: 'whatsapp', metadata: { phone_number_id: a.phoneNumberId }, ...value },
              },
            ],
          },
        ],
      });
      const res = await postFromUpstream(t.url, raw).expect(200);
      expect(res.body).toEqual({ success: true, stored: 0, duplicates: 0, unprocessable: 1 });
      const [kept] = await t.dataSource.query(
        'SELECT reason FROM unprocessable_webhooks ORDER BY received_at DESC LIMIT 1',
      );
      expect(kept.reason).toBe(`entry[0].changes[0]${reason}`);
      expect(await count()).toBe(before + 1);
      expect((await unprocessable()).join()).toMatch(/field="messages",result="unprocessable"\} [1-9]/);
      expect(await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE message_id = 'wamid.nul'`)).toEqual([]);
    });

    it.each([
      [
        'a member Meta does not send',
        { hasOwnProperty: { '\u2026': [null, '\u0000\u2026'] } },
        'hasOwnProperty.\u2026[1]',
      ],
      // The reason names the key with its NUL written as an escape (the reason itself is stored as text).
      ['a key holding NUL', { 'x\u0000': 1 }, 'x\\u0000'],
    ])(
      'text that cannot be stored in %s beside the entries: 200, the delivery kept whole as bytes, nothing applied',
      async (_what, extra, where) => {
        const before = await count();
        const events = Number((await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_events'))[0].n);
        const raw = JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: a.wabaId,
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: { phone_number_id: a.phoneNumberId },
                    messages: [{ from: '15550004848', id: 'wamid.beside-nul', type: 'text', text: { body: 'x' } }],
                  },
                },
              ],
            },
          ],
          ...extra,
        });
        const res = await postFromUpstream(t.url, raw).expect(200);
        expect(res.body).toEqual({ success: true, stored: 0, duplicates: 0, unprocessable: 1 });
        const [kept] = await t.dataSource.query(
          'SELECT reason, body FROM unprocessable_webhooks ORDER BY received_at DESC LIMIT 1',
        );
        expect(kept.reason).toBe(`${where}: text that cannot be stored`);
        expect((kept.body as Buffer).toString('utf8')).toBe(raw);
        expect(await count()).toBe(before + 1);
        expect(Number((await t.dataSource.query('SELECT count(*)::int AS n FROM webhook_events'))[0].n)).toBe(events);
        expect(
          await t.dataSource.query(`SELECT 1 FROM inbound_messages WHERE message_id = 'wamid.beside-nul'`),
        ).toEqual([]);
      },
    );
  });
});
