import request from 'supertest';
import { eventually } from './support/eventually';
import {
  bearer,
  importSampleRateCard,
  createApprovedTemplate,
  createOrgKey,
  createPlatformKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { expectGraphError, expectInvalidParameter, expectScopeMissing } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const BODY = { type: 'BODY', text: 'Our winter sale starts today' };

/**
 * Spending limits (issue 46, third step): the operator's monthly limit per organization holds across
 * two instances (each send reserves before Meta; Meta's pricing settles), billable sends past it are
 * refused locally with nothing sent upstream while replies inside the window still go, the 80 % and
 * 100 % events come once each, a broadcast pauses at the limit, and its preflight shows the budget.
 */
describe('usage: spending limits', () => {
  let t: TestApp;
  let second: TestApp;
  let platform: string;

  const limitOf = (key: string) => request(t.url).get('/v1/usage/limit').set(bearer(key));
  const setLimit = (tenant: TestTenant, body: object, key = platform) =>
    request(t.url).put(`/v1/organizations/${tenant.id}/spending_limit`).set(bearer(key)).send(body);
  const sendTemplate = (app: TestApp, tenant: TestTenant, key: string, to: string, name = 'winter_sale') =>
    request(app.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', to, type: 'template', template: { name, language: { code: 'en_US' } } });
  const upstreamSends = (tenant: TestTenant) =>
    t.sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith(`/${tenant.phoneNumberId}/messages`));

  async function tenantWithTemplate(name: string): Promise<{ tenant: TestTenant; key: string }> {
    const tenant = await createTenant(t, name);
    const { key } = await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 });
    await createApprovedTemplate(t, tenant, key, {
      name: 'winter_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [BODY],
    });
    return { tenant, key };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    await t.dataSource.query('DELETE FROM rate_cards');
    second = await createTestApp({ sandbox: t.sandbox });
    platform = (await createPlatformKey(t)).key;
  }, 60_000);
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('refuses bad limits naming the field, and only a platform key sets one', async () => {
    const { tenant, key } = await tenantWithTemplate('Limits input');
    expectInvalidParameter(await setLimit(tenant, { kind: 'bananas', limit: 5 }), 400, /kind/);
    expectInvalidParameter(await setLimit(tenant, { kind: 'messages', limit: -1 }), 400, /limit/);
    expectInvalidParameter(await setLimit(tenant, { kind: 'messages', limit: 2.5 }), 400, /limit: a whole number/);
    // No rate card yet: an amount cannot be priced.
    expectInvalidParameter(await setLimit(tenant, { kind: 'amount', limit: 10 }), 400, /rate card/);
    expectScopeMissing(await setLimit(tenant, { kind: 'messages', limit: 5 }, key), 'billing:write');
    const unknown = await request(t.url)
      .put('/v1/organizations/00000000-0000-4000-8000-000000000000/spending_limit')
      .set(bearer(platform))
      .send({ kind: 'messages', limit: 5 });
    expectInvalidParameter(unknown, 404, /does not exist/);
    const none = await limitOf(key).expect(200);
    expect(none.body).toMatchObject({ organization_id: tenant.id, kind: null, limit: null, thresholds_reached: [] });
    expect(await t.dataSource.query('SELECT 1 FROM spending_limits WHERE tenant_id = $1', [tenant.id])).toHaveLength(0);
  });

  it('lets exactly 100 of 150 template sends over two instances reach Meta, refuses 50 locally, still sends replies, and tells 80 % and 100 % once each', async () => {
    const { tenant, key } = await tenantWithTemplate('Limited A');
    const receiver = await new WebhookReceiver().start();
    await request(t.url)
      .post('/v1/webhooks')
      .set(bearer(key))
      .send({ url: receiver.url, events: ['usage_update'] })
      .expect(201);
    const set = await setLimit(tenant, { kind: 'messages', limit: 100 }).expect(200);
    expect(set.body).toMatchObject({ kind: 'messages', limit: 100, used: 0, reserved: 0, left: 100 });

    // 150 sends, alternately to the two instances, 10 at a time.
    const statuses: number[] = [];
    const codes: number[] = [];
    for (let i = 0; i < 150; i += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          sendTemplate((i + j) % 2 === 0 ? t : second, tenant, key, `1555700${String(i + j).padStart(4, '0')}`),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status !== 200) codes.push(answer.body.error.code);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 400)).toHaveLength(50);
    expect(new Set(codes)).toEqual(new Set([131042]));
    expect(upstreamSends(tenant)).toHaveLength(100);
    // A refused send leaves no record.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM messages WHERE tenant_id = $1`, [
      tenant.id,
    ]);
    expect(n).toBe(100);

    // The refusal's body, as a client reads it.
    const refused = await sendTemplate(second, tenant, key, '15557009999');
    expectGraphError(refused, 400, 131042);
    expect(refused.body.error.error_data).toMatchObject({ reason: 'spending_limit_reached' });

    // A customer writes: the reply inside the window is free, and goes.
    await t.sandbox.simulateInbound({ phone_number_id: tenant.phoneNumberId, from: '447700900777', text: 'Hi' });
    await eventually(async () => {
      const rows = await t.dataSource.query(
        `SELECT 1 FROM conversations WHERE phone_number_id = $1 AND wa_id = '447700900777' AND last_inbound_at IS NOT NULL`,
        [tenant.phoneNumberId],
      );
      return rows.length ? true : undefined;
    });
    await request(second.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', to: '447700900777', type: 'text', text: { body: 'Hello!' } })
      .expect(200);

    // 80 % and 100 %: one event each, to the endpoint, and one audit entry each.
    const events = await receiver.waitFor((all) => all.length >= 2, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.events()).toHaveLength(2);
    const values = events.map((e) => JSON.parse(e.body).entry[0].changes[0]);
    expect(values.map((v) => v.field)).toEqual(['usage_update', 'usage_update']);
    expect(values.map((v) => v.value.percent).sort()).toEqual([100, 80]);
    expect(values[0].value).toMatchObject({
      event: 'usage.threshold',
      organization_id: tenant.id,
      limit: { kind: 'messages', value: 100 },
    });
    expect(events[0].headers['x-hub-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const audit = await t.dataSource.query(
      `SELECT changes->>'percent' AS percent FROM audit_log WHERE tenant_id = $1 AND action = 'usage.threshold'
       ORDER BY 1`,
      [tenant.id],
    );
    expect(audit).toEqual([{ percent: '100' }, { percent: '80' }]);

    // Meta's pricing settles the reservations, once a message whatever statuses follow.
    await eventually(async () => {
      const [{ read }] = await t.dataSource.query(
        `SELECT count(*)::int AS read FROM message_statuses s JOIN messages m ON m.upstream_message_id = s.message_id
         WHERE m.tenant_id = $1 AND s.status = 'read'`,
        [tenant.id],
      );
      return read >= 100 ? true : undefined;
    }, 20_000);
    const figures = await eventually(async () => {
      const now = await limitOf(key).expect(200);
      return now.body.reserved === 0 ? now : undefined;
    }, 10_000);
    expect(figures.body).toMatchObject({ kind: 'messages', limit: 100, used: 100, reserved: 0, left: 0, percent: 100 });
    expect(figures.body.thresholds_reached.map((r: { percent: number }) => r.percent)).toEqual([80, 100]);
  }, 90_000);

  it('pauses a running broadcast at the limit (reason spending_limit), after its preflight showed the budget short', async () => {
    const { tenant, key } = await tenantWithTemplate('Limited broadcast');
    await setLimit(tenant, { kind: 'messages', limit: 5 }).expect(200);
    const list = Array.from({ length: 12 }, (_, i) => ({ to: `+1555710${String(i).padStart(4, '0')}` }));
    const body = { name: 'Winter', template: { name: 'winter_sale', language: { code: 'en_US' } }, recipients: list };
    const preflight = await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/broadcasts/preflight`)
      .set(bearer(key))
      .send(body)
      .expect(200);
    expect(preflight.body.budget).toEqual({ kind: 'messages', limit: 5, left: 5, needed: 12, enough: false });
    const created = await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/broadcasts`)
      .set(bearer(key))
      .send(body)
      .expect(201);
    const paused = await eventually(async () => {
      const now = await request(t.url)
        .get(`/v1/${tenant.phoneNumberId}/broadcasts/${created.body.id}`)
        .set(bearer(key))
        .expect(200);
      return now.body.status === 'paused' ? now : undefined;
    }, 15_000);
    expect(paused.body.pause_reason).toBe('spending_limit');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(upstreamSends(tenant)).toHaveLength(5);
    expect(paused.body.counts.failed).toBe(0);

    // The operator raises the limit; resumed, the rest go, each once.
    await setLimit(tenant, { kind: 'messages', limit: 50 }).expect(200);
    await request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/broadcasts/${created.body.id}/resume`)
      .set(bearer(key))
      .expect(200);
    await eventually(async () => {
      const now = await request(t.url)
        .get(`/v1/${tenant.phoneNumberId}/broadcasts/${created.body.id}`)
        .set(bearer(key))
        .expect(200);
      return now.body.status === 'completed' ? now : undefined;
    }, 15_000);
    const sent = upstreamSends(tenant).map((r) => (r.body as { to: string }).to);
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  }, 60_000);

  it("gives a send's reservation back when Meta refuses it, and limits an amount by the rate card's prices", async () => {
    const { tenant, key } = await tenantWithTemplate('Limited amount');
    await importSampleRateCard(t, platform, daysAgo(30));
    const quote = await request(t.url)
      .get('/v1/rate_cards/quote')
      .query({ organization_id: tenant.id, wa_id: '15557200001', category: 'marketing' })
      .set(bearer(platform))
      .expect(200);
    const price = quote.body.price as number;
    // Room for two US marketing messages, not three.
    await setLimit(tenant, { kind: 'amount', limit: Math.round(price * 2.5 * 1e6) / 1e6 }).expect(200);

    // Meta refuses the first: nothing was spent, its reservation goes back.
    t.sandbox.injectFault({ kind: 'graph_error', code: 131049, count: 1, path: `/${tenant.phoneNumberId}/messages` });
    expect((await sendTemplate(t, tenant, key, '15557200001')).status).not.toBe(200);
    expect((await sendTemplate(t, tenant, key, '15557200002')).status).toBe(200);
    expect((await sendTemplate(second, tenant, key, '15557200003')).status).toBe(200);
    expectGraphError(await sendTemplate(t, tenant, key, '15557200004'), 400, 131042);
    const figures = await eventually(async () => {
      const now = await limitOf(key).expect(200);
      return now.body.reserved === 0 && now.body.used > 0 ? now : undefined;
    }, 15_000);
    expect(figures.body).toMatchObject({ kind: 'amount', currency: 'USD', used: Math.round(price * 2 * 1e6) / 1e6 });
  }, 60_000);

  it("shows an organization's key its own limit only", async () => {
    const a = await tenantWithTemplate('Limit reader A');
    const b = await tenantWithTemplate('Limit reader B');
    await setLimit(a.tenant, { kind: 'messages', limit: 7 }).expect(200);
    expectGraphError(
      await request(t.url).get('/v1/usage/limit').query({ organization_id: a.tenant.id }).set(bearer(b.key)),
      403,
      200,
    );
    expect((await limitOf(b.key).expect(200)).body).toMatchObject({ organization_id: b.tenant.id, limit: null });
    expect((await limitOf(a.key).expect(200)).body).toMatchObject({ organization_id: a.tenant.id, limit: 7 });
    const byPlatform = await request(t.url)
      .get('/v1/usage/limit')
      .query({ organization_id: a.tenant.id })
      .set(bearer(platform))
      .expect(200);
    expect(byPlatform.body).toMatchObject({ organization_id: a.tenant.id, limit: 7, kind: 'messages' });
  });
});
