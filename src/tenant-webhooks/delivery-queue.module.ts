import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConditionalModule, ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { BullDeliveryQueue, TENANT_WEBHOOK_QUEUE, TenantWebhookProcessor } from './bullmq-delivery-queue';
import { DeliveryQueue, MemoryDeliveryQueue } from './delivery-queue';

/** The deliveries' queue on BullMQ (the job engine's connection, JobsModule's). */
@Module({
  imports: [BullModule.registerQueue({ name: TENANT_WEBHOOK_QUEUE })],
  providers: [BullDeliveryQueue, TenantWebhookProcessor, { provide: DeliveryQueue, useExisting: BullDeliveryQueue }],
  exports: [DeliveryQueue],
})
class BullDeliveryQueueModule {}

/** The deliveries' queue in this process (no REDIS_URL: one instance only). */
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
  ],
  exports: [DeliveryQueue],
})
class InProcessDeliveryQueueModule implements OnApplicationShutdown {
  constructor(private readonly queue: DeliveryQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await (this.queue as MemoryDeliveryQueue).close();
  }
}

/**
 * The tenant webhooks' delivery queue, picked from the configuration as the job engine is: BullMQ when
 * REDIS_URL is set, else in process. Registered here, by the feature that owns the queue: the job
 * engine (JobsModule) provides only the connection and the periodic jobs, and knows no feature.
 */
@Module({})
export class DeliveryQueueModule {
  static forRoot(): DynamicModule {
    return {
      module: DeliveryQueueModule,
      imports: [
        ConditionalModule.registerWhen(BullDeliveryQueueModule, (env) => Boolean(env.REDIS_URL), { debug: false }),
        ConditionalModule.registerWhen(InProcessDeliveryQueueModule, (env) => !env.REDIS_URL, { debug: false }),
      ],
      exports: [ConditionalModule],
    };
  }
}
