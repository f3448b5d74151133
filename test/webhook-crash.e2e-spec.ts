import request from 'supertest';
import { TenantWebhookProcessor } from '../src/tenant-webhooks/bullmq-delivery-queue';
import { postFromUpstream, statusWebhook } from './support/from-upstream';
import { eventually } from './support/eventually';
import { bearer, createOrgKey, createTenant } from './support/factories';
import { buildOnce, killAll, startGateway } from './support/gateway-process';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * A gateway process killed (SIGKILL) in the middle of a delivery attempt: the delivery stays
 * pending under its lease, and once the lease has passed another instance's sweep finds it and
 * delivers it, with the same webhook-id.
 */
describe('tenant webhooks when an instance dies mid-delivery', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    buildOnce();
    t = await createTestApp();
    await resetState(t);
    // The test instance only sets up data: its worker takes no jobs, so the processes below do all deliveries.
    await t.get(TenantWebhookProcessor).worker.close();
    await receiver.start();
  }, 120_000);

  afterAll(async () => {
    await killAll();
    await receiver.stop();
    await t.close();
  });

  it('delivers again, from another instance, what a killed instance was attempting', async () => {
    const tenant = await createTenant(t);
    const key = await createOrgKey(t, tenant);
    const endpoint = (
      await request(t.url).post('/v1/webhooks').set(bearer(key)).send({ url: receiver.url }).expect(201)
    ).body;
    // Instance A takes the job, and the receiver holds its attempt open.
    const a = await startGateway();
    receiver.hang = true;
    await postFromUpstream(a.url, statusWebhook(tenant, { id: 'wamid.crash-1' })).expect(200);
    await eventually(async () => (receiver.events().length === 1 ? true : undefined), 10_000);
    const [during] = await t.dataSource.query(
      `SELECT id, status, attempts, locked_until > now() AS leased FROM webhook_deliveries WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    expect(during).toMatchObject({ status: 'pending', attempts: 1, leased: true });

    await a.crash();
    receiver.hang = false;

    // Instance B: after the lease (attempt timeout + 5 s), its sweep queues the delivery again and delivers it.
    await startGateway();
    await eventually(async () => (receiver.events().length === 2 ? true : undefined), 20_000);
    const [first, second] = receiver.events();
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    const [after] = await eventually(async () => {
      const rows = await t.dataSource.query(
        `SELECT status, attempts, attempt_log FROM webhook_deliveries WHERE id = $1 AND status = 'delivered'`,
        [during.id],
      );
      return rows.length ? rows : undefined;
    });
    expect(after.attempts).toBe(2);
    // The killed attempt left no outcome behind; the one that delivered did.
    expect(after.attempt_log.map((x: { status_code: number }) => x.status_code)).toEqual([200]);
  }, 60_000);
});
