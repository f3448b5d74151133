import { Client } from 'pg';
import { createPartitionSql, partitionName, weekStart } from '../../src/database/partitions';
import { messagesPartitions } from '../../src/messages/messages.repository';

/** A query's PostgreSQL time, from EXPLAIN (ANALYZE): the median of its runs, and one plan. */
export interface QueryTime {
  planningMs: number;
  executionMs: number;
  totalMs: number;
  plan: string[];
}

export interface RecordPlans {
  records: number;
  partitions: number;
  /** A number's newest 50 records, as GET /v1/{phone}/messages asks for them. */
  newest50: QueryTime;
  /** One record by its wamid, as GET /v1/{phone}/messages/{wamid} reads it. */
  byWamid: QueryTime;
}

const RUNS = 21;
const DAY_MS = 86_400_000;

/**
 * Makes the weeks of `days` of history (as a gateway running that long would have them), so records
 * seeded that far back land in their weeks rather than in the default partition.
 */
export async function partitionHistory(
  databaseUrl: string,
  days: number,
  options: { inbound?: boolean } = {},
): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The records' owner says how its tables are partitioned (the retention plays no part here).
    const specs = messagesPartitions({ messages: days, inbound: days }).filter(
      (spec) => options.inbound || spec.table !== 'inbound_messages',
    );
    for (const spec of specs) {
      const { rows } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = $1::regclass`,
        [spec.table],
      );
      const have = new Set(rows.map((row) => row.name));
      for (
        let start = weekStart(new Date(Date.now() - days * DAY_MS));
        start < new Date();
        start = new Date(start.getTime() + 7 * DAY_MS)
      ) {
        if (!have.has(partitionName(spec.table, start))) await client.query(createPartitionSql(spec, start));
      }
    }
  } finally {
    await client.end();
  }
}

/** The two reads of a record a tenant's console makes, timed by PostgreSQL itself over the seeded records. */
export async function recordPlans(databaseUrl: string, phoneNumberId: string): Promise<RecordPlans> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [number],
    } = await client.query<{ tenant_id: string }>(`SELECT tenant_id FROM phone_numbers WHERE phone_number_id = $1`, [
      phoneNumberId,
    ]);
    const {
      rows: [{ records }],
    } = await client.query<{ records: number }>(`SELECT count(*)::int AS records FROM messages`);
    const {
      rows: [{ partitions }],
    } = await client.query<{ partitions: number }>(
      `SELECT count(*)::int AS partitions FROM pg_inherits WHERE inhparent = 'messages'::regclass`,
    );
    // The statements the gateway's repository writes (TypeORM's select list, the same plan).
    const newest50 = await timed(
      client,
      `SELECT * FROM messages m WHERE m.tenant_id = $1 AND m.phone_number_id = $2
        ORDER BY m.created_at DESC, m.id DESC LIMIT 50`,
      () => [number.tenant_id, phoneNumberId],
    );
    const byWamid = await timed(
      client,
      `SELECT * FROM messages m WHERE m.tenant_id = $1 AND m.phone_number_id = $2 AND m.upstream_message_id = $3
        LIMIT 1`,
      (i) => [number.tenant_id, phoneNumberId, `wamid.seeded-${1 + ((i * 7_919_993) % records)}`],
    );
    return { records, partitions, newest50, byWamid };
  } finally {
    await client.end();
  }
}

async function timed(client: Client, sql: string, params: (run: number) => unknown[]): Promise<QueryTime> {
  const runs: QueryTime[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': Array<Record<string, unknown>> }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
      params(i),
    );
    const [result] = rows[0]['QUERY PLAN'] as Array<{ 'Planning Time': number; 'Execution Time': number }>;
    const { rows: text } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`,
      params(i),
    );
    runs.push({
      planningMs: result['Planning Time'],
      executionMs: result['Execution Time'],
      totalMs: result['Planning Time'] + result['Execution Time'],
      plan: text.map((row) => row['QUERY PLAN']),
    });
  }
  runs.sort((a, b) => a.totalMs - b.totalMs);
  const median = runs[Math.floor(runs.length / 2)];
  return {
    ...median,
    planningMs: round(median.planningMs),
    executionMs: round(median.executionMs),
    totalMs: round(median.totalMs),
  };
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
