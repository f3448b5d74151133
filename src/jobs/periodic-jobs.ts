import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';

export const PERIODIC_QUEUE = 'periodic';

type Task = { everyMs: number; run: () => Promise<void> };

/**
 * The one way the gateway runs work every so often. Features register their tasks when their module
 * starts (onModuleInit) and the job engine runs them; the engine knows no feature.
 * - `every`: on one instance at a time (sweepers, syncs): BullMQ's job schedulers when the gateway has
 *   Redis (one job per tick, taken by one instance's worker), a timer when it runs alone.
 * - `everyInstance`: on each instance, by a timer of its own (a worker's poll, such as the broadcast
 *   dispatcher's: every instance claims its own share).
 * A tick that finds the previous one of its task still running in this process does nothing, and
 * shutdown waits for the ticks running (before the database and Redis close).
 */
export abstract class PeriodicJobs {
  protected readonly logger = new Logger('PeriodicJobs');
  protected readonly tasks = new Map<string, Task>();
  private readonly local = new Map<string, Task>();
  private readonly localTimers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();

  /** Registers `run` to run every `everyMs` on one instance at a time (call it from onModuleInit). */
  every(name: string, everyMs: number, run: () => Promise<void>): void {
    this.tasks.set(name, { everyMs, run });
  }

  /** Registers `run` to run every `everyMs` on each instance (call it from onModuleInit). */
  everyInstance(name: string, everyMs: number, run: () => Promise<void>): void {
    this.local.set(name, { everyMs, run });
  }

  protected startLocal(): void {
    for (const [name, task] of this.local) {
      const timer = setInterval(() => void this.run(name, task), task.everyMs);
      timer.unref();
      this.localTimers.push(timer);
    }
  }

  protected stopLocal(): void {
    for (const timer of this.localTimers) clearInterval(timer);
  }

  /** One tick of a task; a tick that finds the previous one still running in this process does nothing. */
  tick(name: string): Promise<void> {
    const task = this.tasks.get(name);
    return task ? this.run(name, task) : Promise.resolve();
  }

  private run(name: string, task: Task): Promise<void> {
    if (this.running.has(name)) return Promise.resolve();
    const run = task
      .run()
      .catch((error: Error) => this.logger.warn(`${name} failed: ${error.message}`))
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  protected async idle(): Promise<void> {
    await Promise.all(this.running.values());
  }
}

/** How often an instance upserts its schedules again (a Redis that lost its data loses them too). */
const SCHEDULE_REFRESH_MS = 60_000;

/** BullMQ job schedulers on the gateway's Redis: each tick is one job, run by one worker of one instance. */
@Injectable()
export class BullPeriodicJobs extends PeriodicJobs implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private refresh: NodeJS.Timeout | undefined;

  constructor(@InjectQueue(PERIODIC_QUEUE) private readonly queue: Queue) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.startLocal();
    await this.ensureSchedules();
    this.refresh = setInterval(() => {
      this.ensureSchedules().catch((error: Error) =>
        this.logger.warn(`could not refresh the schedules: ${error.message}`),
      );
    }, SCHEDULE_REFRESH_MS);
    this.refresh.unref();
  }

  /** Before the database and Redis close: a tick that is running finishes first. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.refresh);
    this.stopLocal();
    await this.idle();
  }

  /** Every instance upserts the same scheduler ids: one schedule, whatever the number of instances. */
  async ensureSchedules(): Promise<void> {
    for (const [name, task] of this.tasks) {
      await this.queue.upsertJobScheduler(
        name,
        { every: task.everyMs },
        { name, opts: { removeOnComplete: true, removeOnFail: true } },
      );
    }
  }
}

/** The worker of the periodic queue (one job at a time per instance). */
@Processor(PERIODIC_QUEUE)
export class PeriodicJobsProcessor extends WorkerHost {
  constructor(private readonly jobs: BullPeriodicJobs) {
    super();
  }

  process(job: Job): Promise<void> {
    return this.jobs.tick(job.name);
  }

  /** A worker error (Redis lost, a job's key gone) is logged; without a listener the event would throw. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    new Logger('PeriodicJobs').warn(`worker: ${error.message}`);
  }
}

/** Timers in this process, for the gateway without Redis (one instance only). */
@Injectable()
export class TimerPeriodicJobs extends PeriodicJobs implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly timers: NodeJS.Timeout[] = [];

  onApplicationBootstrap(): void {
    this.startLocal();
    for (const [name, task] of this.tasks) {
      const timer = setInterval(() => void this.tick(name), task.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Before the database closes: no new tick, and a running one finishes first. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.stopLocal();
    await this.idle();
  }
}
