import './support/no-broadcast-dispatch';
import { eventually } from './support/eventually';
import { tenantForProcesses } from './support/factories';
import { type ChildHandle, killAll, startDataApp, startGateway, startSandbox } from './support/gateway-process';
import { RedisSentinel } from './support/redis-sentinel';
import type { TestApp } from './support/test-app';

/**
 * The gateway on a primary watched by Sentinel (`REDIS_URL=redis+sentinel://…/name`): it finds the
 * primary through Sentinel, and after the primary is killed and Sentinel promotes its replica it
 * writes to the new one without a restart.
 */
describe('on a Redis primary watched by Sentinel', () => {
  let t: TestApp;
  let sentinel: RedisSentinel;
  let gateway: ChildHandle & { url: string };
  let key: string;
  const phoneNumberId = '200000000000941';

  const send = async (to: string) => {
    const res = await fetch(`${gateway.url}/v1/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: { name: 'sentinel_notice', language: { code: 'en_US' } },
      }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    sentinel = await RedisSentinel.start();
    t = await startDataApp();
    const tenant = await tenantForProcesses(t, {
      wabaId: '100000000000941',
      phoneNumberId,
      token: 'sentinel-token-941',
      template: 'sentinel_notice',
    });
    key = tenant.key;
    const sandbox = await startSandbox(tenant.sandboxArgs);
    gateway = await startGateway({ REDIS_URL: sentinel.url, UPSTREAM_BASE_URL: sandbox.url });
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await t?.close();
    await sentinel?.stop();
  });

  it('finds the primary through Sentinel, and keeps working after Sentinel promotes the replica', async () => {
    const health = (await (await fetch(`${gateway.url}/health`)).json()) as any;
    expect(health.info.redis).toMatchObject({ status: 'up', store: 'redis', mode: 'sentinel' });
    expect((await send('15559410001')).status).toBe(200);
    // The gateway's keys are on the primary Sentinel named.
    expect(Number(await sentinel.cli(sentinel.primaryPort, 'DBSIZE'))).toBeGreaterThan(0);

    await sentinel.kill(sentinel.primaryPort);
    await eventually(async () => ((await sentinel.primary()) === sentinel.replicaPort ? true : undefined), 20_000);
    // Meanwhile a send succeeds or fails closed (a Graph error), never a 500; then they succeed again.
    const outcome = await send('15559410002');
    expect([200, 429, 503]).toContain(outcome.status);
    await eventually(
      async () => ((await send(`1555941${String(Date.now()).slice(-4)}`)).status === 200 ? true : undefined),
      15_000,
    );
    expect(Number(await sentinel.cli(sentinel.replicaPort, 'DBSIZE'))).toBeGreaterThan(0);
    expect(await sentinel.cli(sentinel.replicaPort, 'ROLE')).toMatch(/^master/);
    const after = await eventually(async () => {
      const res = await fetch(`${gateway.url}/health`);
      return res.status === 200 ? ((await res.json()) as any) : undefined;
    }, 10_000);
    expect(after.info.redis).toMatchObject({ status: 'up', mode: 'sentinel' });
  }, 60_000);
});
