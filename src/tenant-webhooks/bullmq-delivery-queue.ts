import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Job, Queue } from 'bullmq';
import type { Environment } from '../config/environment';
import { DeliveryHandler, DeliveryJob, DeliveryQueue, jobIdOf } from './delivery-queue';

export const TENANT_WEBHOOK_QUEUE = 'tenant-webhooks';

/**
 * BullMQ driver: every attempt is one job, named by delivery id and attempt count so queuing it
 * twice (the outbox sweep after a lost acknowledgement) adds nothing. BullMQ runs each job on one
 * worker at a time across instances; the delivery row's lease is the second lock that makes a
 * double attempt impossible even when a stalled job is handed to another worker. Retries are not
 * BullMQ's own (`attempts: 1`): the schedule lives on the row, so a redelivery, a slowed endpoint
 * and the retry window are decided in one place.
 */
@Injectable()
export class BullDeliveryQueue extends DeliveryQueue {
  readonly kind = 'bullmq' as const;
  handler: DeliveryHandler | undefined;
  private readonly waiters = new Set<(handler: DeliveryHandler) => void>();

  constructor(@InjectQueue(TENANT_WEBHOOK_QUEUE) private readonly queue: Queue) {
    super();
  }

  async enqueue(jobs: DeliveryJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: 'deliver',
        data: { deliveryId: job.deliveryId },
        opts: { jobId: jobIdOf(job), delay: Math.max(0, job.delayMs), attempts: 1, removeOnComplete: true, removeOnFail: true },
      })),
    );
  }

  process(handler: DeliveryHandler): void {
    this.handler = handler;
    for (const resolve of [...this.waiters]) resolve(handler);
    this.waiters.clear();
  }

  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
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
  constructor(
    private readonly deliveries: BullDeliveryQueue,
    private readonly config: ConfigService<Environment, true>,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.get('WEBHOOK_CONCURRENCY', { infer: true });
  }

  async process(job: Job<{ deliveryId: string }>): Promise<void> {
    const handler = await this.deliveries.handlerReady();
    await handler(job.data.deliveryId);
  }
}
