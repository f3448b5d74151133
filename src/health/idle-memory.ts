import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MetricsService } from '../metrics/metrics.service';

/**
 * The event loop is idle while it is busy less than this share of the time. An instance serving no
 * one is not at zero: its own housekeeping (a database probe and the broadcast poll every second, the
 * queues' workers and schedulers) measured 2 to 6 % of its loop on a 2-core machine, more on a slower
 * one; 2 %, the first choice, was met on some machines and never on others. 15 % is well above that
 * and below any instance doing real work for long (a release is one 150 ms collection per idle spell,
 * and only after 16 MB of growth).
 */
const IDLE_UTILIZATION = 0.15;
/** How often the loop's idleness is looked at (a wake-up each, unref'd: it never holds the process). */
const CHECK_MS = 10_000;
/** Less growth than this since the last release is not worth a collection. */
const GROWTH_FLOOR_BYTES = 16 * 1024 * 1024;

/**
 * When an instance has been idle long enough to give back its memory: fed the loop's utilization and
 * the resident memory at each check, it says yes once per idle spell (busy time starts a new one),
 * and only when the resident memory grew since the last release (the first always goes: start-up is
 * the busiest time of all).
 */
export class IdleWatch {
  private idleMs = 0;
  private released = false;
  private afterLast?: number;

  constructor(private readonly releaseAfterMs: number) {}

  /** One check: the loop's utilization over the `elapsedMs` since the last one, the resident memory now. */
  observe(utilization: number, elapsedMs: number, residentBytes: number): boolean {
    if (utilization >= IDLE_UTILIZATION) {
      this.idleMs = 0;
      this.released = false;
      return false;
    }
    this.idleMs += elapsedMs;
    if (this.released || this.idleMs < this.releaseAfterMs) return false;
    this.released = true;
    return this.afterLast === undefined || residentBytes >= this.afterLast + GROWTH_FLOOR_BYTES;
  }

  /** The resident memory right after a release, what later growth is measured from. */
  releasedTo(residentBytes: number): void {
    this.afterLast = residentBytes;
  }
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives an idle instance's memory back. V8 grows its young generation under load (two 64 MB
 * semi-spaces on a machine with this much memory) and keeps those pages in a pool when they are no
 * longer used; an ordinary collection of an idle heap does not return them, and V8's own memory
 * reducer does not start while timers (the broadcast poll, the queues' blocking reads) allocate a
 * little every second. A last-resort collection (the one V8 runs under memory pressure) shrinks the
 * young generation to its start and releases the pool: an idle production instance goes from about
 * 220 MB resident to under 150 (docs/performance.md, "Memory"). It runs once per idle spell, when
 * the instance grew since the last one, so a busy instance never pays it (an idle one about 150 ms
 * of one core); a smaller young generation for all time (`--max-semi-space-size`) would save less
 * and costs scavenges under load. Node offers this collection only through the `gc`
 * function of `--expose-gc`, taken here once (v8.setFlagsFromString, as Node's documentation shows)
 * and not exposed to the application's own context.
 */
@Injectable()
export class IdleMemory implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('IdleMemory');
  private readonly releaseAfterMs: number;
  private timer?: NodeJS.Timeout;
  private collect?: Collect;

  constructor(
    private readonly metrics: MetricsService,
    config: ConfigService<Environment, true>,
  ) {
    this.releaseAfterMs = config.get('IDLE_MEMORY_RELEASE_SECONDS', { infer: true }) * 1000;
  }

  onApplicationBootstrap(): void {
    if (this.releaseAfterMs <= 0) return;
    const watch = new IdleWatch(this.releaseAfterMs);
    let last: EventLoopUtilization = performance.eventLoopUtilization();
    this.timer = setInterval(
      () => {
        const now = performance.eventLoopUtilization();
        const since = performance.eventLoopUtilization(now, last);
        last = now;
        if (watch.observe(since.utilization, since.idle + since.active, process.memoryUsage.rss()))
          watch.releasedTo(this.release());
      },
      Math.min(CHECK_MS, this.releaseAfterMs),
    ).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The last-resort collection; the resident memory after it. */
  private release(): number {
    const before = process.memoryUsage.rss();
    const started = performance.now();
    try {
      this.collect ??= exposedCollector();
      this.collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    } catch (error) {
      this.logger.warn(`idle memory not given back: ${(error as Error).message}`);
      return before;
    }
    const after = process.memoryUsage.rss();
    this.metrics.idleMemoryReleases.inc();
    const mb = (bytes: number) => Math.round(bytes / 1048576);
    const ms = Math.round(performance.now() - started);
    this.logger.log(`idle: memory given back in ${ms} ms, resident ${mb(before)} → ${mb(after)} MB`);
    return after;
  }
}

/** V8's `gc` function, from a context of its own; `--expose-gc` is turned off again for any later one. */
function exposedCollector(): Collect {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Collect;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
