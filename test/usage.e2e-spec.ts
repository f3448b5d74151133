import request from 'supertest';
import { eventually } from './support/eventually';
import {
  bearer,
  importSampleRateCard,
  createApprovedTemplate,
  createAdminKey,
  createOrgKey,
  createPlatformKey,
  createTenant,
  type TestTenant,
} from './support/factories';
import { postFromUpstream, statusWebhook } from './support/from-upstream';
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Metering (issue 46, second step): Meta's pricing in its statuses becomes one usage entry per
 * message and category, whatever Meta resends or delivers to two instances at once; reports add the
 * daily rollups up and price them by the rate card in force (docs/rate-cards' sample here); one
 * organization's key sees none of another's usage.
 */
describe('usage: metering and reports', () => {
  let t: TestApp;
  let second: TestApp;
  let a: TestTenant;
  let b: TestTenant;
  let keyA: string;
  let keyB: string;

  const report = (key: string, query: Record<string, string>) =>
    request(t.url).get('/v1/usage').query(query).set(bearer(key));
  const entries = (messageId: string) =>
    t.dataSource.query<Array<Record<string, unknown>>>(
      'SELECT category, country, billable, type, tenant_id FROM usage_entries WHERE message_id = $1',
      [messageId],
    );

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    await t.dataSource.query('DELETE FROM rate_cards');
    await t.dataSource.query('DELETE FROM usage_entries');
    await t.dataSource.query('DELETE FROM usage_days');
    second = await createTestApp({ sandbox: t.sandbox });
    a = await createTenant(t, 'Metered A');
    b = await createTenant(t, 'Metered B');
    keyA = (await createOrgKey(t, a, { rateLimitPerSecond: 10_000 })).key;
    keyB = (await createOrgKey(t, b, { rateLimitPerSecond: 10_000 })).key;
    const platform = (await createPlatformKey(t)).key;
    await importSampleRateCard(t, platform, daysAgo(30));
  }, 60_000);
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('meters a marketing template to a US and to an Indian number as two billable entries, and a service reply as a free one', async () => {
    await createApprovedTemplate(t, a, keyA, {
      name: 'autumn_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Our autumn sale starts today' }],
    });
    const sendTemplate = (to: string) =>
      request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages`)
        .set(bearer(keyA))
        .send({
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: { name: 'autumn_sale', language: { code: 'en_US' } },
        })
        .expect(200);
    const us = (await sendTemplate('15550009001')).body.messages[0].id as string;
    const india = (await sendTemplate('919876543210')).body.messages[0].id as string;
    // A customer writes; the reply inside the window is service, free.
    await t.sandbox.simulateInbound({ phone_number_id: a.phoneNumberId, from: '447700900123', text: 'Hello?' });
    await eventually(async () => {
      const rows = await t.dataSource.query(
        `SELECT 1 FROM conversations WHERE phone_number_id = $1 AND wa_id = '447700900123' AND last_inbound_at IS NOT NULL`,
        [a.phoneNumberId],
      );
      return rows.length ? true : undefined;
    });
    const reply = (
      await request(t.url)
        .post(`/v1/${a.phoneNumberId}/messages`)
        .set(bearer(keyA))
        .send({
          messaging_product: 'whatsapp',
          to: '447700900123',
          type: 'text',
          text: { body: 'Hi! How can we help?' },
        })
        .expect(200)
    ).body.messages[0].id as string;
    await eventually(async () => ((await entries(reply)).length === 1 ? true : undefined), 10_000);
    await eventually(async () => ((await entries(india)).length === 1 ? true : undefined), 10_000);
    expect(await entries(us)).toEqual([
      { category: 'marketing', country: 'US', billable: true, type: 'regular', tenant_id: a.id },
    ]);
    expect(await entries(india)).toEqual([
      { category: 'marketing', country: 'IN', billable: true, type: 'regular', tenant_id: a.id },
    ]);
    expect(await entries(reply)).toEqual([
      { category: 'service', country: 'GB', billable: false, type: 'free_customer_service', tenant_id: a.id },
    ]);

    // Every status (sent, delivered, read) carried the pricing: still one entry a message.
    await eventually(async () => {
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM message_statuses WHERE message_id = ANY ($1) AND status = 'read'`,
        [[us, india, reply]],
      );
      return n === 3 ? true : undefined;
    }, 10_000);
    const res = await report(keyA, { from: today(), to: today(), group_by: 'category,market' }).expect(200);
    expect(res.body).toMatchObject({ currency: 'USD', granularity: 'day', group_by: ['category', 'market'] });
    expect(res.body.data).toEqual([
      expect.objectContaining({
        period: today(),
        category: 'marketing',
        market: 'India',
        messages: 1,
        billable_messages: 1,
        cost: 0.0107,
      }),
      expect.objectContaining({
        period: today(),
        category: 'marketing',
        market: 'North America',
        messages: 1,
        billable_messages: 1,
        cost: 0.025,
      }),
      expect.objectContaining({
        period: today(),
        category: 'service',
        market: 'United Kingdom',
        messages: 1,
        billable_messages: 0,
        cost: 0,
      }),
    ]);
    expect(res.body.totals).toEqual({ messages: 3, billable_messages: 2, cost: 0.0357, unpriced_billable_messages: 0 });
    // The same as CSV.
    const csv = await report(keyA, { from: today(), to: today(), group_by: 'category,market' })
      .set('accept', 'text/csv')
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split(/\r?\n/)[0]).toBe(
      'period,category,market,messages,billable_messages,cost,unpriced_billable_messages',
    );
    expect(csv.text).toContain(`${today()},marketing,India,1,1,0.0107,0`);
  });

  it('counts a status Meta sends three times, and to two instances at once, once', async () => {
    const wamid = `wamid.metered-${Date.now()}`;
    const payload = statusWebhook(a, {
      id: wamid,
      status: 'delivered',
      recipient_id: '919812345678',
      pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
    });
    const before = await report(keyA, { from: today(), to: today(), group_by: 'category' }).expect(200);
    const utilityBefore = before.body.data.find((r: { category: string }) => r.category === 'utility')?.messages ?? 0;
    await Promise.all([
      postFromUpstream(t.url, payload).expect(200),
      postFromUpstream(second.url, payload).expect(200),
      postFromUpstream(t.url, payload).expect(200),
      postFromUpstream(second.url, { ...payload }).expect(200),
    ]);
    await postFromUpstream(t.url, payload).expect(200);
    expect(await entries(wamid)).toHaveLength(1);
    const after = await report(keyA, { from: today(), to: today(), group_by: 'category' }).expect(200);
    expect(after.body.data.find((r: { category: string }) => r.category === 'utility').messages).toBe(
      utilityBefore + 1,
    );
  });

  it('reports by month what its days add up to, whole months read from the monthly rollup', async () => {
    const c = await createTenant(t, 'Metered over months');
    const keyC = (await createOrgKey(t, c)).key;
    const sends: Array<[number, string, string]> = [
      [100, '15550007001', 'marketing'],
      [75, '919876507002', 'marketing'],
      [70, '15550007003', 'utility'],
      [45, '15550007004', 'marketing'],
      [31, '919876507005', 'authentication'],
      [29, '15550007006', 'marketing'],
      [12, '15550007007', 'service'],
      [0, '919876507008', 'marketing'],
    ];
    for (const [ago, to, category] of sends)
      await postFromUpstream(
        t.url,
        statusWebhook(c, {
          id: `wamid.month-${c.id}-${ago}`,
          status: 'sent',
          timestamp: String(Math.floor((Date.now() - ago * 86_400_000) / 1000)),
          recipient_id: to,
          pricing: {
            billable: category !== 'service',
            pricing_model: 'PMP',
            category,
            type: category === 'service' ? 'free_customer_service' : 'regular',
          },
        }),
      ).expect(200);
    const range = { from: daysAgo(110), to: today(), group_by: 'category,market' };
    const byMonth = (await report(keyC, { ...range, granularity: 'month' }).expect(200)).body;
    const byDay = (await report(keyC, { ...range, granularity: 'day' }).expect(200)).body;
    expect(byMonth.totals).toEqual(byDay.totals);
    expect(byMonth.totals.messages).toBe(8);
    type Row = { period: string; category: string; market: string | null; messages: number; cost: number | null };
    const summed = new Map<string, { messages: number; cost: number | null }>();
    for (const row of byDay.data as Row[]) {
      const key = `${row.period.slice(0, 7)}-01|${row.category}|${row.market}`;
      const sum = summed.get(key) ?? { messages: 0, cost: null };
      summed.set(key, {
        messages: sum.messages + row.messages,
        cost: row.cost === null ? sum.cost : Math.round(((sum.cost ?? 0) + row.cost) * 1e6) / 1e6,
      });
    }
    expect(
      Object.fromEntries(
        (byMonth.data as Row[]).map((r) => [
          `${r.period}|${r.category}|${r.market}`,
          { messages: r.messages, cost: r.cost },
        ]),
      ),
    ).toEqual(Object.fromEntries(summed));
    // The months before the card are whole months of the monthly rollup, unpriced.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM usage_months WHERE tenant_id = $1`, [
      c.id,
    ]);
    expect(n).toBeGreaterThanOrEqual(4);
  });

  it("reports a broadcast's messages by broadcast, its statuses naming it through their callback data", async () => {
    const created = await request(t.url)
      .post(`/v1/${a.phoneNumberId}/broadcasts`)
      .set(bearer(keyA))
      .send({
        name: 'Autumn',
        template: { name: 'autumn_sale', language: { code: 'en_US' } },
        recipients: [{ to: '+15550009101' }, { to: '+15550009102' }, { to: '+919876509103' }],
      })
      .expect(201);
    const id = created.body.id as string;
    await eventually(async () => {
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM usage_entries WHERE broadcast_id = $1 AND tenant_id = $2`,
        [id, a.id],
      );
      return n === 3 ? true : undefined;
    }, 15_000);
    const res = await report(keyA, { from: today(), to: today(), group_by: 'broadcast,market' }).expect(200);
    const rows = res.body.data.filter((r: { broadcast: string | null }) => r.broadcast === id);
    expect(rows).toEqual([
      expect.objectContaining({ broadcast: id, market: 'India', messages: 1, billable_messages: 1, cost: 0.0107 }),
      expect.objectContaining({
        broadcast: id,
        market: 'North America',
        messages: 2,
        billable_messages: 2,
        cost: 0.05,
      }),
    ]);
    // Messages of no broadcast are the rows whose broadcast is null.
    expect(res.body.data.some((r: { broadcast: string | null }) => r.broadcast === null)).toBe(true);
  }, 30_000);

  it("shows B's key none of A's usage, and an admin or platform key only what it reaches", async () => {
    const own = await report(keyB, { from: today(), to: today() }).expect(200);
    expect(own.body.totals.messages).toBe(0);
    expectGraphError(await report(keyB, { from: today(), to: today(), organization_id: a.id }), 403, 200);
    const adminB = (await createAdminKey(t, [b])).key;
    expectGraphError(await report(adminB, { from: today(), to: today(), organization_id: a.id }), 403, 200);
    const platform = (await createPlatformKey(t)).key;
    const forA = await report(platform, { from: today(), to: today(), organization_id: a.id }).expect(200);
    const ownA = await report(keyA, { from: today(), to: today() }).expect(200);
    expect(ownA.body.totals.messages).toBeGreaterThanOrEqual(4);
    expect(forA.body.totals).toEqual(ownA.body.totals);
  });

  it('refuses a range over 400 days, an unknown group_by and a bad day, naming the field', async () => {
    expectInvalidParameter(
      await report(keyA, { from: daysAgo(400), to: today() }),
      400,
      'to: a range of at most 400 days (this one is 401)',
    );
    expectInvalidParameter(
      await report(keyA, { from: today(), to: today(), group_by: 'category,campaign' }),
      400,
      /group_by: unknown campaign \(one or more of organization, category, phone_number, market, country, broadcast\)/,
    );
    expectInvalidParameter(await report(keyA, { from: '2026-02-30', to: today() }), 400, 'from: a day, YYYY-MM-DD');
    expectInvalidParameter(await report(keyA, { from: today(), to: daysAgo(1) }), 400, 'to: on or after from');
    expectInvalidParameter(
      await report(keyA, { from: today(), to: today(), granularity: 'week' }),
      400,
      'granularity: day or month',
    );
  });
});
