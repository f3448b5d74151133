import request from 'supertest';
import { bearer, createAdminKey, createOrgKey, createTenant, type TestTenant } from './support/factories';
import { expectGraphError } from './support/graph-assertions';
import { createTestApp, resetState, type TestApp } from './support/test-app';

describe("GET /v1/phone_numbers and /v1/business_accounts: the organization's numbers and accounts as the gateway knows them", () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    a = await createTenant(t);
    b = await createTenant(t);
    await t.dataSource.query(
      `UPDATE phone_numbers SET quality_rating = 'GREEN', throughput_level = 'STANDARD', messaging_limit_tier = 'TIER_1K'
       WHERE phone_number_id = $1`,
      [a.phoneNumberId],
    );
  });
  afterAll(() => t.close());

  it("answers the organization's numbers, oldest first, with their limits, and no other organization's; no upstream call", async () => {
    const key = (await createOrgKey(t, a)).key;
    t.sandbox.clearRequests();
    const res = await request(t.url).get('/v1/phone_numbers').set(bearer(key)).expect(200);
    expect(res.body.data.map((n: { phone_number_id: string }) => n.phone_number_id)).toEqual([
      a.phoneNumberId,
      a.otherPhoneNumberId,
    ]);
    expect(res.body.data[0]).toMatchObject({
      tenant_id: a.id,
      quality_rating: 'GREEN',
      throughput_level: 'STANDARD',
      messaging_limit_tier: 'TIER_1K',
      throughput_override_mps: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(b.phoneNumberId);
    expect(t.sandbox.requests()).toEqual([]);
    const paged = await request(t.url).get('/v1/phone_numbers?limit=1').set(bearer(key)).expect(200);
    expect(paged.body.data).toHaveLength(1);
    const next = await request(t.url).get(paged.body.paging.next).set(bearer(key)).expect(200);
    expect(next.body.data.map((n: { phone_number_id: string }) => n.phone_number_id)).toEqual([a.otherPhoneNumberId]);
  });

  it('lists only the numbers a key limited to some numbers may use', async () => {
    const limited = (await createOrgKey(t, a, { allowedPhoneNumberIds: [a.otherPhoneNumberId] })).key;
    const res = await request(t.url).get('/v1/phone_numbers').set(bearer(limited)).expect(200);
    expect(res.body.data.map((n: { phone_number_id: string }) => n.phone_number_id)).toEqual([a.otherPhoneNumberId]);
  });

  it('needs business:read (403 code 200), and an admin key names its organization (400 code 100 without)', async () => {
    const narrow = (await createOrgKey(t, a, { scopes: ['messages:read'] })).key;
    expectGraphError(await request(t.url).get('/v1/phone_numbers').set(bearer(narrow)), 403, 200);
    const admin = (await createAdminKey(t, [a, b])).key;
    expectGraphError(await request(t.url).get('/v1/phone_numbers').set(bearer(admin)), 400, 100);
    const ofB = await request(t.url)
      .get('/v1/phone_numbers')
      .set(bearer(admin))
      .set('X-Svc-Tenant-Id', b.id)
      .expect(200);
    expect(ofB.body.data.map((n: { tenant_id: string }) => n.tenant_id)).toEqual([b.id, b.id]);
  });

  it("answers the organization's business accounts with their Meta ids, no other organization's, and needs business:read", async () => {
    const key = (await createOrgKey(t, a)).key;
    t.sandbox.clearRequests();
    const res = await request(t.url).get('/v1/business_accounts').set(bearer(key)).expect(200);
    expect(res.body.data).toEqual([expect.objectContaining({ tenant_id: a.id, waba_id: a.wabaId })]);
    expect(JSON.stringify(res.body)).not.toContain(b.wabaId);
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    expect(t.sandbox.requests()).toEqual([]);
    const narrow = (await createOrgKey(t, a, { scopes: ['messages:read'] })).key;
    expectGraphError(await request(t.url).get('/v1/business_accounts').set(bearer(narrow)), 403, 200);
  });
});
