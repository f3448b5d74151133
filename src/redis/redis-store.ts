import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { SharedStore } from './shared-store';

export interface RedisStoreOptions {
  url: string;
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  keyPrefix: string;
}

/**
 * Redis-backed store. Commands fail fast instead of queueing while disconnected
 * (`enableOfflineQueue: false`, one attempt per command, `commandTimeout`), and the client
 * reconnects on its own in the background, so an outage never makes a request hang and recovery
 * needs no restart.
 */
export class RedisStore extends SharedStore {
  readonly kind = 'redis' as const;
  readonly client: Redis;
  private readonly logger = new Logger('Redis');
  private lastErrorLoggedAt = 0;

  constructor(readonly options: RedisStoreOptions) {
    super();
    this.client = new Redis(options.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs,
      connectTimeout: options.connectTimeoutMs,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.client.on('error', (error: Error) => {
      // Throttle: a down Redis emits an error per reconnect attempt.
      if (Date.now() - this.lastErrorLoggedAt > 10_000) {
        this.lastErrorLoggedAt = Date.now();
        this.logger.warn(`Redis unavailable: ${error.message}`);
      }
    });
    this.client.on('ready', () => this.logger.log('Redis connected'));
  }

  key(...parts: string[]): string {
    return this.options.keyPrefix + parts.join(':');
  }

  async connect(): Promise<void> {
    try {
      await this.client.connect();
    } catch (error) {
      this.logger.warn(`Redis not reachable at start-up (${(error as Error).message}); retrying in the background`);
    }
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
