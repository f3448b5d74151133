import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { CLAIM_SCRIPT, COMPLETE_SCRIPT, RATE_LIMIT_SCRIPT, RELEASE_SCRIPT } from './redis-scripts';
import { IdempotencyClaim, RateBucket, RateLimitResult, SharedStore, StoredResponse } from './shared-store';

export interface RedisStoreOptions {
  url: string;
  commandTimeoutMs: number;
  connectTimeoutMs: number;
  keyPrefix: string;
}

interface ScriptedRedis extends Redis {
  gwRateLimit(...args: Array<string | number>): Promise<number[]>;
  gwClaim(cacheKey: string, lockKey: string, token: string, ttlMs: number): Promise<[string, string?]>;
  gwComplete(cacheKey: string, lockKey: string, token: string, response: string, ttlMs: number): Promise<number>;
  gwRelease(lockKey: string, token: string): Promise<number>;
}

/**
 * Redis-backed store. Commands fail fast instead of queueing while disconnected
 * (`enableOfflineQueue: false`, no per-command retries, `commandTimeout`), and the client
 * reconnects on its own in the background, so an outage never makes a request hang and recovery
 * needs no restart.
 */
export class RedisStore extends SharedStore {
  readonly kind = 'redis' as const;
  readonly client: ScriptedRedis;
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
      keyPrefix: options.keyPrefix,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    }) as ScriptedRedis;
    this.client.defineCommand('gwRateLimit', { lua: RATE_LIMIT_SCRIPT });
    this.client.defineCommand('gwClaim', { numberOfKeys: 2, lua: CLAIM_SCRIPT });
    this.client.defineCommand('gwComplete', { numberOfKeys: 2, lua: COMPLETE_SCRIPT });
    this.client.defineCommand('gwRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    this.client.on('error', (error: Error) => {
      // Throttled: a down Redis emits an error on every reconnect attempt.
      if (Date.now() - this.lastErrorLoggedAt > 10_000) {
        this.lastErrorLoggedAt = Date.now();
        this.logger.warn(`Redis unavailable: ${error.message}`);
      }
    });
    this.client.on('ready', () => this.logger.log('Redis connected'));
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

  async hitRateLimit(buckets: RateBucket[]): Promise<RateLimitResult> {
    const reply = await this.client.gwRateLimit(
      buckets.length,
      ...buckets.map((b) => `rl:${b.id}`),
      ...buckets.map((b) => b.limit),
    );
    const rejected = Number(reply[0]);
    return {
      allowed: rejected === 0,
      rejectedBy: rejected === 0 ? null : rejected - 1,
      counts: buckets.map((_, i) => Number(reply[i + 1])),
      resetInMs: Number(reply[buckets.length + 1]),
    };
  }

  async claimIdempotency(cacheKey: string, lockKey: string, token: string, lockTtlMs: number): Promise<IdempotencyClaim> {
    const [state, cached] = await this.client.gwClaim(cacheKey, lockKey, token, lockTtlMs);
    if (state === 'replay' && cached) return { state, response: JSON.parse(cached) as StoredResponse };
    return { state: state === 'acquired' ? 'acquired' : 'in_flight' };
  }

  async completeIdempotency(cacheKey: string, lockKey: string, token: string, response: StoredResponse, ttlMs: number): Promise<void> {
    await this.client.gwComplete(cacheKey, lockKey, token, JSON.stringify(response), ttlMs);
  }

  async releaseIdempotency(lockKey: string, token: string): Promise<void> {
    await this.client.gwRelease(lockKey, token);
  }

  async acquireLease(key: string, ttlMs: number): Promise<boolean> {
    return (await this.client.set(key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }
}
