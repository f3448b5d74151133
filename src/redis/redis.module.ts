import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import { SharedStore } from './shared-store';

@Global()
@Module({
  providers: [
    {
      provide: SharedStore,
      inject: [ConfigService],
      useFactory: async (config: ConfigService<Environment, true>): Promise<SharedStore> => {
        const url = config.get('REDIS_URL', { infer: true });
        if (!url) {
          new Logger('Redis').warn(
            'REDIS_URL is not set: using an in-process store. Rate limits and idempotency hold for this instance only; set REDIS_URL before running more than one.',
          );
          return new MemoryStore();
        }
        const store = new RedisStore({
          url,
          commandTimeoutMs: config.get('REDIS_COMMAND_TIMEOUT_MS', { infer: true }),
          connectTimeoutMs: config.get('REDIS_CONNECT_TIMEOUT_MS', { infer: true }),
          keyPrefix: config.get('REDIS_KEY_PREFIX', { infer: true }),
        });
        await store.connect();
        return store;
      },
    },
  ],
  exports: [SharedStore],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(SharedStore) private readonly store: SharedStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
