import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import type { CpuSources } from './cpu';
import { type LifecycleResult, runLifecycle, stackUsPerMessage } from './lifecycle';
import type { Scenario } from './load';
import { sleep } from './processes';
import type { Stack } from './stack';

/** Each window's length (the sandbox's logs are emptied before each, so it holds one window's). */
export const SOAK_WINDOW_SECONDS = 30;
/**
 * How long the instance is left alone before its idle memory is read, before and after: past its
 * IDLE_MEMORY_RELEASE_SECONDS (30) and the next check (every 10 s), so the reading is of an instance
 * that gave its memory back, as a deployment's idle instance does.
 */
const IDLE_SETTLE_MS = 50_000;
/** Growth beyond this share of the middle third's resident memory, in the last third, is growth. */
const GROWTH_LIMIT_PERCENT = 5;

export interface SoakWindow {
  /** Minutes since the soak's first send, at the window's end. */
  atMinutes: number;
  rssMb: number;
  messages: number;
  fullyDelivered: number;
  lagP99Ms: number | null;
  stackUsPerMessage: number;
}

export interface SoakResult {
  rate: number;
  minutes: number;
  /** The database's autovacuum was off, and the soak vacuumed between windows in its stead. */
  vacuumedBetweenWindows: boolean;
  idleBeforeMb: number;
  idleAfterMb: number;
  windows: SoakWindow[];
  /** Mean resident memory of the middle and the last third of the windows. */
  middleThirdMb: number;
  lastThirdMb: number;
  growthPercent: number;
  grew: boolean;
  allDelivered: boolean;
}

/** A process's resident set size in MB, from /proc (Linux). */
export function residentMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Math.round(Number(match[1]) / 1024);
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

/**
 * The soak phase: the lifecycle's open loop at `rate` sends/s for `minutes`, in windows of
 * SOAK_WINDOW_SECONDS (each with its own tenant endpoint, the sandbox's logs emptied first), reading
 * the gateway's resident memory after each. Growth is the last third's mean against the middle
 * third's (the first third is the instance filling its caches and pools). Idle memory is read
 * before and after, each after IDLE_SETTLE_MS without traffic. A PostgreSQL with autovacuum off
 * (some test machines') would let a message's updated rows pile up as dead tuples and the database's
 * cost grow with every window, which no deployment sees: there the soak vacuums between windows,
 * outside the measured time, as autovacuum would, and says so.
 */
export async function runSoak(
  stack: Stack,
  apiKey: string,
  send: Scenario,
  settings: { minutes: number; rate: number; gatewayPid: number; say: (line: string) => void },
  cpuSources: CpuSources,
): Promise<SoakResult> {
  const db = new Client({ connectionString: stack.gatewayEnv.DATABASE_URL });
  await db.connect();
  try {
    return await soak(stack, apiKey, send, settings, cpuSources, db);
  } finally {
    await db.end().catch(() => undefined);
  }
}

async function soak(
  stack: Stack,
  apiKey: string,
  send: Scenario,
  {
    minutes,
    rate,
    gatewayPid,
    say,
  }: { minutes: number; rate: number; gatewayPid: number; say: (line: string) => void },
  cpuSources: CpuSources,
  db: Client,
): Promise<SoakResult> {
  const [{ autovacuum }] = (await db.query<{ autovacuum: string }>('SHOW autovacuum')).rows;
  const vacuum = autovacuum !== 'on';
  if (vacuum) say('  the database runs without autovacuum: the soak vacuums between windows in its stead');
  await sleep(IDLE_SETTLE_MS);
  const idleBeforeMb = residentMb(gatewayPid);
  const windows: SoakWindow[] = [];
  const started = Date.now();
  while (Date.now() - started < minutes * 60_000) {
    if (vacuum) await db.query('VACUUM (ANALYZE)');
    for (const log of ['webhooks', 'requests'])
      await fetch(`${stack.sandboxUrl}/_sandbox/${log}`, { method: 'DELETE' }).catch(() => undefined);
    const result: LifecycleResult = await runLifecycle(
      stack,
      apiKey,
      send,
      { connections: Math.max(50, Math.ceil(rate / 4)), seconds: SOAK_WINDOW_SECONDS, rate, drainLimitMs: 20_000 },
      cpuSources,
    );
    const window: SoakWindow = {
      atMinutes: Math.round((Date.now() - started) / 6_000) / 10,
      rssMb: residentMb(gatewayPid),
      messages: result.messages,
      fullyDelivered: result.messagesFullyDelivered,
      lagP99Ms: result.lagMs?.p99 ?? null,
      stackUsPerMessage: Math.round(stackUsPerMessage(result)),
    };
    windows.push(window);
    say(
      `  soak ${window.atMinutes} min: RSS ${window.rssMb} MB, ${window.fullyDelivered}/${window.messages} fully delivered, lag p99 ${window.lagP99Ms ?? '-'} ms, stack ${window.stackUsPerMessage} µs per message`,
    );
  }
  await sleep(IDLE_SETTLE_MS);
  const idleAfterMb = residentMb(gatewayPid);
  const third = Math.max(1, Math.floor(windows.length / 3));
  const middleThirdMb = Math.round(mean(windows.slice(third, 2 * third).map((w) => w.rssMb)));
  const lastThirdMb = Math.round(mean(windows.slice(-third).map((w) => w.rssMb)));
  const growthPercent = Math.round(((lastThirdMb - middleThirdMb) * 1000) / Math.max(middleThirdMb, 1)) / 10;
  return {
    rate,
    minutes,
    vacuumedBetweenWindows: vacuum,
    idleBeforeMb,
    idleAfterMb,
    windows,
    middleThirdMb,
    lastThirdMb,
    growthPercent,
    grew: growthPercent > GROWTH_LIMIT_PERCENT,
    allDelivered: windows.every((w) => w.fullyDelivered === w.messages),
  };
}

export function formatSoak(result: SoakResult): string {
  return [
    `soak at ${result.rate} sends/s for ${result.minutes} min (${result.windows.length} windows of ${SOAK_WINDOW_SECONDS} s${result.vacuumedBetweenWindows ? ', the database vacuumed between them' : ''}):`,
    `  resident memory: idle before ${result.idleBeforeMb} MB; under load, middle third ${result.middleThirdMb} MB, last third ${result.lastThirdMb} MB (${result.growthPercent >= 0 ? '+' : ''}${result.growthPercent} %: ${result.grew ? 'GREW' : 'no growth'}); idle after ${result.idleAfterMb} MB`,
    `  every message fully delivered: ${result.allDelivered ? 'yes' : 'NO'}; lag p99 per window ${result.windows.map((w) => w.lagP99Ms ?? '-').join(', ')} ms`,
  ].join('\n');
}
