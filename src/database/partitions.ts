import type { DataSource, EntityManager } from 'typeorm';

/**
 * Records that age out: tables partitioned by time with PostgreSQL's declarative range partitions,
 * one a week (Monday 00:00 UTC to the next), created ahead of time and dropped whole once past
 * their retention, so nothing ages out by deleting rows (no bloat, no vacuum debt, no long lock).
 * Each owner of such a table runs `maintainPartitions` for it from its periodic task; this file
 * knows no feature.
 *
 * Why weeks: every partition is one more relation a query that cannot prune must plan, open and
 * lock. With 90 days of records a week is about 16 partitions; a day would be about 100, and
 * PostgreSQL 15 then spends milliseconds planning each statement that looks a record up by a
 * column other than its time (docs/performance.md). The price: a record leaves up to a week after
 * its retention ends.
 *
 * Why our own job rather than pg_partman: the extension is not in every PostgreSQL (not in the
 * demo's embedded one, nor in most managed services without asking), and what is needed is small:
 * create the next weeks, drop the past ones, under an advisory lock.
 */
export interface TimePartitioned {
  table: string;
  /** The partition key: a `timestamptz` column, or a `date` one. */
  column: string;
  keyType: 'timestamptz' | 'date';
  retentionDays: number;
  /** Storage parameters of each partition (a partitioned table holds none itself), e.g. `fillfactor=75`. */
  storage?: string;
  /**
   * A condition on the partition's rows that keeps a partition past its retention while any row
   * meets it (tenant deliveries still pending are never dropped).
   */
  keepWhile?: string;
}

export interface PartitionMaintenance {
  table: string;
  created: string[];
  dropped: string[];
  /** Partitions past their retention kept because a row still meets `keepWhile`. */
  kept: string[];
  /** Rows past their retention deleted from the default partition (rows no weekly partition held). */
  removedFromDefault: number;
  /** Another instance was maintaining the table: nothing done. */
  busy: boolean;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Weeks created ahead of the current one: a gateway down for this long still writes into partitions. */
export const PARTITION_WEEKS_AHEAD = 2;
/** The first key of pg_try_advisory_xact_lock(int, int): "partition maintenance"; the second is the table's. */
const ADVISORY_CLASS = 726_354_012;

/** The Monday 00:00 UTC that starts `at`'s week. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** `<table>_p<YYYYMMDD>` of the week starting `start`. */
export function partitionName(table: string, start: Date): string {
  return `${table}_p${start.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

export function defaultPartitionName(table: string): string {
  return `${table}_default`;
}

/** The start of the week a partition name says, or null for another name (the default partition). */
function startOf(table: string, name: string): Date | null {
  const match = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** A bound as SQL text for the key's type. */
function literal(spec: Pick<TimePartitioned, 'keyType'>, at: Date): string {
  return spec.keyType === 'date' ? `'${at.toISOString().slice(0, 10)}'` : `'${at.toISOString()}'`;
}

/** The DDL of the week starting `start`. */
export function createPartitionSql(spec: Omit<TimePartitioned, 'retentionDays'>, start: Date): string {
  const end = new Date(start.getTime() + WEEK_MS);
  return (
    `CREATE TABLE "${partitionName(spec.table, start)}" PARTITION OF "${spec.table}" ` +
    `FOR VALUES FROM (${literal(spec, start)}) TO (${literal(spec, end)})` +
    (spec.storage ? ` WITH (${spec.storage})` : '')
  );
}

/**
 * One maintenance pass over a partitioned table, in one transaction under an advisory lock (another
 * instance's pass makes this one a no-op), with a 2 s lock timeout so that it never queues a table's
 * readers behind its DDL for long (it is tried again at the next pass):
 * 1. the current week and PARTITION_WEEKS_AHEAD weeks after it exist (rows the default partition
 *    holds for a new week move into it);
 * 2. each week that ended before now minus the retention is dropped, unless a row still meets
 *    `keepWhile`;
 * 3. rows past the retention leave the default partition (only rows whose time no week covered:
 *    older than the partitions, or absurdly far ahead).
 */
export async function maintainPartitions(
  dataSource: DataSource,
  spec: TimePartitioned,
  now: Date,
): Promise<PartitionMaintenance> {
  return dataSource.transaction(async (manager) => {
    const result: PartitionMaintenance = {
      table: spec.table,
      created: [],
      dropped: [],
      kept: [],
      removedFromDefault: 0,
      busy: false,
    };
    await manager.query(`SET LOCAL lock_timeout = '2s'`);
    const [{ locked }] = await manager.query<Array<{ locked: boolean }>>(
      `SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked`,
      [ADVISORY_CLASS, spec.table],
    );
    if (!locked) return { ...result, busy: true };
    const existing = new Set(await partitionsOf(manager, spec.table));
    const current = weekStart(now);
    for (let week = 0; week <= PARTITION_WEEKS_AHEAD; week++) {
      const start = new Date(current.getTime() + week * WEEK_MS);
      const name = partitionName(spec.table, start);
      if (existing.has(name)) continue;
      await createWeek(manager, spec, start, existing.has(defaultPartitionName(spec.table)));
      result.created.push(name);
    }
    const cutoff = new Date(now.getTime() - spec.retentionDays * DAY_MS);
    for (const name of existing) {
      const start = startOf(spec.table, name);
      if (!start || start.getTime() + WEEK_MS > cutoff.getTime()) continue;
      if (spec.keepWhile) {
        const [held] = await manager.query<unknown[]>(`SELECT 1 FROM "${name}" WHERE ${spec.keepWhile} LIMIT 1`);
        if (held) {
          result.kept.push(name);
          continue;
        }
      }
      await manager.query(`DROP TABLE "${name}"`);
      result.dropped.push(name);
    }
    if (existing.has(defaultPartitionName(spec.table))) {
      const [, removed] = await manager.query<[unknown[], number]>(
        `DELETE FROM "${defaultPartitionName(spec.table)}" WHERE "${spec.column}" < ${literal(spec, cutoff)}` +
          (spec.keepWhile ? ` AND NOT (${spec.keepWhile})` : ''),
      );
      result.removedFromDefault = removed;
    }
    return result;
  });
}

/** The partitions of a table, by name. */
export async function partitionsOf(manager: EntityManager | DataSource, table: string): Promise<string[]> {
  const rows = await manager.query<Array<{ name: string }>>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
    [`"${table}"`],
  );
  return rows.map((row) => row.name);
}

/**
 * Creates the week starting `start`. Rows of that week the default partition holds (PostgreSQL
 * refuses to create a partition the default partition has rows for) move into it.
 */
async function createWeek(
  manager: EntityManager,
  spec: TimePartitioned,
  start: Date,
  hasDefault: boolean,
): Promise<void> {
  const fallback = defaultPartitionName(spec.table);
  const end = new Date(start.getTime() + WEEK_MS);
  const range = `"${spec.column}" >= ${literal(spec, start)} AND "${spec.column}" < ${literal(spec, end)}`;
  const [held] = hasDefault ? await manager.query<unknown[]>(`SELECT 1 FROM "${fallback}" WHERE ${range} LIMIT 1`) : [];
  if (!held) {
    await manager.query(createPartitionSql(spec, start));
    return;
  }
  await manager.query(
    `CREATE TEMP TABLE partition_moving ON COMMIT DROP AS
     WITH moved AS (DELETE FROM "${fallback}" WHERE ${range} RETURNING *) SELECT * FROM moved`,
  );
  await manager.query(createPartitionSql(spec, start));
  await manager.query(`INSERT INTO "${spec.table}" SELECT * FROM partition_moving`);
  await manager.query(`DROP TABLE partition_moving`);
}
