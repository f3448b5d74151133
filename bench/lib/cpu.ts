import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time per process, from /proc (Linux). On a 2-core machine the gateway, the sandbox,
 * PostgreSQL, Redis and autocannon share the cores, so requests/s alone hides who spent the CPU:
 * these samples give CPU per request for each of them.
 */

/** Linux reports utime/stime in clock ticks; USER_HZ is 100 on every mainstream kernel. */
const TICK_MS = 10;

export interface CpuSources {
  gateway?: number;
  /** A second gateway instance (the broadcast phase's two-instance run). */
  gateway2?: number;
  sandbox?: number;
  redis?: number;
  /** Any other process by name (the scale phase's gateway1…3 and a cluster's redis1…3). */
  [name: string]: number | undefined;
}

export interface CpuSample {
  at: number;
  /** Milliseconds of CPU (user + system) per source, cumulative. */
  ms: Record<string, number>;
  /** Times each tracked process's main thread went to sleep (voluntary context switches), cumulative. */
  sleeps: Record<string, number>;
}

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis,
    // so fields[0] is field 3 (state), fields[11] and [12] utime and stime, [13] and [14] cutime and cstime.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime, and with `reaped` the children's the process has reaped (cutime + cstime). */
function cpuMsOf(fields: string[], reaped = false): number {
  const own = Number(fields[11]) + Number(fields[12]);
  return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS;
}

function processCpuMs(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields && cpuMsOf(fields);
}

/**
 * How often the process's main thread has gone to sleep waiting for something (a socket, a timer):
 * `voluntary_ctxt_switches` of /proc/<pid>/status, which counts the main thread alone. A Node
 * process's JavaScript runs there, so this is how many times the event loop woke for work; at a low
 * rate each wake-up costs more than the work it wakes for on a small VM (docs/performance.md).
 */
export function mainThreadSleeps(pid: number): number | undefined {
  try {
    const match = /^voluntary_ctxt_switches:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every PostgreSQL server process (postmaster and backends, any database: others' load counts too),
 * with the CPU of the backends that have exited. A backend that ends between two samples takes its
 * whole CPU time out of a plain sum of the live processes (a closed pool connection once made a
 * run's PostgreSQL figure negative); the kernel adds it to the postmaster's cutime/cstime when the
 * postmaster reaps it, so counting those keeps the total growing only by what was spent.
 */
export function postgresCpuMs(): number | undefined {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm !== 'postgres') continue;
    } catch {
      continue;
    }
    const fields = statFields(Number(entry));
    if (fields) {
      total += cpuMsOf(fields, true);
      found = true;
    }
  }
  return found ? total : undefined;
}

/** Busy time of the whole machine (all cores; everything but idle and iowait), from /proc/stat. */
function machineBusyMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + steal) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Cores busy over `ms` while the bench itself does nothing: other work on the machine. */
export async function backgroundCores(ms = 2_000): Promise<number | null> {
  const before = machineBusyMs();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineBusyMs();
  return before === undefined || after === undefined ? null : round((after - before) / ms, 2);
}

export function sampleCpu(sources: CpuSources): CpuSample {
  const ms: Record<string, number> = {};
  const sleeps: Record<string, number> = {};
  for (const [name, pid] of Object.entries(sources)) {
    const value = pid ? processCpuMs(pid) : undefined;
    if (value !== undefined) ms[name] = value;
    const slept = pid ? mainThreadSleeps(pid) : undefined;
    if (slept !== undefined) sleeps[name] = slept;
  }
  const postgres = postgresCpuMs();
  if (postgres !== undefined) ms.postgres = postgres;
  const own = process.cpuUsage();
  ms.bench = (own.user + own.system) / 1000;
  const machine = machineBusyMs();
  if (machine !== undefined) ms.machine = machine;
  return { at: performance.now(), ms, sleeps };
}

export interface CpuUse {
  /** Share of one core over the run, per source (1.0 = one core busy all the time). */
  cores: Record<string, number>;
  /** Microseconds of CPU per completed request, per source. */
  usPerRequest: Record<string, number>;
  /** Main-thread sleeps per completed request, per tracked process (one decimal). */
  sleepsPerRequest: Record<string, number>;
}

/**
 * CPU spent between two samples, per source; `machine` is the whole machine's busy time and
 * `other` what none of the tracked processes spent (the kernel's own work, and anything else
 * running on the machine meanwhile).
 */
export function cpuBetween(before: CpuSample, after: CpuSample, requests: number): CpuUse {
  const elapsedMs = after.at - before.at;
  const spent: Record<string, number> = {};
  for (const name of Object.keys(after.ms)) {
    if (before.ms[name] !== undefined) spent[name] = after.ms[name] - before.ms[name];
  }
  if (spent.machine !== undefined) {
    const tracked = Object.entries(spent).reduce((sum, [name, ms]) => (name === 'machine' ? sum : sum + ms), 0);
    spent.other = Math.max(0, spent.machine - tracked);
  }
  const cores: Record<string, number> = {};
  const usPerRequest: Record<string, number> = {};
  for (const [name, ms] of Object.entries(spent)) {
    cores[name] = round(ms / elapsedMs, 2);
    if (requests > 0) usPerRequest[name] = Math.round((ms * 1000) / requests);
  }
  const sleepsPerRequest: Record<string, number> = {};
  for (const [name, count] of Object.entries(after.sleeps)) {
    if (before.sleeps[name] !== undefined && requests > 0)
      sleepsPerRequest[name] = round((count - before.sleeps[name]) / requests, 1);
  }
  return { cores, usPerRequest, sleepsPerRequest };
}

/**
 * CPU spent over several passes taken as one (the time between them left out): what `cpuBetween`
 * says of their summed spending, per `requests` completed in all of them.
 */
export function cpuAcross(passes: Array<[CpuSample, CpuSample]>, requests: number): CpuUse {
  const start: CpuSample = { at: 0, ms: {}, sleeps: {} };
  const end: CpuSample = { at: 0, ms: {}, sleeps: {} };
  for (const [before, after] of passes) {
    end.at += after.at - before.at;
    for (const kind of ['ms', 'sleeps'] as const)
      for (const [name, value] of Object.entries(after[kind])) {
        if (before[kind][name] === undefined) continue;
        start[kind][name] = 0;
        end[kind][name] = (end[kind][name] ?? 0) + value - before[kind][name];
      }
  }
  return cpuBetween(start, end, requests);
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
