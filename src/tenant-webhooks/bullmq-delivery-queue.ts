import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Job, Queue } from 'bullmq';
import type { Environment } from '../config/environment';
import { DeliveryHandler, DeliveryJob, DeliveryQueue, jobIdOf, MemoryDeliveryQueue } from './delivery-queue';

export const TENANT_WEBHOOK_QUEUE = 'tenant-webhooks';

/** First attempts queued together travel as one job of at most this many deliveries. */
const BATCH = 50;
/**
 * First attempts wait in this instance while it holds fewer than this many unfinished; past it they
 * go through BullMQ, so a burst (or a slow tenant) is shared with the other instances.
 */
const LOCAL_BACKLOG_MAX = 1_000;

type JobData = { deliveryId: string } | { deliveryIds: string[] };

/**
 * BullMQ driver: every attempt is one job, named by delivery id and attempt count so queuing it
 * twice (the outbox sweep after a lost acknowledgement) adds nothing. BullMQ runs each job on one
 * worker at a time across instances; the delivery row's lease is the second lock that makes a
 * double attempt impossible even when a stalled job is handed to another worker. Retries are not
 * BullMQ's own (`attempts: 1`): the schedule lives on the row, so a redelivery, a slowed endpoint
 * and the retry window are decided in one place.
 *
 * First attempts are made by the instance whose transaction wrote them, in process, with no job of
 * the engine (three Redis scripts and a worker wake-up each, measured as a tenth of a message's
 * cost): their rows are committed already leased to it, carrying what they send (`carried`), so an
 * instance that dies before attempting loses nothing: once the lease has passed, the outbox sweep of
 * any instance queues them again. Past LOCAL_BACKLOG_MAX unfinished ones, the outbox writes rows
 * unleased and their first attempts go through BullMQ like retries, as jobs of up to 50 deliveries
 * attempted concurrently. Retries, each with its own delay, are one job each. A
 * delivery in two jobs (the sweep queuing again what a lost job held) is still attempted once at a
 * time: the row's lease decides.
 */
@Injectable()
export class BullDeliveryQueue extends DeliveryQueue implements OnApplicationShutdown {
  readonly kind = 'bullmq' as const;
  handler: DeliveryHandler | undefined;
  private readonly waiters = new Set<(handler: DeliveryHandler) => void>();
  /** First attempts made in this instance (see above). */
  private readonly local: MemoryDeliveryQueue;

  constructor(
    @InjectQueue(TENANT_WEBHOOK_QUEUE) private readonly queue: Queue,
    config: ConfigService<Environment, true>,
  ) {
    super();
    // As many attempts at once as the worker's jobs could carry (WEBHOOK_CONCURRENCY jobs of up to
    // BATCH deliveries): a cap of WEBHOOK_CONCURRENCY alone made first attempts queue behind each
    // other under load (each waits for its claim and finish to be written).
    this.local = new MemoryDeliveryQueue(config.get('WEBHOOK_CONCURRENCY', { infer: true }) * BATCH);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.local.close();
  }

  async enqueue(jobs: DeliveryJob[]): Promise<void> {
    if (jobs.length === 0) return;
    // A carried job's row is leased to this instance: it runs here, whatever the backlog.
    const room = Math.max(0, LOCAL_BACKLOG_MAX - this.local.size);
    const here = [
      ...jobs.filter((job) => job.carried),
      ...jobs.filter((job) => !job.carried && job.delayMs <= 0).slice(0, room),
    ];
    await this.local.enqueue(here);
    const queued = new Set(here);
    jobs = jobs.filter((job) => !queued.has(job));
    if (jobs.length === 0) return;
    const now = jobs.filter((job) => job.delayMs <= 0);
    const later = jobs.filter((job) => job.delayMs > 0);
    const options = { attempts: 1, removeOnComplete: true, removeOnFail: true };
    const batches: Array<{ name: string; data: JobData; opts: typeof options & { jobId: string; delay?: number } }> =
      [];
    for (let i = 0; i < now.length; i += BATCH) {
      const batch = now.slice(i, i + BATCH);
      batches.push(
        batch.length === 1
          ? {
              name: 'deliver',
              data: { deliveryId: batch[0].deliveryId },
              opts: { ...options, jobId: jobIdOf(batch[0]) },
            }
          : {
              name: 'deliver-batch',
              data: { deliveryIds: batch.map((job) => job.deliveryId) },
              opts: { ...options, jobId: `batch-${jobIdOf(batch[0])}-${batch.length}` },
            },
      );
    }
    for (const job of later) {
      batches.push({
        name: 'deliver',
        data: { deliveryId: job.deliveryId },
        opts: { ...options, jobId: jobIdOf(job), delay: job.delayMs },
      });
    }
    await this.queue.addBulk(batches);
  }

  process(handler: DeliveryHandler): void {
    this.handler = handler;
    this.local.process(handler);
    for (const resolve of [...this.waiters]) resolve(handler);
    this.waiters.clear();
  }

  takesLocalAttempts(): boolean {
    return this.local.size < LOCAL_BACKLOG_MAX;
  }

  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
    return Object.values(counts).reduce((sum, n) => sum + n, this.local.size);
  }

  /** The handler, once the dispatcher has set it (jobs can arrive while the app still boots). */
  handlerReady(): Promise<DeliveryHandler> {
    if (this.handler) return Promise.resolve(this.handler);
    return new Promise((resolve) => this.waiters.add(resolve));
  }
}

/** The BullMQ worker of the queue; its concurrency is WEBHOOK_CONCURRENCY. */
@Processor(TENANT_WEBHOOK_QUEUE)
export class TenantWebhookProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('WebhookQueue');

  constructor(
    private readonly deliveries: BullDeliveryQueue,
    private readonly config: ConfigService<Environment, true>,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.get('WEBHOOK_CONCURRENCY', { infer: true });
  }

  async process(job: Job<JobData>): Promise<void> {
    const handler = await this.deliveries.handlerReady();
    const ids = 'deliveryIds' in job.data ? job.data.deliveryIds : [job.data.deliveryId];
    // A delivery that throws stays pending in the outbox: the sweep queues it again.
    const outcomes = await Promise.allSettled(
      ids.map((deliveryId) => handler({ deliveryId, attempts: 0, delayMs: 0 })),
    );
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    if (failed.length)
      this.logger.warn(`${failed.length} of ${ids.length} deliveries left to the sweep: ${failed[0].reason}`);
  }

  /** A worker error (Redis lost, a job's key gone) is logged; without a listener the event would throw. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn(`worker: ${error.message}`);
  }
}
