import { parseArgs } from 'node:util';
import { CONVERSATION_PARTS, type ConversationPart } from './conversations';
import { SCALE_MODES, type ScaleMode } from './scale';

export const SCENARIO_IDS = [
  'noop',
  'direct',
  'direct_forward',
  'forward',
  'send',
  'send_at_rate',
  'send_blacklist',
  'replay',
  'messages_page',
  'messages_filtered',
  'usage_month',
  'usage_year',
] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

export interface BenchOptions {
  /** Seconds of each measured run. */
  duration: number;
  /** Seconds of load before each measured run (not recorded). */
  warmup: number;
  connections: number;
  pipelining: number;
  /** Requests/s of the fixed-rate text send (the bar: p99 at 1,000 sends/s). */
  rate: number;
  scenarios: ScenarioId[];
  /** Restart the gateway instrumented, count round trips per send and CPU-profile the text send. */
  profile: boolean;
  /** Sends over which database and Redis round trips are counted. */
  countSends: number;
  build: boolean;
  databaseUrl: string;
  redisUrl: string;
  /** Run the lifecycle phase (sends with status webhooks delivered to a tenant endpoint). */
  lifecycle: boolean;
  /** Connections of the lifecycle phase's closed loop. */
  lifecycleConnections: number;
  /** Offered sends/s of the lifecycle phase's open loops (empty: none). */
  lifecycleRates: number[];
  /** The broadcast phase's runs: one instance, two, one with inbound messages (empty: none). */
  broadcastRuns: BroadcastRun[];
  /** Recipients of each broadcast run. */
  broadcastRecipients: number;
  /** The scale phase's Redis modes (empty: none) and its offered sends/s. */
  scale: ScaleMode[];
  scaleRate: number;
  /** --scale-rate is per instance (the offered rate grows with the instances). */
  scalePerInstance: boolean;
  /** Message records seeded before the messages page scenarios (over 90 days of weekly partitions). */
  records: number;
  /** Usage entries (and their daily rollups) seeded before the usage report scenarios, over 365 days. */
  usageEntries: number;
  /** The conversations phase's parts (empty: none), and the history its reads are timed over. */
  conversations: ConversationPart[];
  conversationHistory: { inbound: number; outbound: number; customers: number };
  /** Extra gateway settings (NAME=VALUE), for experiments such as DATABASE_POOL_SIZE=20. */
  gatewayEnv: Record<string, string>;
  /** The soak phase's minutes (0: none) and offered sends/s. */
  soakMinutes: number;
  soakRate: number;
  /** The erasure phase's customer's message records (0: none), and the sends/s going on meanwhile. */
  erasureMessages: number;
  erasureRate: number;
  /** The organization deletion phase's customers (0: none), each with 5 messages each way. */
  deletionCustomers: number;
  /** The insights phase's messages (0: none), whose rollups are read at insightsRate reads/s. */
  insightsMessages: number;
  insightsRate: number;
}

export const BROADCAST_RUNS = ['one', 'two', 'inbound'] as const;
export type BroadcastRun = (typeof BROADCAST_RUNS)[number];

export const USAGE = `npm run bench -- [options]

Starts the Cloud API sandbox and the gateway (on the machine's PostgreSQL and Redis) on 127.0.0.1,
loads them with autocannon, prints a table and writes bench/results/<timestamp>.json and latest.json.

  --duration <s>        measured seconds per scenario        (BENCH_DURATION, default 10)
  --warmup <s>          warm-up seconds before each scenario (BENCH_WARMUP, default 3)
  --connections <n>     concurrent connections               (BENCH_CONNECTIONS, default 50)
  --pipelining <n>      requests in flight per connection    (BENCH_PIPELINING, default 1)
  --rate <n>            requests/s of the fixed-rate send scenario (BENCH_RATE, default 1000)
  --scenarios <list>    comma-separated subset of ${SCENARIO_IDS.join(', ')}
  --no-profile          skip the round-trip count and the CPU profile (BENCH_PROFILE=false)
  --count-sends <n>     sends over which round trips are counted (default 2000)
  --no-lifecycle        skip the lifecycle phase (BENCH_LIFECYCLE=false)
  --lifecycle-connections <n>  closed-loop connections of the lifecycle phase (default 10)
  --lifecycle-rates <list>     offered sends/s of the lifecycle open loops, run lowest first until one
                        does not keep up (BENCH_LIFECYCLE_RATES, default 100,200,400,800; "none" skips)
  --broadcast-runs <list>  broadcast runs on an 80/s number: one (one instance, with forwarded reads
                        beside it), two (two instances), inbound (15 inbound messages a second
                        beside it); "none" skips the phase (BENCH_BROADCAST_RUNS, default one,two,inbound)
  --broadcast-recipients <n>  recipients of each broadcast run (default 10000)
  --scale <list>        the scale phase: the lifecycle at --scale-rate on 1, 2 and 3 instances behind a
                        round-robin, on one Redis (single) and a 3-primary cluster on loopback (cluster);
                        "none" skips it (BENCH_SCALE, default single,cluster)
  --scale-rate <n>      offered sends/s of the scale phase (default 100)
  --scale-per-instance  offer --scale-rate per instance instead (1, 2 and 3 times it): the cost of a
                        message when instances are added as the traffic grows
  --usage-entries <n>   usage entries seeded for the usage report scenarios, over 365 days (default 1000000)
  --records <n>         message records seeded for the messages page scenarios, over 90 days
                        (BENCH_RECORDS, default 100000; the issue's table: 10000000)
  --conversations <list>  the conversations phase: inbound (customers' messages at 100/s through the
                        sandbox: the gateway's CPU per message), reads (the Inbox's list and thread at
                        20 reads/s over a seeded history), streams (the same inbound with 500 consoles'
                        update streams open), rules (the same inbound with 50 enabled automation rules);
                        "none" skips (BENCH_CONVERSATIONS, default inbound,reads,streams,rules)
  --conversation-records <n>  inbound and as many outbound records seeded for the reads (default 1000000)
  --conversation-customers <n>  customers they are spread over (default 50000)
  --skip-build          use the existing dist/ (default: npm run build first)
  --database-url <url>  default postgres://postgres@127.0.0.1:5432/gateway_bench (BENCH_DATABASE_URL;
                        dropped and re-created; its name must contain "bench")
  --redis-url <url>     default redis://127.0.0.1:6379/14 (BENCH_REDIS_URL; flushed)
  --gateway-env K=V     extra gateway setting, repeatable (e.g. --gateway-env DATABASE_POOL_SIZE=20)
  --soak <minutes>      the soak phase: the lifecycle at --soak-rate for this long, the gateway's resident
                        memory read every 30 s, idle before and after (BENCH_SOAK_MINUTES, default 0: none)
  --soak-rate <n>       offered sends/s of the soak phase (default 100)
  --erasure <n>         the erasure phase: a customer with n message records (3 statuses and a webhook
                        event each) erased while sends go on at --erasure-rate; the sends' latency before
                        and during (BENCH_ERASURE_MESSAGES, default 100000; 0 skips)
  --erasure-rate <n>    offered sends/s of the erasure phase and of the deletion phase (default 100)
  --deletion <n>        the organization deletion phase: another organization with n customers (5 messages
                        each way each, their statuses, events, conversations, contacts) deleted while the
                        bench's sends go on (BENCH_DELETION_CUSTOMERS, default 10000; 0 skips)
  --insights <n>        the insights phase: the funnels' rollups of n messages over 90 days, read at
                        --insights-rate (a template's 90 days, a number's 30, by day) for 30 s
                        (BENCH_INSIGHTS_MESSAGES, default 10000000; 0 skips)
  --insights-rate <n>   reads/s of the insights phase (default 20)
  --help
`;

function rateList(value: string): number[] {
  if (value.trim() === 'none') return [];
  const rates = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const rate of rates)
    if (!/^\d+$/.test(rate) || Number(rate) < 1)
      throw new Error(`--lifecycle-rates must list positive integers, got "${value}"`);
  return rates.map(Number).sort((a, b) => a - b);
}

function broadcastRuns(value: string): BroadcastRun[] {
  if (value.trim() === 'none') return [];
  const runs = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = runs.filter((run) => !(BROADCAST_RUNS as readonly string[]).includes(run));
  if (unknown.length)
    throw new Error(`unknown broadcast runs: ${unknown.join(', ')} (known: ${BROADCAST_RUNS.join(', ')})`);
  return BROADCAST_RUNS.filter((run) => runs.includes(run));
}

function conversationParts(value: string): ConversationPart[] {
  if (value.trim() === 'none') return [];
  const parts = value.split(',').map((item) => item.trim());
  const unknown = parts.filter((part) => !(CONVERSATION_PARTS as readonly string[]).includes(part));
  if (unknown.length)
    throw new Error(`unknown conversation parts: ${unknown.join(', ')} (known: ${CONVERSATION_PARTS.join(', ')})`);
  return CONVERSATION_PARTS.filter((part) => parts.includes(part));
}

function scaleModes(value: string): ScaleMode[] {
  if (value.trim() === 'none') return [];
  const modes = value.split(',').map((item) => item.trim());
  const unknown = modes.filter((mode) => !(SCALE_MODES as readonly string[]).includes(mode));
  if (unknown.length) throw new Error(`unknown scale modes: ${unknown.join(', ')} (known: ${SCALE_MODES.join(', ')})`);
  return SCALE_MODES.filter((mode) => modes.includes(mode));
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return Number(value);
}

function nonNegativeInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value);
}

/** Only loopback: the bench must never send load anywhere else. */
export function assertLoopback(name: string, url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new Error(`${name} must point at 127.0.0.1, got ${host}`);
}

/** Flags over BENCH_* environment variables over defaults. Returns null when --help was asked. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      pipelining: { type: 'string' },
      rate: { type: 'string' },
      scenarios: { type: 'string' },
      'no-profile': { type: 'boolean' },
      'count-sends': { type: 'string' },
      'skip-build': { type: 'boolean' },
      'no-lifecycle': { type: 'boolean' },
      'lifecycle-connections': { type: 'string' },
      'lifecycle-rates': { type: 'string' },
      'broadcast-runs': { type: 'string' },
      'broadcast-recipients': { type: 'string' },
      records: { type: 'string' },
      'usage-entries': { type: 'string' },
      conversations: { type: 'string' },
      'conversation-records': { type: 'string' },
      'conversation-customers': { type: 'string' },
      scale: { type: 'string' },
      'scale-rate': { type: 'string' },
      'scale-per-instance': { type: 'boolean' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      'gateway-env': { type: 'string', multiple: true },
      soak: { type: 'string' },
      'soak-rate': { type: 'string' },
      erasure: { type: 'string' },
      'erasure-rate': { type: 'string' },
      deletion: { type: 'string' },
      insights: { type: 'string' },
      'insights-rate': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return null;

  const scenarios = (values.scenarios ?? env.BENCH_SCENARIOS ?? SCENARIO_IDS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scenarios.filter((s) => !(SCENARIO_IDS as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`unknown scenarios: ${unknown.join(', ')} (known: ${SCENARIO_IDS.join(', ')})`);

  const gatewayEnv: Record<string, string> = {};
  for (const entry of values['gateway-env'] ?? []) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(entry);
    if (!match) throw new Error(`--gateway-env wants NAME=VALUE, got "${entry}"`);
    gatewayEnv[match[1]] = match[2];
  }

  const databaseUrl =
    values['database-url'] ?? env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gateway_bench';
  const redisUrl = values['redis-url'] ?? env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
  assertLoopback('the database URL', databaseUrl);
  assertLoopback('the Redis URL', redisUrl);
  if (!/bench/i.test(new URL(databaseUrl).pathname)) {
    throw new Error(
      `refusing to reset database "${new URL(databaseUrl).pathname.slice(1)}": its name must contain "bench"`,
    );
  }

  return {
    duration: positiveInteger('--duration', values.duration ?? env.BENCH_DURATION, 10),
    warmup: nonNegativeInteger('--warmup', values.warmup ?? env.BENCH_WARMUP, 3),
    connections: positiveInteger('--connections', values.connections ?? env.BENCH_CONNECTIONS, 50),
    pipelining: positiveInteger('--pipelining', values.pipelining ?? env.BENCH_PIPELINING, 1),
    rate: positiveInteger('--rate', values.rate ?? env.BENCH_RATE, 1000),
    scenarios: SCENARIO_IDS.filter((id) => scenarios.includes(id)),
    profile: !values['no-profile'] && env.BENCH_PROFILE !== 'false',
    countSends: positiveInteger('--count-sends', values['count-sends'], 2000),
    build: !values['skip-build'],
    lifecycle: !values['no-lifecycle'] && env.BENCH_LIFECYCLE !== 'false',
    lifecycleConnections: positiveInteger('--lifecycle-connections', values['lifecycle-connections'], 10),
    lifecycleRates: rateList(values['lifecycle-rates'] ?? env.BENCH_LIFECYCLE_RATES ?? '100,200,400,800'),
    broadcastRuns: broadcastRuns(values['broadcast-runs'] ?? env.BENCH_BROADCAST_RUNS ?? BROADCAST_RUNS.join(',')),
    broadcastRecipients: positiveInteger('--broadcast-recipients', values['broadcast-recipients'], 10_000),
    scale: scaleModes(values.scale ?? env.BENCH_SCALE ?? SCALE_MODES.join(',')),
    scaleRate: positiveInteger('--scale-rate', values['scale-rate'], 100),
    scalePerInstance: values['scale-per-instance'] ?? false,
    records: positiveInteger('--records', values.records ?? env.BENCH_RECORDS, 100_000),
    usageEntries: positiveInteger('--usage-entries', values['usage-entries'], 1_000_000),
    conversations: conversationParts(values.conversations ?? env.BENCH_CONVERSATIONS ?? CONVERSATION_PARTS.join(',')),
    conversationHistory: {
      inbound: positiveInteger('--conversation-records', values['conversation-records'], 1_000_000),
      outbound: positiveInteger('--conversation-records', values['conversation-records'], 1_000_000),
      customers: positiveInteger('--conversation-customers', values['conversation-customers'], 50_000),
    },
    databaseUrl,
    redisUrl,
    gatewayEnv,
    soakMinutes: nonNegativeInteger('--soak', values.soak ?? env.BENCH_SOAK_MINUTES, 0),
    soakRate: positiveInteger('--soak-rate', values['soak-rate'], 100),
    erasureMessages: nonNegativeInteger('--erasure', values.erasure ?? env.BENCH_ERASURE_MESSAGES, 100_000),
    erasureRate: positiveInteger('--erasure-rate', values['erasure-rate'], 100),
    deletionCustomers: nonNegativeInteger('--deletion', values.deletion ?? env.BENCH_DELETION_CUSTOMERS, 10_000),
    insightsMessages: nonNegativeInteger('--insights', values.insights ?? env.BENCH_INSIGHTS_MESSAGES, 10_000_000),
    insightsRate: positiveInteger('--insights-rate', values['insights-rate'], 20),
  };
}
