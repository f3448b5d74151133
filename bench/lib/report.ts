import type { InsightsResult } from './insights';
import type { ErasureResult, OrganizationDeletionResult } from './erasure';
import type { ConversationsResult } from './conversations';
import type { BroadcastResult } from './broadcast';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { CpuUse } from './cpu';
import type { LoadResult, Scenario } from './load';
import type { Counters } from './round-trips';
import type { ProfileSummary } from './profile-summary';
import type { LifecycleResult } from './lifecycle';
import type { RecordPlans } from './records';
import type { ScaleRun } from './scale';
import type { SoakResult } from './soak';

/** What one measured run says, as written to JSON. */
export interface ScenarioResult {
  id: string;
  title: string;
  request: string;
  durationSeconds: number;
  /** The fixed rate asked for, when the scenario has one. */
  rate?: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  cpu: CpuUse;
}

export interface RoundTrips {
  sends: number;
  /** Client side, from the bench hook in the gateway: queries and commands sent, per send. */
  postgresQueriesPerSend: Counters;
  redisCommandsPerSend: Counters;
  /**
   * Server side: pg_stat_database deltas and Redis INFO commandstats deltas (includes commands run inside Lua), per
   * send.
   */
  pgStatDatabasePerSend: Counters;
  redisCommandStatsPerSend: Counters;
}

export interface BenchReport {
  startedAt: string;
  machine: Record<string, unknown>;
  settings: Record<string, unknown>;
  notes: string[];
  scenarios: ScenarioResult[];
  ratios: Record<string, number | null>;
  goals: Array<{ goal: string; measured: string; met: boolean | null }>;
  roundTrips?: RoundTrips;
  profile?: { underLoad: ScenarioResult; summary: ProfileSummary };
  profileError?: string;
  lifecycle?: LifecycleResult;
  /** Open-loop lifecycle runs at fixed offered rates, lowest first, up to the first that did not keep up. */
  lifecycleRates?: LifecycleResult[];
  /** Round trips per fully delivered message at the first lifecycle rate, and the gateway's profile then. */
  lifecycleRoundTrips?: LifecycleRoundTrips;
  lifecycleError?: string;
  /** The lifecycle at a fixed rate for many minutes, the gateway's resident memory read as it runs. */
  soak?: SoakResult;
  soakError?: string;
  erasure?: ErasureResult;
  erasureError?: string;
  organizationDeletion?: OrganizationDeletionResult;
  organizationDeletionError?: string;
  insights?: InsightsResult;
  insightsError?: string;
  /** Customers' messages (the gateway's CPU per inbound message) and the Inbox's reads over a seeded history. */
  conversations?: ConversationsResult;
  conversationsError?: string;
  /** The lifecycle on 1–3 instances, on one Redis and a cluster. */
  scale?: ScaleRun[];
  scaleError?: string;
  /** The console's two record reads, timed by PostgreSQL over the seeded records (the messages page phase). */
  recordPlans?: RecordPlans;
  /** Broadcasts on an 80/s number: one instance (with forwarded reads beside), two, with inbound messages. */
  broadcasts?: BroadcastResult[];
  /** An API send's whole life at the broadcast's rate (80/s, 30 s), measured in the broadcast phase. */
  lifecycleAtBroadcastRate?: LifecycleResult;
  /** Stack CPU per broadcast message (one instance) over an API send's whole life at the broadcast's rate. */
  broadcastVsApiSend?: number | null;
  /** The same over the life at the lifecycle phase's first rate (100/s, 10 s). */
  broadcastVsApiSendAtFirstRate?: number | null;
  broadcastError?: string;
}

export function toScenarioResult(scenario: Scenario, result: LoadResult, cpu: CpuUse): ScenarioResult {
  const path = new URL(scenario.url);
  return {
    id: scenario.id,
    title: scenario.title,
    request: `${scenario.method} ${path.host}${path.pathname}${path.search}`,
    durationSeconds: result.durationSeconds,
    ...(scenario.rate !== undefined && { rate: scenario.rate }),
    requests: result.requests,
    requestsPerSecond: result.requestsPerSecond,
    latencyMs: result.latencyMs,
    non2xx: result.non2xx,
    statusCodes: result.statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu,
  };
}

const ratio = (a: number | undefined, b: number | undefined): number | null =>
  a && b ? Math.round((100 * a) / b) / 100 : null;

/** The issue's ratios: gateway/direct throughput, and send/no-op cost (1/rps, and CPU µs per request). */
export function ratios(results: ScenarioResult[]): Record<string, number | null> {
  const by = (id: string) => results.find((r) => r.id === id);
  const send = by('send');
  const noop = by('noop');
  const direct = by('direct');
  return {
    sendVsDirectThroughput: ratio(send?.requestsPerSecond, direct?.requestsPerSecond),
    sendVsNoopCostByThroughput: ratio(noop?.requestsPerSecond, send?.requestsPerSecond),
    sendVsNoopCostByGatewayCpu: ratio(send?.cpu.usPerRequest.gateway, noop?.cpu.usPerRequest.gateway),
    blacklistSendVsSendThroughput: ratio(by('send_blacklist')?.requestsPerSecond, send?.requestsPerSecond),
    replayVsSendThroughput: ratio(by('replay')?.requestsPerSecond, send?.requestsPerSecond),
    // A forwarded call against the same call at the sandbox directly, and against a native send.
    forwardVsDirectThroughput: ratio(by('forward')?.requestsPerSecond, by('direct_forward')?.requestsPerSecond),
    forwardVsNoopCostByGatewayCpu: ratio(by('forward')?.cpu.usPerRequest.gateway, noop?.cpu.usPerRequest.gateway),
    forwardVsSendCostByGatewayCpu: ratio(by('forward')?.cpu.usPerRequest.gateway, send?.cpu.usPerRequest.gateway),
  };
}

/** The issue's first bar for one instance. */
export function goals(results: ScenarioResult[], r: Record<string, number | null>): BenchReport['goals'] {
  const send = results.find((x) => x.id === 'send');
  const paced = results.find((x) => x.id === 'send_at_rate');
  // Latency is judged at the fixed rate when that scenario ran (at saturation it is queueing).
  const latency = paced ?? send;
  const pacedOk = paced ? paced.requestsPerSecond >= 0.98 * (paced.rate ?? 0) && paced.non2xx === 0 : true;
  return [
    {
      goal: 'text sends ≥ 1,000/s (saturation)',
      measured: send ? `${send.requestsPerSecond}/s` : 'not run',
      met: send ? send.requestsPerSecond >= 1000 : null,
    },
    {
      goal: `text send p99 < 50 ms (${paced ? `at a fixed ${paced.rate}/s` : 'at saturation'})`,
      measured: latency ? `${latency.latencyMs.p99} ms at ${latency.requestsPerSecond}/s` : 'not run',
      met: latency ? latency.latencyMs.p99 < 50 && pacedOk : null,
    },
    {
      goal: 'send costs ≤ 3× the no-op route (1/rps)',
      measured: r.sendVsNoopCostByThroughput === null ? 'not run' : `${r.sendVsNoopCostByThroughput}×`,
      met: r.sendVsNoopCostByThroughput === null ? null : r.sendVsNoopCostByThroughput <= 3,
    },
    {
      goal: 'where we are going: 2,000 sends/s',
      measured: send ? `${send.requestsPerSecond}/s` : 'not run',
      met: send ? send.requestsPerSecond >= 2000 : null,
    },
    ...(['usage_month', 'usage_year'] as const).map((id) => {
      const usage = results.find((x) => x.id === id);
      return {
        goal: `usage report (${id === 'usage_month' ? '30 days by day and category' : '365 days by month, category and country'}) p99 < 100 ms`,
        measured: usage ? `${usage.latencyMs.p99} ms at ${usage.requestsPerSecond}/s` : 'not run',
        met: usage ? usage.latencyMs.p99 < 100 && usage.non2xx === 0 : null,
      };
    }),
  ];
}

function pad(text: string | number, width: number, left = false): string {
  const s = String(text);
  return left ? s.padEnd(width) : s.padStart(width);
}

const CPU_COLUMNS = ['gateway', 'sandbox', 'postgres', 'redis', 'bench', 'other', 'machine'] as const;

export function formatTable(results: ScenarioResult[]): string {
  const head =
    pad('scenario', 44, true) +
    pad('req/s', 8) +
    pad('p50', 7) +
    pad('p97.5', 7) +
    pad('p99', 7) +
    pad('non2xx', 8) +
    pad('err', 5) +
    pad('t/o', 5) +
    '   CPU µs/request: ' +
    CPU_COLUMNS.map((c) => pad(c, 9)).join('');
  const rows = results.map(
    (r) =>
      pad(r.title, 44, true) +
      pad(r.requestsPerSecond, 8) +
      pad(r.latencyMs.p50, 7) +
      pad(r.latencyMs.p97_5, 7) +
      pad(r.latencyMs.p99, 7) +
      pad(r.non2xx, 8) +
      pad(r.errors, 5) +
      pad(r.timeouts, 5) +
      '                   ' +
      CPU_COLUMNS.map((c) => pad(r.cpu.usPerRequest[c] ?? '-', 9)).join(''),
  );
  const cores = results.map(
    (r) => pad(r.title, 44, true) + CPU_COLUMNS.map((c) => pad(r.cpu.cores[c] ?? '-', 9)).join(''),
  );
  return [
    "latency in ms; CPU µs/request = that process's CPU time over the run / requests completed",
    head,
    ...rows,
    '',
    `cores busy during the run (1.00 = one core all the time; machine = all ${cpus().length} cores together, other = machine - the rest: kernel, anything else running):`,
    pad('', 44, true) + CPU_COLUMNS.map((c) => pad(c, 9)).join(''),
    ...cores,
  ].join('\n');
}

export interface LifecycleRoundTrips {
  rate: number;
  messages: number;
  postgresQueriesPerMessage: Counters;
  redisCommandsPerMessage: Counters;
  profile: ProfileSummary;
}

/** Round trips per fully delivered message, and where the gateway's CPU went meanwhile. */
export function formatLifecycleRoundTrips(trips: LifecycleRoundTrips): string {
  const total = (counters: Counters) => Math.round(100 * Object.values(counters).reduce((a, b) => a + b, 0)) / 100;
  const line = (counters: Counters) =>
    Object.entries(counters)
      .sort((a, b) => b[1] - a[1])
      .map(([name, value]) => `${name} ${value}`)
      .join(', ') || '(none)';
  return [
    `per fully delivered message at ${trips.rate} sends/s (send, 3 status webhooks in, 3 deliveries out; ${trips.messages} messages):`,
    `  PostgreSQL queries: ${total(trips.postgresQueriesPerMessage)}: ${line(trips.postgresQueriesPerMessage)}`,
    `  Redis commands:     ${total(trips.redisCommandsPerMessage)}: ${line(trips.redisCommandsPerMessage)}`,
    `  gateway CPU by group: ${trips.profile.groups
      .slice(0, 8)
      .map((group) => `${group.name} ${group.percent}%`)
      .join(', ')}`,
  ].join('\n');
}

export function formatRoundTrips(trips: RoundTrips): string {
  const line = (counters: Counters) =>
    Object.entries(counters)
      .sort((a, b) => b[1] - a[1])
      .map(([name, value]) => `${name} ${value}`)
      .join(', ') || '(none)';
  const total = (counters: Counters) => Math.round(100 * Object.values(counters).reduce((a, b) => a + b, 0)) / 100;
  return [
    `per text send (over ${trips.sends} sends):`,
    `  PostgreSQL queries (client side): ${total(trips.postgresQueriesPerSend)}: ${line(trips.postgresQueriesPerSend)}`,
    `  Redis commands (client side):     ${total(trips.redisCommandsPerSend)}: ${line(trips.redisCommandsPerSend)}`,
    `  pg_stat_database (server side):   ${line(trips.pgStatDatabasePerSend)}`,
    `  Redis commandstats (server side): ${line(trips.redisCommandStatsPerSend)}`,
  ].join('\n');
}

export function formatProfile(summary: ProfileSummary): string {
  const shares = (items: Array<{ name: string; ms: number; percent: number }>) =>
    items.map((s) => `  ${pad(s.percent.toFixed(1), 5)}%  ${pad(s.ms, 6)} ms  ${s.name}`).join('\n');
  const frames = (items: ProfileSummary['topSelf']) =>
    items
      .map(
        (s) =>
          `  ${pad(s.percent.toFixed(1), 5)}%  ${pad(s.ms, 6)} ms  ${pad(s.group, 26, true)} ${s.name}  ${s.where}`,
      )
      .join('\n');
  return [
    `CPU profile of the gateway under text-send load: ${summary.busyMs} ms busy of ${summary.wallMs} ms (${summary.samples} samples); ${summary.file}`,
    'self time by group (% of busy time):',
    shares(summary.groups),
    'self time by package:',
    shares(summary.packages.slice(0, 15)),
    'top functions by self time:',
    frames(summary.topSelf.slice(0, 20)),
    'our code and Nest by inclusive time (synchronous part of each call):',
    frames(summary.topInclusive.slice(0, 15)),
  ].join('\n');
}

export function writeReport(dir: string, stamp: string, report: BenchReport): string[] {
  mkdirSync(dir, { recursive: true });
  const text = JSON.stringify(report, null, 2) + '\n';
  const files = [join(dir, `${stamp}.json`), join(dir, 'latest.json')];
  for (const file of files) writeFileSync(file, text);
  return files;
}
