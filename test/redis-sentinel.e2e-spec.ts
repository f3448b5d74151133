import './support/no-broadcast-dispatch';
import { eventually } from './support/eventually';
import { tenantForProcesses } from './support/factories';
import { type ChildHandle, killAll, startDataApp, startGateway, startSandbox } from './support/gateway-process';
import { RedisSentinel } from './support/redis-sentinel';
import type { TestApp } from './support/test-app';

/**
 * The gateway on a primary watched by Sentinel (`REDIS_URL=redis+sentinel://…/name`): it finds the
 * primary through Sentinel, and when the primary is killed under load and Sentinel promotes its
 * replica, its requests succeed or fail closed, and it is back on Redis within seconds.
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

  it('finds the primary through Sentinel; when Sentinel promotes the replica under load, requests succeed or fail closed and the instance is back on Redis within 5 s', async () => {
    const health = (await (await fetch(`${gateway.url}/health`)).json()) as any;
    expect(health.info.redis).toMatchObject({ status: 'up', store: 'redis', mode: 'sentinel' });
    expect((await send('15559410001')).status).toBe(200);
    // The gateway's keys are on the primary Sentinel named.
    expect(Number(await sentinel.cli(sentinel.primaryPort, 'DBSIZE'))).toBeGreaterThan(0);

    // Sends keep coming (five at a time, about 50 a second) while the primary dies and Sentinel
    // promotes its replica.
    let loading = true;
    const outcomes: Array<{ status: number; code?: number }> = [];
    const load = (async () => {
      for (let i = 0; loading;) {
        await Promise.all(
          Array.from({ length: 5 }, () =>
            send(`1555942${String(i++ % 10_000).padStart(4, '0')}`).then(
              (outcome) => outcomes.push({ status: outcome.status, code: outcome.body.error?.code }),
              () => outcomes.push({ status: 0 }),
            ),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await sentinel.kill(sentinel.primaryPort);
      await eventually(async () => ((await sentinel.primary()) === sentinel.replicaPort ? true : undefined), 20_000);
      // Back on Redis soon after the promotion, not on its per-instance fallbacks: ioredis asks
      // Sentinel for the primary on every reconnect (at most 250 ms apart), and the first `ready`
      // closes the circuit. Measured: 0.1–0.25 s after the promotion, idle, under this load, and with
      // the machine's two cores kept busy by three other processes.
      const promotedAt = Date.now();
      await eventually(async () => {
        const health = (await (await fetch(`${gateway.url}/health`)).json()) as any;
        return health.info?.redis?.status === 'up' ? true : undefined;
      }, 5_000);
      expect(Date.now() - promotedAt).toBeLessThan(5_000);
    } finally {
      loading = false;
      await load;
    }
    // Every send answered succeeded or failed closed (a Graph error), never a 500 or a dropped connection.
    expect(outcomes.length).toBeGreaterThan(50);
    for (const outcome of outcomes) {
      expect([200, 429, 503]).toContain(outcome.status);
      if (outcome.status !== 200) expect(outcome.code).toBeDefined();
    }
    // And once it is back, every send succeeds.
    for (let i = 0; i < 5; i++) expect((await send(`155594100${String(10 + i)}`)).status).toBe(200);
    expect(await sentinel.cli(sentinel.replicaPort, 'ROLE')).toMatch(/^master/);
  }, 60_000);

  it("a primary demoted while alive (Sentinel's manual failover) is left for the new one within 5 s, every send meanwhile succeeding or failing closed", async () => {
    // The killed primary comes back as a replica of the promoted one; Sentinel then hands the primary
    // back to it while the promoted one stays up (and becomes a replica, refusing writes).
    await sentinel.restartAsReplica(sentinel.primaryPort, sentinel.replicaPort);
    await eventually(async () => {
      const reply = await sentinel.cli(sentinel.sentinelPort, 'SENTINEL', 'FAILOVER', RedisSentinel.NAME);
      return /^OK/.test(reply) ? true : undefined;
    }, 20_000);
    await eventually(async () => ((await sentinel.primary()) === sentinel.primaryPort ? true : undefined), 20_000);
    await eventually(
      async () => ((await sentinel.cli(sentinel.replicaPort, 'ROLE')).startsWith('slave') ? true : undefined),
      20_000,
    );

    const evalshaCalls = async () =>
      Number(
        /cmdstat_evalsha:calls=(\d+)/.exec(await sentinel.cli(sentinel.primaryPort, 'INFO', 'commandstats'))?.[1] ?? 0,
      );
    const before = await evalshaCalls();
    // Every send succeeds or fails closed meanwhile, and within 5 s they reach the new primary again.
    const started = Date.now();
    await eventually(async () => {
      const outcome = await send(`1555943${String(Date.now() % 10_000).padStart(4, '0')}`);
      expect([200, 429, 503]).toContain(outcome.status);
      return outcome.status === 200 && (await evalshaCalls()) > before ? true : undefined;
    }, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    const health = (await (await fetch(`${gateway.url}/health`)).json()) as any;
    expect(health.info.redis).toMatchObject({ status: 'up', mode: 'sentinel' });
  }, 60_000);
});
