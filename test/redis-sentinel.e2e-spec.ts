import './support/no-broadcast-dispatch';
import { eventually } from './support/eventually';
import { tenantForProcesses } from './support/factories';
import { type ChildHandle, killAll, startDataApp, startGateway, startSandbox } from './support/gateway-process';
import { RedisSentinel } from './support/redis-sentinel';
import type { TestApp } from './support/test-app';

/**
 * The gateway on a primary watched by Sentinel (`REDIS_URL=redis+sentinel://…/name`): it finds the
 * primary through Sentinel, and when the primary is killed and Sentinel promotes its replica, its
 * requests succeed or fail closed.
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

  it('finds the primary through Sentinel; when Sentinel promotes the replica, requests succeed or fail closed', async () => {
    const health = (await (await fetch(`${gateway.url}/health`)).json()) as any;
    expect(health.info.redis).toMatchObject({ status: 'up', store: 'redis', mode: 'sentinel' });
    expect((await send('15559410001')).status).toBe(200);
    // The gateway's keys are on the primary Sentinel named.
    expect(Number(await sentinel.cli(sentinel.primaryPort, 'DBSIZE'))).toBeGreaterThan(0);

    await sentinel.kill(sentinel.primaryPort);
    await eventually(async () => ((await sentinel.primary()) === sentinel.replicaPort ? true : undefined), 20_000);
    // After the failover every send succeeds or fails closed (a Graph error), never a 500. (Whether the instance is back on Redis, rather than on its
    // per-instance fallbacks, is not asserted: it was within 2.5 s on an idle machine, but stayed on
    // the fallbacks for over 10 s when a cluster spec loaded the machine; docs/decisions.md.)
    for (let i = 0; i < 10; i++) {
      const outcome = await send(`155594100${String(10 + i)}`);
      expect([200, 429, 503]).toContain(outcome.status);
      if (outcome.status !== 200) expect(outcome.body.error.code).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await sentinel.cli(sentinel.replicaPort, 'ROLE')).toMatch(/^master/);
  }, 60_000);
});
