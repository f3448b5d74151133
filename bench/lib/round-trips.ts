import Redis from 'ioredis';
import { Client } from 'pg';

/**
 * Server-side counters around a fixed number of sends, to check the hook's client-side counts:
 * pg_stat_database for the bench database (transactions, rows written and read) and Redis
 * `INFO commandstats` (which also counts the commands a Lua script runs inside Redis).
 * PostgreSQL 15 backends publish their counters at most every second, and an idle backend within
 * 10 s: read only after waiting that long (`STATS_SETTLE_MS`).
 */
export const STATS_SETTLE_MS = 11_000;

const PG_FIELDS = [
  'xact_commit',
  'xact_rollback',
  'tup_inserted',
  'tup_updated',
  'tup_deleted',
  'tup_fetched',
  'tup_returned',
] as const;

export type Counters = Record<string, number>;

export async function readPgStats(databaseUrl: string): Promise<Counters> {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  // From another database, so these reads do not count in the bench database's own counters.
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `SELECT ${PG_FIELDS.join(', ')} FROM pg_stat_database WHERE datname = $1`,
      [name],
    );
    return Object.fromEntries(PG_FIELDS.map((field) => [field, Number(rows[0]?.[field] ?? 0)]));
  } finally {
    await client.end();
  }
}

/** Calls per command since the server started (the whole server: other clients' commands count too). */
export async function readRedisCommandStats(redisUrl: string): Promise<Counters> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 0 });
  try {
    const info = await client.info('commandstats');
    const counters: Counters = {};
    for (const match of info.matchAll(/^cmdstat_([\w|]+):calls=(\d+)/gm)) counters[match[1]] = Number(match[2]);
    return counters;
  } finally {
    client.disconnect();
  }
}

/** after - before, per counter, divided by `per` (rounded to 2 decimals); zero deltas left out. */
export function perUnit(before: Counters, after: Counters, per: number, ignore: string[] = []): Counters {
  const out: Counters = {};
  for (const [name, value] of Object.entries(after)) {
    if (ignore.includes(name)) continue;
    const delta = value - (before[name] ?? 0);
    if (delta !== 0) out[name] = Math.round((100 * delta) / per) / 100;
  }
  return out;
}
