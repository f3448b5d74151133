import request from 'supertest';
import { bearer, createOrgKey, createPlatformKey, createTenant, type TestTenant } from './support/factories';
import { createTestApp, resetState, type TestApp } from './support/test-app';

/**
 * Ten concurrent creates of one unique thing: each answer is a success (the write is an idempotent
 * upsert) or a 409, never a 5xx, and exactly one record exists afterwards.
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
  afterAll(() => t.close());

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
});
