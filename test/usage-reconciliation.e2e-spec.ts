import request from 'supertest';
import { MetricsService } from '../src/metrics/metrics.service';
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
import { expectGraphError, expectInvalidParameter } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * Reconciliation (issue 46): a business account's day as the gateway metered it against what Meta
 * (the sandbox, charging by its own rate table: the repository's sample card) reports in
 * `pricing_analytics`. Metered in full, the two agree to the cent; a status Meta never delivered (the
 * app not subscribed when it went) is a billable message the gateway did not meter: the day is
 * flagged, in the API and /metrics. Another organization's key sees none of it.
 */
describe('usage: reconciliation with Meta', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let key: string;
  let platform: string;

  const send = (to: string, body: Record<string, unknown>) =>
    request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ messaging_product: 'whatsapp', to, ...body })
      .expect(200);
  const sendTemplate = async (to: string) =>
    (await send(to, { type: 'template', template: { name: 'december_sale', language: { code: 'en_US' } } })).body
      .messages[0].id as string;
  const reconcile = () =>
    request(t.url)
      .post('/v1/usage/reconciliations')
      .set(bearer(platform))
      .send({ day: today(), organization_id: tenant.id })
      .expect(200);
  const metered = async (wamids: string[]) => {
    await eventually(async () => {
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM usage_entries WHERE message_id = ANY ($1)`,
        [wamids],
      );
      return n === wamids.length ? true : undefined;
    }, 15_000);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    await t.dataSource.query('DELETE FROM rate_cards');
    platform = (await createPlatformKey(t)).key;
    await importSampleRateCard(t, platform, daysAgo(30));
    tenant = await createTenant(t, 'Reconciled');
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    await createApprovedTemplate(t, tenant, key, {
      name: 'december_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Our December sale starts today' }],
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("agrees with Meta's pricing_analytics to the cent when every status was metered", async () => {
    const wamids = [
      await sendTemplate('15550301001'),
      await sendTemplate('15550301002'),
      await sendTemplate('919876500001'),
      await sendTemplate('5511987650001'),
    ];
    await metered(wamids);
    const run = await reconcile();
    expect(run.body.data).toHaveLength(1);
    const [day] = run.body.data;
    // The sample card: two US marketing at 0.025, India at 0.0107, Brazil at 0.0625.
    expect(day).toMatchObject({
      waba_id: tenant.wabaId,
      organization_id: tenant.id,
      day: today(),
      metered_messages: 4,
      meta_messages: 4,
      metered_cost: 0.1232,
      meta_cost: 0.1232,
      difference_percent: 0,
      flagged: false,
      details: [],
    });
    // The call Meta got: the account's daily pricing analytics by country, category and type.
    const call = t.sandbox
      .requests()
      .filter((r) => r.method === 'GET' && r.path.endsWith(`/${tenant.wabaId}`))
      .pop();
    expect(call?.query.fields).toMatch(
      /^pricing_analytics\.start\(\d+\)\.end\(\d+\)\.granularity\(DAILY\)\.dimensions\(\["COUNTRY","PRICING_CATEGORY","PRICING_TYPE"\]\)$/,
    );
    const [row] = await t.dataSource.query(
      `SELECT flagged, metered_messages::int AS metered, meta_messages::int AS meta FROM usage_reconciliations
       WHERE waba_id = $1 AND day = $2`,
      [tenant.wabaId, today()],
    );
    expect(row).toEqual({ flagged: false, metered: 4, meta: 4 });
  }, 30_000);

  it('flags the day when a status Meta charged never reached the gateway, in the API and /metrics', async () => {
    // Meta delivers no webhook to an app not subscribed: this message's statuses are lost.
    t.sandbox.setSubscribed(tenant.wabaId, false);
    const lost = await sendTemplate('15550301003');
    await eventually(async () => {
      const skipped = t.sandbox
        .webhookDeliveries()
        .filter((d) => d.state === 'skipped' && JSON.stringify(d.payload).includes(lost));
      return skipped.length === 3 ? true : undefined;
    }, 10_000);
    t.sandbox.setSubscribed(tenant.wabaId, true);
    const kept = await sendTemplate('15550301004');
    await metered([kept]);

    const [day] = (await reconcile()).body.data;
    expect(day).toMatchObject({ metered_messages: 5, meta_messages: 6, flagged: true });
    expect(day.difference_percent).toBeCloseTo(16.667, 3);
    expect(day.details).toEqual([
      {
        country: 'US',
        category: 'marketing',
        metered_messages: 3,
        meta_messages: 4,
        metered_cost: 0.075,
        meta_cost: 0.1,
      },
    ]);

    const flagged = await request(t.url)
      .get('/v1/usage/reconciliations')
      .query({ flagged: 'true' })
      .set(bearer(key))
      .expect(200);
    expect(flagged.body.data.map((r: { day: string; flagged: boolean }) => [r.day, r.flagged])).toEqual([
      [today(), true],
    ]);
    const text = await t.get(MetricsService).registry.metrics();
    expect(text).toMatch(/^gateway_usage_reconciliation_flagged_days 1$/m);
  }, 30_000);

  it("shows another organization's key none of it, and refuses a bad day or a tenant's run", async () => {
    const other = await createTenant(t, 'Not reconciled');
    const otherKey = (await createOrgKey(t, other)).key;
    const own = await request(t.url).get('/v1/usage/reconciliations').set(bearer(otherKey)).expect(200);
    expect(own.body.data).toEqual([]);
    expectGraphError(
      await request(t.url).get('/v1/usage/reconciliations').query({ organization_id: tenant.id }).set(bearer(otherKey)),
      403,
      200,
    );
    expectGraphError(
      await request(t.url).post('/v1/usage/reconciliations').set(bearer(key)).send({ day: today() }),
      403,
      200,
    );
    expectInvalidParameter(
      await request(t.url).post('/v1/usage/reconciliations').set(bearer(platform)).send({ day: '2026-02-30' }),
      400,
      'day: a day, YYYY-MM-DD',
    );
    expectInvalidParameter(
      await request(t.url).get('/v1/usage/reconciliations').query({ flagged: 'maybe' }).set(bearer(key)),
      400,
      'flagged: true or false',
    );
  });
});
