import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConditionalModule, ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import {
  BullDeliveryQueue,
  TENANT_WEBHOOK_QUEUE,
  TenantWebhookProcessor,
} from '../tenant-webhooks/bullmq-delivery-queue';
import { DeliveryQueue, MemoryDeliveryQueue } from '../tenant-webhooks/delivery-queue';
import {
  BullPeriodicJobs,
  PERIODIC_QUEUE,
  PeriodicJobs,
  PeriodicJobsProcessor,
  TimerPeriodicJobs,
} from './periodic-jobs';

/** Connection options of the REDIS_URL, for BullMQ (which needs its own connections, without a command timeout). */
export function redisConnectionOf(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || 6379),
    db: Number(parsed.pathname.slice(1) || 0),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    ...(parsed.protocol === 'rediss:' && { tls: {} }),
    // BullMQ's workers block on Redis: they must not time out or give up on a command.
    maxRetriesPerRequest: null,
  };
}

/** BullMQ on the gateway's Redis, through @nestjs/bullmq. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        connection: redisConnectionOf(config.get('REDIS_URL', { infer: true })),
        prefix: `${config.get('REDIS_KEY_PREFIX', { infer: true })}bull`,
      }),
    }),
    BullModule.registerQueue({ name: TENANT_WEBHOOK_QUEUE }, { name: PERIODIC_QUEUE }),
  ],
  providers: [
    BullDeliveryQueue,
    TenantWebhookProcessor,
    { provide: DeliveryQueue, useExisting: BullDeliveryQueue },
    BullPeriodicJobs,
    PeriodicJobsProcessor,
    { provide: PeriodicJobs, useExisting: BullPeriodicJobs },
  ],
  exports: [DeliveryQueue, PeriodicJobs],
})
class BullJobsModule {}

/** The in-process drivers (no REDIS_URL: one instance only). */
@Global()
@Module({
  providers: [
    {
      provide: DeliveryQueue,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => {
        new Logger('WebhookQueue').warn(
          'REDIS_URL is not set: tenant webhooks are queued in process. Deliveries stay in the database and are resumed after a restart; set REDIS_URL before running more than one instance.',
        );
        return new MemoryDeliveryQueue(config.get('WEBHOOK_CONCURRENCY', { infer: true }));
      },
    },
    TimerPeriodicJobs,
    { provide: PeriodicJobs, useExisting: TimerPeriodicJobs },
  ],
  exports: [DeliveryQueue, PeriodicJobs],
})
class InProcessJobsModule implements OnApplicationShutdown {
  constructor(private readonly queue: DeliveryQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await (this.queue as MemoryDeliveryQueue).close();
  }
}

/**
 * The job engine, picked from the configuration: BullMQ when REDIS_URL is set, else in-process. It
 * provides (globally) the two kinds of work that run outside requests: the tenant webhook
 * deliveries (`DeliveryQueue`, consumed by the tenant webhooks' dispatcher) and the periodic
 * sweepers (`PeriodicJobs`, one tick at a time across instances; the send outcome sweeper).
 */
@Module({})
export class JobsModule {
  static forRoot(): DynamicModule {
    return {
      module: JobsModule,
      imports: [
        ConditionalModule.registerWhen(BullJobsModule, (env) => Boolean(env.REDIS_URL), { debug: false }),
        ConditionalModule.registerWhen(InProcessJobsModule, (env) => !env.REDIS_URL, { debug: false }),
      ],
    };
  }
}
