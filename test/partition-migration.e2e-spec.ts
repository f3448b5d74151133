import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { MIGRATIONS } from '../src/database/migrations';
import { PartitionedRecords1763701900000 } from '../src/database/migrations/1763701900000-PartitionedRecords';
import { AGING_TABLES } from './support/postgres-helpers';

const TABLES = AGING_TABLES;
/** The rows' ages in days: recent, within the partitions the migration makes, and older than its 400 days. */
const AGES = [0, 2, 45, 200, 390, 600];

/**
 * The migration that moves today's unpartitioned tables to weekly partitions, on a database of its
 * own (on the shared server) holding records of every kind at every age: every row is kept, as it
 * was, in the partition of its week (or the default one when older than the weeks it makes), and
 * `down` brings the plain tables back with the same rows.
 */
describe('moving the records to weekly partitions (migration PartitionedRecords)', () => {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `${base.pathname.slice(1)}_partitioning`;
  const url = Object.assign(new URL(base.href), { pathname: `/${name}` }).href;
  let admin: Client;
  let dataSource: DataSource;

  const snapshot = async () => {
    const result: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      // Every column but the new partition key of upstream events, in a stable order.
      const rows = await dataSource.query<Array<{ row: Record<string, unknown> }>>(
        `SELECT to_jsonb(t) - 'received_on' AS row FROM "${table}" t ORDER BY id`,
      );
      result[table] = rows.map((r) => r.row);
    }
    return result;
  };

  beforeAll(async () => {
    admin = new Client({ connectionString: base.href });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    dataSource = new DataSource({
      ...buildDataSourceOptions({ url, poolSize: 2, migrationsRun: false }),
      // The schema as it stood before this migration (those after it touch none of its tables).
      migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(PartitionedRecords1763701900000)),
    });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  }, 60_000);

  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('keeps every row of every kind, each in its week, and down brings the plain tables back', async () => {
    expect(MIGRATIONS).toContain(PartitionedRecords1763701900000);
    const q = (sql: string, params: unknown[] = []) => dataSource.query(sql, params);
    const [{ id: tenant }] = await q(`INSERT INTO organizations (name) VALUES ('Migrated') RETURNING id`);
    const [{ id: endpoint }] = await q(
      `INSERT INTO webhook_endpoints (tenant_id, kind, url, secret_encrypted) VALUES ($1, 'endpoint', 'http://127.0.0.1:9/x', 'x') RETURNING id`,
      [tenant],
    );
    for (const days of AGES) {
      for (let i = 0; i < 5; i++) {
        const at = new Date(Date.now() - days * 86_400_000 - i * 60_000);
        const tag = `${days}-${i}`;
        await q(
          `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id, idempotency_key, created_at)
           VALUES ($1, '200000000000001', gen_random_uuid(), '15550000001', 'text', $2, 'read', $3, $4, $5)`,
          [tenant, JSON.stringify({ text: { body: tag } }), `wamid.${tag}`, `idem-${tag}`, at],
        );
        await q(
          `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at, details)
           VALUES ($1, '200000000000001', $2, '15550000001', 'read', $3, $4)`,
          [tenant, `wamid.${tag}`, at, JSON.stringify({ tag })],
        );
        await q(
          `INSERT INTO inbound_messages (tenant_id, phone_number_id, message_id, "from", type, payload, sent_at)
           VALUES ($1, '200000000000001', $2, '15550000001', 'text', $3, $4)`,
          [tenant, `wamid.in.${tag}`, JSON.stringify({ tag }), at],
        );
        await q(
          `INSERT INTO webhook_events (dedupe_key, tenant_id, waba_id, field, payload, received_at)
           VALUES ($1, $2, '100000000000001', 'messages', $3, $4)`,
          [`key-${tag}`, tenant, JSON.stringify({ tag }), at],
        );
        await q(
          `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, field, body, status, created_at) VALUES ($1, $2, 'messages', $3, $4, $5)`,
          [tenant, endpoint, tag, i === 0 ? 'pending' : 'delivered', at],
        );
        await q(
          `INSERT INTO audit_log (tenant_id, key_id, key_prefix, key_kind, action, method, path, status_code, created_at, changes)
           VALUES ($1, gen_random_uuid(), 'svc_x', 'org', 'blacklist.add', 'POST', '/v1/blacklist', 200, $2, $3)`,
          [tenant, at, JSON.stringify({ tag })],
        );
      }
    }
    const before = await snapshot();
    for (const table of TABLES) expect(before[table]).toHaveLength(AGES.length * 5);

    dataSource.setOptions({ migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(PartitionedRecords1763701900000) + 1) });
    await dataSource.destroy();
    await dataSource.initialize();
    expect(await dataSource.runMigrations({ transaction: 'each' })).toHaveLength(1);

    // Every row, every column, as before.
    expect(await snapshot()).toEqual(before);
    for (const table of TABLES) {
      const [{ kind }] = await q(`SELECT relkind AS kind FROM pg_class WHERE relname = $1`, [table]);
      expect(kind).toBe('p');
      // Rows within the 400 days the migration made weeks for are in their week; older ones in the default partition.
      const placed = await q(
        `SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM "${table}" GROUP BY 1 ORDER BY 1`,
      );
      const inDefault = placed.find((p: { part: string }) => p.part === `${table}_default`)?.n ?? 0;
      expect(inDefault).toBe(5);
      expect(placed.every((p: { part: string }) => p.part === `${table}_default` || /_p\d{8}$/.test(p.part))).toBe(
        true,
      );
    }
    // The events got the day they were received.
    const [{ off }] = await q(
      `SELECT count(*)::int AS off FROM webhook_events WHERE received_on <> (received_at AT TIME ZONE 'UTC')::date`,
    );
    expect(off).toBe(0);
    // The keys hold: a status again at its time is refused; the delivery's endpoint is still its key.
    await expect(
      q(
        `INSERT INTO message_statuses (tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at)
         SELECT tenant_id, phone_number_id, message_id, recipient_id, status, occurred_at FROM message_statuses LIMIT 1`,
      ),
    ).rejects.toThrow(/violates unique constraint "message_statuses_p\d{8}_message_id_status_occurred_at_key"/);
    await q(`DELETE FROM webhook_endpoints WHERE id = $1`, [endpoint]);
    expect(await q(`SELECT 1 FROM webhook_deliveries`)).toHaveLength(0);
    before.webhook_deliveries = [];

    await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await snapshot()).toEqual(before);
    for (const table of TABLES) {
      const [{ kind }] = await q(`SELECT relkind AS kind FROM pg_class WHERE relname = $1`, [table]);
      expect(kind).toBe('r');
    }
  }, 120_000);
});
