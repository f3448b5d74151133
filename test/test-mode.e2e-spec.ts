import { createHmac } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { opensStream } from './support/event-stream';
import { Webhook } from 'standardwebhooks';
import { type Received, startLibraryReceiver } from './support/library-receiver';
import { hubSignature } from '../libs/meta/hub-signature';
import {
  bearer,
  createAdminKey,
  createCatalogTemplate,
  createOrgKey,
  createPlatformKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { eventually } from './support/eventually';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { consoleBrowser } from './support/console-browser';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Test mode (issue 47): test keys reach their organization's test twin only, test numbers live at the
 * simulator, and nothing made with a test key reaches the live upstream (the app's own sandbox here:
 * a recording stand-in at UPSTREAM_BASE_URL whose request log must stay empty of test traffic).
 */
describe('test mode', () => {
  let t: TestApp;
  let live: TestTenant;
  let liveKey: string;
  let adminKey: string;
  let testKey: string;
  let twinId: string;
  let testNumber: { phone_number_id: string; waba_id: string; display_phone_number: string };
  let liveHook: WebhookReceiver;
  let testHook: WebhookReceiver;
  let liveHookSecret: string;
  let testHookSecret: string;
  let testMessageId: string;
  let liveMessageId: string;
  const CUSTOMER = '15557770001';

  /** What the live upstream was asked since `since` (by path), never test traffic. */
  const liveUpstreamCalls = (since = 0) => t.sandbox.requests().slice(since);
  const testIds = () => [twinId, testNumber.phone_number_id, testNumber.waba_id, testMessageId];
  const liveIds = () => [live.id, live.phoneNumberId, live.wabaId, liveMessageId];

  beforeAll(async () => {
    t = await createTestApp({ simulator: true });
    await resetState(t);
    live = await createTenant(t);
    liveKey = (await createOrgKey(t, live, { rateLimitPerSecond: 10_000 })).key;
    adminKey = (await createAdminKey(t, [live], { rateLimitPerSecond: 10_000 })).key;
    liveHook = await new WebhookReceiver().start();
    testHook = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await liveHook.stop();
    await testHook.stop();
    await t.close();
  });

  describe('test keys', () => {
    it('are issued by a live admin key with mode test, as svc_test_ keys of the test twin made on first use', async () => {
      const res = await request(t.url)
        .post('/v1/keys')
        .set(bearer(adminKey))
        .send({
          kind: 'org',
          mode: 'test',
          tenant_ids: [live.id],
          name: 'test integration',
          rate_limit_per_second: 500,
        });
      expect(res.status).toBe(201);
      expect(res.body.key).toMatch(/^svc_test_[A-Za-z0-9]{40}$/);
      expect(res.body.record).toMatchObject({ kind: 'org', mode: 'test', name: 'test integration' });
      testKey = res.body.key;
      twinId = res.body.record.tenant_ids[0];
      expect(twinId).not.toBe(live.id);
      const [twin] = await t.dataSource.query(`SELECT name, test_of FROM organizations WHERE id = $1`, [twinId]);
      expect(twin).toEqual({ name: `${live.name} (test)`, test_of: live.id });

      // A second test key of the organization belongs to the same twin (named by its live or its own id).
      for (const tenantId of [live.id, twinId]) {
        const again = await request(t.url)
          .post('/v1/keys')
          .set(bearer(adminKey))
          .send({ kind: 'admin', mode: 'test', tenant_ids: [tenantId] });
        expect(again.status).toBe(201);
        expect(again.body.key).toMatch(/^svc_admin_test_/);
        expect(again.body.record.tenant_ids).toEqual([twinId]);
      }
      expect(
        await t.dataSource.query(`SELECT count(*)::int AS n FROM organizations WHERE test_of = $1`, [live.id]),
      ).toEqual([{ n: 1 }]);
    });

    it('are listed for the live admin key beside its live keys; a test admin key sees and issues test keys only', async () => {
      const listed = await request(t.url).get('/v1/keys').set(bearer(adminKey));
      expect(listed.status).toBe(200);
      const modes = (listed.body.data as Array<{ mode: string }>).map((k) => k.mode);
      expect(modes).toContain('live');
      expect(modes).toContain('test');

      const testAdmin = (
        await request(t.url)
          .post('/v1/keys')
          .set(bearer(adminKey))
          .send({ kind: 'admin', mode: 'test', tenant_ids: [live.id] })
      ).body.key as string;
      const seen = await request(t.url).get('/v1/keys').set(bearer(testAdmin));
      expect(seen.status).toBe(200);
      expect((seen.body.data as Array<{ mode: string; tenant_ids: string[] }>).every((k) => k.mode === 'test')).toBe(
        true,
      );
      expect(seen.body.data.length).toBeGreaterThanOrEqual(3);

      // Issuing with the live organization's id in the header, as the live key would: its twin.
      const issued = await request(t.url)
        .post('/v1/keys')
        .set(bearer(testAdmin))
        .set('X-Svc-Tenant-Id', live.id)
        .send({ kind: 'org' });
      expect(issued.status).toBe(201);
      expect(issued.body.record).toMatchObject({ mode: 'test', tenant_ids: [twinId] });

      const liveFromTest = await request(t.url)
        .post('/v1/keys')
        .set(bearer(testAdmin))
        .send({ kind: 'org', mode: 'live', tenant_ids: [live.id] });
      expectGraphError(liveFromTest, 403, 200);
      expect(liveFromTest.body.error.message).toMatch(/test key issues test keys only/);
    });

    it('refuse what does not fit their mode: a test key on live organizations, a test platform key, an unknown mode', async () => {
      const platform = (await createPlatformKey(t)).key;
      const testPlatform = await request(t.url)
        .post('/v1/keys')
        .set(bearer(platform))
        .send({ kind: 'platform', mode: 'test' });
      expectGraphError(testPlatform, 403, 200);
      const badMode = await request(t.url)
        .post('/v1/keys')
        .set(bearer(adminKey))
        .send({ kind: 'org', mode: 'sandbox', tenant_ids: [live.id] });
      expectInvalidParameter(badMode, 400, /mode/);
      // The service refuses a test key for a live organization and a live key for a twin, whoever asks.
      const keys = await request(t.url)
        .post('/v1/keys')
        .set(bearer(platform))
        .send({ kind: 'org', mode: 'live', tenant_ids: [twinId] });
      // A platform key names organizations as they are: the twin's id with mode live is a live key of its live organization.
      expect(keys.status).toBe(201);
      expect(keys.body.record).toMatchObject({ mode: 'live', tenant_ids: [live.id] });
    });

    it('the twin is listed for the operator with test_of, and a live organization is not deleted while its twin has keys', async () => {
      const platform = (await createPlatformKey(t)).key;
      const twin = await request(t.url).get(`/v1/organizations/${twinId}`).set(bearer(platform));
      expect(twin.status).toBe(200);
      expect(twin.body).toMatchObject({ id: twinId, test_of: live.id });
      const liveOrg = await request(t.url).get(`/v1/organizations/${live.id}`).set(bearer(platform));
      expect(liveOrg.body.test_of).toBeNull();
      const gone = await request(t.url).delete(`/v1/organizations/${live.id}`).set(bearer(platform));
      expectGraphError(gone, 409, 100);
      expect(gone.body.error.error_data.details).toMatch(/test API keys that are not revoked/);
      // And the operator cannot give a twin an account of Meta's.
      const account = await request(t.url)
        .post(`/v1/organizations/${twinId}/business_accounts`)
        .set(bearer(platform))
        .send({ waba_id: '123456789012345', access_token: 'meta-token' });
      expectInvalidParameter(account, 400, /test organization; its numbers come from POST \/v1\/test\/phone_numbers/);
    });
  });

  describe('test numbers', () => {
    it('are made by the organization with a test key, at the simulator, and onboarded through it', async () => {
      const before = t.sandbox.requests().length;
      const res = await request(t.url)
        .post('/v1/test/phone_numbers')
        .set(bearer(testKey))
        .send({ verified_name: 'Acme Test' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        tenant_id: twinId,
        phone_number_id: expect.stringMatching(/^\d{15}$/),
        waba_id: expect.stringMatching(/^\d{15}$/),
        display_phone_number: expect.stringMatching(/^\+1 555-\d{3}-\d{4}$/),
      });
      testNumber = res.body;
      // The simulator knows the number, its account is subscribed there, and its limits were read there.
      const simulated = t.simulator!.requests().map((r) => `${r.method} ${r.path}`);
      expect(simulated).toEqual(
        expect.arrayContaining([
          `POST /v23.0/${testNumber.waba_id}/subscribed_apps`,
          `GET /v23.0/${testNumber.waba_id}/subscribed_apps`,
          `GET /v23.0/${testNumber.phone_number_id}`,
        ]),
      );
      expect(liveUpstreamCalls(before)).toEqual([]);
      const listed = await request(t.url).get('/v1/test/phone_numbers').set(bearer(testKey));
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((n: { phone_number_id: string }) => n.phone_number_id)).toEqual([
        testNumber.phone_number_id,
      ]);
    });

    it('leave nothing behind when the simulator will not describe the number: no account without its number', async () => {
      const accounts = () =>
        t.dataSource.query(`SELECT count(*)::int AS n FROM business_accounts WHERE tenant_id = $1`, [twinId]);
      const before = await accounts();
      // The number's read (GET /v23.0/{phone-number-id}) fails once at the simulator.
      t.simulator!.injectFault({ kind: 'graph_error', code: 100, count: 1, method: 'GET', path: '^/v23\\.0/\\d+$' });
      const res = await request(t.url).post('/v1/test/phone_numbers').set(bearer(testKey)).send({});
      expectInvalidParameter(res, 400, /^phone_number_id: Meta answered/);
      expect(await accounts()).toEqual(before);
      t.simulator!.clearFaults();
    });

    it('are refused to a live key, and Embedded Signup to a test key, changing nothing', async () => {
      const withLive = await request(t.url).post('/v1/test/phone_numbers').set(bearer(liveKey)).send({});
      expectInvalidParameter(withLive, 400, /live key reaches live data only/);
      const listLive = await request(t.url).get('/v1/test/phone_numbers').set(bearer(liveKey));
      expectInvalidParameter(listLive, 400, /test key/);
      const signup = await request(t.url)
        .post('/v1/embedded_signup')
        .set(bearer(testKey))
        .send({ code: 'abc', waba_id: '123456789012345', phone_number_id: '223456789012345' });
      expect(signup.status).toBe(400);
      expect(signup.body.error.code).toBe(100);
      expect(
        await t.dataSource.query(`SELECT count(*)::int AS n FROM phone_numbers WHERE tenant_id = $1`, [twinId]),
      ).toEqual([{ n: 1 }]);
    });

    it('stop at the organization’s limit (TEST_NUMBERS_PER_ORGANIZATION, 5)', async () => {
      const made: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await request(t.url).post('/v1/test/phone_numbers').set(bearer(testKey)).send({});
        expect(res.status).toBe(201);
        made.push(res.body.phone_number_id);
      }
      const sixth = await request(t.url).post('/v1/test/phone_numbers').set(bearer(testKey)).send({});
      expectInvalidParameter(sixth, 400, /at most 5 test numbers/);
      // One removed (with its account), one may be made again.
      const removed = await request(t.url).delete(`/v1/test/phone_numbers/${made[0]}`).set(bearer(testKey));
      expect(removed.status).toBe(200);
      expect(await t.dataSource.query(`SELECT 1 FROM phone_numbers WHERE phone_number_id = $1`, [made[0]])).toEqual([]);
      const again = await request(t.url).post('/v1/test/phone_numbers').set(bearer(testKey)).send({});
      expect(again.status).toBe(201);
    });
  });

  describe('traffic', () => {
    beforeAll(async () => {
      const endpoint = async (key: string, hook: WebhookReceiver) => {
        const res = await request(t.url).post('/v1/webhooks').set(bearer(key)).send({ url: hook.url });
        expect(res.status).toBe(201);
        return res.body.secret as string;
      };
      liveHookSecret = await endpoint(liveKey, liveHook);
      testHookSecret = await endpoint(testKey, testHook);
    });

    it('a customer’s message at the simulator reaches the tenant’s webhook in a test envelope, signed, and opens the window', async () => {
      await t.simulator!.simulateInbound({
        phone_number_id: testNumber.phone_number_id,
        from: CUSTOMER,
        type: 'text',
        text: 'Hello from a test customer',
      });
      const [delivery] = await testHook.waitFor((events) =>
        events.some((e) => e.body.includes('Hello from a test customer')),
      );
      expect(delivery.body.startsWith('{"test":true,"object":"whatsapp_business_account"')).toBe(true);
      expect(delivery.headers['x-gateway-mode']).toBe('test');
      expect(delivery.headers['x-hub-signature-256']).toBe(
        'sha256=' + createHmac('sha256', testHookSecret).update(delivery.body).digest('hex'),
      );
      const [row] = await eventually(async () => {
        const rows = await t.dataSource.query(`SELECT tenant_id FROM inbound_messages WHERE phone_number_id = $1`, [
          testNumber.phone_number_id,
        ]);
        return rows.length ? rows : undefined;
      });
      expect(row.tenant_id).toBe(twinId);
      expect(liveHook.events()).toEqual([]);
    });

    it('a test key sends from a test number at the simulator: statuses come back through the simulator’s door; the live upstream sees nothing', async () => {
      const before = t.sandbox.requests().length;
      const res = await request(t.url)
        .post(`/v1/${testNumber.phone_number_id}/messages`)
        .set(bearer(testKey))
        .send({ messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Test reply' } });
      expect(res.status).toBe(200);
      testMessageId = res.body.messages[0].id;
      expect(t.simulator!.requests().some((r) => r.path === `/v23.0/${testNumber.phone_number_id}/messages`)).toBe(
        true,
      );
      await eventually(async () => {
        const [row] = await t.dataSource.query(
          `SELECT status, tenant_id FROM messages WHERE upstream_message_id = $1`,
          [testMessageId],
        );
        return row?.status === 'read' && row.tenant_id === twinId ? row : undefined;
      });
      await testHook.waitFor((events) => events.some((e) => e.body.includes('"status":"read"')));
      expect(liveUpstreamCalls(before)).toEqual([]);
    });

    it('a live key sends from its live number as before: a live envelope, no test member', async () => {
      await t.sandbox.simulateInbound({
        phone_number_id: live.phoneNumberId,
        from: CUSTOMER,
        type: 'text',
        text: 'Hello live',
      });
      const [inbound] = await liveHook.waitFor((events) => events.some((e) => e.body.includes('Hello live')));
      expect(inbound.body.startsWith('{"object":"whatsapp_business_account"')).toBe(true);
      expect(inbound.headers['x-gateway-mode']).toBe('live');
      expect(inbound.headers['x-hub-signature-256']).toBe(
        'sha256=' + createHmac('sha256', liveHookSecret).update(inbound.body).digest('hex'),
      );
      const simulatorCalls = t.simulator!.requests().length;
      const res = await request(t.url)
        .post(`/v1/${live.phoneNumberId}/messages`)
        .set(bearer(liveKey))
        .send({ messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Live reply' } });
      expect(res.status).toBe(200);
      liveMessageId = res.body.messages[0].id;
      expect(t.simulator!.requests().length).toBe(simulatorCalls);
      expect(testHook.events().some((e) => e.body.includes('Hello live'))).toBe(false);
    });

    it('a test key on a live number, and a live key on a test number, are 400 code 100 naming the number; nothing is sent', async () => {
      // Another organization's test number stays a stranger's: the same 401 as any.
      const stranger = await createTenant(t);
      const strangerKey = (await createOrgKey(t, stranger)).key;
      const liveCalls = t.sandbox.requests().length;
      const simulatorCalls = t.simulator!.requests().length;
      const [{ n: records }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM messages`);
      const message = { messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'x' } };
      const testOnLive = await request(t.url)
        .post(`/v1/${live.phoneNumberId}/messages`)
        .set(bearer(testKey))
        .send(message);
      expectInvalidParameter(testOnLive, 400, /^phone_number_id: a live phone number of this organization/);
      const liveOnTest = await request(t.url)
        .post(`/v1/${testNumber.phone_number_id}/messages`)
        .set(bearer(liveKey))
        .send(message);
      expectInvalidParameter(liveOnTest, 400, /^phone_number_id: a test phone number of this organization/);
      const liveOnTestWaba = await request(t.url)
        .get(`/v1/${testNumber.waba_id}/message_templates`)
        .set(bearer(liveKey));
      expectInvalidParameter(liveOnTestWaba, 400, /^waba_id: a test business account/);
      expectGraphError(
        await request(t.url).post(`/v1/${testNumber.phone_number_id}/messages`).set(bearer(strangerKey)).send(message),
        401,
        190,
      );
      expect(t.sandbox.requests().length).toBe(liveCalls);
      expect(t.simulator!.requests().length).toBe(simulatorCalls);
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM messages`)).toEqual([{ n: records }]);
    });

    it('a template made with a test key is reviewed at the simulator and reaches the twin’s catalog and webhook', async () => {
      const before = t.sandbox.requests().length;
      const created = await request(t.url)
        .post(`/v1/${testNumber.waba_id}/message_templates`)
        .set(bearer(testKey))
        .send({
          name: 'test_order_update',
          language: 'en_US',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Your order {{1}} shipped', example: { body_text: [['A1']] } }],
        });
      expect(created.status).toBe(200);
      t.simulator!.reviewTemplate(created.body.id, 'REJECTED');
      await eventually(async () => {
        const [row] = await t.dataSource.query(
          `SELECT status, tenant_id FROM message_templates WHERE upstream_id = $1`,
          [created.body.id],
        );
        return row?.status === 'REJECTED' && row.tenant_id === twinId ? row : undefined;
      });
      const [review] = await testHook.waitFor((events) =>
        events.some((e) => e.body.includes('message_template_status_update') && e.body.includes('REJECTED')),
      );
      expect(review.headers['x-gateway-mode']).toBe('test');
      expect(liveUpstreamCalls(before)).toEqual([]);
    });

    it('a test key writes and reads the twin’s lists: contacts and blacklist apart from the live ones', async () => {
      for (const [key, wa] of [
        [testKey, '15550004444'],
        [liveKey, '15550003333'],
      ] as const) {
        const contact = await request(t.url)
          .post('/v1/contacts')
          .set(bearer(key))
          .send({ contacts: [{ phone_number: wa, name: `contact ${wa}` }] });
        expect(contact.status).toBe(200);
        const blocked = await request(t.url)
          .post('/v1/blacklist')
          .set(bearer(key))
          .send({ phone_numbers: [wa] });
        expect(blocked.status).toBe(200);
      }
      const rows = await t.dataSource.query(`SELECT tenant_id, phone_number FROM contacts ORDER BY phone_number`);
      expect(rows).toEqual([
        { tenant_id: live.id, phone_number: '15550003333' },
        { tenant_id: twinId, phone_number: '15550004444' },
      ]);
    });

    it('on every tenant route a test key sees no live record and a live key no test record', async () => {
      const docs = await request(t.url).get('/docs-json');
      const liveCalls = t.sandbox.requests().length;
      const simulatorCalls = t.simulator!.requests().length;
      // Every GET of the API whose path names nothing or only the number or business account acted on.
      const paths = Object.entries(docs.body.paths as Record<string, Record<string, unknown>>)
        .filter(([path, ops]) => path.startsWith('/v1/') && 'get' in ops && !opensStream(ops.get))
        .map(([path]) => path)
        .filter((path) => (path.match(/\{[^}]+\}/g) ?? []).every((p) => p === '{phoneNumberId}' || p === '{wabaId}'));
      const today = new Date().toISOString().slice(0, 10);
      // The reads that need a query: each key asks of its own message.
      const query = (path: string, mode: 'live' | 'test') =>
        ({
          '/v1/usage': `?from=${today}&to=${today}&group_by=phone_number`,
          '/v1/webhook_deliveries': `?wamid=${mode === 'live' ? liveMessageId : testMessageId}`,
        })[path] ?? '';
      const own = (path: string, mode: 'live' | 'test') =>
        path
          .replace('{phoneNumberId}', mode === 'live' ? live.phoneNumberId : testNumber.phone_number_id)
          .replace('{wabaId}', mode === 'live' ? live.wabaId : testNumber.waba_id) + query(path, mode);
      const read: string[] = [];
      for (const path of paths) {
        const testRead = await request(t.url).get(own(path, 'test')).set(bearer(testKey));
        const liveRead = await request(t.url).get(own(path, 'live')).set(bearer(liveKey));
        if (path.includes('{')) {
          // The other mode's number or account: 400 code 100 naming it, for either key.
          const field = path.includes('{phoneNumberId}') ? 'phone_number_id' : 'waba_id';
          expectInvalidParameter(
            await request(t.url).get(own(path, 'live')).set(bearer(testKey)),
            400,
            new RegExp(`^${field}: a live`),
          );
          expectInvalidParameter(
            await request(t.url).get(own(path, 'test')).set(bearer(liveKey)),
            400,
            new RegExp(`^${field}: a test`),
          );
        }
        if (testRead.status === 403 && liveRead.status === 403) continue; // platform and admin routes
        if (path === '/v1/test/phone_numbers') {
          expect({ test: testRead.status, live: liveRead.status }).toEqual({ test: 200, live: 400 });
          continue;
        }
        // Each key reads its own side alike.
        expect({ path, test: testRead.status }).toEqual({ path, test: liveRead.status });
        if (testRead.status !== 200) continue;
        read.push(path);
        if (path === '/v1/tenants') {
          // The key's organization: the twin, naming the live organization it is the test twin of.
          expect(testRead.body.data).toEqual([expect.objectContaining({ id: twinId, test_of: live.id })]);
          expect(liveRead.body.data).toEqual([expect.objectContaining({ id: live.id, test_of: null })]);
          continue;
        }
        if (path === '/v1/audit_log') {
          // The twin's entries only; a live admin key's issuing of a test key is the twin's entry, its request
          // body naming the organization as the caller did.
          const organizations = (res: request.Response) =>
            new Set((res.body.data as Array<{ organization_id: string }>).map((e) => e.organization_id));
          expect(organizations(testRead)).toEqual(new Set([twinId]));
          expect(organizations(liveRead)).toEqual(new Set([live.id]));
          continue;
        }
        for (const id of liveIds()) expect({ path, sees: testRead.text.includes(id) }).toEqual({ path, sees: false });
        for (const id of testIds()) expect({ path, sees: liveRead.text.includes(id) }).toEqual({ path, sees: false });
      }
      // The organization's data everywhere: messages, conversations, inbound messages, templates, media, webhooks
      // and their deliveries, broadcasts, contacts, blacklist, usage, audit, numbers, and Meta's reads.
      expect(read).toEqual(
        expect.arrayContaining([
          '/v1/{phoneNumberId}/messages',
          '/v1/{phoneNumberId}/conversations',
          '/v1/{phoneNumberId}/inbound_messages',
          '/v1/{wabaId}/message_templates',
          '/v1/media_library',
          '/v1/webhooks',
          '/v1/webhook_deliveries',
          '/v1/{phoneNumberId}/broadcasts',
          '/v1/contacts',
          '/v1/blacklist',
          '/v1/usage',
          '/v1/audit_log',
          '/v1/phone_numbers',
          '/v1/message_statistics',
          '/v1/{wabaId}/phone_numbers',
          '/v1/{phoneNumberId}/whatsapp_business_profile',
        ]),
      );
      expect(read.length).toBeGreaterThanOrEqual(25);
      // The test key's reads that Meta answers were answered by the simulator; the live upstream saw none of them.
      const testTraffic = (r: { path: string }) =>
        r.path.includes(testNumber.phone_number_id) || r.path.includes(testNumber.waba_id);
      const liveTraffic = (r: { path: string }) => r.path.includes(live.phoneNumberId) || r.path.includes(live.wabaId);
      expect(t.sandbox.requests().slice(liveCalls).filter(testTraffic)).toEqual([]);
      expect(t.simulator!.requests().slice(simulatorCalls).filter(liveTraffic)).toEqual([]);
      expect(t.simulator!.requests().slice(simulatorCalls).filter(testTraffic).length).toBeGreaterThan(5);
      // And where the twin's records are, the test key sees them.
      const messages = await request(t.url).get(`/v1/${testNumber.phone_number_id}/messages`).set(bearer(testKey));
      expect(messages.text).toContain(testMessageId);
      const liveMessages = await request(t.url).get(`/v1/${live.phoneNumberId}/messages`).set(bearer(liveKey));
      expect(liveMessages.text).toContain(liveMessageId);
    });
  });

  describe('simulated customers and Meta’s failures on demand', () => {
    const post = (path: string, key = testKey) => request(t.url).post(path).set(bearer(key));
    const inboundRows = () => t.dataSource.query(`SELECT count(*)::int AS n FROM inbound_messages`);
    const send = (to: string, key = testKey, phone = testNumber.phone_number_id) =>
      post(`/v1/${phone}/messages`, key).send({
        messaging_product: 'whatsapp',
        to,
        type: 'text',
        text: { body: 'hi' },
      });
    /** The customer writes first: the window is open, and their message is in. */
    const writes = async (from: string) => {
      const res = await post(`/v1/test/${testNumber.phone_number_id}/inbound`).send({
        from,
        type: 'text',
        text: { body: `hello from ${from}` },
      });
      expect(res.status).toBe(200);
      await testHook.waitFor((events) => events.some((e) => e.body.includes(`hello from ${from}`)));
    };

    it('runs automation rules on a test number against the simulator, never Meta', async () => {
      const rule = await post('/v1/automations/rules').send({
        name: 'Test prices',
        trigger: 'message_received',
        conditions: [{ field: 'text', operator: 'contains_any', values: ['price'] }],
        actions: [{ type: 'reply', text: 'Test prices reply' }],
      });
      expect(rule.status).toBe(201);
      const liveBefore = t.sandbox.requests().length;
      const from = '15557770099';
      const res = await post(`/v1/test/${testNumber.phone_number_id}/inbound`).send({
        from,
        type: 'text',
        text: { body: 'what is the price?' },
      });
      expect(res.status).toBe(200);
      const reply = await eventually(async () =>
        t
          .simulator!.requests()
          .find(
            (r) =>
              r.path === `/v23.0/${testNumber.phone_number_id}/messages` && (r.body as { to?: string })?.to === from,
          ),
      );
      expect(reply.body).toMatchObject({ type: 'text', text: { body: 'Test prices reply' } });
      expect(t.sandbox.requests().length).toBe(liveBefore);
      const removed = await request(t.url).delete(`/v1/automations/rules/${rule.body.id}`).set(bearer(testKey));
      expect(removed.status).toBe(200);
    });

    it('a customer’s message of every Cloud API type reaches the tenant’s webhook as Meta sends it', async () => {
      const from = '15557770002';
      const bodies: Array<[string, Record<string, unknown>, (message: Record<string, any>) => void]> = [
        [
          'text',
          { text: { body: 'Where is my order?' } },
          (m) => expect(m.text).toEqual({ body: 'Where is my order?' }),
        ],
        [
          'image',
          { image: { caption: 'the parcel' } },
          (m) =>
            expect(m.image).toMatchObject({ caption: 'the parcel', id: expect.any(String), mime_type: 'image/jpeg' }),
        ],
        [
          'location',
          { location: { latitude: 52.52, longitude: 13.405, name: 'Berlin' } },
          (m) => expect(m.location).toMatchObject({ latitude: 52.52, longitude: 13.405, name: 'Berlin' }),
        ],
        [
          'contacts',
          { contacts: [{ name: { formatted_name: 'Ada' }, phones: [{ phone: '+1 555 0100' }] }] },
          (m) => expect(m.contacts[0].name.formatted_name).toBe('Ada'),
        ],
        [
          'button',
          { button: { payload: 'TRACK', text: 'Track it' } },
          (m) => expect(m.button).toEqual({ payload: 'TRACK', text: 'Track it' }),
        ],
        [
          'interactive',
          { interactive: { type: 'list_reply', list_reply: { id: 'opt-2', title: 'Tomorrow' } } },
          (m) =>
            expect(m.interactive).toMatchObject({ type: 'list_reply', list_reply: { id: 'opt-2', title: 'Tomorrow' } }),
        ],
        [
          'reaction',
          { reaction: { message_id: testMessageId, emoji: '👍' } },
          (m) => expect(m.reaction).toEqual({ message_id: testMessageId, emoji: '👍' }),
        ],
        [
          'text',
          { text: { body: 'a reply' }, context: { id: testMessageId } },
          (m) => expect(m.context).toMatchObject({ id: testMessageId }),
        ],
      ];
      for (const [type, body, check] of bodies) {
        const res = await post(`/v1/test/${testNumber.phone_number_id}/inbound`).send({ from, type, ...body });
        expect({ type, status: res.status }).toEqual({ type, status: 200 });
        const wamid = res.body.messages[0].id as string;
        const [event] = (await testHook.waitFor((events) => events.some((e) => e.body.includes(wamid)))).filter((e) =>
          e.body.includes(wamid),
        );
        expect(event.headers['x-gateway-mode']).toBe('test');
        const message = (event.json as any).entry[0].changes[0].value.messages[0];
        expect(message).toMatchObject({ from, id: wamid, type });
        check(message);
      }
    });

    it('an inbound of an unknown type, or without its field, is 400 code 100 naming it; nothing comes in', async () => {
      const before = await inboundRows();
      const path = `/v1/test/${testNumber.phone_number_id}/inbound`;
      expectInvalidParameter(
        await post(path).send({ from: CUSTOMER, type: 'hologram' }),
        400,
        /^type: must be one of text, button, interactive, image/,
      );
      expectInvalidParameter(await post(path).send({ from: CUSTOMER, type: 'text', text: {} }), 400, /^text\.body: /);
      expectInvalidParameter(
        await post(path).send({ from: 'someone', type: 'text', text: { body: 'x' } }),
        400,
        /^from: /,
      );
      expectInvalidParameter(
        await post(path).send({ from: CUSTOMER, type: 'interactive', interactive: { type: 'button_reply' } }),
        400,
        /^interactive\.button_reply: must be an object/,
      );
      // A live number, with the live key or the test key: never the simulator's.
      expectInvalidParameter(
        await post(`/v1/test/${live.phoneNumberId}/inbound`, liveKey).send({ from: CUSTOMER, text: { body: 'x' } }),
        400,
        /test key/,
      );
      expectInvalidParameter(
        await post(`/v1/test/${live.phoneNumberId}/inbound`).send({ from: CUSTOMER, text: { body: 'x' } }),
        400,
        /^phone_number_id: a live/,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await inboundRows()).toEqual(before);
    });

    it('each magic recipient gives Meta’s error in the answer, with Meta’s body', async () => {
      const cases: Array<[string, number, number, RegExp]> = [
        ['15550001056', 429, 131056, /pair rate limit hit/],
        ['15550000429', 429, 130429, /Rate limit hit/],
        ['15550001048', 429, 131048, /Spam rate limit hit/],
        ['15550002001', 404, 132001, /Template name does not exist in the translation/],
      ];
      for (const [to, status, code, message] of cases) {
        await writes(to);
        const res = await send(to);
        expect({ to, status: res.status, code: res.body.error?.code }).toEqual({ to, status, code });
        expect(res.body.error.message).toMatch(message);
        expect(res.body.error.error_data).toMatchObject({ messaging_product: 'whatsapp', details: expect.any(String) });
      }
    });

    it('each magic recipient of a failed status gives Meta’s failed status: the record fails with Meta’s error', async () => {
      for (const [to, code] of [
        ['15550001026', 131026],
        ['15550001047', 131047],
        ['15550001049', 131049],
        ['15550001000', 131000],
      ] as const) {
        await writes(to);
        const res = await send(to);
        expect(res.status).toBe(200);
        const wamid = res.body.messages[0].id as string;
        const [event] = (
          await testHook.waitFor((events) => events.some((e) => e.body.includes(wamid) && e.body.includes('"failed"')))
        ).filter((e) => e.body.includes(wamid));
        const failed = (event.json as any).entry[0].changes[0].value.statuses[0];
        expect(failed).toMatchObject({
          id: wamid,
          status: 'failed',
          errors: [{ code, title: expect.any(String), error_data: { details: expect.any(String) } }],
        });
        const [row] = await eventually(async () => {
          const rows = await t.dataSource.query(`SELECT status, error FROM messages WHERE upstream_message_id = $1`, [
            wamid,
          ]);
          return rows[0]?.status === 'failed' ? rows : undefined;
        });
        expect(row.status).toBe('failed');
        // Meta's error is in the record's history, as Meta sent it.
        const [history] = await t.dataSource.query(
          `SELECT details FROM message_statuses WHERE message_id = $1 AND status = 'failed'`,
          [wamid],
        );
        expect(history.details.errors).toEqual([expect.objectContaining({ code })]);
      }
    });

    it('the magic recipient that is never answered meets the gateway’s timeout (500 code 131000); a live key may not send to a magic recipient', async () => {
      await writes('15550000408');
      const res = await send('15550000408');
      expectGraphError(res, 500, 131000);
      expect(res.body.error.error_data.details).toMatch(/did not answer within/);
      const liveCalls = t.sandbox.requests().length;
      const [{ n: records }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM messages`);
      const onLive = await send('+1 555-000-1026', liveKey, live.phoneNumberId);
      expectInvalidParameter(onLive, 400, /^to: 15550001026 is one of test mode's magic recipients/);
      expect(t.sandbox.requests().length).toBe(liveCalls);
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM messages`)).toEqual([{ n: records }]);
    });

    it('a live broadcast skips magic recipients with the same refusal; the others go to Meta', async () => {
      await createCatalogTemplate(t, live, {
        name: 'live_notice',
        language: 'en_US',
        components: [{ type: 'BODY', text: 'A notice for you' }],
      });
      const liveCalls = t.sandbox.requests().length;
      const created = await request(t.url)
        .post(`/v1/${live.phoneNumberId}/broadcasts`)
        .set(bearer(liveKey))
        .send({
          name: 'Live with a magic number',
          template: { name: 'live_notice', language: { code: 'en_US' } },
          recipients: [{ to: '+1 555-000-1026' }, { to: '15557770444' }],
        });
      expect(created.status).toBe(201);
      expect(created.body.refused).toEqual([
        {
          index: 0,
          to: '15550001026',
          error: expect.objectContaining({
            code: 100,
            error_data: { details: expect.stringMatching(/^to: 15550001026 is one of test mode's magic recipients/) },
          }),
        },
      ]);
      const done = await eventually(async () => {
        const res = await request(t.url)
          .get(`/v1/${live.phoneNumberId}/broadcasts/${created.body.id}`)
          .set(bearer(liveKey));
        return res.body.status === 'completed' ? res : undefined;
      }, 15_000);
      expect(done.body.counts).toMatchObject({ skipped: 1, failed: 0 });
      const sends = t.sandbox
        .requests()
        .slice(liveCalls)
        .filter((r) => r.method === 'POST' && r.path.endsWith('/messages'))
        .map((r) => (r.body as { to: string }).to);
      expect(sends).toEqual(['15557770444']);
    });

    it('statuses on demand: with manual statuses none comes until asked, then each in order', async () => {
      const manual = await request(t.url)
        .put(`/v1/test/${testNumber.phone_number_id}/status_delays`)
        .set(bearer(testKey))
        .send({ manual: true });
      expect(manual.status).toBe(200);
      const res = await send(CUSTOMER);
      expect(res.status).toBe(200);
      const wamid = res.body.messages[0].id as string;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(testHook.events().filter((e) => e.body.includes(wamid))).toEqual([]);
      const delivered = await post(`/v1/test/${testNumber.phone_number_id}/statuses`).send({
        message_id: wamid,
        status: 'delivered',
      });
      expect(delivered.body).toEqual({ id: wamid, statuses: ['sent', 'delivered'] });
      await eventually(async () => {
        const [row] = await t.dataSource.query(`SELECT status FROM messages WHERE upstream_message_id = $1`, [wamid]);
        return row?.status === 'delivered' ? row : undefined;
      });
      const read = await post(`/v1/test/${testNumber.phone_number_id}/statuses`).send({
        message_id: wamid,
        status: 'read',
      });
      expect(read.body).toEqual({ id: wamid, statuses: ['read'] });
      // Done: the message is no longer waiting; an unknown one is 404.
      const again = await post(`/v1/test/${testNumber.phone_number_id}/statuses`).send({
        message_id: wamid,
        status: 'read',
      });
      expectGraphError(again, 404, 100);
      // Back to delays from the send.
      const timed = await request(t.url)
        .put(`/v1/test/${testNumber.phone_number_id}/status_delays`)
        .set(bearer(testKey))
        .send({ sent_ms: 10, delivered_ms: 20, read_ms: 30 });
      expect(timed.body).toEqual({ status_delays: { sent: 10, delivered: 20, read: 30 } });
      const partial = await request(t.url)
        .put(`/v1/test/${testNumber.phone_number_id}/status_delays`)
        .set(bearer(testKey))
        .send({ sent_ms: 10 });
      expectInvalidParameter(partial, 400, /^delivered_ms, read_ms: give all three delays/);
    });

    it('review outcomes on demand reach the catalog and the webhook: rejected with a reason, paused, disabled', async () => {
      const created = await post(`/v1/${testNumber.waba_id}/message_templates`).send({
        name: 'test_review_outcomes',
        language: 'en_US',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Our sale starts on {{1}} for you', example: { body_text: [['Monday']] } }],
      });
      expect({ status: created.status, body: created.body }).toEqual({ status: 200, body: created.body });
      const review = (body: Record<string, unknown>) =>
        post(`/v1/test/${testNumber.waba_id}/message_templates/${created.body.id}/review`).send(body);
      for (const [body, status] of [
        [{ status: 'REJECTED', reason: 'TAG_CONTENT_MISMATCH', description: 'The category does not fit' }, 'REJECTED'],
        [{ status: 'APPROVED' }, 'APPROVED'],
        [{ status: 'PAUSED' }, 'PAUSED'],
        [{ status: 'DISABLED' }, 'DISABLED'],
      ] as const) {
        const res = await review(body);
        expect(res.status).toBe(200);
        await eventually(async () => {
          const [row] = await t.dataSource.query(`SELECT status FROM message_templates WHERE upstream_id = $1`, [
            created.body.id,
          ]);
          return row?.status === status ? row : undefined;
        });
        await testHook.waitFor((events) =>
          events.some(
            (e) =>
              e.body.includes(`"message_template_id":${created.body.id}`) && e.body.includes(`"event":"${status}"`),
          ),
        );
      }
      const rejected = testHook.events().find((e) => e.body.includes('TAG_CONTENT_MISMATCH'));
      expect((rejected!.json as any).entry[0].changes[0].value).toMatchObject({
        event: 'REJECTED',
        reason: 'TAG_CONTENT_MISMATCH',
      });
      // Another account's template, or an unknown outcome: refused, nothing reviewed.
      expectGraphError(
        await post(`/v1/test/${testNumber.waba_id}/message_templates/123456789/review`).send({ status: 'APPROVED' }),
        404,
        100,
      );
      expectInvalidParameter(await review({ status: 'LOVED' }), 400, /status/);
    });

    it('quality and tier changes on demand send Meta’s phone_number_quality_update, and the gateway learns them', async () => {
      const res = await post(`/v1/test/${testNumber.phone_number_id}/quality`).send({
        quality_rating: 'RED',
        messaging_limit_tier: 'TIER_10K',
      });
      expect(res.status).toBe(200);
      const events = await testHook.waitFor(
        (all) => all.filter((e) => e.body.includes('phone_number_quality_update')).length >= 2,
      );
      expect(
        events
          .filter((e) => e.body.includes('phone_number_quality_update'))
          .map((e) => (e.json as any).entry[0].changes[0].value.event)
          .sort(),
      ).toEqual(expect.arrayContaining(['FLAGGED', 'UPGRADE']));
      await eventually(async () => {
        const [row] = await t.dataSource.query(
          `SELECT messaging_limit_tier FROM phone_numbers WHERE phone_number_id = $1`,
          [testNumber.phone_number_id],
        );
        return row?.messaging_limit_tier === 'TIER_10K' ? row : undefined;
      });
      expectInvalidParameter(
        await post(`/v1/test/${testNumber.phone_number_id}/quality`).send({}),
        400,
        /quality_rating/,
      );
    });
  });

  describe('drop-in: a tenant’s receivers, built on Meta’s libraries, with test data', () => {
    const secret = 'tenant-test-app-secret-0123456789';
    const verifyToken = 'tenant-test-verify-token';
    let receiver: { child: ChildProcess; url: string };
    afterAll(() => receiver?.child.kill());

    it('whatsapp-api-js verifies and parses every test delivery on both registration styles; standardwebhooks verifies them', async () => {
      receiver = await startLibraryReceiver(secret, verifyToken);
      await request(t.url)
        .post('/v1/webhooks')
        .set(bearer(testKey))
        .send({ url: `${receiver.url}/v1-webhooks`, secret, events: ['messages'] })
        .expect(201);
      // Meta's way, on the test business account: the library answers the handshake itself.
      await request(t.url)
        .post(`/v1/${testNumber.waba_id}/subscribed_apps`)
        .set(bearer(testKey))
        .send({ override_callback_uri: `${receiver.url}/subscribed-apps`, verify_token: verifyToken, secret })
        .expect(200);
      const from = '15557770009';
      const inbound = await request(t.url)
        .post(`/v1/test/${testNumber.phone_number_id}/inbound`)
        .set(bearer(testKey))
        .send({ from, name: 'José 🙂', type: 'text', text: { body: 'Olá "test" a/b' } });
      expect(inbound.status).toBe(200);
      const wamid = inbound.body.messages[0].id as string;
      await eventually(async () =>
        (
          await t.dataSource.query('SELECT 1 FROM conversations WHERE wa_id = $1 AND last_inbound_at IS NOT NULL', [
            from,
          ])
        ).length
          ? true
          : undefined,
      );
      const sent = await request(t.url)
        .post(`/v1/${testNumber.phone_number_id}/messages`)
        .set(bearer(testKey))
        .send({
          messaging_product: 'whatsapp',
          to: from,
          type: 'text',
          text: { body: 'hi' },
          biz_opaque_callback_data: 'order/7',
        });
      expect(sent.status).toBe(200);
      const results = await eventually(async () => {
        const got = (await (await fetch(`${receiver.url}/results`)).json()) as Received[];
        const read = got.filter((r) => r.status?.id === sent.body.messages[0].id && r.status?.status === 'read');
        return read.length === 2 ? got : undefined;
      }, 10_000);
      // Every delivery verified by the library, on both paths; the message and statuses parsed as Meta's.
      expect(results.every((r) => r.verified)).toBe(true);
      for (const path of ['/v1-webhooks', '/subscribed-apps']) {
        const ofPath = results.filter((r) => r.path === path);
        expect(ofPath.find((r) => r.message?.message.id === wamid)?.message).toMatchObject({
          phoneID: testNumber.phone_number_id,
          from,
          name: 'José 🙂',
          message: { type: 'text', text: { body: 'Olá "test" a/b' } },
        });
        expect(ofPath.filter((r) => r.status).map((r) => r.status!.status)).toEqual(
          expect.arrayContaining(['sent', 'delivered', 'read']),
        );
        expect(ofPath.find((r) => r.status)?.status?.biz_opaque_callback_data).toBe('order/7');
      }
      // standardwebhooks, over the same test deliveries the /v1/webhooks endpoint got.
      const delivered = testHook.events().slice(-3);
      expect(delivered.length).toBeGreaterThan(0);
      for (const delivery of delivered) {
        const headers = delivery.headers as Record<string, string>;
        expect(() => new Webhook(testHookSecret).verify(delivery.body, headers)).not.toThrow();
        expect(delivery.body.startsWith('{"test":true,')).toBe(true);
      }
    });
  });

  describe('the console’s Test data switch', () => {
    it('turns a session of a live key onto its organization’s test data with the same key, and back; refused where it has no meaning', async () => {
      const session = consoleBrowser(t.url);
      const signedIn = await session.agent.post('/console/session').send({ key: liveKey });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.mode).toBe('live');
      session.remember(signedIn.body);
      const numbers = async () =>
        ((await session.get('/v1/phone_numbers')).body.data as Array<{ phone_number_id: string }>).map(
          (n) => n.phone_number_id,
        );
      expect(await numbers()).toEqual(expect.arrayContaining([live.phoneNumberId]));
      const on = await session.write('patch', '/console/session', { mode: 'test' });
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ mode: 'test', organization_id: live.id });
      const testSide = await numbers();
      expect(testSide).toContain(testNumber.phone_number_id);
      expect(testSide).not.toContain(live.phoneNumberId);
      // A write there is the twin's, by the same key (the audit log names it).
      const contact = await session.write('post', '/v1/contacts', { contacts: [{ phone_number: '15550009999' }] });
      expect(contact.status).toBe(200);
      expect(await t.dataSource.query(`SELECT tenant_id FROM contacts WHERE phone_number = '15550009999'`)).toEqual([
        { tenant_id: twinId },
      ]);
      const off = await session.write('patch', '/console/session', { mode: 'live' });
      expect(off.body.mode).toBe('live');
      expect(await numbers()).not.toContain(testNumber.phone_number_id);
      // A platform key's session, and a test key's, have no switch.
      const platform = consoleBrowser(t.url);
      const operator = await platform.agent.post('/console/session').send({ key: (await createPlatformKey(t)).key });
      platform.remember(operator.body);
      expectInvalidParameter(
        await platform.write('patch', '/console/session', { mode: 'test' }),
        400,
        /platform has no test data/,
      );
      const tester = consoleBrowser(t.url);
      const testSession = await tester.agent.post('/console/session').send({ key: testKey });
      expect(testSession.body.mode).toBe('test');
      tester.remember(testSession.body);
      expectInvalidParameter(
        await tester.write('patch', '/console/session', { mode: 'live' }),
        400,
        /test key’s session/,
      );
    });
  });

  describe('the doors', () => {
    const inboundFor = (phoneNumberId: string, wabaId: string, body: string) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: wabaId,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
                  contacts: [{ profile: { name: 'X' }, wa_id: CUSTOMER }],
                  messages: [
                    {
                      from: CUSTOMER,
                      id: `wamid.${body}`,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      type: 'text',
                      text: { body },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
    const post = (path: string, secret: string, body: string) =>
      request(t.url)
        .post(path)
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', hubSignature(secret, body))
        .send(body);

    it('Meta’s door applies no change of a test number, and the simulator’s door none of a live one', async () => {
      const toMeta = await post(
        '/webhooks/whatsapp',
        'test-app-secret',
        inboundFor(testNumber.phone_number_id, testNumber.waba_id, 'metaToTest'),
      );
      expect(toMeta.status).toBe(200);
      const toSimulator = await post(
        '/webhooks/simulator',
        'test-simulator-secret',
        inboundFor(live.phoneNumberId, live.wabaId, 'simulatorToLive'),
      );
      expect(toSimulator.status).toBe(200);
      // Stored as received (acknowledged, durable before the 200), applied to nobody.
      for (const stored of [toMeta, toSimulator])
        expect(stored.body).toEqual({ success: true, stored: 1, duplicates: 0, unprocessable: 0 });
      const events = await t.dataSource.query(
        `SELECT tenant_id, waba_id FROM webhook_events WHERE payload::text LIKE '%metaToTest%' OR payload::text LIKE '%simulatorToLive%' ORDER BY waba_id`,
      );
      expect(events).toEqual([testNumber.waba_id, live.wabaId].sort().map((waba_id) => ({ tenant_id: null, waba_id })));
      expect(
        await t.dataSource.query(
          `SELECT message_id FROM inbound_messages WHERE message_id IN ('wamid.metaToTest', 'wamid.simulatorToLive')`,
        ),
      ).toEqual([]);
      expect([...liveHook.events(), ...testHook.events()].some((e) => /metaToTest|simulatorToLive/.test(e.body))).toBe(
        false,
      );
    });

    it('the simulator’s door takes only the simulator’s signature', async () => {
      const body = inboundFor(testNumber.phone_number_id, testNumber.waba_id, 'signedByMeta');
      expectGraphError(await post('/webhooks/simulator', 'test-app-secret', body), 403, 200);
      expectGraphError(
        await request(t.url).post('/webhooks/simulator').set('content-type', 'application/json').send(body),
        401,
        190,
      );
    });
  });
});
