/**
 * `npm run bench`: the gateway's throughput and latency on this machine, against real PostgreSQL,
 * Redis and the Cloud API sandbox, each its own process on 127.0.0.1. See bench/README.md.
 *
 *   1. check and reset PostgreSQL (database gateway_bench) and Redis (db 14); npm run build
 *   2. start the sandbox (status/review webhooks delayed 1 h) and the gateway (graph mode)
 *   3. provision with the CLI; blacklist a number; open the 24-hour window with an inbound message
 *   4. per scenario: check one request, warm up, measure (autocannon) with CPU per process
 *   5. restart the gateway with the bench hook: count round trips per send, CPU-profile the send
 *   6. print the table, write bench/results/<timestamp>.json and latest.json; stop everything
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { backgroundCores, cpuBetween, type CpuSources, sampleCpu } from './lib/cpu';
import { askHook } from './lib/hook-client';
import { buildScenarios, runLoad, type Scenario, stopLoad, verifyScenario } from './lib/load';
import { partitionHistory, type RecordPlans, recordPlans } from './lib/records';
import { formatConversations, runConversationReads, runConversationsInbound } from './lib/conversations';
import { runInboxStreams } from './lib/inbox-streams';
import { runAutomationRules } from './lib/automation-rules';
import { seedConversations } from '../test/support/seed-conversations';
import { formatScale, runScale } from './lib/scale';
import { type BenchOptions, parseOptions, USAGE } from './lib/options';
import { freePort, type ManagedProcess, runToCompletion, sleep, stopAll } from './lib/processes';
import { summarizeProfile } from './lib/profile-summary';
import { formatSoak, runSoak } from './lib/soak';
import {
  type BenchReport,
  formatLifecycleRoundTrips,
  formatProfile,
  formatRoundTrips,
  formatTable,
  goals,
  ratios,
  type LifecycleRoundTrips,
  type RoundTrips,
  type ScenarioResult,
  toScenarioResult,
  writeReport,
} from './lib/report';
import { perUnit, readPgStats, readRedisCommandStats, STATS_SETTLE_MS } from './lib/round-trips';
import { postgresVersion, redisServerInfo, resetDatabase, resetRedis } from './lib/services';
import { seedRecords } from '../test/support/seed-records';
import { seedUsage } from '../test/support/seed-usage';
import { formatLifecycle, type LifecycleResult, runLifecycle, stackUsPerMessage } from './lib/lifecycle';
import { formatBroadcast, prepareBroadcasts, runBroadcast } from './lib/broadcast';
import { formatErasure, formatOrganizationDeletion, runErasure, runOrganizationDeletion } from './lib/erasure';
import { formatInsights, runInsights } from './lib/insights';

/** An open-loop lifecycle run that has not drained this long after its sends did not keep up. */
const LIFECYCLE_DRAIN_LIMIT_MS = 20_000;
/** The broadcast number's pace (Meta's default level) and how long the API-send life beside it runs. */
const BROADCAST_RATE = 80;
const SAME_RATE_SECONDS = 30;
import {
  describeStack,
  FIXTURE,
  NORMAL_STATUS_DELAYS,
  provision,
  secondInstance,
  type Stack,
  startGateway,
  startSandbox,
  WEBHOOK_DELAY_MS,
} from './lib/stack';

/** The repository root: dist/bench/run.js is two levels below it. */
const ROOT = resolve(__dirname, '..', '..');
const RESULTS = join(ROOT, 'bench', 'results');
const HOOK = join(ROOT, 'dist', 'bench', 'hooks', 'instrument.js');

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/** Sets, warms up and measures one scenario; CPU per process is sampled around the measured part only. */
async function measure(scenario: Scenario, options: BenchOptions, cpuSources: CpuSources): Promise<ScenarioResult> {
  await verifyScenario(scenario);
  const load = { connections: options.connections, pipelining: options.pipelining, rate: scenario.rate };
  if (options.warmup > 0) await runLoad(scenario, { ...load, duration: options.warmup });
  ensureNotInterrupted();
  const before = sampleCpu(cpuSources);
  const result = await runLoad(scenario, { ...load, duration: options.duration });
  const after = sampleCpu(cpuSources);
  ensureNotInterrupted();
  return toScenarioResult(scenario, result, cpuBetween(before, after, result.requests));
}

/**
 * With the bench hook loaded in the gateway: `countSends` text sends at 10 connections, counted by
 * the hook (client side) and by pg_stat_database / Redis commandstats (server side).
 */
async function countRoundTrips(gateway: ManagedProcess, send: Scenario, options: BenchOptions): Promise<RoundTrips> {
  await sleep(STATS_SETTLE_MS);
  const pgBefore = await readPgStats(options.databaseUrl);
  const redisBefore = await readRedisCommandStats(options.redisUrl);
  await askHook(gateway, { cmd: 'count-start' });
  const result = await runLoad(send, { connections: 10, pipelining: 1, amount: options.countSends });
  ensureNotInterrupted();
  const client = await askHook<{ pg: Record<string, number>; redis: Record<string, number> }>(gateway, {
    cmd: 'count-read',
  });
  await sleep(STATS_SETTLE_MS);
  const pgAfter = await readPgStats(options.databaseUrl);
  const redisAfter = await readRedisCommandStats(options.redisUrl);
  const sends = result.ok;
  if (sends !== options.countSends) say(`  note: ${options.countSends - sends} of the counted sends did not succeed`);
  return {
    sends,
    postgresQueriesPerSend: perUnit({}, client.pg, sends),
    redisCommandsPerSend: perUnit({}, client.redis, sends),
    pgStatDatabasePerSend: perUnit(pgBefore, pgAfter, sends),
    // The bench's own INFO calls are not the gateway's.
    redisCommandStatsPerSend: perUnit(redisBefore, redisAfter, sends, ['info']),
  };
}

/**
 * One lifecycle open loop at `rate` with the hook counting: PostgreSQL statements and Redis commands
 * per fully delivered message (the send, three status webhooks in, three deliveries out), and the
 * gateway's CPU profile over the same window, summarized by group.
 */
async function countLifecycle(
  gateway: ManagedProcess,
  { stack, apiKey, send, rate }: { stack: Stack; apiKey: string; send: Scenario; rate: number },
  options: BenchOptions,
  { cpuSources, profileFile: file }: { cpuSources: CpuSources; profileFile: string },
): Promise<LifecycleRoundTrips> {
  await askHook(gateway, { cmd: 'count-start' });
  await askHook(gateway, { cmd: 'profile-start', intervalUs: 500 });
  const result = await runLifecycle(
    stack,
    apiKey,
    send,
    {
      connections: Math.max(50, Math.ceil(rate / 4)),
      seconds: options.duration,
      rate,
      drainLimitMs: LIFECYCLE_DRAIN_LIMIT_MS,
    },
    cpuSources,
  );
  const counts = await askHook<{ pg: Record<string, number>; redis: Record<string, number> }>(gateway, {
    cmd: 'count-read',
  });
  await askHook(gateway, { cmd: 'profile-stop', file }, 180_000);
  return {
    rate,
    messages: result.messages,
    postgresQueriesPerMessage: perUnit({}, counts.pg, result.messages),
    redisCommandsPerMessage: perUnit({}, counts.redis, result.messages),
    profile: summarizeProfile(file),
  };
}

/** CPU profile of the gateway over one measured text-send run (after a warm-up). */
async function profileSend(
  gateway: ManagedProcess,
  send: Scenario,
  options: BenchOptions,
  cpuSources: CpuSources,
  file: string,
) {
  const load = { connections: options.connections, pipelining: options.pipelining };
  if (options.warmup > 0) await runLoad(send, { ...load, duration: options.warmup });
  ensureNotInterrupted();
  await askHook(gateway, { cmd: 'profile-start', intervalUs: 250 });
  const before = sampleCpu(cpuSources);
  const result = await runLoad(send, { ...load, duration: options.duration });
  const after = sampleCpu(cpuSources);
  ensureNotInterrupted();
  // Stopping serializes the whole profile in the gateway: allow for a slow, busy machine.
  await askHook(gateway, { cmd: 'profile-stop', file }, 180_000);
  const underLoad = toScenarioResult(
    { ...send, title: 'text send, profiled (hook loaded)' },
    result,
    cpuBetween(before, after, result.requests),
  );
  return { underLoad, summary: summarizeProfile(file) };
}

function gitFacts(): Record<string, string> {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      uncommittedInSrc: git('status', '--porcelain', 'src') ? 'yes' : 'no',
    };
  } catch {
    return {};
  }
}

async function machineFacts(options: BenchOptions): Promise<Record<string, unknown>> {
  const redis = await redisServerInfo(options.redisUrl);
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    freeMemoryGiB: Math.round(freemem() / 2 ** 30),
    loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
    kernel: release(),
    node: process.version,
    postgres: await postgresVersion(options.databaseUrl),
    redis: redis.version,
    ...gitFacts(),
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (!options) {
    process.stdout.write(USAGE);
    return;
  }
  const stamp = timestamp();
  mkdirSync(RESULTS, { recursive: true });
  const log = (name: string) => join(RESULTS, `${stamp}-${name}.log`);
  const notes = [
    `Status and review webhooks are delayed ${WEBHOOK_DELAY_MS / 60_000} minutes in the sandbox, so none loads the gateway during the run; the inbound webhook that opens the 24-hour window is delivered at once.`,
    "Every process shares this machine's cores: gateway, sandbox, PostgreSQL, Redis and autocannon (in the bench process). Compare CPU µs per request, not only requests/s.",
  ];
  if (existsSync(join(ROOT, '.env')))
    notes.push(
      'A .env file exists in the repository: the gateway and CLI read settings from it that the bench does not set.',
    );

  say(
    `bench: ${options.scenarios.join(', ')}; ${options.warmup} s warm-up + ${options.duration} s measured each, ${options.connections} connections, pipelining ${options.pipelining}`,
  );
  say(`  ${notes[0]}`);

  const idleLoad = await backgroundCores();
  if (idleLoad !== null && idleLoad > 0.2) {
    notes.push(
      `Before the run, ${idleLoad} cores were already busy with other work on this machine: requests/s will be lower and noisier than on an idle machine (see the "other" CPU column).`,
    );
    say(`  warning: ${notes[notes.length - 1]}`);
  }
  say('checking PostgreSQL and Redis on 127.0.0.1, resetting the bench database and Redis db...');
  await resetDatabase(options.databaseUrl);
  await resetRedis(options.redisUrl);
  if (options.build) {
    say('building (npm run build)...');
    await runToCompletion('npm run build', 'npm', ['run', '-s', 'build'], {
      cwd: ROOT,
      env: process.env,
      logPath: log('build'),
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n(the app must compile; --skip-build runs the existing dist/ instead)`);
    });
  }

  const stack: Stack = describeStack(
    ROOT,
    { sandbox: await freePort(), gateway: await freePort() },
    {
      databaseUrl: options.databaseUrl,
      redisUrl: options.redisUrl,
      extra: options.gatewayEnv,
    },
  );
  say(`starting the sandbox on ${stack.sandboxUrl} and the gateway on ${stack.gatewayUrl}...`);
  let sandbox = await startSandbox(stack, log('sandbox'));
  let gateway = await startGateway(stack, log('gateway'));
  say('provisioning with the CLI (organization, business account, phone number, key), blacklist, 24-hour window...');
  const provisioned = await provision(stack, log('cli'));
  const redisPid = (await redisServerInfo(options.redisUrl)).pid;
  const scenarios = buildScenarios(stack, provisioned, options.rate, options.records, options.usageEntries);
  const cpuOf = (gw: ManagedProcess): CpuSources => ({ gateway: gw.pid, sandbox: sandbox.pid, redis: redisPid });

  const results: ScenarioResult[] = [];
  /** The no-op route's gateway CPU per request in this run, the unit the lifecycle figures are given in. */
  const noopUs = () => results.find((r) => r.id === 'noop')?.cpu.usPerRequest.gateway;
  let seeded = false;
  let usageSeeded = false;
  let plans: RecordPlans | undefined;
  for (const scenario of scenarios.filter((s) => options.scenarios.includes(s.id))) {
    // The messages page reads over a busy tenant's month: seeded once, after the scenarios that send.
    if (scenario.id.startsWith('messages_') && !seeded) {
      say(`seeding ${options.records.toLocaleString('en')} message records for the messages page...`);
      const seedingStarted = Date.now();
      await partitionHistory(options.databaseUrl, 90);
      await seedRecords(options.databaseUrl, FIXTURE.phoneNumberId, options.records);
      say(
        `  seeded in ${Math.round((Date.now() - seedingStarted) / 1000)} s; timing the two record reads in PostgreSQL...`,
      );
      plans = await recordPlans(options.databaseUrl, FIXTURE.phoneNumberId);
      for (const [name, time] of [
        ['newest 50', plans.newest50],
        ['by wamid', plans.byWamid],
      ] as const)
        say(
          `  ${name}: planning ${time.planningMs} ms + execution ${time.executionMs} ms over ${plans.partitions} partitions`,
        );
      seeded = true;
    }
    // The usage reports read over a year of metering: seeded once, before the first of them.
    if (scenario.id.startsWith('usage_') && !usageSeeded) {
      say(`seeding ${options.usageEntries.toLocaleString('en')} usage entries and their rollups over 365 days...`);
      const seedingStarted = Date.now();
      await seedUsage(options.databaseUrl, FIXTURE.phoneNumberId, options.usageEntries);
      say(`  seeded in ${Math.round((Date.now() - seedingStarted) / 1000)} s`);
      usageSeeded = true;
    }
    say(`measuring: ${scenario.title}...`);
    const result = await measure(scenario, options, cpuOf(gateway));
    say(
      `  ${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    results.push(result);
  }

  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    machine: { ...(await machineFacts(options)), coresBusyBeforeTheRun: idleLoad },
    settings: {
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
      connections: options.connections,
      pipelining: options.pipelining,
      fixedRatePerSecond: options.rate,
      webhookDelayMs: WEBHOOK_DELAY_MS,
      keyRateLimitPerSecond: provisioned.keyRateLimit,
      serviceWindow: provisioned.serviceWindow,
      gateway: Object.fromEntries(
        Object.entries(stack.gatewayEnv).filter(
          ([name]) => !['PATH', 'HOME', 'ENCRYPTION_KEY', 'META_APP_SECRET', 'WEBHOOK_VERIFY_TOKEN'].includes(name),
        ),
      ),
    },
    notes,
    scenarios: results,
    ratios: ratios(results),
    recordPlans: plans,
    goals: [],
  };
  report.goals = goals(results, report.ratios);

  if (options.conversations.length) {
    try {
      report.conversations = {};
      if (options.conversations.includes('inbound')) {
        say(
          'conversations: customers writing at 100/s through the sandbox (3,000 messages), the gateway’s CPU per message...',
        );
        await sleep(2_000);
        report.conversations.inbound = await runConversationsInbound(stack, cpuOf(gateway), {
          messages: 3_000,
          perSecond: 100,
        });
      }
      if (options.conversations.includes('reads')) {
        const history = options.conversationHistory;
        say(
          `conversations: seeding ${history.inbound.toLocaleString('en')} inbound and ${history.outbound.toLocaleString('en')} outbound records over ${history.customers.toLocaleString('en')} customers...`,
        );
        await partitionHistory(options.databaseUrl, 90, { inbound: true });
        const seconds = await seedConversations(options.databaseUrl, FIXTURE.phoneNumberId, history);
        say(`  seeded in ${seconds} s; the list and a thread at 20 reads/s for 30 s...`);
        await sleep(2_000);
        const reads = await runConversationReads(stack, provisioned.apiKey, {
          perSecond: 20,
          seconds: 30,
          customers: history.customers,
        });
        report.conversations.reads = { seeded: { ...history, seconds }, perSecond: 20, seconds: 30, ...reads };
      }
      if (options.conversations.includes('streams')) {
        say(
          'conversations: 500 update streams open and customers writing at 100/s (3,000 messages, with and without)...',
        );
        await sleep(2_000);
        report.conversations.streams = await runInboxStreams(stack, cpuOf(gateway), provisioned.apiKey, {
          streams: 500,
          messages: 3_000,
          perSecond: 100,
        });
      }
      if (options.conversations.includes('rules')) {
        say('conversations: customers writing at 100/s with 50 enabled automation rules and with none (3,000 each)...');
        await sleep(2_000);
        report.conversations.rules = await runAutomationRules(stack, cpuOf(gateway), provisioned.apiKey, {
          rules: 50,
          messages: 3_000,
          perSecond: 100,
        });
      }
      say(formatConversations(report.conversations).replace(/^/gm, '  '));
    } catch (error) {
      ensureNotInterrupted();
      report.conversationsError = (error as Error).message;
      say(`  the conversations phase failed: ${report.conversationsError}`);
    }
  }

  if (options.lifecycle) {
    try {
      say(
        `lifecycle: restarting the sandbox with its normal status delays (${NORMAL_STATUS_DELAYS.sent}/${NORMAL_STATUS_DELAYS.delivered}/${NORMAL_STATUS_DELAYS.read} ms), a tenant endpoint on 127.0.0.1...`,
      );
      await sandbox.stop();
      sandbox = await startSandbox(stack, log('sandbox-lifecycle'), NORMAL_STATUS_DELAYS);
      const send = scenarios.find((s) => s.id === 'send')!;
      report.lifecycle = await runLifecycle(
        stack,
        provisioned.apiKey,
        send,
        { connections: options.lifecycleConnections, seconds: options.duration },
        cpuOf(gateway),
      );
      say(formatLifecycle(report.lifecycle, noopUs()).replace(/^/gm, '  '));
      // Open loops at fixed offered rates, lowest first, until one does not keep up (the higher
      // ones would not either, and their backlog would spill into the next run).
      report.lifecycleRates = [];
      for (const rate of options.lifecycleRates) {
        say(`lifecycle at ${rate} sends/s offered (open loop, ${options.duration} s)...`);
        await sleep(3_000);
        const result = await runLifecycle(
          stack,
          provisioned.apiKey,
          send,
          {
            connections: Math.max(50, Math.ceil(rate / 4)),
            seconds: options.duration,
            rate,
            drainLimitMs: LIFECYCLE_DRAIN_LIMIT_MS,
          },
          cpuOf(gateway),
        );
        report.lifecycleRates.push(result);
        say(formatLifecycle(result, noopUs()).replace(/^/gm, '  '));
        if (!result.keptUp) break;
      }
    } catch (error) {
      ensureNotInterrupted();
      report.lifecycleError = (error as Error).message;
      say(`  the lifecycle phase failed: ${report.lifecycleError}`);
    } finally {
      if (options.profile && !stopping) {
        await sandbox.stop();
        sandbox = await startSandbox(stack, log('sandbox-after-lifecycle'));
      }
    }
  }

  if (options.erasureMessages > 0) {
    try {
      say(
        `erasure: a customer with ${options.erasureMessages.toLocaleString('en')} message records, sends at ${options.erasureRate}/s...`,
      );
      await partitionHistory(options.databaseUrl, 90);
      report.erasure = await runErasure(
        stack,
        provisioned.apiKey,
        scenarios.find((s) => s.id === 'send')!,
        {
          databaseUrl: options.databaseUrl,
          messages: options.erasureMessages,
          rate: options.erasureRate,
          seconds: options.duration,
        },
        say,
      );
      say(formatErasure(report.erasure).replace(/^/gm, '  '));
    } catch (error) {
      ensureNotInterrupted();
      report.erasureError = (error as Error).message;
      say(`  the erasure phase failed: ${report.erasureError}`);
    }
  }

  if (options.insightsMessages > 0) {
    try {
      say(
        `insights: the funnels of ${options.insightsMessages.toLocaleString('en')} messages, read at ${options.insightsRate}/s...`,
      );
      report.insights = await runInsights(
        stack,
        provisioned.apiKey,
        {
          databaseUrl: options.databaseUrl,
          messages: options.insightsMessages,
          rate: options.insightsRate,
          seconds: 30,
        },
        say,
      );
      say(formatInsights(report.insights).replace(/^/gm, '  '));
    } catch (error) {
      ensureNotInterrupted();
      report.insightsError = (error as Error).message;
      say(`  the insights phase failed: ${report.insightsError}`);
    }
  }

  if (options.deletionCustomers > 0) {
    try {
      say(
        `organization deletion: another organization with ${options.deletionCustomers.toLocaleString('en')} customers, sends at ${options.erasureRate}/s...`,
      );
      await partitionHistory(options.databaseUrl, 90, { inbound: true });
      report.organizationDeletion = await runOrganizationDeletion(
        stack,
        scenarios.find((s) => s.id === 'send')!,
        {
          databaseUrl: options.databaseUrl,
          customers: options.deletionCustomers,
          perCustomer: 5,
          rate: options.erasureRate,
          seconds: options.duration,
          logPath: log('cli-deletion'),
        },
        say,
      );
      say(formatOrganizationDeletion(report.organizationDeletion).replace(/^/gm, '  '));
    } catch (error) {
      ensureNotInterrupted();
      report.organizationDeletionError = (error as Error).message;
      say(`  the organization deletion phase failed: ${report.organizationDeletionError}`);
    }
  }

  if (options.soakMinutes > 0) {
    try {
      say(
        `soak: the lifecycle at ${options.soakRate} sends/s for ${options.soakMinutes} min, the sandbox at its normal status delays...`,
      );
      await sandbox.stop();
      sandbox = await startSandbox(stack, log('sandbox-soak'), NORMAL_STATUS_DELAYS);
      report.soak = await runSoak(
        stack,
        provisioned.apiKey,
        scenarios.find((s) => s.id === 'send')!,
        { minutes: options.soakMinutes, rate: options.soakRate, gatewayPid: gateway.pid, say },
        cpuOf(gateway),
      );
      say(formatSoak(report.soak).replace(/^/gm, '  '));
    } catch (error) {
      ensureNotInterrupted();
      report.soakError = (error as Error).message;
      say(`  the soak phase failed: ${report.soakError}`);
    } finally {
      if (!stopping) {
        await sandbox.stop();
        sandbox = await startSandbox(stack, log('sandbox-after-soak'));
      }
    }
  }

  if (options.broadcastRuns.length) {
    try {
      say(
        `broadcasts: ${options.broadcastRecipients} recipients on an 80/s number (${options.broadcastRuns.join(', ')}), the sandbox at its normal status delays...`,
      );
      await sandbox.stop();
      sandbox = await startSandbox(stack, log('sandbox-broadcasts'), NORMAL_STATUS_DELAYS);
      await prepareBroadcasts(stack, provisioned.apiKey, 'bench_notice');
      // The comparison the issue asks for: an API send's whole life at the broadcast's own rate (per
      // message CPU at a low rate depends on the rate: fewer things share a wake-up or a commit), over
      // 30 s rather than the lifecycle phase's 10 (its figure moved by a fifth between runs of one tree).
      if (options.broadcastRuns.includes('one')) {
        say(
          `an API send's whole life at ${BROADCAST_RATE} sends/s (open loop, ${SAME_RATE_SECONDS} s), beside the broadcast...`,
        );
        await sleep(3_000);
        report.lifecycleAtBroadcastRate = await runLifecycle(
          stack,
          provisioned.apiKey,
          scenarios.find((s) => s.id === 'send')!,
          { connections: 50, seconds: SAME_RATE_SECONDS, rate: BROADCAST_RATE, drainLimitMs: LIFECYCLE_DRAIN_LIMIT_MS },
          cpuOf(gateway),
        );
        say(formatLifecycle(report.lifecycleAtBroadcastRate, noopUs()).replace(/^/gm, '  '));
      }
      report.broadcasts = [];
      for (const [i, run] of options.broadcastRuns.entries()) {
        say(`broadcast run: ${run}...`);
        await sleep(3_000);
        const sources: CpuSources = cpuOf(gateway);
        let second: ManagedProcess | undefined;
        if (run === 'two') {
          second = await startGateway(secondInstance(stack, await freePort()), log('gateway-second'));
          sources.gateway2 = second.pid;
        }
        try {
          const result = await runBroadcast(
            stack,
            {
              apiKey: provisioned.apiKey,
              template: 'bench_notice',
              recipients: options.broadcastRecipients,
              firstRecipient: i * options.broadcastRecipients,
              instances: run === 'two' ? 2 : 1,
              inbound: run === 'inbound',
              reads: run === 'one',
            },
            sources,
          );
          report.broadcasts.push(result);
          say(formatBroadcast(result).replace(/^/gm, '  '));
        } finally {
          await second?.stop();
        }
      }
      const one = report.broadcasts.find((r) => r.instances === 1 && r.inboundPerSecond === 0);
      const ratio = (life: LifecycleResult | undefined) =>
        one && life ? Math.round((one.stackUsPerMessage / stackUsPerMessage(life)) * 100) / 100 : null;
      report.broadcastVsApiSend = ratio(report.lifecycleAtBroadcastRate);
      report.broadcastVsApiSendAtFirstRate = ratio(report.lifecycleRates?.[0]);
      for (const [value, life] of [
        [report.broadcastVsApiSend, report.lifecycleAtBroadcastRate],
        [report.broadcastVsApiSendAtFirstRate, report.lifecycleRates?.[0]],
      ] as const)
        if (value !== null)
          say(
            `  a broadcast message costs ${value}× an API send's whole life at ${life!.offeredPerSecond}/s (gateway + PostgreSQL + Redis)`,
          );
    } catch (error) {
      ensureNotInterrupted();
      report.broadcastError = (error as Error).message;
      say(`  the broadcast phase failed: ${report.broadcastError}`);
    } finally {
      if (options.profile && !stopping) {
        await sandbox.stop();
        sandbox = await startSandbox(stack, log('sandbox-after-broadcasts'));
      }
    }
  }

  if (options.scale.length) {
    try {
      say(
        `scale: the lifecycle at ${options.scaleRate} sends/s${options.scalePerInstance ? ' per instance' : ''} on 1, 2 and 3 instances (${options.scale.join(', ')})...`,
      );
      // The phase runs its own instances; the main one would otherwise take queued work off their hands.
      await gateway.stop();
      await sandbox.stop();
      report.scale = await runScale(
        {
          stack,
          apiKey: provisioned.apiKey,
          send: scenarios.find((s) => s.id === 'send')!,
          rate: options.scaleRate,
          perInstance: options.scalePerInstance,
          seconds: options.duration,
          redisPid,
          log,
          say: (line) => say(`  ${line}`),
        },
        options.scale,
      );
    } catch (error) {
      ensureNotInterrupted();
      report.scaleError = (error as Error).message;
      say(`  the scale phase failed: ${report.scaleError}`);
    } finally {
      if (!stopping) {
        sandbox = await startSandbox(stack, log('sandbox-after-scale'));
        gateway = await startGateway(stack, log('gateway-after-scale'));
      }
    }
  }

  if (options.profile) {
    // A failure here (a hook that does not answer, say) keeps the measurements above: it is reported.
    try {
      say('restarting the gateway with the bench hook (round-trip counters, CPU profiler)...');
      await gateway.stop();
      gateway = await startGateway(stack, log('gateway-instrumented'), HOOK);
      const send = scenarios.find((s) => s.id === 'send')!;
      await verifyScenario(send);
      say(
        `counting database and Redis round trips over ${options.countSends} sends (waits ${(2 * STATS_SETTLE_MS) / 1000} s for PostgreSQL's statistics)...`,
      );
      report.roundTrips = await countRoundTrips(gateway, send, options);
      if (options.lifecycle && options.lifecycleRates.length) {
        const rate = options.lifecycleRates[0];
        say(`counting round trips per fully delivered message at ${rate} sends/s, with the gateway's CPU profile...`);
        await sandbox.stop();
        sandbox = await startSandbox(stack, log('sandbox-counted-lifecycle'), NORMAL_STATUS_DELAYS);
        report.lifecycleRoundTrips = await countLifecycle(
          gateway,
          { stack, apiKey: provisioned.apiKey, send, rate },
          options,
          {
            cpuSources: cpuOf(gateway),
            profileFile: join(RESULTS, `${stamp}-lifecycle.cpuprofile`),
          },
        );
        await sandbox.stop();
        sandbox = await startSandbox(stack, log('sandbox-after-counted-lifecycle'));
      }
      say('profiling the gateway under text-send load...');
      report.profile = await profileSend(
        gateway,
        send,
        options,
        cpuOf(gateway),
        join(RESULTS, `${stamp}-send.cpuprofile`),
      );
    } catch (error) {
      ensureNotInterrupted();
      report.profileError = (error as Error).message;
      say(`  the profiling phase failed: ${report.profileError}`);
    }
  }

  ensureNotInterrupted();
  say('');
  say(formatTable(report.profile ? [...results, report.profile.underLoad] : results));
  say('');
  say(
    `ratios: ${Object.entries(report.ratios)
      .map(([name, value]) => `${name} ${value ?? '-'}`)
      .join(', ')}`,
  );
  for (const goal of report.goals)
    say(`  ${goal.met === null ? '  -  ' : goal.met ? ' met ' : 'NOT met'}  ${goal.goal}: ${goal.measured}`);
  if (report.roundTrips) say(`\n${formatRoundTrips(report.roundTrips)}`);
  if (report.profile) say(`\n${formatProfile(report.profile.summary)}`);
  if (report.lifecycle) say(`\n${formatLifecycle(report.lifecycle, noopUs())}`);
  for (const result of report.lifecycleRates ?? []) say(formatLifecycle(result, noopUs()));
  if (report.lifecycleRoundTrips) say(`\n${formatLifecycleRoundTrips(report.lifecycleRoundTrips)}`);
  if (report.soak) say(`\n${formatSoak(report.soak)}`);
  for (const result of report.broadcasts ?? []) say(`\n${formatBroadcast(result)}`);
  if (report.scale) say(`\n${formatScale(report.scale)}`);
  const busiest = Math.max(...results.map((r) => r.cpu.cores.other ?? 0));
  if (busiest > 0.3)
    notes.push(
      `During a run up to ${busiest} cores went to work outside the bench's processes (column "other"): compare CPU µs/request rather than requests/s.`,
    );
  for (const note of notes.slice(1)) say(`note: ${note}`);
  const files = writeReport(RESULTS, stamp, report);
  say(`\nwritten: ${files.map((f) => f.replace(`${ROOT}/`, '')).join(', ')} (logs: bench/results/${stamp}-*.log)`);
}

let stopping: Promise<never> | undefined;

/** Stops the load and every process the bench started, then exits; the first caller's code wins. */
function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    stopLoad();
    await stopAll();
    process.exit(code);
  })();
  return stopping;
}

/** After Ctrl-C the run in progress is cut short: nothing after it may be reported as measured. */
function ensureNotInterrupted(): void {
  if (stopping) throw new Error('interrupted');
}

process.once('SIGINT', () => {
  process.stderr.write('\ninterrupted: stopping the processes the bench started (no results are written)...\n');
  void shutdown(130);
});
process.once('SIGTERM', () => void shutdown(143));

main().then(
  () => shutdown(0),
  (error: unknown) => {
    if (stopping) return stopping;
    process.stderr.write(`\nbench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return shutdown(1);
  },
);
