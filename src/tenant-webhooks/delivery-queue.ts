import { Logger } from '@nestjs/common';
import type { LeasedDelivery } from './delivery-row';

/** One scheduled attempt of a delivery. */
export interface DeliveryJob {
  deliveryId: string;
  /** Attempts already made: together with the id it names the job, so a job is never queued twice. */
  attempts: number;
  /** Wait before the attempt (0 = now). */
  delayMs: number;
  /**
   * A first attempt whose row this instance wrote already leased, with what it sends: it runs here,
   * never through another instance, and reads nothing before it sends.
   */
  carried?: LeasedDelivery;
}

export type DeliveryHandler = (job: DeliveryJob) => Promise<void>;

/**
 * The one seam between tenant webhooks and the job engine: schedule attempts, run them with bounded
 * concurrency, say how many wait. The outbox rows in PostgreSQL stay the source of truth (a job that
 * the engine loses is found again by the outbox sweep), so an engine only has to be at-least-once.
 * BullMQ on Redis in any real deployment (`bullmq-delivery-queue.ts`); in-process below when the
 * gateway runs without Redis.
 */
export abstract class DeliveryQueue {
  abstract readonly kind: 'bullmq' | 'memory';
  /** Queues attempts; resolves once the engine has them (rejects when it cannot take them). */
  abstract enqueue(jobs: DeliveryJob[]): Promise<void>;
  /** Sets what runs each job; jobs that arrive before it is set wait for it. */
  abstract process(handler: DeliveryHandler): void;
  /** Jobs waiting or delayed (for health and benchmarks). */
  abstract depth(): Promise<number>;
  /** Whether this instance takes more first attempts itself (rows it writes leased, jobs it carries). */
  abstract takesLocalAttempts(): boolean;
}

export const jobIdOf = (job: Pick<DeliveryJob, 'deliveryId' | 'attempts'>) => `${job.deliveryId}-${job.attempts}`;

/**
 * In-process driver for the embedded default (no REDIS_URL): timers and a concurrency limit. Jobs
 * live only in this process; after a restart the outbox sweep queues the due ones again.
 */
export class MemoryDeliveryQueue extends DeliveryQueue {
  readonly kind = 'memory' as const;
  private readonly logger = new Logger('WebhookQueue');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly ready: DeliveryJob[] = [];
  private handler: DeliveryHandler | undefined;
  private running = 0;
  private readonly idle = new Set<() => void>();
  private closed = false;

  constructor(private readonly concurrency: number) {
    super();
  }

  enqueue(jobs: DeliveryJob[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the delivery queue is closed'));
    // Jobs due now are ready at once, with one wake-up for all of them rather than a timer each.
    const now = jobs.filter((job) => job.delayMs <= 0);
    if (now.length > 0) {
      this.ready.push(...now);
      setImmediate(() => this.pump());
    }
    for (const job of jobs) {
      if (job.delayMs <= 0) continue;
      const id = jobIdOf(job);
      if (this.timers.has(id)) continue;
      const timer = setTimeout(() => {
        this.timers.delete(id);
        this.ready.push(job);
        this.pump();
      }, job.delayMs);
      timer.unref();
      this.timers.set(id, timer);
    }
    return Promise.resolve();
  }

  process(handler: DeliveryHandler): void {
    this.handler = handler;
    this.pump();
  }

  depth(): Promise<number> {
    return Promise.resolve(this.timers.size + this.ready.length);
  }

  takesLocalAttempts(): boolean {
    return !this.closed;
  }

  /** Jobs not finished: scheduled, ready or running. */
  get size(): number {
    return this.timers.size + this.ready.length + this.running;
  }

  /** Drops the jobs not started and waits for those running. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.ready.length = 0;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  private pump(): void {
    const handler = this.handler;
    if (!handler) return;
    while (this.running < this.concurrency && this.ready.length > 0 && !this.closed) {
      const job = this.ready.shift() as DeliveryJob;
      this.running++;
      handler(job)
        .catch((error: Error) => this.logger.warn(`delivery ${job.deliveryId}: ${error.message}`))
        .finally(() => {
          this.running--;
          if (this.running === 0) for (const resolve of [...this.idle]) resolve();
          this.pump();
        });
    }
  }
}
