import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConditionalModule, ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
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
    BullModule.registerQueue({ name: PERIODIC_QUEUE }),
  ],
  providers: [BullPeriodicJobs, PeriodicJobsProcessor, { provide: PeriodicJobs, useExisting: BullPeriodicJobs }],
  exports: [PeriodicJobs],
})
class BullJobsModule {}

/** The in-process driver (no REDIS_URL: one instance only). */
@Global()
@Module({
  providers: [TimerPeriodicJobs, { provide: PeriodicJobs, useExisting: TimerPeriodicJobs }],
  exports: [PeriodicJobs],
})
class InProcessJobsModule {}

/**
 * The job engine, picked from the configuration: BullMQ when REDIS_URL is set (its connection, for
 * every queue a feature registers, as the tenant webhooks' DeliveryQueueModule does), else in
 * process. It provides (globally) the one way to run work every so often, `PeriodicJobs`, where
 * features register their tasks. It imports no feature.
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
