import './support/pace-test-env';
import { MessagesRepository } from '../src/messages/messages.repository';
import { NumberLimitsService } from '../src/pacing/number-limits.service';
import { TenancyService } from '../src/tenancy/tenancy.service';
import { eventually } from './support/eventually';
import {
  bearer,
  createCatalogTemplate,
  createOrgKey,
  createPlatformKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

const NAMED_BODY = {
  type: 'BODY',
  text: 'Hello {{1}}, your order {{2}} has shipped',
  example: { body_text: [['Ada', 'A-1']] },
};

const params = (name: string, order: string) => [
  {
    type: 'body',
    parameters: [
      { type: 'text', text: name },
      { type: 'text', text: order },
    ],
  },
];

describe('broadcasts: a template to many recipients at the number’s pace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function call(
    method: string,
    path: string,
    key: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...bearer(key), ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  }

  /** A tenant whose number is HIGH (1,000/s) unless told, with the order_update template approved. */
  async function setUp(
    limits: Record<string, unknown> = { throughput_level: 'HIGH' },
  ): Promise<{ tenant: TestTenant; key: string }> {
    const tenant = await createTenant(t);
    await createCatalogTemplate(t, tenant, { name: 'order_update', language: 'en_US', components: [NAMED_BODY] });
    if (Object.keys(limits).length) {
      t.sandbox.setLimits(tenant.phoneNumberId, limits);
      await t.get(NumberLimitsService).learn(tenant.phoneNumberId);
    }
    const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 });
    return { tenant, key };
  }

  const recipients = (count: number, from = 0, prefix = '1555800') =>
    Array.from({ length: count }, (_, i) => ({
      to: `+${prefix}${String(from + i).padStart(4, '0')}`,
      components: params(`User ${from + i}`, `A-${from + i}`),
    }));

  const create = (
    tenant: TestTenant,
    key: string,
    list: unknown[],
    extra: Record<string, unknown> = {},
    headers = {},
  ) =>
    call(
      'POST',
      `/v1/${tenant.phoneNumberId}/broadcasts`,
      key,
      { name: 'Shipping', template: { name: 'order_update', language: { code: 'en_US' } }, recipients: list, ...extra },
      headers,
    );

  const get = (tenant: TestTenant, key: string, id: string) =>
    call('GET', `/v1/${tenant.phoneNumberId}/broadcasts/${id}`, key);
  const upstreamSends = (tenant: TestTenant) =>
    t.sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith(`/${tenant.phoneNumberId}/messages`));
  const completed = (tenant: TestTenant, key: string, id: string, ms = 15_000) =>
    eventually(async () => {
      const answer = await get(tenant, key, id);
      return answer.body.status === 'completed' ? answer : undefined;
    }, ms);

  it('sends each recipient once, each send a record naming its broadcast; refuses blacklisted ones up front; counts add up; tells the tenant when done', async () => {
    const { tenant, key } = await setUp();
    const receiver = await new WebhookReceiver().start();
    const endpoint = await call('POST', '/v1/webhooks', key, {
      url: receiver.url,
      events: ['broadcast_status_update'],
    });
    expect(endpoint.status).toBe(201);
    await call('POST', '/v1/blacklist', key, { phone_numbers: ['15558000003'] });
    const list = recipients(40);
    const answer = await create(tenant, key, list);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: 'Shipping',
      phone_number_id: tenant.phoneNumberId,
      template: { name: 'order_update', language: { code: 'en_US' } },
      recipients: 40,
      estimate: { recipients_sendable: 39, deferred_by_messaging_limit: 0, rate_per_second: 900 },
    });
    expect(['running', 'completed']).toContain(answer.body.status);
    expect(answer.body.refused).toEqual([
      {
        index: 3,
        to: '15558000003',
        error: expect.objectContaining({
          code: 131000,
          error_data: expect.objectContaining({ reason: 'recipient_blacklisted' }),
        }),
      },
    ]);
    const id = answer.body.id as string;
    const done = await completed(tenant, key, id);
    expect(done.body.counts).toMatchObject({ skipped: 1, failed: 0, queued: 0, deferred: 0 });
    const c = done.body.counts;
    expect(c.accepted + c.sent + c.delivered + c.read).toBe(39);
    expect(Object.values(c).reduce((a: number, b: any) => a + Number(b), 0)).toBe(40);
    // Each recipient's send reached Meta exactly once; the blacklisted one never.
    const sent = upstreamSends(tenant).map((r) => (r.body as { to: string }).to);
    expect(sent).toHaveLength(39);
    expect(new Set(sent).size).toBe(39);
    expect(sent).not.toContain('15558000003');
    const first = upstreamSends(tenant).find((r) => (r.body as { to: string }).to === '15558000000')!;
    expect(first.body).toMatchObject({
      type: 'template',
      template: { name: 'order_update', language: { code: 'en_US' }, components: params('User 0', 'A-0') },
    });
    // Ordinary message records, each naming the broadcast, with their statuses.
    const records = await t.dataSource.query(
      `SELECT status, broadcast_id, type FROM messages WHERE broadcast_id = $1`,
      [id],
    );
    expect(records).toHaveLength(39);
    const listed = await call('GET', `/v1/${tenant.phoneNumberId}/messages?limit=1`, key);
    expect(listed.body.data[0]).toMatchObject({ broadcast_id: id, type: 'template' });
    // Statuses reach the record: read, eventually (the sandbox reads each within 150 ms; a loaded
    // machine applies them later, so a wide wait).
    await eventually(async () => ((await get(tenant, key, id)).body.counts.read === 39 ? true : undefined), 30_000);
    // The tenant was told it completed, in Meta's envelope under the gateway's own field.
    const [event] = await receiver.waitFor((all) => all.length >= 1);
    const change = JSON.parse(event.body).entry[0].changes[0];
    expect(change.field).toBe('broadcast_status_update');
    expect(change.value).toMatchObject({
      broadcast_id: id,
      status: 'completed',
      phone_number_id: tenant.phoneNumberId,
    });
    await receiver.stop();
  }, 60_000);

  it('a completion is written with its webhook or not at all: while the webhook cannot be written the broadcast stays running, then both come', async () => {
    const { tenant, key } = await setUp();
    const receiver = await new WebhookReceiver().start();
    await call('POST', '/v1/webhooks', key, { url: receiver.url, events: ['broadcast_status_update'] });
    // The tenant's deliveries of this field cannot be written for a while (as when the process dies
    // between the two writes, or the insert fails): the completion must not happen without them.
    await t.dataSource.query(
      `CREATE OR REPLACE FUNCTION test_refuse_broadcast_event() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.field = 'broadcast_status_update' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`,
    );
    await t.dataSource.query(
      `CREATE TRIGGER test_refuse_broadcast_event BEFORE INSERT ON webhook_deliveries
       FOR EACH ROW EXECUTE FUNCTION test_refuse_broadcast_event()`,
    );
    let id: string;
    try {
      const answer = await create(tenant, key, recipients(3, 0, '1555895'));
      expect(answer.status).toBe(201);
      id = answer.body.id as string;
      // Every record answered by Meta: from here each poll (200 ms) tries to complete the broadcast.
      await eventually(async () => {
        const [{ answered }] = await t.dataSource.query(
          `SELECT count(*) FILTER (WHERE status <> 'pending')::int AS answered FROM messages WHERE broadcast_id = $1`,
          [id],
        );
        return answered === 3 ? true : undefined;
      }, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await get(tenant, key, id)).body.status).toBe('running');
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::int FROM webhook_deliveries WHERE tenant_id = $1 AND field = 'broadcast_status_update'`,
        [tenant.id],
      );
      expect(count).toBe(0);
    } finally {
      await t.dataSource.query(`DROP TRIGGER IF EXISTS test_refuse_broadcast_event ON webhook_deliveries`);
      await t.dataSource.query(`DROP FUNCTION IF EXISTS test_refuse_broadcast_event()`);
    }
    // Writable again: the next poll completes it, and the tenant is told once.
    const done = await completed(tenant, key, id);
    expect(done.body.counts.queued).toBe(0);
    const [event] = await receiver.waitFor((all) => all.length >= 1);
    expect(JSON.parse(event.body).entry[0].changes[0].value).toMatchObject({ broadcast_id: id, status: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.events()).toHaveLength(1);
    await receiver.stop();
  }, 40_000);

  it('sends a recipient linked to a try another instance gave back (its record gone): nothing lost, nothing twice', async () => {
    const { tenant, key } = await setUp();
    // Scheduled an hour ahead: nothing is sent while the race's outcome is set up.
    const answer = await create(tenant, key, recipients(3, 0, '1555810'), {
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(answer.status).toBe(201);
    const id = answer.body.id as string;
    // What the race leaves: this instance linked recipient 1 to the try another instance wrote, and
    // that instance then gave the try back (its turn did not come within its claim) and deleted the
    // record. The recipient is `sending`, its record is gone, and nothing reached Meta.
    await t.dataSource.query(
      `UPDATE broadcast_recipients SET state = 'sending', message_id = gen_random_uuid(), updated_at = now()
       WHERE broadcast_id = $1 AND seq = 1`,
      [id],
    );
    await t.dataSource.query(`UPDATE broadcasts SET status = 'running', started_at = now() WHERE id = $1`, [id]);
    const done = await completed(tenant, key, id);
    const c = done.body.counts;
    expect(c).toMatchObject({ queued: 0, failed: 0, skipped: 0, deferred: 0 });
    expect(c.accepted + c.sent + c.delivered + c.read).toBe(3);
    const sent = upstreamSends(tenant).map((r) => (r.body as { to: string }).to);
    expect(sent.sort()).toEqual(['15558100000', '15558100001', '15558100002']);
    // Its next try is a new record under a new key (the try count moved on).
    const [{ tries }] = await t.dataSource.query(
      `SELECT tries FROM broadcast_recipients WHERE broadcast_id = $1 AND seq = 1`,
      [id],
    );
    expect(tries).toBe(1);
  }, 60_000);

  it('sends a recipient whose try another instance wrote and gave back between this one’s insert and its lookup', async () => {
    const { tenant, key } = await setUp();
    const answer = await create(tenant, key, recipients(3, 0, '1555811'), {
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(answer.status).toBe(201);
    const id = answer.body.id as string;
    // The race, made to happen: at this instance's insert the try of recipient 0 exists (another
    // instance wrote it, so it is not written here), and by its lookup that instance has given it back
    // (its turn did not come within its claim) and deleted it. Nothing of it reached Meta.
    const repository = t.get(MessagesRepository);
    const insert = repository.insertBroadcastTries.bind(repository);
    let raced = false;
    const spy = jest.spyOn(repository, 'insertBroadcastTries').mockImplementation(async (records) => {
      const written = await insert(records);
      const first = records.findIndex((r) => r.idempotencyKey === `broadcast:${id}:0:0`);
      if (raced || first < 0) return written;
      raced = true;
      await t.dataSource.query('DELETE FROM messages WHERE id = $1', [records[first].id]);
      return written.map((w, i) => (i === first ? false : w));
    });
    try {
      await t.dataSource.query(`UPDATE broadcasts SET status = 'running', started_at = now() WHERE id = $1`, [id]);
      const done = await completed(tenant, key, id);
      expect(raced).toBe(true);
      const c = done.body.counts;
      expect(c).toMatchObject({ queued: 0, failed: 0, skipped: 0, deferred: 0 });
      expect(c.accepted + c.sent + c.delivered + c.read).toBe(3);
    } finally {
      spy.mockRestore();
    }
    const sent = upstreamSends(tenant).map((r) => (r.body as { to: string }).to);
    expect(sent.sort()).toEqual(['15558110000', '15558110001', '15558110002']);
    // Released rather than linked to nothing: every recipient is linked to a record that exists.
    const rows = await t.dataSource.query<Array<{ seq: number; state: string; found: boolean }>>(
      `SELECT r.seq, r.state, EXISTS (SELECT 1 FROM messages m WHERE m.id = r.message_id) AS found
       FROM broadcast_recipients r WHERE r.broadcast_id = $1 ORDER BY r.seq`,
      [id],
    );
    expect(rows).toEqual([0, 1, 2].map((seq) => ({ seq, state: 'sending', found: true })));
  }, 60_000);

  it('a send that fails before going upstream takes its try back: the recipient goes again, once, and no try is left pending', async () => {
    const { tenant, key } = await setUp();
    const tenancy = t.get(TenancyService);
    const accessToken = tenancy.accessToken.bind(tenancy);
    // The first broadcast send's token read fails (that call alone: its stack names the send).
    let thrown = 0;
    const spy = jest.spyOn(tenancy, 'accessToken').mockImplementation(async (accountId) => {
      if (thrown === 0 && new Error().stack?.includes('sendBroadcastTry')) {
        thrown++;
        throw new Error('the token could not be read');
      }
      return accessToken(accountId);
    });
    let id: string;
    try {
      const answer = await create(tenant, key, recipients(2, 0, '1555812'));
      expect(answer.status).toBe(201);
      id = answer.body.id as string;
      const done = await completed(tenant, key, id);
      expect(done.body.counts).toMatchObject({ queued: 0, failed: 0, skipped: 0, deferred: 0 });
    } finally {
      spy.mockRestore();
    }
    expect(thrown).toBe(1);
    const sent = upstreamSends(tenant).map((r) => (r.body as { to: string }).to);
    expect(sent.sort()).toEqual(['15558120000', '15558120001']);
    // The failed try's record went with it: one record per recipient, none pending.
    const records = await t.dataSource.query<Array<{ status: string }>>(
      'SELECT status FROM messages WHERE broadcast_id = $1',
      [id],
    );
    expect(records).toHaveLength(2);
    expect(records.every((r) => r.status !== 'pending')).toBe(true);
  }, 60_000);

  it('lists recipients with their state, wamid and error, filtered and paged', async () => {
    const { tenant, key } = await setUp();
    await call('POST', '/v1/blacklist', key, { phone_numbers: ['15558100001'] });
    const answer = await create(tenant, key, recipients(5, 0, '1555810'));
    const id = answer.body.id as string;
    await completed(tenant, key, id);
    const page = await call('GET', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients?limit=2`, key);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0]).toMatchObject({ index: 0, to: '15558100000', wamid: expect.stringMatching(/^wamid\./) });
    expect(page.body.data[1]).toMatchObject({
      index: 1,
      status: 'skipped',
      error: expect.objectContaining({ code: 131000 }),
    });
    const next = await call('GET', page.body.paging.next, key);
    expect(next.body.data.map((r: { index: number }) => r.index)).toEqual([2, 3]);
    const skipped = await call('GET', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients?status=skipped`, key);
    expect(skipped.body.data.map((r: { to: string }) => r.to)).toEqual(['15558100001']);
    const bad = await call('GET', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients?status=lost`, key);
    expect(bad.status).toBe(400);
  });

  it.each([
    ['an unknown template', { template: { name: 'nope', language: { code: 'en_US' } } }, 132001, 'template'],
    [
      'a malformed number',
      {
        recipients: [
          { to: '15551230000', components: params('a', 'b') },
          { to: 'call me', components: params('a', 'b') },
        ],
      },
      100,
      'recipients[1].to',
    ],
    [
      'a recipient twice',
      {
        recipients: [
          { to: '15551230000', components: params('a', 'b') },
          { to: '+1 555 123 0000', components: params('a', 'b') },
        ],
      },
      100,
      'recipients[1].to',
    ],
    [
      'parameters that break the template',
      {
        recipients: [
          { to: '15551230000', components: params('a', 'b') },
          { to: '15551230001', components: [{ type: 'body', parameters: [{ type: 'text', text: 'only one' }] }] },
        ],
      },
      132000,
      'recipients[1]',
    ],
    ['no recipients', { recipients: [] }, 100, 'recipients'],
    ['an unknown field', { audience: 'all' }, 100, 'audience'],
  ])('refuses %s with a Graph error naming it, and creates nothing', async (_what, change, code, field) => {
    const { tenant, key } = await setUp({});
    const answer = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts`, key, {
      name: 'Bad',
      template: { name: 'order_update', language: { code: 'en_US' } },
      recipients: [{ to: '15551230000', components: params('a', 'b') }],
      ...change,
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.error_data.details).toContain(field);
    const [{ count }] = await t.dataSource.query(`SELECT count(*) FROM broadcasts WHERE tenant_id = $1`, [tenant.id]);
    expect(Number(count)).toBe(0);
  });

  it('refuses 10,001 recipients in one request naming the field, and an unapproved template', async () => {
    const { tenant, key } = await setUp({});
    const many = Array.from({ length: 10_001 }, (_, i) => ({ to: `1555${String(i).padStart(7, '0')}` }));
    const tooMany = await create(tenant, key, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe(100);
    expect(tooMany.body.error.error_data.details).toContain('recipients');
    await createCatalogTemplate(
      t,
      tenant,
      { name: 'pending_one', language: 'en_US', components: [{ type: 'BODY', text: 'Hi' }] },
      'PENDING',
    );
    const pending = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts`, key, {
      name: 'x',
      template: { name: 'pending_one', language: { code: 'en_US' } },
      recipients: [{ to: '15551230000' }],
    });
    expect(pending.body.error).toMatchObject({ code: 132001 });
    const [{ count }] = await t.dataSource.query(`SELECT count(*) FROM broadcasts WHERE tenant_id = $1`, [tenant.id]);
    expect(Number(count)).toBe(0);
  });

  it('honours an Idempotency-Key: the same request answers the same broadcast, created once', async () => {
    const { tenant, key } = await setUp();
    const first = await create(tenant, key, recipients(3, 0, '1555820'), {}, { 'Idempotency-Key': 'bc-once' });
    const again = await create(tenant, key, recipients(3, 0, '1555820'), {}, { 'Idempotency-Key': 'bc-once' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const [{ count }] = await t.dataSource.query(`SELECT count(*) FROM broadcasts WHERE tenant_id = $1`, [tenant.id]);
    expect(Number(count)).toBe(1);
  });

  it("another organization's key answers like a missing broadcast", async () => {
    const a = await setUp();
    const b = await setUp();
    const answer = await create(a.tenant, a.key, recipients(1, 0, '1555830'));
    const id = answer.body.id as string;
    // B's key on A's number: the number is outside B's organization (401 code 190, as for any id).
    const foreignNumber = await get(a.tenant, b.key, id);
    expect(foreignNumber.status).toBe(401);
    expect(foreignNumber.body.error.code).toBe(190);
    // B's key on its own number with A's broadcast id: the same 404 as an id that does not exist.
    const foreign = await get(b.tenant, b.key, id);
    const missing = await get(b.tenant, b.key, '00000000-0000-4000-8000-000000000000');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe(100);
    expect(missing.status).toBe(404);
    expect(foreign.body.error.message.replace(id, 'X')).toBe(
      missing.body.error.message.replace('00000000-0000-4000-8000-000000000000', 'X'),
    );
    const pause = await call('POST', `/v1/${b.tenant.phoneNumberId}/broadcasts/${id}/pause`, b.key);
    expect(pause.status).toBe(404);
  });

  it('a tier of 250 with 300 new recipients: 250 sent, 50 deferred (and said so up front)', async () => {
    const { tenant, key } = await setUp({ throughput_level: 'HIGH', messaging_limit_tier: 'TIER_250' });
    const answer = await create(tenant, key, recipients(300, 0, '1555840'));
    expect(answer.body.estimate).toMatchObject({ deferred_by_messaging_limit: 50, messaging_limit_tier: 'TIER_250' });
    const id = answer.body.id as string;
    const settled = await eventually(async () => {
      const now = await get(tenant, key, id);
      const c = now.body.counts;
      return c.deferred === 50 && c.queued === 0 ? now : undefined;
    }, 15_000);
    const c = settled.body.counts;
    expect(c.accepted + c.sent + c.delivered + c.read).toBe(250);
    expect(settled.body.status).toBe('running');
    expect(upstreamSends(tenant)).toHaveLength(250);
    expect(upstreamSends(tenant).every((r) => r.status === 200)).toBe(true);
    const deferred = await call(
      'GET',
      `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients?status=deferred&limit=100`,
      key,
    );
    expect(deferred.body.data).toHaveLength(50);
    expect(deferred.body.data[0].not_before).toEqual(expect.any(String));
  });

  it('a preflight answers what the create would (refused, deferred, when done) and writes and sends nothing', async () => {
    const { tenant, key } = await setUp({ throughput_level: 'HIGH', messaging_limit_tier: 'TIER_250' });
    await call('POST', '/v1/blacklist', key, { phone_numbers: ['15558500007'] });
    const body = {
      name: 'Preflight',
      template: { name: 'order_update', language: { code: 'en_US' } },
      recipients: recipients(300, 0, '1555850'),
    };
    t.sandbox.clearRequests();
    const answer = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/preflight`, key, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      recipients: 300,
      refused: [{ index: 7, to: '15558500007', error: expect.objectContaining({ code: 131000 }) }],
      estimate: {
        rate_per_second: 900,
        recipients_sendable: 299,
        deferred_by_messaging_limit: 49,
        finishes_at: expect.any(String),
        messaging_limit_tier: 'TIER_250',
      },
      // The organization has no spending limit.
      budget: null,
    });
    expect(Date.parse(answer.body.estimate.finishes_at)).toBeGreaterThanOrEqual(Date.now() - 1000);
    const written = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM broadcasts WHERE tenant_id = $1) AS broadcasts,
              (SELECT count(*)::int FROM messages WHERE tenant_id = $1) AS messages`,
      [tenant.id],
    );
    expect(written).toEqual([{ broadcasts: 0, messages: 0 }]);
    expect(upstreamSends(tenant)).toHaveLength(0);
    // A request error is the create's own.
    const broken = { ...body, recipients: [{ to: '+15558500001', components: [] }] };
    const preflightError = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/preflight`, key, broken);
    const createError = await create(tenant, key, broken.recipients);
    expect(preflightError.status).toBe(400);
    expect(preflightError.body.error.error_data).toEqual(createError.body.error.error_data);
  });

  it('pause stops upstream calls within a second; resume finishes; cancel skips the rest', async () => {
    const { tenant, key } = await setUp({});
    const answer = await create(tenant, key, recipients(200, 0, '1555850'));
    const id = answer.body.id as string;
    await eventually(async () => (upstreamSends(tenant).length >= 20 ? true : undefined), 5000);
    const paused = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/pause`, key);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', pause_reason: 'requested' });
    const pausedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const late = upstreamSends(tenant).filter((r) => Date.parse(r.at) > pausedAt + 1000);
    expect(late).toHaveLength(0);
    const sentWhilePaused = upstreamSends(tenant).length;
    expect(sentWhilePaused).toBeLessThan(200);
    expect((await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/pause`, key)).status).toBe(409);
    expect((await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/resume`, key)).body.status).toBe(
      'running',
    );
    await eventually(async () => (upstreamSends(tenant).length >= sentWhilePaused + 20 ? true : undefined), 5000);
    const cancelled = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/cancel`, key);
    expect(cancelled.body.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const total = upstreamSends(tenant).length;
    const final = await get(tenant, key, id);
    expect(final.body.counts.skipped).toBe(200 - total);
    expect(new Set(upstreamSends(tenant).map((r) => (r.body as { to: string }).to)).size).toBe(total);
    expect((await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/resume`, key)).status).toBe(409);
  });

  it("Meta's 131048 pauses the number's broadcasts (the refused recipient is not failed) and tells the tenant; so does a RED quality rating", async () => {
    const { tenant, key } = await setUp();
    const receiver = await new WebhookReceiver().start();
    await call('POST', '/v1/webhooks', key, { url: receiver.url, events: ['broadcast_status_update'] });
    t.sandbox.injectFault({ kind: 'graph_error', code: 131048, count: 1, path: `/${tenant.phoneNumberId}/messages` });
    const answer = await create(tenant, key, recipients(20, 0, '1555860'));
    const id = answer.body.id as string;
    const paused = await eventually(async () => {
      const now = await get(tenant, key, id);
      return now.body.status === 'paused' ? now : undefined;
    }, 5000);
    expect(paused.body.pause_reason).toBe('spam_rate_limit');
    expect(paused.body.counts.failed).toBe(0);
    const [event] = await receiver.waitFor((all) => all.length >= 1);
    expect(JSON.parse(event.body).entry[0].changes[0].value).toMatchObject({
      broadcast_id: id,
      status: 'paused',
      pause_reason: 'spam_rate_limit',
    });
    // Resumed, every recipient goes (the refused one too), each once.
    await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/resume`, key);
    await completed(tenant, key, id);
    const delivered = upstreamSends(tenant)
      .filter((r) => r.status === 200)
      .map((r) => (r.body as { to: string }).to);
    expect(delivered).toHaveLength(20);
    expect(new Set(delivered).size).toBe(20);

    // Meta flags the number RED: its running broadcasts pause.
    const second = await create(tenant, key, recipients(400, 0, '1555861'));
    t.sandbox.setLimits(tenant.phoneNumberId, { quality_rating: 'RED' });
    const red = await eventually(async () => {
      const now = await get(tenant, key, second.body.id);
      return now.body.status === 'paused' ? now : undefined;
    }, 5000);
    expect(red.body.pause_reason).toBe('quality_red');
    await receiver.stop();
  });

  it('API sends on the number go first while a broadcast runs', async () => {
    const { tenant, key } = await setUp({});
    const answer = await create(tenant, key, recipients(300, 0, '1555870'));
    await eventually(async () => (upstreamSends(tenant).length >= 30 ? true : undefined), 5000);
    const started = Date.now();
    const send = await call('POST', `/v1/${tenant.phoneNumberId}/messages`, key, {
      messaging_product: 'whatsapp',
      to: '15558799999',
      type: 'template',
      template: { name: 'order_update', language: { code: 'en_US' }, components: params('x', 'y') },
    });
    expect(send.status).toBe(200);
    // Behind at most the broadcast's look-ahead, not behind its 270 recipients still queued (3+ s at this pace).
    expect(Date.now() - started).toBeLessThan(500);
    await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${answer.body.id}/cancel`, key);
  });

  it('retry sends again the recipients Meta failed with a transient error', async () => {
    const { tenant, key } = await setUp();
    t.sandbox.injectFault({ kind: 'http_500', count: 2, path: `/${tenant.phoneNumberId}/messages` });
    const answer = await create(tenant, key, recipients(6, 0, '1555880'));
    const id = answer.body.id as string;
    const done = await completed(tenant, key, id);
    expect(done.body.counts.failed).toBe(2);
    const failed = await call('GET', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients?status=failed`, key);
    expect(failed.body.data).toHaveLength(2);
    expect(failed.body.data[0].error).toMatchObject({ code: 131000 });
    const retried = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/retry`, key);
    expect(retried.status).toBe(200);
    expect(retried.body.retried).toBe(2);
    const again = await completed(tenant, key, id);
    expect(again.body.counts.failed).toBe(0);
    expect(upstreamSends(tenant).filter((r) => r.status === 200)).toHaveLength(6);
  });

  it('a scheduled broadcast takes more recipients until it starts, then sends them all', async () => {
    const { tenant, key } = await setUp();
    const at = new Date(Date.now() + 2000).toISOString();
    const answer = await create(tenant, key, recipients(2, 0, '1555890'), { scheduled_at: at });
    expect(answer.body.status).toBe('scheduled');
    const id = answer.body.id as string;
    const more = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients`, key, {
      recipients: recipients(2, 2, '1555890'),
    });
    expect(more.status).toBe(200);
    expect(more.body.recipients).toBe(4);
    const twice = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients`, key, {
      recipients: recipients(1, 0, '1555890'),
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.error_data.details).toContain('recipients[0].to');
    expect(upstreamSends(tenant)).toHaveLength(0);
    const done = await completed(tenant, key, id);
    expect(Date.parse(done.body.started_at)).toBeGreaterThanOrEqual(Date.parse(at));
    expect(upstreamSends(tenant)).toHaveLength(4);
    const late = await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${id}/recipients`, key, {
      recipients: recipients(1, 9, '1555890'),
    });
    expect(late.status).toBe(409);
  });

  it('a broadcast still to send holds its number: the delete is refused naming it until it is cancelled, then it goes with the number', async () => {
    const { tenant, key } = await setUp();
    const platform = (await createPlatformKey(t)).key;
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const answer = await create(tenant, key, recipients(2, 0, '1555891'), { scheduled_at: at });
    expect(answer.body.status).toBe('scheduled');
    const number = `/v1/organizations/${tenant.id}/phone_numbers/${tenant.phoneNumberId}`;
    const refused = await call('DELETE', number, platform);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe(100);
    expect(refused.body.error.error_data.details).toBe('Still has: broadcasts not completed or cancelled');
    expect((await call('POST', `/v1/${tenant.phoneNumberId}/broadcasts/${answer.body.id}/cancel`, key)).status).toBe(
      200,
    );
    const deleted = await call('DELETE', number, platform);
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { success: true } });
    expect(await t.dataSource.query('SELECT 1 FROM broadcasts WHERE id = $1', [answer.body.id])).toEqual([]);
    expect(upstreamSends(tenant)).toHaveLength(0);
  });
});
