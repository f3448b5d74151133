import request from 'supertest';
import type { Sandbox } from '../apps/sandbox/src/sandbox-server';
import { postFromUpstream, statusWebhook } from './support/from-upstream';
import { eventually } from './support/eventually';
import { PostgresProcess } from './support/postgres-helpers';
import { freePort } from './support/redis-helpers';
import type { Pool } from 'pg';
import { DatabaseBreaker } from '../src/database/database-breaker';
import type * as FactoriesModule from './support/factories';
import type * as TestAppModule from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * PostgreSQL stopped under a running gateway (a private cluster, never the shared one): calls that
 * need it answer 503 code 2 with Retry-After (retryable, spec 7.3.4), upstream webhooks answer 503
 * so Meta delivers again, nothing is half-written, and it recovers without a restart.
 */
describe('PostgreSQL outage', () => {
  let pg: PostgresProcess;
  let t: TestApp;
  let sandbox: Sandbox;
  let tenant: { id: string; wabaId: string; phoneNumberId: string };
  let key: string;
  const send = (text: string) =>
    request(t.url)
      .post(`/v1/${tenant.phoneNumberId}/messages`)
      .set('Authorization', `Bearer ${key}`)
      .send({ messaging_product: 'whatsapp', to: '15550004444', type: 'text', text: { body: text } });

  beforeAll(async () => {
    pg = new PostgresProcess(await freePort());
    pg.init();
    pg.start();
    // The app reads its settings when its modules are first loaded: point it at this cluster first.
    process.env.DATABASE_URL = pg.url;
    process.env.AUTH_CACHE_TTL_MS = '0';

    const { createTestApp } = require('./support/test-app') as typeof TestAppModule;
    const { createOrgKey, createTenant } = require('./support/factories') as typeof FactoriesModule;
    t = await createTestApp();
    sandbox = t.sandbox;
    tenant = await createTenant(t, 'Outage');
    key = (await createOrgKey(t, tenant)).key;
    await sandbox.simulateInbound({
      phone_number_id: tenant.phoneNumberId,
      from: '15550004444',
      type: 'text',
      text: 'hi',
    } as never);
    await eventually(async () =>
      (await t.dataSource.query('SELECT 1 FROM conversations WHERE last_inbound_at IS NOT NULL')).length
        ? true
        : undefined,
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    pg?.destroy();
  });

  it('answers 503 code 2 with Retry-After while PostgreSQL is down, writes nothing, and recovers without a restart', async () => {
    await send('before').expect(200);
    const [{ n: before }] = await t.dataSource.query('SELECT count(*)::int AS n FROM messages');
    sandbox.clearRequests();
    pg.stop();

    const started = performance.now();
    const down = await send('during');
    expect(performance.now() - started).toBeLessThan(2000);
    expect({
      status: down.status,
      code: down.body.error?.code,
      type: down.body.error?.type,
      retry: down.headers['retry-after'],
    }).toEqual({
      status: 503,
      code: 2,
      type: 'GraphMethodException',
      retry: '1',
    });
    // Nothing went upstream: the record is written before the upstream call, and it could not be.
    expect(sandbox.requests().filter((q) => q.method === 'POST')).toEqual([]);

    // Meta's webhook is refused with 503, so Meta delivers it again later.
    const body = JSON.stringify(statusWebhook(tenant, { id: 'wamid.outage-1' }));
    const hook = await postFromUpstream(t.url, body);
    expect({ status: hook.status, code: hook.body.error?.code }).toEqual({ status: 503, code: 2 });
    expect((await request(t.url).get('/health')).status).toBe(503);

    pg.start();
    await eventually(async () => ((await request(t.url).get('/health')).status === 200 ? true : undefined), 15_000);
    // Readiness reads the pool; the breaker closes at its own next probe (every 250 ms while down):
    // a send in between is still refused (503, nothing done), as the outage's last moment.
    await eventually(async () => (t.get(DatabaseBreaker).unavailable ? undefined : true), 5_000);
    await send('after').expect(200);
    await postFromUpstream(t.url, body).expect(200);
    // Exactly the two sends that were answered 200 are recorded; the refused one left no row.
    const [{ n: after }] = await t.dataSource.query('SELECT count(*)::int AS n FROM messages');
    expect(after).toBe(before + 1);
    expect(
      await t.dataSource.query(`SELECT 1 FROM webhook_events WHERE payload::text LIKE '%wamid.outage-1%'`),
    ).toHaveLength(1);
  }, 60_000);

  it("loses no status of Meta's during an outage: the webhooks refused with 503 come again and every message reaches read", async () => {
    const wamids: string[] = [];
    for (let i = 0; i < 10; i++) wamids.push((await send(`outage ${i}`).expect(200)).body.messages[0].id);
    // Their sent / delivered / read webhooks come 50 to 150 ms later: into the outage.
    pg.stop();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    pg.start();
    const rows = await eventually(async () => {
      const found: Array<{ status: string }> = await t.dataSource
        .query(`SELECT status FROM messages WHERE upstream_message_id = ANY($1)`, [wamids])
        .catch(() => []);
      return found.length === 10 && found.every((row) => row.status === 'read') ? found : undefined;
    }, 20_000);
    expect(rows).toHaveLength(10);
    // Every status of every message arrives (each once), the last ones possibly a retry later.
    const statuses = await eventually(async () => {
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM message_statuses WHERE message_id = ANY($1)`,
        [wamids],
      );
      return n === 30 ? n : undefined;
    }, 20_000);
    expect(statuses).toBe(30);
  }, 60_000);

  it("notices a hung server within seconds even while every connection of the app's pool is taken", async () => {
    const breaker = t.get(DatabaseBreaker);
    const pool = (t.dataSource.driver as unknown as { master: Pool }).master;
    // Every connection of the app's pool checked out, as by requests hung on the frozen server.
    const held = await Promise.all(
      Array.from({ length: Number(process.env.DATABASE_POOL_SIZE) }, () => pool.connect()),
    );
    pg.freeze();
    try {
      const started = performance.now();
      await eventually(async () => (breaker.unavailable ? true : undefined), 5_000);
      // Not after the pool's 5 s connection timeout: the probe has a connection of its own.
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      pg.thaw();
      held.forEach((client) => client.release());
    }
    await eventually(async () => (breaker.unavailable ? undefined : true), 5_000);
  }, 30_000);

  it('once it knows PostgreSQL hangs, refuses at once instead of waiting out the timeouts, and recovers', async () => {
    await send('before freeze').expect(200);
    const breaker = t.get(DatabaseBreaker);
    pg.freeze();
    try {
      // The breaker's probe notices within about a second and a half (requests already waiting on the
      // database are bounded by the query timeout; new ones are refused from then on).
      await eventually(async () => (breaker.unavailable ? true : undefined), 5_000);
      const started = performance.now();
      const refused = await send('while frozen');
      // At once, not after the pool's 5 s connection timeout (a bound, not a speed measurement).
      expect(performance.now() - started).toBeLessThan(1000);
      expect({ status: refused.status, code: refused.body.error?.code, retry: refused.headers['retry-after'] }).toEqual(
        { status: 503, code: 2, retry: '1' },
      );
    } finally {
      pg.thaw();
    }
    await eventually(async () => (breaker.unavailable ? undefined : true), 5_000);
    await send('after thaw').expect(200);
  }, 60_000);

  it('a stall of this process past a probe’s deadline does not call a database that answered down', async () => {
    const breaker = t.get(DatabaseBreaker);
    await eventually(async () => (breaker.unavailable ? undefined : true), 5_000);
    // A probe asks, then the process stalls (a long synchronous task) past the probe's 500 ms: the
    // database's answer and the deadline are both due when the loop runs again.
    const probe = (breaker as unknown as { probe(): Promise<void> }).probe();
    const until = Date.now() + 800;
    while (Date.now() < until);
    await probe;
    expect(breaker.unavailable).toBe(false);
    await send('after a stall').expect(200);
  });
});
