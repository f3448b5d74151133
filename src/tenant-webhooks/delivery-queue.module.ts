import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConditionalModule, ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { BullDeliveryQueue, TENANT_WEBHOOK_QUEUE, TenantWebhookProcessor } from './bullmq-delivery-queue';
import { DeliveryQueue, MemoryDeliveryQueue } from './delivery-queue';
import { BullPeriodicJobs, PERIODIC_QUEUE, PeriodicJobs, PeriodicJobsProcessor, TimerPeriodicJobs } from '../jobs/periodic-jobs';

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
        connection: redisConnectionOf(config.get('REDIS_URL', { infer: true }) as string),
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
class BullDeliveryQueueModule {}

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
class MemoryDeliveryQueueModule implements OnApplicationShutdown {
  constructor(private readonly queue: DeliveryQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await (this.queue as MemoryDeliveryQueue).close();
  }
}

/**
 * Picks the job engine from the configuration: BullMQ when REDIS_URL is set, else in-process. It runs
 * the tenant webhook deliveries (DeliveryQueue) and the periodic sweepers (PeriodicJobs).
 */
@Module({})
export class DeliveryQueueModule {
  static forRoot(): DynamicModule {
    return {
      module: DeliveryQueueModule,
      imports: [
        ConditionalModule.registerWhen(BullDeliveryQueueModule, (env) => Boolean(env.REDIS_URL), { debug: false }),
        ConditionalModule.registerWhen(MemoryDeliveryQueueModule, (env) => !env.REDIS_URL, { debug: false }),
      ],
    };
  }
}
