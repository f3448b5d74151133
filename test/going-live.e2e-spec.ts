import request from 'supertest';
import { MetricsService } from '../src/metrics/metrics.service';
import { AppSubscriptionsService } from '../src/tenancy/app-subscriptions.service';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createPlatformKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

const CUSTOMER = '15557770001';

/**
 * Meta's side, done by the gateway: an account's webhooks come only while the gateway's app is
 * subscribed to it (the sandbox sends nothing otherwise, as Meta), onboarding subscribes, a periodic
 * check reports a subscription that is gone (the API, /health, /metrics), and the operator subscribes
 * again with one call.
 */
describe('going live: the app subscribed to every business account', () => {
  let t: TestApp;
  let platform: string;
  let tenant: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    platform = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  const sandboxAccount = async (wabaId: string) =>
    (await (await fetch(`${t.sandbox.url}/_sandbox/business_accounts/${wabaId}`)).json()) as {
      subscribed_apps: string[];
    };
  const account = async () =>
    (
      await request(t.url)
        .get(`/v1/organizations/${tenant.id}/business_accounts/${tenant.wabaId}`)
        .set(bearer(platform))
        .expect(200)
    ).body;
  const inboundRows = async (from: string) =>
    t.dataSource.query('SELECT message_id FROM inbound_messages WHERE phone_number_id = $1 AND "from" = $2', [
      tenant.phoneNumberId,
      from,
    ]);
  const gauge = async (state: string) => {
    const text = await t.get(MetricsService).registry.metrics();
    const line = text.split('\n').find((l) => l.startsWith(`gateway_business_accounts{app_subscription="${state}"}`));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };

  it('onboarding left the app subscribed at Meta, and Meta sends the account’s webhooks', async () => {
    expect((await sandboxAccount(tenant.wabaId)).subscribed_apps).toEqual([t.get(AppSubscriptionsService).appId]);
    expect((await account()).app_subscription).toEqual({
      status: 'subscribed',
      checked_at: expect.any(String),
      error: null,
    });
    await t.sandbox.simulateInbound({
      phone_number_id: tenant.phoneNumberId,
      from: CUSTOMER,
      type: 'text',
      text: 'hi',
    });
    await eventually(async () => ((await inboundRows(CUSTOMER)).length === 1 ? true : undefined));
  });

  it('an account whose subscription is dropped at Meta gets no webhook from Meta, and one check reports it', async () => {
    await fetch(`${t.sandbox.url}/_sandbox/business_accounts/${tenant.wabaId}/subscribed_apps`, { method: 'DELETE' });
    t.sandbox.clearWebhookDeliveries();
    const from = '15557770002';
    await t.sandbox.simulateInbound({ phone_number_id: tenant.phoneNumberId, from, type: 'text', text: 'anyone?' });
    // Meta (the sandbox) sends nothing to an app that is not subscribed: nothing reaches the gateway.
    const [skipped] = t.sandbox.webhookDeliveries();
    expect(skipped).toMatchObject({ state: 'skipped', skipped_reason: 'app_not_subscribed', attempts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inboundRows(from)).toEqual([]);
    expect(await t.dataSource.query('SELECT 1 FROM webhook_events WHERE payload::text LIKE $1', [`%${from}%`])).toEqual(
      [],
    );

    // One check, as the periodic task runs it: the account is reported everywhere an operator looks.
    t.sandbox.clearRequests();
    await t.get(AppSubscriptionsService).checkDue();
    expect(t.sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v23.0/${tenant.wabaId}/subscribed_apps`,
    ]);
    expect((await account()).app_subscription).toEqual({
      status: 'missing',
      checked_at: expect.any(String),
      error: null,
    });
    const { key } = await createOrgKey(t, tenant, { scopes: ['business:read'] });
    const own = await request(t.url).get('/v1/business_accounts').set(bearer(key)).expect(200);
    expect(own.body.data[0].app_subscription.status).toBe('missing');
    const health = await request(t.url).get('/health').expect(200);
    expect(health.body.details.meta_subscriptions).toEqual({
      status: 'up',
      subscribed: 0,
      missing: 1,
      check_failed: 0,
      unknown: 0,
    });
    expect(JSON.stringify(health.body)).not.toContain(tenant.wabaId);
    expect(await gauge('missing')).toBe(1);
    expect(await gauge('subscribed')).toBe(0);
  });

  it('subscribing again (one call) brings the webhooks back', async () => {
    t.sandbox.clearRequests();
    const res = await request(t.url)
      .post(`/v1/organizations/${tenant.id}/business_accounts/${tenant.wabaId}/subscribe`)
      .set(bearer(platform))
      .expect(201);
    expect(res.body.app_subscription.status).toBe('subscribed');
    expect(t.sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v23.0/${tenant.wabaId}/subscribed_apps`,
      `GET /v23.0/${tenant.wabaId}/subscribed_apps`,
    ]);
    const from = '15557770003';
    await t.sandbox.simulateInbound({ phone_number_id: tenant.phoneNumberId, from, type: 'text', text: 'back?' });
    await eventually(async () => ((await inboundRows(from)).length === 1 ? true : undefined));
    expect(await gauge('subscribed')).toBe(1);
  });

  it('a check Meta refuses (the token revoked there) is reported as check_failed with Meta’s answer, never the token', async () => {
    // At Meta the account's token is now another one: the stored token is refused.
    t.sandbox.registerBusinessAccount(tenant.wabaId, 'a-token-issued-later');
    await t.dataSource.query('UPDATE business_accounts SET app_subscription_checked_at = NULL');
    await t.get(AppSubscriptionsService).checkDue();
    const { app_subscription: subscription } = await account();
    expect(subscription).toEqual({
      status: 'check_failed',
      checked_at: expect.any(String),
      error: expect.stringContaining('(#190)'),
    });
    expect(subscription.error).not.toContain(tenant.accessToken);
    const health = await request(t.url).get('/health').expect(200);
    expect(health.body.details.meta_subscriptions).toMatchObject({ check_failed: 1, missing: 0 });
    t.sandbox.registerBusinessAccount(tenant.wabaId, tenant.accessToken);
  });
});
