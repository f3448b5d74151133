import request from 'supertest';
import {
  bearer,
  createOrgKey,
  createPlatformKey,
  createTenant,
  registerAtUpstream,
  type TestTenant,
} from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Ten concurrent creates of one unique thing: each answer is a success (the write is an idempotent
 * upsert or a replacement) or a 409, never a 5xx, and exactly one record exists afterwards. Things
 * that are not unique (organization names, key names, endpoint URLs) make ten records, never a 5xx.
 * Templates, Meta's own resource, are in templates.e2e-spec (one upstream call, Meta's duplicate).
 */
describe('concurrent duplicates of every unique thing a tenant or operator creates', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let key: string;
  let platform: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t);
    key = (await createOrgKey(t, tenant, { rateLimitPerSecond: 10_000 })).key;
    platform = (await createPlatformKey(t, { rateLimitPerSecond: 10_000 })).key;
  });
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  const tenTimes = (send: () => request.Test) => Promise.all(Array.from({ length: 10 }, () => send()));
  const statuses = (answers: request.Response[]) => [...new Set(answers.map((answer) => answer.status))].sort();

  it('a blacklist entry: every answer a success, one row', async () => {
    const answers = await tenTimes(() =>
      request(t.url)
        .post('/v1/blacklist')
        .set(bearer(key))
        .send({ phone_numbers: ['15550009001'], reason: 'race' }),
    );
    expect(statuses(answers).every((status) => status < 300)).toBe(true);
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM blacklist_entries WHERE tenant_id = $1 AND phone_number = '15550009001'`,
      [tenant.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a contact: every answer a success, one row', async () => {
    const answers = await tenTimes(() =>
      request(t.url)
        .post('/v1/contacts')
        .set(bearer(key))
        .send({ contacts: [{ phone_number: '15550009002', name: 'Race' }] }),
    );
    expect(statuses(answers).every((status) => status < 300)).toBe(true);
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM contacts WHERE tenant_id = $1 AND phone_number = '15550009002'`,
      [tenant.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a business account and a phone number registered by the operator: one success, the rest 409 code 100', async () => {
    const org = (
      await request(t.url).post('/v1/organizations').set(bearer(platform)).send({ name: 'Race Ltd' }).expect(201)
    ).body;
    // The account and its number exist at Meta first (onboarding subscribes the app, reads the number).
    registerAtUpstream(t, {
      wabaId: '190000000009001',
      accessToken: 'EAAG-race',
      phoneNumbers: [{ id: '190000000009002', display: '+1 555 0199' }],
    });
    const accounts = await tenTimes(() =>
      request(t.url)
        .post(`/v1/organizations/${org.id}/business_accounts`)
        .set(bearer(platform))
        .send({ waba_id: '190000000009001', access_token: 'EAAG-race' }),
    );
    expect(statuses(accounts)).toEqual([201, 409]);
    expect(accounts.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(accounts.filter((answer) => answer.status === 409).every((answer) => answer.body.error.code === 100)).toBe(
      true,
    );
    const numbers = await tenTimes(() =>
      request(t.url)
        .post(`/v1/organizations/${org.id}/phone_numbers`)
        .set(bearer(platform))
        .send({ waba_id: '190000000009001', phone_number_id: '190000000009002', display_phone_number: '+1 555 0199' }),
    );
    expect(statuses(numbers)).toEqual([201, 409]);
    expect(numbers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM phone_numbers WHERE phone_number_id = '190000000009002'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it("a business account's callback override (subscribed_apps): every answer a success, one endpoint", async () => {
    const answers = await tenTimes(() =>
      request(t.url)
        .post(`/v1/${tenant.wabaId}/subscribed_apps`)
        .set(bearer(key))
        .send({ override_callback_uri: receiver.url, verify_token: receiver.verifyToken }),
    );
    expect(statuses(answers)).toEqual([200]);
    const rows = await t.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM webhook_endpoints WHERE tenant_id = $1 AND kind = 'waba_override' AND waba_id = $2`,
      [tenant.id, tenant.wabaId],
    );
    expect(rows).toHaveLength(1);
    // The one left is the one the last answer named.
    expect(answers.map((answer) => answer.body.webhook_id)).toContain(rows[0].id);
  });

  it("a phone number's callback override (webhook_configuration): every answer a success, one endpoint", async () => {
    const answers = await tenTimes(() =>
      request(t.url)
        .post(`/v1/${tenant.phoneNumberId}`)
        .set(bearer(key))
        .send({ webhook_configuration: { override_callback_uri: receiver.url, verify_token: receiver.verifyToken } }),
    );
    expect(statuses(answers)).toEqual([200]);
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_endpoints WHERE tenant_id = $1 AND kind = 'phone_override'`,
      [tenant.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('not unique, so ten of each: endpoints of one URL (filters may differ), organizations and keys of one name', async () => {
    const endpoints = await tenTimes(() =>
      request(t.url).post('/v1/webhooks').set(bearer(key)).send({ url: receiver.url, description: 'race' }),
    );
    expect(statuses(endpoints)).toEqual([201]);
    expect(new Set(endpoints.map((answer) => answer.body.id)).size).toBe(10);
    const organizations = await tenTimes(() =>
      request(t.url).post('/v1/organizations').set(bearer(platform)).send({ name: 'Same Name Ltd' }),
    );
    expect(statuses(organizations)).toEqual([201]);
    expect(new Set(organizations.map((answer) => answer.body.id)).size).toBe(10);
    const keys = await tenTimes(() =>
      request(t.url)
        .post('/v1/keys')
        .set(bearer(platform))
        .send({ kind: 'admin', tenant_ids: [tenant.id], name: 'same name' }),
    );
    expect(statuses(keys)).toEqual([201]);
    const named = await t.dataSource.query(`SELECT count(*)::int AS n FROM api_keys WHERE name = 'same name'`);
    expect(named[0].n).toBe(10);
  });
});
