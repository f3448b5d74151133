import Redis from 'ioredis';
import { Client } from 'pg';

/**
 * The machine's PostgreSQL and Redis: checked before anything starts, then reset so every run
 * begins from an empty database and an empty Redis database.
 */

const HOW_TO_START =
  'Start it first: `bash .ci/run` starts PostgreSQL and Redis on 127.0.0.1 when they are not running ' +
  '(its "PostgreSQL" and "Redis" steps; the rest runs the test suite), or start them yourself, e.g. ' +
  '`pg_ctlcluster <version> main start` and `redis-server --daemonize yes --bind 127.0.0.1 --port 6379`.';

/** Drops and re-creates the bench database (connecting to the server's `postgres` database). */
export async function resetDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${url.host} (${(error as Error).message}). ${HOW_TO_START}`, {
      cause: error,
    });
  }
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Connects to the bench's Redis database and empties it (that database only). */
export async function resetRedis(redisUrl: string): Promise<void> {
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `Redis is not reachable at ${new URL(redisUrl).host} (${(error as Error).message}). ${HOW_TO_START}`,
      { cause: error },
    );
  }
  try {
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}

/** The Redis server's process id (for CPU accounting) and version. */
export async function redisServerInfo(redisUrl: string): Promise<{ pid: number; version: string }> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 0 });
  try {
    const info = await client.info('server');
    return {
      pid: Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0),
      version: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown',
    };
  } finally {
    client.disconnect();
  }
}

export async function postgresVersion(databaseUrl: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0].server_version;
  } finally {
    await client.end();
  }
}

/**
 * `count` message records of the number, as a busy tenant's last 30 days would hold them (5,000
 * recipients, 3 % failed with 131026, the rest read, one every 26 seconds back from now), written in
 * one statement and analyzed: the messages page scenarios read over them.
 */
export async function seedRecords(databaseUrl: string, phoneNumberId: string, count: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO messages (tenant_id, phone_number_id, api_key_id, recipient, type, payload, status, upstream_message_id, error, created_at, updated_at)
       SELECT p.tenant_id, p.phone_number_id, k.id, '1555' || lpad((i % 5000)::text, 7, '0'), 'text',
              '{"messaging_product":"whatsapp","type":"text","text":{"body":"seeded"}}'::jsonb,
              CASE WHEN i % 33 = 0 THEN 'failed' ELSE 'read' END, 'wamid.seeded-' || i,
              CASE WHEN i % 33 = 0 THEN '{"code":131026,"message":"Message undeliverable"}'::jsonb END,
              now() - i * interval '26 seconds', now()
       FROM phone_numbers p
       CROSS JOIN LATERAL (SELECT id FROM api_keys WHERE p.tenant_id = ANY (tenant_ids) LIMIT 1) k
       CROSS JOIN generate_series(1, $2::int) AS i
       WHERE p.phone_number_id = $1`,
      [phoneNumberId, count],
    );
    await client.query('ANALYZE messages');
  } finally {
    await client.end();
  }
}
