import './support/no-broadcast-dispatch';
import { eventually } from './support/eventually';
import { createAdminKey, createOrgKey, tenantForProcesses } from './support/factories';
import {
  type ChildHandle,
  killAll,
  quickWebhookArgs,
  startDataApp,
  startGateway,
  startSandbox,
  type UpstreamSend,
  busiestSecond,
} from './support/gateway-process';
import { RedisCluster } from './support/redis-cluster';
import { freePort } from './support/redis-helpers';
import type { TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

interface Outcome {
  status: number;
  headers: Headers;
  body: any;
}

type Gateway = ChildHandle & { url: string; port: number };

/**
 * The gateway on a real Redis Cluster: three primaries, each with a replica, started on loopback
 * ports by the test; two gateway processes (the built app) with `REDIS_URL=redis+cluster://…` in
 * front of the sandbox as a process of its own. Everything that holds on one Redis holds here,
 * and a primary killed mid-run is survived once its replica takes over.
 */
describe('on a three-primary Redis Cluster', () => {
  let t: TestApp;
  let cluster: RedisCluster;
  let a: Gateway;
  let b: Gateway;
  let sandbox: ChildHandle & { url: string };
  let key: string;
  let tenantId: string;
  const phoneNumberId = '200000000000931';
  const wabaId = '100000000000931';

  const call = async (
    gateway: Gateway,
    path: string,
    init: { method?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Outcome> => {
    const res = await fetch(gateway.url + path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${init.key ?? key}`,
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  const send = (gateway: Gateway, to: string, headers: Record<string, string> = {}) =>
    call(gateway, `/v1/${phoneNumberId}/messages`, {
      headers,
      body: {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: { name: 'cluster_notice', language: { code: 'en_US' } },
      },
    });
  const upstreamLog = async (): Promise<UpstreamSend[]> =>
    (
      (await (await fetch(`${sandbox.url}/_sandbox/requests?method=POST&path=/messages`)).json()) as {
        data: UpstreamSend[];
      }
    ).data;

  beforeAll(async () => {
    cluster = await RedisCluster.start({ primaries: 3, replicas: 1 });
    t = await startDataApp();
    const tenant = await tenantForProcesses(t, {
      wabaId,
      phoneNumberId,
      token: 'cluster-token-931',
      template: 'cluster_notice',
    });
    key = tenant.key;
    tenantId = tenant.tenantId;
    const portB = await freePort();
    let sandboxPort = await freePort();
    while (sandboxPort === portB) sandboxPort = await freePort();
    const env = {
      REDIS_URL: cluster.url,
      UPSTREAM_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
      PACE_MAX_WAIT_MS: '5000',
      BROADCAST_LEASE_SECONDS: '3',
    };
    b = await startGateway(env, portB);
    sandbox = await startSandbox([...quickWebhookArgs(portB), ...tenant.sandboxArgs, '--port', String(sandboxPort)]);
    a = await startGateway(env);
    // Warm both instances (connections, the cluster's slot map, caches).
    for (const gateway of [a, b])
      expect((await send(gateway, `1555931${gateway === a ? '9998' : '9999'}`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await t?.close();
    await cluster?.stop();
  });

  it("reports the cluster's state in /health", async () => {
    const res = await fetch(`${a.url}/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).info.redis).toMatchObject({
      status: 'up',
      store: 'redis',
      mode: 'cluster',
      cluster_state: 'ok',
      slots_ok: 16384,
      primaries: 3,
      known_nodes: 6,
    });
  });

  it("writes the gateway's keys with their hash tags, and BullMQ's under its cluster prefix", async () => {
    // A send just before: the number's pace key lives a moment past its last turn (the warm-up's may
    // have expired on a loaded machine).
    expect((await send(a, '15559319997')).status).toBe(200);
    const keys: string[] = [];
    for (const port of await cluster.primaries())
      keys.push(...(await cluster.cli(port, 'KEYS', '*')).split('\n').filter(Boolean));
    // The pace of the number (its business account's tag) and the queues' keys are there.
    expect(keys.some((k) => /^gwtest:pace:\{[0-9a-f-]{36}\}:n:/.test(k))).toBe(true);
    expect(keys.some((k) => k.startsWith('{gwtest:bull}:tenant-webhooks:'))).toBe(true);
    expect(keys.some((k) => k.startsWith('{gwtest:bull}:periodic:'))).toBe(true);
  });

  it('holds a rate limit exactly across two instances', async () => {
    for (let attempt = 1; ; attempt++) {
      const { key: limited } = await createOrgKey(t, { id: tenantId }, { rateLimitPerSecond: 20 });
      // Start just after a second begins (Redis's clock is this machine's), so the burst fits in one window.
      await new Promise((resolve) => setTimeout(resolve, 1020 - (Date.now() % 1000)));
      const before = Math.floor(Date.now() / 1000);
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, i) => call(i % 2 ? a : b, '/v1/phone_numbers', { key: limited })),
      );
      if (Math.floor(Date.now() / 1000) !== before && attempt < 5) continue;
      expect(outcomes.filter((o) => o.status === 200)).toHaveLength(20);
      const refused = outcomes.filter((o) => o.status === 429);
      expect(refused).toHaveLength(40);
      expect(refused[0].body.error).toMatchObject({ code: 4, error_data: { ceiling: 'key', limit_per_second: 20 } });
      return;
    }
  });

  it('runs a write once across instances: the 409 while in flight, then the replay', async () => {
    // Meta takes 800 ms over the next send, so the others arrive while it is in flight.
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'latency', latency_ms: 800, path: '/messages', count: 1 }),
    });
    const idempotencyKey = `cluster-${Date.now()}`;
    const first = send(a, '15559310001', { 'idempotency-key': idempotencyKey });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const others = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(i % 2 ? a : b, '15559310001', { 'idempotency-key': idempotencyKey })),
    );
    const original = await first;
    expect(original.status).toBe(200);
    for (const other of others) {
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ error: 'idempotency_in_flight', code: 131000 });
    }
    const replay = await send(b, '15559310001', { 'idempotency-key': idempotencyKey });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.body).toEqual(original.body);
    expect((await upstreamLog()).filter((e) => e.body.to === '15559310001')).toHaveLength(1);
  });

  it("erases a customer's cached answers and pacing from every primary", async () => {
    const customer = '15559310002';
    const idempotencyKey = `cluster-erase-${Date.now()}`;
    expect((await send(a, customer, { 'idempotency-key': idempotencyKey })).status).toBe(200);
    const named = async () => {
      const found: string[] = [];
      for (const port of await cluster.primaries())
        found.push(...(await cluster.cli(port, 'KEYS', `*${customer}*`)).split('\n').filter(Boolean));
      return found;
    };
    const started = await call(b, '/v1/customers/erasures', { body: { wa_id: customer } });
    expect(started.status).toBe(202);
    const done = await eventually(async () => {
      const answer = await call(a, `/v1/customers/erasures/${started.body.id as string}`);
      return answer.body.status === 'done' ? answer.body : undefined;
    }, 20_000);
    expect(done.removed).toMatchObject({ idempotency_answers: 1, messages: 1 });
    expect(await named()).toEqual([]);
    // The answer is forgotten: the same key runs the send again (the erasure's documented cost).
    const again = await send(a, customer, { 'idempotency-key': idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBeNull();
    expect((await upstreamLog()).filter((e) => e.body.to === customer)).toHaveLength(2);
  });

  it('ends a revoked key on the other instance within 5 seconds', async () => {
    const admin = await createAdminKey(t, [{ id: tenantId }]);
    const victim = await createOrgKey(t, { id: tenantId });
    expect((await call(b, '/v1/phone_numbers', { key: victim.key })).status).toBe(200);
    const revoked = await call(a, `/v1/keys/${victim.record.id}/revoke`, { key: admin.key, body: {} });
    expect(revoked.status).toBe(200);
    // Five seconds after the revocation answered, B refuses the key (its cache held it from before).
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const after = await call(b, '/v1/phone_numbers', { key: victim.key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe(190);
  });

  it("delivers each status to the tenant's endpoint once", async () => {
    const receiver = await new WebhookReceiver().start();
    const created = await call(a, '/v1/webhooks', { body: { url: receiver.url, events: ['messages'] } });
    expect(created.status).toBe(201);
    const wamids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const sent = await send(i % 2 ? a : b, `1555931${String(2000 + i)}`);
      expect(sent.status).toBe(200);
      wamids.push(sent.body.messages[0].id as string);
    }
    const statusesOf = () =>
      receiver
        .events()
        .flatMap(
          (event) => (event.json.entry[0].changes[0].value.statuses ?? []) as Array<{ id: string; status: string }>,
        );
    await eventually(
      async () =>
        statusesOf().filter((s) => wamids.includes(s.id) && s.status === 'read').length === 20 ? true : undefined,
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const seen = new Map<string, number>();
    for (const status of statusesOf().filter((s) => wamids.includes(s.id))) {
      seen.set(`${status.id}:${status.status}`, (seen.get(`${status.id}:${status.status}`) ?? 0) + 1);
    }
    expect(seen.size).toBe(60);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    await receiver.stop();
  }, 40_000);

  it('paces a broadcast at the number’s 80 per second', async () => {
    const count = 200;
    const created = await call(a, `/v1/${phoneNumberId}/broadcasts`, {
      body: {
        name: 'Cluster notice',
        template: { name: 'cluster_notice', language: { code: 'en_US' } },
        recipients: Array.from({ length: count }, (_, i) => ({ to: `1555932${String(i).padStart(4, '0')}` })),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const done = await eventually(async () => {
      const view = await call(b, `/v1/${phoneNumberId}/broadcasts/${id}`);
      return view.body.status === 'completed' ? view.body : undefined;
    }, 30_000);
    expect(done.counts).toMatchObject({ queued: 0, failed: 0, skipped: 0, deferred: 0 });
    const entries = (await upstreamLog()).filter((e) => e.body.to.startsWith('1555932'));
    expect(new Set(entries.map((e) => e.body.to)).size).toBe(count);
    expect(entries).toHaveLength(count);
    expect(entries.every((e) => e.status === 200)).toBe(true);
    expect(busiestSecond(entries)).toBeLessThanOrEqual(80);
  }, 45_000);

  it('survives a primary killed mid-run: requests succeed or fail closed, nothing is lost, and the replica takes over', async () => {
    const [{ id: accountId }] = await t.dataSource.query<Array<{ id: string }>>(
      'SELECT id FROM business_accounts WHERE waba_id = $1',
      [wabaId],
    );
    // The primary that holds the number's pace (its business account's hash tag).
    const victim = await cluster.primaryOf(`{${accountId}}`);
    const outcomes: Array<{ to: string; at: number; outcome: Outcome }> = [];
    const started = Date.now();
    const sends: Array<Promise<void>> = [];
    let killedAt = 0;
    for (let i = 0; Date.now() - started < 12_000; i++) {
      if (!killedAt && Date.now() - started > 2000) {
        killedAt = Date.now();
        void cluster.kill(victim);
      }
      const to = `1555933${String(i).padStart(4, '0')}`;
      sends.push(send(i % 2 ? a : b, to).then((outcome) => void outcomes.push({ to, at: Date.now(), outcome })));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(sends);

    // Each answer is a success or a Graph error that says to come back; never a 500.
    for (const { outcome } of outcomes) {
      expect([200, 429, 503]).toContain(outcome.status);
      if (outcome.status !== 200) expect(outcome.body.error.code).toBeDefined();
    }
    // The replica took over: the cluster is whole again, and the last seconds' sends all succeeded.
    await cluster.untilOk();
    expect(await cluster.primaries()).toHaveLength(3);
    const late = outcomes.filter((o) => o.at > started + 10_000);
    expect(late.length).toBeGreaterThan(20);
    expect(late.every((o) => o.outcome.status === 200)).toBe(true);
    // Nothing lost or doubled: Meta got exactly the accepted sends, and each has its record.
    const accepted = outcomes.filter((o) => o.outcome.status === 200).map((o) => o.to);
    const entries = (await upstreamLog()).filter((e) => e.body.to.startsWith('1555933'));
    expect(entries.map((e) => e.body.to).sort()).toEqual([...accepted].sort());
    const [{ total }] = await t.dataSource.query<Array<{ total: string }>>(
      `SELECT count(*) AS total FROM messages WHERE recipient LIKE '1555933%' AND upstream_message_id IS NOT NULL`,
    );
    expect(Number(total)).toBe(accepted.length);
    const health = await eventually(async () => {
      const res = await fetch(`${b.url}/health`);
      return res.status === 200 ? ((await res.json()) as any) : undefined;
    }, 10_000);
    expect(health.info.redis).toMatchObject({ mode: 'cluster', cluster_state: 'ok', primaries: 3 });
  }, 60_000);
});
