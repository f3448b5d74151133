import './support/short-send-outcome-timeout';
import request from 'supertest';
import { BullPeriodicJobs, PeriodicJobsProcessor } from '../src/jobs/periodic-jobs';
import { SendOutcomeSweeper } from '../src/messages/send-outcome.sweeper';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { eventually } from './support/eventually';
import { postFromUpstream, statusWebhook } from './support/from-upstream';
import { bearer, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const RECIPIENT = '15551234567';
/** As set by ./support/short-send-outcome-timeout (production's default is 900 s). */
const OUTCOME_TIMEOUT_S = Number(process.env.SEND_OUTCOME_TIMEOUT_SECONDS);

/**
 * The recovery point of a send (issue: a crash never sends twice): the record id rides to upstream
 * in biz_opaque_callback_data and back in status webhooks; a send upstream did not answer stays
 * pending (outcome unknown) until its webhooks reconcile it or the outcome timeout fails it; a retry
 * with its Idempotency-Key replays it, is refused with send_outcome_unknown, or sends again only once
 * the record is failed. The kill -9 version, with processes, is send-crash.e2e-spec.ts.
 */
describe('sends with an unknown outcome', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let tenant: TestTenant;
  let key: string;
  const receiver = new WebhookReceiver();

  const sendPath = () => `/v1/${tenant.phoneNumberId}/messages`;
  const upstreamSends = () =>
    sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/messages')) as Array<{
      body: Record<string, unknown>;
    }>;
  const record = async (where: string, params: unknown[]) =>
    (await t.dataSource.query(`SELECT * FROM messages WHERE ${where}`, params))[0];
  const text = (extra: Record<string, unknown> = {}) => ({
    messaging_product: 'whatsapp',
    to: RECIPIENT,
    type: 'text',
    text: { body: 'Your order shipped' },
    ...extra,
  });
  const send = (body: Record<string, unknown>, idempotencyKey?: string) => {
    const call = request(t.url).post(sendPath()).set(bearer(key));
    return (idempotencyKey ? call.set('Idempotency-Key', idempotencyKey) : call).send(body);
  };
  const statusesAtTenant = (wamid: string) =>
    receiver
      .events()
      .flatMap((e) => (e.json.entry[0].changes[0].value.statuses ?? []) as Array<Record<string, unknown>>)
      .filter((s) => s.id === wamid);

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    // The flush above removed the sweeper's schedule from Redis: put it back, as a refresh would.
    await t.get(BullPeriodicJobs).ensureSchedules();
    sandbox = t.sandbox;
    tenant = await createTenant(t);
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    await t.dataSource.query(
      `INSERT INTO conversations (phone_number_id, wa_id, tenant_id, last_inbound_at) VALUES ($1, $2, $3, now())`,
      [tenant.phoneNumberId, RECIPIENT, tenant.id],
    );
    await receiver.start();
    await request(t.url).post('/v1/webhooks').set(bearer(key)).send({ url: receiver.url }).expect(201);
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });
  beforeEach(() => {
    sandbox.clearRequests();
    sandbox.clearFaults();
  });

  describe('biz_opaque_callback_data', () => {
    it("carries the record's id upstream and gives the client's own value back unchanged", async () => {
      const res = await send(text({ biz_opaque_callback_data: 'order:1042 \u{1F4E6}' })).expect(200);
      const wamid = res.body.messages[0].id;
      const row = await record('upstream_message_id = $1', [wamid]);
      expect(upstreamSends()[0].body).toMatchObject({
        biz_opaque_callback_data: `gwr1:${row.id}:order:1042 \u{1F4E6}`,
      });
      expect(row.payload.biz_opaque_callback_data).toBe('order:1042 \u{1F4E6}');
      // Every status at the tenant (sent, delivered, read) has the client's value, never the gateway's reference.
      await eventually(async () => (statusesAtTenant(wamid).length === 3 ? true : undefined), 10_000);
      expect(statusesAtTenant(wamid).map((s) => s.biz_opaque_callback_data)).toEqual([
        'order:1042 \u{1F4E6}',
        'order:1042 \u{1F4E6}',
        'order:1042 \u{1F4E6}',
      ]);
      const stored = await t.dataSource.query('SELECT details FROM message_statuses WHERE message_id = $1', [wamid]);
      expect(stored.map((s: { details: Record<string, unknown> }) => s.details.biz_opaque_callback_data)).toEqual([
        'order:1042 \u{1F4E6}',
        'order:1042 \u{1F4E6}',
        'order:1042 \u{1F4E6}',
      ]);
      const shown = await request(t.url).get(`${sendPath()}/${row.id}`).set(bearer(key)).expect(200);
      expect(shown.body.payload.biz_opaque_callback_data).toBe('order:1042 \u{1F4E6}');
      expect(
        shown.body.history.filter(
          (h: { details?: Record<string, unknown> }) => h.details?.biz_opaque_callback_data === 'order:1042 \u{1F4E6}',
        ),
      ).toHaveLength(3);
    });

    it("adds no field to the tenant's statuses when the client sent none", async () => {
      const res = await send(text()).expect(200);
      const wamid = res.body.messages[0].id;
      const row = await record('upstream_message_id = $1', [wamid]);
      expect(upstreamSends()[0].body.biz_opaque_callback_data).toBe(`gwr1:${row.id}`);
      await eventually(async () => (statusesAtTenant(wamid).length === 3 ? true : undefined), 10_000);
      expect(statusesAtTenant(wamid).every((s) => !('biz_opaque_callback_data' in s))).toBe(true);
      expect(row.payload).not.toHaveProperty('biz_opaque_callback_data');
    });

    it("refuses a value the gateway's reference would push past Meta's 512 characters", async () => {
      const res = await send(text({ biz_opaque_callback_data: 'x'.repeat(471) })).expect(400);
      expect(res.body.error).toMatchObject({
        code: 100,
        error_data: { details: 'biz_opaque_callback_data: must be a string of at most 470 characters' },
      });
      expect(upstreamSends()).toHaveLength(0);
      await send(text({ biz_opaque_callback_data: 'x'.repeat(470) })).expect(200);
      expect(String(upstreamSends()[0].body.biz_opaque_callback_data)).toHaveLength(512);
    });
  });

  it('reconciles a send upstream took but did not answer in time, and replays it to a retry', async () => {
    // Upstream takes the send after 1.5 s, past the gateway's 1 s timeout: the answer is lost.
    sandbox.injectFault({ kind: 'latency', latency_ms: 1500, path: '/messages' });
    const first = await send(text({ biz_opaque_callback_data: 'late' }), 'slow-send-1').expect(500);
    expect(first.body.error).toMatchObject({
      code: 131000,
      error_data: { reason: 'send_outcome_unknown', message_id: expect.any(String) },
    });
    const id = first.body.error.error_data.message_id;
    const pending = await record('id = $1', [id]);
    expect(pending).toMatchObject({ status: 'pending', upstream_message_id: null, idempotency_key: 'slow-send-1' });
    expect(pending.outcome_unknown_at).not.toBeNull();
    const listed = await request(t.url).get(`${sendPath()}?outcome=unknown`).set(bearer(key)).expect(200);
    expect(listed.body.data.map((m: { id: string }) => m.id)).toContain(id);

    // Until upstream's webhooks say, a retry is refused, not sent.
    const refused = await send(text({ biz_opaque_callback_data: 'late' }), 'slow-send-1').expect(409);
    expect(refused.body.error).toMatchObject({
      code: 131000,
      error_data: { reason: 'send_outcome_unknown', message_id: id },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // The status webhooks name the record: it gets its wamid and moves on.
    const reconciled = await eventually(async () => {
      const row = await record('id = $1', [id]);
      return row.upstream_message_id && row.status === 'read' ? row : undefined;
    }, 15_000);
    const replay = await send(text({ biz_opaque_callback_data: 'late' }), 'slow-send-1').expect(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: RECIPIENT, wa_id: RECIPIENT }],
      messages: [{ id: reconciled.upstream_message_id }],
    });
    // The replay is cached: the next one comes from the idempotency store, same answer.
    const again = await send(text({ biz_opaque_callback_data: 'late' }), 'slow-send-1').expect(200);
    expect(again.body).toEqual(replay.body);
    expect(upstreamSends()).toHaveLength(1);
    // The record reaches read when its last status commits; the tenant's copy is delivered after that commit.
    await eventually(
      async () => (statusesAtTenant(reconciled.upstream_message_id).length === 3 ? true : undefined),
      10_000,
    );
    expect(statusesAtTenant(reconciled.upstream_message_id).map((s) => s.biz_opaque_callback_data)).toEqual([
      'late',
      'late',
      'late',
    ]);
    const listedAfter = await request(t.url).get(`${sendPath()}?outcome=unknown`).set(bearer(key)).expect(200);
    expect(listedAfter.body.data.map((m: { id: string }) => m.id)).not.toContain(id);
  });

  it('fails a send whose outcome stays unknown, and only then lets a retry send it', async () => {
    // Upstream never answers and never acts (the timeout fault): no webhook will ever come.
    sandbox.injectFault({ kind: 'timeout', path: '/messages' });
    const first = await send(text(), 'lost-send-1').expect(500);
    const id = first.body.error.error_data.message_id;
    const refused = await send(text(), 'lost-send-1').expect(409);
    expect(refused.body.error.error_data).toMatchObject({ reason: 'send_outcome_unknown', message_id: id });
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(OUTCOME_TIMEOUT_S);

    // The sweeper (a periodic job) fails it once the outcome timeout has passed.
    const failed = await eventually(async () => {
      const row = await record('id = $1', [id]);
      return row.status === 'failed' ? row : undefined;
    }, 15_000);
    expect(failed.error).toMatchObject({ code: 131000, error_data: { reason: 'outcome_unknown' } });
    expect(failed.failed_at).not.toBeNull();

    const resent = await send(text(), 'lost-send-1').expect(200);
    expect(resent.headers['idempotency-replayed']).toBeUndefined();
    expect(upstreamSends()).toHaveLength(2);
    const second = await record('upstream_message_id = $1', [resent.body.messages[0].id]);
    expect(second).toMatchObject({
      idempotency_key: 'lost-send-1',
      status: expect.stringMatching(/accepted|sent|delivered|read/),
    });
    expect(second.id).not.toBe(id);
    const replay = await send(text(), 'lost-send-1').expect(200);
    expect(replay.body.messages[0].id).toBe(resent.body.messages[0].id);
    expect(upstreamSends()).toHaveLength(2);
  });

  // What happens here is the test's doing, or the retry's: no periodic tick of the sweeper meanwhile.
  describe('with the periodic sweeper stopped', () => {
    beforeAll(() => t.get(PeriodicJobsProcessor).worker.pause());
    afterAll(() => t.get(PeriodicJobsProcessor).worker.resume());

    it('fails an expired record on the retry itself when the sweeper has not yet', async () => {
      sandbox.injectFault({ kind: 'timeout', path: '/messages' });
      const first = await send(text(), 'lost-send-2').expect(500);
      const id = first.body.error.error_data.message_id;
      // As if written long ago, and the sweeper not yet come by.
      await t.dataSource.query(`UPDATE messages SET created_at = now() - interval '1 hour' WHERE id = $1`, [id]);
      await send(text(), 'lost-send-2').expect(200);
      expect(await record('id = $1', [id])).toMatchObject({
        status: 'failed',
        error: { error_data: { reason: 'outcome_unknown' } },
      });
      expect(upstreamSends()).toHaveLength(2);
    });

    it('marks a record left pending by a dead instance as outcome unknown, then fails it', async () => {
      // A pending record no process is waiting on (its instance died between the write and the answer).
      const [row] = await t.dataSource.query(
        `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, idempotency_key, status, created_at)
         SELECT $1, $2, id, $3, 'text', '{}'::jsonb, 'orphan-1', 'pending', now() - interval '1 second' FROM api_keys WHERE $1 = ANY(tenant_ids) LIMIT 1
         RETURNING id`,
        [tenant.id, tenant.phoneNumberId, RECIPIENT],
      );
      const sweeper = t.get(SendOutcomeSweeper);
      // Younger than the upstream timeout (1 s) plus the grace (2 s): left alone.
      await sweeper.sweep();
      expect(await record('id = $1', [row.id])).toMatchObject({ status: 'pending', outcome_unknown_at: null });
      // Past it, but not past the outcome timeout (4 s here): outcome unknown, still pending.
      await t.dataSource.query(`UPDATE messages SET created_at = now() - interval '3.5 seconds' WHERE id = $1`, [
        row.id,
      ]);
      await sweeper.sweep();
      const unknown = await record('id = $1', [row.id]);
      expect(unknown.status).toBe('pending');
      expect(unknown.outcome_unknown_at).not.toBeNull();
      const listed = await request(t.url).get(`${sendPath()}?outcome=unknown`).set(bearer(key)).expect(200);
      expect(listed.body.data.map((m: { id: string }) => m.id)).toEqual([row.id]);
      await t.dataSource.query(`UPDATE messages SET created_at = now() - interval '1 hour' WHERE id = $1`, [row.id]);
      await sweeper.sweep();
      expect(await record('id = $1', [row.id])).toMatchObject({
        status: 'failed',
        error: { error_data: { reason: 'outcome_unknown' } },
      });
    });
  });

  it("gives a late status its record's wamid, but a failed record stays failed", async () => {
    sandbox.injectFault({ kind: 'timeout', path: '/messages' });
    const first = await send(text(), 'late-echo-1').expect(500);
    const id = first.body.error.error_data.message_id;
    await t.dataSource.query(`UPDATE messages SET created_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    await t.get(SendOutcomeSweeper).sweep();
    // Upstream had sent it after all: its status arrives after the record was failed.
    const wamid = 'wamid.late-echo-' + Date.now();
    await postFromUpstream(
      t.url,
      statusWebhook(tenant, { id: wamid, recipient_id: RECIPIENT, biz_opaque_callback_data: `gwr1:${id}` }),
    ).expect(200);
    expect(await record('id = $1', [id])).toMatchObject({ status: 'failed', upstream_message_id: wamid });
    // A retry now learns the truth: it was sent, and is not sent again.
    const retry = await send(text(), 'late-echo-1').expect(200);
    expect(retry.body.messages[0].id).toBe(wamid);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(upstreamSends()).toHaveLength(1);
    await eventually(async () => (statusesAtTenant(wamid).length === 1 ? true : undefined));
    expect(statusesAtTenant(wamid)[0]).not.toHaveProperty('biz_opaque_callback_data');
  });
});
