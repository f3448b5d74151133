import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ConditionalModule, ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { redisTargetOf } from '../config/redis-target';
import { Cluster, type RedisOptions } from 'ioredis';
import { jobsConnectionOf, jobsPrefixOf } from './jobs-connection';
import {
  BullPeriodicJobs,
  PERIODIC_QUEUE,
  PeriodicJobs,
  PeriodicJobsProcessor,
  TimerPeriodicJobs,
} from './periodic-jobs';

const JOBS_CONNECTION = Symbol('JOBS_CONNECTION');

/**
 * BullMQ's connection, made once from the REDIS_URL. A cluster's client is the one BullMQ uses (and
 * duplicates for its workers' own connections); BullMQ does not close a client it was given, so it
 * is closed here at shutdown.
 */
@Module({
  providers: [
    {
      provide: JOBS_CONNECTION,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        jobsConnectionOf(redisTargetOf(config.get('REDIS_URL', { infer: true }))),
    },
  ],
  exports: [JOBS_CONNECTION],
})
class JobsConnectionModule implements OnApplicationShutdown {
  constructor(@Inject(JOBS_CONNECTION) private readonly connection: RedisOptions | Cluster) {}

  onApplicationShutdown(): void {
    if (this.connection instanceof Cluster) this.connection.disconnect();
  }
}

/** BullMQ on the gateway's Redis, through @nestjs/bullmq. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      imports: [JobsConnectionModule],
      inject: [ConfigService, JOBS_CONNECTION],
      useFactory: (config: ConfigService<Environment, true>, connection: RedisOptions | Cluster) => ({
        connection,
        prefix: jobsPrefixOf(
          redisTargetOf(config.get('REDIS_URL', { infer: true })),
          config.get('REDIS_KEY_PREFIX', { infer: true }),
        ),
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
