import request from 'supertest';
import { bearer, createOrgKey, createTenant } from './support/factories';
import { ProbeModule } from './support/probe.module';
import { createTestApp, resetState, type TestApp } from './support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
    await resetState(t);
  });
  afterAll(() => t.close());

  it('serves a tenant list and a probe send', async () => {
    const tenant = await createTenant(t);
    const key = await createOrgKey(t, tenant);
    const list = await request(t.url).get('/v1/tenants').set(bearer(key)).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: tenant.id })]);
    const sent = await request(t.url)
      .post(`/test/v1/${tenant.phoneNumberId}/messages`)
      .set(bearer(key))
      .send({ to: '1555' })
      .expect(201);
    expect(sent.body.tenant_id).toBe(tenant.id);
  });
});
