import { MessagesRepository } from '../src/messages/messages.repository';
import request from 'supertest';
import { Clock } from '../src/common/clock';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import fixtures from '../src/messages/meta-send-examples.json';
import { CATALOG_FOR_EXAMPLE } from './fixtures/meta-example-templates';
import { bearer, createCatalogTemplate, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { eventually } from './support/eventually';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

interface Example {
  name: string;
  kind: 'send' | 'mark_as_read';
  type: string | null;
  body: Record<string, unknown>;
}
const examples = (fixtures as { examples: Example[] }).examples;
const RECIPIENT = '15551234567';

describe('POST /v1/{phoneNumberId}/messages', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let tenant: TestTenant;
  let other: TestTenant;
  let key: string;

  const sendPath = (x: TestTenant = tenant) => `/v1/${x.phoneNumberId}/messages`;
  const upstreamSends = () => sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/messages'));
  const rows = async (where = 'TRUE', params: unknown[] = []) =>
    t.dataSource.query(`SELECT * FROM messages WHERE ${where}`, params);
  const text = (to = RECIPIENT, body = 'Hello') => ({
    messaging_product: 'whatsapp',
    to,
    type: 'text',
    text: { body },
  });
  const openWindow = (phoneNumberId: string, waId: string, at = new Date()) =>
    t.dataSource.query(
      `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, (SELECT tenant_id FROM phone_numbers WHERE phone_number_id = $1), $3)
       ON CONFLICT (phone_number_id, wa_id) DO UPDATE SET last_inbound_at = EXCLUDED.last_inbound_at`,
      [phoneNumberId, waId, at],
    );

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    sandbox = t.sandbox;
    tenant = await createTenant(t);
    other = await createTenant(t);
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    await openWindow(tenant.phoneNumberId, RECIPIENT);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sandbox.clearRequests();
    sandbox.clearFaults();
    t.get(Clock).reset();
  });

  describe("Meta's official examples", () => {
    it.each(examples.filter((e) => e.kind === 'send').map((e) => [e.name, e] as const))(
      'accepts and forwards %s',
      async (_name, example) => {
        // Template examples need their template APPROVED in the catalog: each gets an organization of its own.
        const catalog = CATALOG_FOR_EXAMPLE[example.name];
        const owner = catalog ? await createTenant(t) : tenant;
        const ownerKey = catalog ? (await createOrgKey(t, owner)).key : key;
        if (catalog) await createCatalogTemplate(t, owner, catalog);
        await openWindow(owner.phoneNumberId, String(example.body.to).replace(/\D/g, ''));
        const res = await request(t.url).post(sendPath(owner)).set(bearer(ownerKey)).send(example.body);
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
        expect(res.body.messaging_product).toBe('whatsapp');
        expect(res.body.contacts).toEqual([{ input: example.body.to, wa_id: expect.any(String) }]);
        expect(res.body.messages[0].id).toMatch(/^wamid\./);
        const [row] = await rows('upstream_message_id = $1', [res.body.messages[0].id]);
        expect(row).toMatchObject({
          tenant_id: owner.id,
          phone_number_id: owner.phoneNumberId,
          status: expect.stringMatching(/accepted|sent|delivered|read/),
        });
        // Upstream gets the client's body with the record's reference as biz_opaque_callback_data.
        const [forwarded] = upstreamSends();
        expect(forwarded.body).toEqual({
          ...example.body,
          to: String(example.body.to).replace(/\D/g, '') || example.body.to,
          biz_opaque_callback_data: `gwr1:${row.id}`,
        });
      },
    );

    it.each(examples.filter((e) => e.kind === 'mark_as_read').map((e) => [e.name, e] as const))(
      'marks as read: %s',
      async (_name, example) => {
        const before = (await rows()).length;
        const res = await request(t.url).post(sendPath()).set(bearer(key)).send(example.body).expect(200);
        expect(res.body).toEqual({ success: true });
        expect(upstreamSends()[0].body).toEqual(example.body);
        expect(await rows()).toHaveLength(before);
      },
    );
  });

  describe('validation', () => {
    it.each([
      ['messaging_product', { ...text(), messaging_product: 'sms' }],
      ['to', text('not-a-number')],
      ['text.body', { messaging_product: 'whatsapp', to: RECIPIENT, type: 'text', text: {} }],
      ['image', { messaging_product: 'whatsapp', to: RECIPIENT, type: 'image' }],
      [
        'image',
        {
          messaging_product: 'whatsapp',
          to: RECIPIENT,
          type: 'image',
          image: { id: '1', link: 'https://example.com/a.png' },
        },
      ],
      [
        'location.latitude',
        { messaging_product: 'whatsapp', to: RECIPIENT, type: 'location', location: { latitude: 120, longitude: 1 } },
      ],
      [
        'reaction.message_id',
        { messaging_product: 'whatsapp', to: RECIPIENT, type: 'reaction', reaction: { emoji: '👍' } },
      ],
      [
        'interactive.type',
        {
          messaging_product: 'whatsapp',
          to: RECIPIENT,
          type: 'interactive',
          interactive: { type: 'carousel2', action: {} },
        },
      ],
      [
        'template.language',
        { messaging_product: 'whatsapp', to: RECIPIENT, type: 'template', template: { name: 'hello_world' } },
      ],
      ['type', { messaging_product: 'whatsapp', to: RECIPIENT, type: 'fax' }],
    ])(
      'rejects a bad %s with code 100 naming it, without calling upstream or writing a record',
      async (field, body) => {
        const before = (await rows()).length;
        const res = await request(t.url).post(sendPath()).set(bearer(key)).send(body).expect(400);
        expect(res.body.error).toMatchObject({ code: 100, type: 'GraphMethodException' });
        expect(res.body.error.error_data.details).toContain(field);
        expect(upstreamSends()).toHaveLength(0);
        expect(await rows()).toHaveLength(before);
      },
    );

    it('normalizes a formatted recipient and echoes it as submitted', async () => {
      const res = await request(t.url).post(sendPath()).set(bearer(key)).send(text('+1 (555) 123-4567')).expect(200);
      expect(res.body.contacts).toEqual([{ input: '+1 (555) 123-4567', wa_id: RECIPIENT }]);
      expect(upstreamSends()[0].body).toMatchObject({ to: RECIPIENT });
      const [row] = await rows('upstream_message_id = $1', [res.body.messages[0].id]);
      expect(row.recipient).toBe(RECIPIENT);
    });
  });

  describe('blacklist', () => {
    const listed = '15550000666';
    beforeAll(async () => {
      await request(t.url)
        .post('/v1/blacklist')
        .set(bearer(key))
        .send({ phone_numbers: [listed], reason: 'opted out' })
        .expect(200);
      await openWindow(tenant.phoneNumberId, listed);
    });

    it('refuses a blacklisted recipient with 422 131000 recipient_blacklisted: no upstream call, no record', async () => {
      const before = (await rows()).length;
      const res = await request(t.url)
        .post(`${sendPath()}?filter_blacklist=true`)
        .set(bearer(key))
        .send(text('+1 555 000 0666'))
        .expect(422);
      expect(res.body.error).toMatchObject({
        code: 131000,
        type: 'GraphMethodException',
        error_data: { reason: 'recipient_blacklisted' },
      });
      expect(upstreamSends()).toHaveLength(0);
      expect(await rows()).toHaveLength(before);
    });

    it('sends to a number not on the list, and does not consult the list by default', async () => {
      await request(t.url).post(`${sendPath()}?filter_blacklist=true`).set(bearer(key)).send(text()).expect(200);
      await request(t.url).post(sendPath()).set(bearer(key)).send(text(listed)).expect(200);
      await request(t.url).post(`${sendPath()}?filter_blacklist=false`).set(bearer(key)).send(text(listed)).expect(200);
      expect(upstreamSends()).toHaveLength(3);
    });

    it("does not apply another organization's blacklist", async () => {
      const otherKey = (await createOrgKey(t, other)).key;
      await openWindow(other.phoneNumberId, listed);
      await request(t.url)
        .post(`${sendPath(other)}?filter_blacklist=true`)
        .set(bearer(otherKey))
        .send(text(listed))
        .expect(200);
    });
  });

  describe('24-hour customer-service window', () => {
    const user = '15550007777';

    it('refuses non-template messages outside the window with 131026 and calls nothing; an inbound message opens it; 24 h later it is closed', async () => {
      const outside = await request(t.url).post(sendPath()).set(bearer(key)).send(text(user)).expect(400);
      expect(outside.body.error).toMatchObject({ code: 131026, type: 'GraphMethodException' });
      expect(outside.body.error.message).toMatch(/24 hours/);
      expect(outside.body.error.error_data.details).toMatch(/template/);
      const image = {
        messaging_product: 'whatsapp',
        to: user,
        type: 'image',
        image: { link: 'https://example.com/a.png' },
      };
      await request(t.url).post(sendPath()).set(bearer(key)).send(image).expect(400);
      expect(upstreamSends()).toHaveLength(0);
      expect(await rows('recipient = $1', [user])).toHaveLength(0);

      await sandbox.simulateInbound({
        phone_number_id: tenant.phoneNumberId,
        from: user,
        type: 'text',
        text: 'hi there',
      });
      await eventually(async () =>
        (
          await t.dataSource.query('SELECT 1 FROM conversations WHERE last_inbound_at IS NOT NULL AND wa_id = $1', [
            user,
          ])
        ).length
          ? true
          : undefined,
      );
      await request(t.url).post(sendPath()).set(bearer(key)).send(text(user)).expect(200);
      await request(t.url).post(sendPath()).set(bearer(key)).send(image).expect(200);

      t.get(Clock).advance(24 * 60 * 60 * 1000 + 1000);
      const later = await request(t.url).post(sendPath()).set(bearer(key)).send(text(user)).expect(400);
      expect(later.body.error.code).toBe(131026);
      expect(upstreamSends()).toHaveLength(2);
    });

    it("reads the window with the record's write, and a refused send takes its record back", async () => {
      const repository = t.get(MessagesRepository);
      const writes = jest.spyOn(repository, 'insertPending');
      const discards = jest.spyOn(repository, 'discardPending');
      try {
        const closedUser = '15550007801';
        await request(t.url).post(sendPath()).set(bearer(key)).send(text(closedUser)).expect(400);
        expect(discards).toHaveBeenCalledTimes(1);
        expect(await rows('recipient = $1', [closedUser])).toHaveLength(0);

        const openUser = '15550007802';
        await openWindow(tenant.phoneNumberId, openUser);
        await request(t.url).post(sendPath()).set(bearer(key)).send(text(openUser)).expect(200);
        await request(t.url).post(sendPath()).set(bearer(key)).send(text(openUser)).expect(200);
        // The first send to the open window read it with its write; the second knew it open already.
        const asked = writes.mock.calls.flatMap(([records]) => records.map((r) => r.lookUpWindow));
        expect(asked).toEqual([true, true, false]);
        expect(await rows('recipient = $1', [openUser])).toHaveLength(2);
        expect(upstreamSends().filter((s) => (s.body as { to?: string }).to === closedUser)).toHaveLength(0);
      } finally {
        writes.mockRestore();
        discards.mockRestore();
      }
    });

    it('always allows templates and mark-as-read', async () => {
      await createCatalogTemplate(t, tenant, CATALOG_FOR_EXAMPLE['test-message']);
      const template = {
        messaging_product: 'whatsapp',
        to: '15550008888',
        type: 'template',
        template: { name: 'hello_world', language: { code: 'en_US' } },
      };
      await request(t.url).post(sendPath()).set(bearer(key)).send(template).expect(200);
      await request(t.url)
        .post(sendPath())
        .set(bearer(key))
        .send({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.abc' })
        .expect(200);
    });

    it('leaves the window to Meta for a number with local enforcement off', async () => {
      await t.dataSource.query('UPDATE phone_numbers SET enforce_service_window = false WHERE phone_number_id = $1', [
        other.phoneNumberId,
      ]);
      const fresh = await createTestApp({ sandbox: t.sandbox });
      try {
        const otherKey = (await createOrgKey(fresh, other)).key;
        await request(fresh.url)
          .post(`/v1/${other.phoneNumberId}/messages`)
          .set(bearer(otherKey))
          .send(text('15550009999'))
          .expect(200);
      } finally {
        await fresh.close();
        await t.dataSource.query('UPDATE phone_numbers SET enforce_service_window = true WHERE phone_number_id = $1', [
          other.phoneNumberId,
        ]);
      }
    });
  });

  describe('records and status history', () => {
    it('moves the record to sent, delivered and read from the status webhooks; GET shows the history', async () => {
      const sent = await request(t.url)
        .post(sendPath())
        .set(bearer(key))
        .set('Idempotency-Key', 'history-1')
        .send(text())
        .expect(200);
      const wamid = sent.body.messages[0].id;
      await eventually(async () =>
        (await rows('upstream_message_id = $1 AND status = $2', [wamid, 'read'])).length ? true : undefined,
      );
      const byWamid = await request(t.url).get(`${sendPath()}/${wamid}`).set(bearer(key)).expect(200);
      expect(byWamid.body).toMatchObject({
        wamid,
        recipient: RECIPIENT,
        type: 'text',
        status: 'read',
        idempotency_key: 'history-1',
      });
      expect(byWamid.body.history.map((h: { status: string }) => h.status)).toEqual([
        'pending',
        'accepted',
        'sent',
        'delivered',
        'read',
      ]);
      expect(byWamid.body.history[2].details).toMatchObject({
        conversation: expect.any(Object),
        pricing: expect.any(Object),
      });
      const byId = await request(t.url).get(`${sendPath()}/${byWamid.body.id}`).set(bearer(key)).expect(200);
      expect(byId.body).toEqual(byWamid.body);
    });

    it('lists messages newest first, filtered by recipient and status, with paging', async () => {
      const to = '15550001234';
      await openWindow(tenant.phoneNumberId, to);
      for (let i = 0; i < 3; i++)
        await request(t.url)
          .post(sendPath())
          .set(bearer(key))
          .send(text(to, `n${i}`))
          .expect(200);
      const first = await request(t.url).get(`${sendPath()}?recipient=${to}&limit=2`).set(bearer(key)).expect(200);
      expect(first.body.data.map((m: { payload: { text: { body: string } } }) => m.payload.text.body)).toEqual([
        'n2',
        'n1',
      ]);
      expect(first.body.paging.next).toContain('after=');
      const second = await request(t.url).get(first.body.paging.next).set(bearer(key)).expect(200);
      expect(second.body.data.map((m: { payload: { text: { body: string } } }) => m.payload.text.body)).toEqual(['n0']);
      expect(second.body.paging.next).toBeUndefined();
      const failed = await request(t.url)
        .get(`${sendPath()}?status=failed&recipient=${to}`)
        .set(bearer(key))
        .expect(200);
      expect(failed.body.data).toEqual([]);
      const forged = Buffer.from(JSON.stringify({ at: new Date().toISOString(), id: 'not-a-uuid' })).toString(
        'base64url',
      );
      const bad = await request(t.url).get(`${sendPath()}?after=${forged}`).set(bearer(key)).expect(400);
      expect(bad.body.error).toMatchObject({ code: 100, error_data: { details: expect.stringContaining('after') } });
    });

    it("answers another organization's message like an unknown one, and needs messages:read", async () => {
      const otherKey = (await createOrgKey(t, other)).key;
      await openWindow(other.phoneNumberId, RECIPIENT);
      const sent = await request(t.url).post(sendPath(other)).set(bearer(otherKey)).send(text()).expect(200);
      const [row] = await rows('upstream_message_id = $1', [sent.body.messages[0].id]);
      const foreign = await request(t.url).get(`${sendPath()}/${row.id}`).set(bearer(key)).expect(404);
      const unknown = await request(t.url)
        .get(`${sendPath()}/00000000-0000-4000-8000-000000000000`)
        .set(bearer(key))
        .expect(404);
      expect(foreign.body.error.code).toBe(100);
      expect({ ...foreign.body.error, message: '', fbtrace_id: '' }).toEqual({
        ...unknown.body.error,
        message: '',
        fbtrace_id: '',
      });
      const sendOnly = (await createOrgKey(t, tenant, { scopes: ['messages:send'] })).key;
      const denied = await request(t.url).get(`${sendPath()}/${row.id}`).set(bearer(sendOnly)).expect(403);
      expect(denied.body.error.code).toBe(200);
    });

    it("refuses another organization's phone number with 401 190 and calls nothing", async () => {
      const res = await request(t.url).post(sendPath(other)).set(bearer(key)).send(text()).expect(401);
      expect(res.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
      expect(upstreamSends()).toHaveLength(0);
    });
  });

  describe('concurrent sends', () => {
    it('share their record writes (group commit), and each record is written before its upstream call and gets its own wamid', async () => {
      type Writes = {
        insertPending: (records: unknown[]) => Promise<unknown>;
        accept: (rows: unknown[]) => Promise<unknown>;
      };
      const service = t.get(MessagesRepository) as unknown as Writes;
      // Each write takes at least 150 ms here, so the sends that arrive meanwhile must wait and batch
      // (below the committer's concurrency a write goes at once).
      const slow = (name: keyof Writes) => {
        const original = service[name].bind(service);
        const spy = jest.spyOn(service as Record<keyof Writes, (rows: unknown[]) => Promise<unknown>>, name);
        return spy.mockImplementation(async (rows: unknown[]) => {
          await new Promise((resolve) => setTimeout(resolve, 150));
          return original(rows);
        });
      };
      const inserts = slow('insertPending');
      const accepts = slow('accept');
      const recipients = Array.from({ length: 20 }, (_, i) => `1555000${String(i).padStart(4, '0')}`);
      for (const to of recipients) await openWindow(tenant.phoneNumberId, to);
      const answers = await Promise.all(
        recipients.map((to) =>
          request(t.url)
            .post(sendPath())
            .set(bearer(key))
            .send(text(to, `batch ${to}`)),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(recipients.map(() => 200));
      expect(inserts.mock.calls.length).toBeLessThan(recipients.length);
      expect(accepts.mock.calls.length).toBeLessThan(recipients.length);
      inserts.mockRestore();
      accepts.mockRestore();
      const wamids = answers.map((res) => res.body.messages[0].id as string);
      expect(new Set(wamids).size).toBe(20);
      const stored = await rows(`recipient = ANY($1)`, [recipients]);
      expect(stored).toHaveLength(20);
      for (const [i, to] of recipients.entries()) {
        const record = stored.find((r: { recipient: string }) => r.recipient === to);
        expect(record).toMatchObject({
          upstream_message_id: wamids[i],
          payload: expect.objectContaining({ text: { body: `batch ${to}` } }),
        });
        expect(['accepted', 'sent', 'delivered', 'read']).toContain(record.status);
      }
      // Each upstream call found its record already there: the sandbox saw exactly these 20 sends.
      expect(upstreamSends().filter((r) => recipients.includes((r.body as { to: string }).to))).toHaveLength(20);
    });
  });

  describe('upstream failures', () => {
    it('answers 500 131000 on an upstream 5xx and the record says failed, never success', async () => {
      sandbox.injectFault({ kind: 'http_500' });
      const res = await request(t.url).post(sendPath()).set(bearer(key)).send(text(RECIPIENT, 'doomed')).expect(500);
      expect(res.body.error).toMatchObject({ code: 131000 });
      const [row] = await t.dataSource.query(`SELECT * FROM messages WHERE payload->'text'->>'body' = 'doomed'`);
      expect(row).toMatchObject({ status: 'failed', upstream_message_id: null, error: { code: 131000 } });
      expect(row.failed_at).not.toBeNull();
      const history = await request(t.url).get(`${sendPath()}/${row.id}`).set(bearer(key)).expect(200);
      expect(history.body.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'failed']);
    });

    it('passes an upstream 4xx through and records it', async () => {
      sandbox.injectFault({ kind: 'graph_error', code: 131047, status: 400, message: 'Re-engagement message' });
      const res = await request(t.url)
        .post(sendPath())
        .set(bearer(key))
        .send(text(RECIPIENT, 'rejected upstream'))
        .expect(400);
      expect(res.body.error).toMatchObject({ code: 131047, message: 'Re-engagement message' });
      const [row] = await t.dataSource.query(
        `SELECT status, error FROM messages WHERE payload->'text'->>'body' = 'rejected upstream'`,
      );
      expect(row).toEqual({ status: 'failed', error: expect.objectContaining({ code: 131047 }) });
    });

    it('lists records by error code and by Idempotency-Key', async () => {
      // Its own recipient: Meta's pair rule paces sends to one user, and RECIPIENT is the others'.
      await openWindow(tenant.phoneNumberId, '15550004747');
      sandbox.injectFault({ kind: 'graph_error', code: 131047, status: 400, message: 'Re-engagement message' });
      await request(t.url)
        .post(sendPath())
        .set(bearer(key))
        .set('Idempotency-Key', 'filter-by-key-1')
        .send(text('15550004747', 'failed with 131047'))
        .expect(400);
      const byCode = await request(t.url).get(`${sendPath()}?error_code=131047`).set(bearer(key)).expect(200);
      expect(byCode.body.data.map((m: { payload: { text: { body: string } } }) => m.payload.text.body)).toContain(
        'failed with 131047',
      );
      expect(byCode.body.data.every((m: { error: { code: number } }) => m.error.code === 131047)).toBe(true);
      const none = await request(t.url).get(`${sendPath()}?error_code=131026`).set(bearer(key)).expect(200);
      expect(none.body.data.filter((m: { error: { code: number } }) => m.error?.code !== 131026)).toEqual([]);
      const byKey = await request(t.url)
        .get(`${sendPath()}?idempotency_key=filter-by-key-1`)
        .set(bearer(key))
        .expect(200);
      expect(byKey.body.data).toHaveLength(1);
      expect(byKey.body.data[0]).toMatchObject({ idempotency_key: 'filter-by-key-1', status: 'failed' });
      expectGraphError(await request(t.url).get(`${sendPath()}?error_code=abc`).set(bearer(key)), 400, 100);
    });

    it("counts the organization's recent messages by status with the top error codes; a key limited to a number counts it only", async () => {
      const stats = await request(t.url).get('/v1/message_statistics').set(bearer(key)).expect(200);
      const [expected] = await t.dataSource.query(
        `SELECT count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*)::int AS total,
                count(*) FILTER (WHERE error->>'code' = '131047')::int AS reengagement
         FROM messages WHERE tenant_id = $1 AND created_at >= now() - interval '24 hours'`,
        [tenant.id],
      );
      expect(stats.body.by_status.failed).toBe(expected.failed);
      expect(Object.values(stats.body.by_status as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(
        expected.total,
      );
      expect(stats.body.top_errors).toContainEqual({
        code: 131047,
        title: expect.stringMatching(/Re-engagement/),
        count: expected.reengagement,
      });
      expect(Date.now() - Date.parse(stats.body.since)).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 60_000);
      // Another organization's sends are not counted, and a key limited to the other number sees none of these.
      const theirs = await request(t.url)
        .get('/v1/message_statistics')
        .set(bearer((await createOrgKey(t, other)).key));
      expect(JSON.stringify(theirs.body.top_errors)).not.toContain('131047');
      const limited = (await createOrgKey(t, tenant, { allowedPhoneNumberIds: [tenant.otherPhoneNumberId] })).key;
      const narrow = await request(t.url).get('/v1/message_statistics').set(bearer(limited)).expect(200);
      const [onOther] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM messages WHERE phone_number_id = $1 AND created_at >= now() - interval '24 hours'`,
        [tenant.otherPhoneNumberId],
      );
      expect(Object.values(narrow.body.by_status as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(onOther.n);
      expect(JSON.stringify(narrow.body.top_errors)).not.toContain('131047');
      expectGraphError(await request(t.url).get('/v1/message_statistics?hours=0').set(bearer(key)), 400, 100);
      expectGraphError(await request(t.url).get('/v1/message_statistics?hours=169').set(bearer(key)), 400, 100);
    });

    it('replays an idempotent send without a second upstream call or record', async () => {
      const first = await request(t.url)
        .post(sendPath())
        .set(bearer(key))
        .set('Idempotency-Key', 'once-only')
        .send(text(RECIPIENT, 'once'))
        .expect(200);
      const again = await request(t.url)
        .post(sendPath())
        .set(bearer(key))
        .set('Idempotency-Key', 'once-only')
        .send(text(RECIPIENT, 'once'))
        .expect(200);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(upstreamSends()).toHaveLength(1);
      expect(await t.dataSource.query(`SELECT 1 FROM messages WHERE payload->'text'->>'body' = 'once'`)).toHaveLength(
        1,
      );
    });
  });
});
