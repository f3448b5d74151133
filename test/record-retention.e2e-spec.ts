import { createPartitionSql, partitionName, weekStart } from '../src/database/partitions';
import { MessagesRepository } from '../src/messages/messages.repository';
import { RecordRetention } from '../src/retention/record-retention';
import { createTenant, type TestTenant } from './support/factories';
import { postFromUpstream, statusWebhook } from './support/from-upstream';
import { createTestApp, resetState, type TestApp } from './support/test-app';
import { AGING_TABLES } from './support/postgres-helpers';

const DAY_MS = 86_400_000;
const TABLES = AGING_TABLES;

/**
 * Records age out by week: each kind's table is partitioned by week, the coming weeks are created
 * ahead, and a week past its kind's retention is dropped whole (the test settings are the defaults:
 * records and inbound messages 90 days, upstream events and deliveries 30, the audit log 365).
 */
describe('records that age out', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let retention: RecordRetention;
  let endpointId: string;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
  const partitionsOf = async (table: string) =>
    (
      await t.dataSource.query<Array<{ name: string }>>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass`,
        [table],
      )
    ).map((row) => row.name);
  const exists = async (name: string) =>
    (await t.dataSource.query(`SELECT 1 FROM pg_class WHERE relname = $1`, [name])).length === 1;

  /** A row of every kind at `at` (a wamid and an event key of their own), tagged `tag`. */
  const writeEveryKind = async (tag: string, at: Date, deliveryStatus = 'delivered') => {
    const q = (sql: string, params: unknown[]) => t.dataSource.query(sql, params);
    await q(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id, created_at)
       VALUES ($1, $2, gen_random_uuid(), '15550000001', 'text', '{}', 'read', $3, $4)`,
      [tenant.id, tenant.phoneNumberId, `wamid.${tag}`, at],
    );
    await q(
      `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at)
       VALUES ($1, $2, $3, '15550000001', 'read', $4)`,
      [tenant.id, tenant.phoneNumberId, `wamid.${tag}`, at],
    );
    await q(
      `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, payload, sent_at)
       VALUES ($1, $2, $3, '15550000001', 'text', '{}', $4)`,
      [tenant.id, tenant.phoneNumberId, `wamid.in.${tag}`, at],
    );
    await q(
      `INSERT INTO webhook_events (dedupe_key, tenant_id, waba_id, field, payload, received_at, received_on)
       VALUES ($1, $2, $3, 'messages', '{}', $4, ($4::timestamptz AT TIME ZONE 'UTC')::date)`,
      [`key-${tag}`, tenant.id, tenant.wabaId, at],
    );
    await q(
      `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, field, body, status, created_at) VALUES ($1, $2, 'messages', $3, $4, $5)`,
      [tenant.id, endpointId, tag, deliveryStatus, at],
    );
    await q(
      `INSERT INTO audit_log (tenant_id, key_id, key_prefix, key_kind, action, method, path, status_code, created_at)
       VALUES ($1, gen_random_uuid(), $2, 'org', 'blacklist.add', 'POST', '/v1/blacklist', 200, $3)`,
      [tenant.id, tag, at],
    );
  };
  /** Which tables still hold a row tagged `tag`. */
  const holding = async (tag: string) => {
    const [row] = await t.dataSource.query<Array<Record<string, boolean>>>(
      `SELECT EXISTS (SELECT 1 FROM messages WHERE upstream_message_id = $1) AS messages,
              EXISTS (SELECT 1 FROM message_statuses WHERE message_id = $1) AS message_statuses,
              EXISTS (SELECT 1 FROM inbound_messages WHERE message_id = $2) AS inbound_messages,
              EXISTS (SELECT 1 FROM webhook_events WHERE dedupe_key = $3) AS webhook_events,
              EXISTS (SELECT 1 FROM webhook_deliveries WHERE body = $4) AS webhook_deliveries,
              EXISTS (SELECT 1 FROM audit_log WHERE key_prefix = $4) AS audit_log`,
      [`wamid.${tag}`, `wamid.in.${tag}`, `key-${tag}`, tag],
    );
    return TABLES.filter((table) => row[table]);
  };
  /** The partition a row tagged `tag` of `table` lives in. */
  const partitionOfRow = async (table: string, tag: string) => {
    const where: Record<string, string> = {
      messages: 'upstream_message_id = $1',
      webhook_deliveries: 'body = $1',
      audit_log: 'key_prefix = $1',
    };
    const [row] = await t.dataSource.query<Array<{ name: string }>>(
      `SELECT tableoid::regclass::text AS name FROM ${table} WHERE ${where[table]}`,
      [table === 'messages' ? `wamid.${tag}` : tag],
    );
    return row?.name;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await resetState(t);
    tenant = await createTenant(t);
    retention = t.get(RecordRetention);
    [{ id: endpointId }] = await t.dataSource.query(
      `INSERT INTO webhook_endpoints (tenant_id, kind, url, secret_encrypted) VALUES ($1, 'endpoint', 'http://127.0.0.1:9/never', 'x') RETURNING id`,
      [tenant.id],
    );
  });
  afterAll(() => t.close());

  it('partitions each kind by week: this week, two ahead, and a default partition', async () => {
    expect(
      retention
        .registered()
        .map((table) => table.table)
        .sort(),
    ).toEqual([...TABLES].sort());
    await retention.run();
    const kinds = await t.dataSource.query<Array<{ name: string; strategy: string }>>(
      `SELECT c.relname AS name, p.partstrat AS strategy FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid ORDER BY 1`,
    );
    expect(kinds).toEqual([...TABLES].sort().map((name) => ({ name, strategy: 'r' })));
    const thisWeek = weekStart(new Date());
    for (const table of TABLES) {
      const partitions = await partitionsOf(table);
      for (const week of [0, 1, 2]) {
        expect(partitions).toContain(partitionName(table, new Date(thisWeek.getTime() + week * 7 * DAY_MS)));
      }
      expect(partitions).toContain(`${table}_default`);
    }
    // A record's pages keep room for its status updates: each partition carries the fill factor.
    const [{ reloptions }] = await t.dataSource.query(`SELECT reloptions FROM pg_class WHERE relname = $1`, [
      partitionName('messages', thisWeek),
    ]);
    expect(reloptions).toEqual(['fillfactor=75']);
  });

  it('drops the weeks past each retention whole, keeps younger ones, and keeps a week with a delivery still pending', async () => {
    const ages = { ancient: 396, waiting: 141, old: 126, middle: 56, young: 16 };
    // The weeks of the past the rows need, as the job made them when they came.
    for (const spec of retention.registered()) {
      const have = new Set(await partitionsOf(spec.table));
      for (const days of Object.values(ages)) {
        const start = weekStart(daysAgo(days));
        if (!have.has(partitionName(spec.table, start))) await t.dataSource.query(createPartitionSql(spec, start));
        have.add(partitionName(spec.table, start));
      }
    }
    await writeEveryKind('ancient', daysAgo(ages.ancient)); // past every retention, the audit log's 365 too
    await writeEveryKind('waiting', daysAgo(ages.waiting), 'pending'); // its delivery still owed to its tenant
    await writeEveryKind('old', daysAgo(ages.old)); // past 90 days: records and everything shorter
    await writeEveryKind('middle', daysAgo(ages.middle)); // within 90, past 30: events and deliveries go
    await writeEveryKind('young', daysAgo(ages.young)); // within every retention
    const oldWeek = (table: string) => partitionName(table, weekStart(daysAgo(ages.old)));
    for (const table of ['messages', 'webhook_deliveries', 'audit_log']) {
      expect(await partitionOfRow(table, 'old')).toBe(oldWeek(table));
    }

    const results = await retention.run();

    expect(await holding('ancient')).toEqual([]);
    expect(await holding('old')).toEqual(['audit_log']);
    expect(await holding('middle')).toEqual(['messages', 'message_statuses', 'inbound_messages', 'audit_log']);
    expect(await holding('young')).toEqual(TABLES);
    // Dropped, not emptied: the old weeks' partitions are gone from the catalog, and no row was
    // deleted from a default partition to do it.
    for (const table of ['messages', 'message_statuses', 'inbound_messages', 'webhook_events']) {
      expect(await exists(oldWeek(table))).toBe(false);
    }
    expect(await exists(partitionName('audit_log', weekStart(daysAgo(ages.ancient))))).toBe(false);
    expect(await exists(oldWeek('audit_log'))).toBe(true);
    expect(results.every((result) => result.removedFromDefault === 0)).toBe(true);
    // The week holding the pending delivery stays, with both its rows, until it is delivered or failed.
    const deliveries = results.find((result) => result.table === 'webhook_deliveries')!;
    expect(deliveries.kept).toEqual([partitionName('webhook_deliveries', weekStart(daysAgo(ages.waiting)))]);
    expect(await holding('waiting')).toEqual(['webhook_deliveries', 'audit_log']);
    await t.dataSource.query(`UPDATE webhook_deliveries SET status = 'failed' WHERE body = 'waiting'`);
    await retention.run();
    expect(await holding('waiting')).toEqual(['audit_log']);
  });

  it('creates a week when it comes, moving into it what the default partition held for it', async () => {
    const far = new Date(Date.now() + 40 * DAY_MS);
    // (An earlier run of this spec on the same database made the week already.)
    await t.dataSource.query(`DROP TABLE IF EXISTS "${partitionName('messages', weekStart(far))}"`);
    await t.dataSource.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id, created_at)
       VALUES ($1, $2, gen_random_uuid(), '15550000002', 'text', '{}', 'accepted', 'wamid.ahead', $3)`,
      [tenant.id, tenant.phoneNumberId, far],
    );
    expect(await partitionOfRow('messages', 'ahead')).toBe('messages_default');
    const [result] = (await retention.run(new Date(Date.now() + 30 * DAY_MS))).filter((r) => r.table === 'messages');
    expect(result.created).toContain(partitionName('messages', weekStart(far)));
    expect(await partitionOfRow('messages', 'ahead')).toBe(partitionName('messages', weekStart(far)));
  });

  it('does nothing while another instance maintains the same table (the advisory lock)', async () => {
    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SELECT pg_advisory_xact_lock(726354012, hashtext('audit_log'))`);
      const [result] = (await retention.run()).filter((r) => r.table === 'audit_log');
      expect(result.busy).toBe(true);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    const [again] = (await retention.run()).filter((r) => r.table === 'audit_log');
    expect(again.busy).toBe(false);
  });

  it("stores an upstream change once when Meta sends it again on a later day (another day's partition)", async () => {
    const wamid = `wamid.retry-${Date.now()}`;
    await t.dataSource.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id)
       VALUES ($1, $2, gen_random_uuid(), '15550000003', 'text', '{}', 'accepted', $3)`,
      [tenant.id, tenant.phoneNumberId, wamid],
    );
    const change = statusWebhook(tenant, { id: wamid, status: 'delivered' });
    const first = await postFromUpstream(t.url, change).expect(200);
    expect(first.body).toMatchObject({ stored: 1 });
    // As if the first copy had come three days ago.
    await t.dataSource.query(
      `UPDATE webhook_events SET received_on = received_on - 3, received_at = received_at - interval '3 days'
       WHERE payload::text LIKE $1`,
      [`%${wamid}%`],
    );
    const again = await postFromUpstream(t.url, change).expect(200);
    expect(again.body).toMatchObject({ stored: 0, duplicates: 1 });
    const rows = await t.dataSource.query(`SELECT 1 FROM webhook_events WHERE payload::text LIKE $1`, [`%${wamid}%`]);
    expect(rows).toHaveLength(1);
    const statuses = await t.dataSource.query(`SELECT 1 FROM message_statuses WHERE message_id = $1`, [wamid]);
    expect(statuses).toHaveLength(1);
  });

  it("writes a broadcast recipient's try once when two instances write it together", async () => {
    const repository = t.get(MessagesRepository);
    const broadcastId = '00000000-0000-4000-8000-000000000001';
    const record = (id: string) => ({
      id,
      tenantId: tenant.id,
      phoneNumberId: tenant.phoneNumberId,
      apiKeyId: '00000000-0000-4000-8000-000000000002',
      recipient: '15550000004',
      type: 'template',
      payload: '{}',
      idempotencyKey: `broadcast:${broadcastId}:1:1`,
      broadcastId,
    });
    const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000001${i}`);
    const written = await Promise.all(ids.map((id) => repository.insertBroadcastTries([record(id)])));
    expect(written.flat().filter(Boolean)).toHaveLength(1);
    const rows = await t.dataSource.query(`SELECT id FROM messages WHERE idempotency_key = $1`, [
      `broadcast:${broadcastId}:1:1`,
    ]);
    expect(rows).toHaveLength(1);
  });
});
