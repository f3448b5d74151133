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
