import { Injectable, Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { MemoryStore } from '../redis/memory-store';
import type { GraphError } from '../core/graph-error';
import type { PreparedClaim } from '../idempotency/idempotency.service';
import type { IdempotencyClaim } from '../idempotency/idempotency.scripts';
import { SharedStore } from '../redis/shared-store';
import { hitRateLimit, hitRateLimitAndClaim, type RateLimitResult } from './rate-limit.scripts';

/**
 * @nestjs/throttler's storage on the gateway's shared store, with the spec's semantics: a counter
 * per key in 1-second windows aligned to whole seconds of Redis's clock (TIME), so every instance
 * counts in the same window; one Lua script per hit (atomic across instances). While Redis cannot
 * be reached, a per-instance store with the same rules takes over (limits hold per instance), and
 * Redis takes over again as soon as it answers.
 *
 * The window is the spec's, whatever `ttl` the throttler names (every throttler here names 1 s);
 * there is no blocking past the window (`blockDuration` is the window too).
 */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly fallback = new MemoryStore();
  private lastFallbackWarning = 0;

  constructor(private readonly store: SharedStore) {}

  async increment(key: string, _ttl: number, limit: number): Promise<ThrottlerStorageRecord & { resetInMs: number }> {
    return toRecord(await this.hit(key, limit));
  }

  /**
   * increment() and the idempotency claim of the same request in one round trip (see
   * AdmissionGuard (pipeline)). While Redis is down the count falls back like increment() and the claim
   * is the error the interceptor answers with (503: a keyed write is not run without its store).
   */
  async incrementAndClaim(
    key: string,
    limit: number,
    prepared: PreparedClaim,
    unavailable: (error: Error) => GraphError,
  ): Promise<{ record: ThrottlerStorageRecord; claim?: IdempotencyClaim | GraphError }> {
    try {
      const { rate, claim } = await hitRateLimitAndClaim(this.store, [{ id: key, limit }], prepared);
      return { record: toRecord(rate), claim };
    } catch (error) {
      const record = await this.increment(key, 1000, limit);
      return { record, claim: record.isBlocked ? undefined : unavailable(error as Error) };
    }
  }

  private async hit(key: string, limit: number) {
    try {
      return await hitRateLimit(this.store, [{ id: key, limit }]);
    } catch (error) {
      if (Date.now() - this.lastFallbackWarning > 10_000) {
        this.lastFallbackWarning = Date.now();
        this.logger.warn(`shared rate-limit store unavailable (${(error as Error).message}); limiting per instance`);
      }
      return hitRateLimit(this.fallback, [{ id: key, limit }]);
    }
  }
}

function toRecord(result: RateLimitResult): ThrottlerStorageRecord & { resetInMs: number } {
  const secondsLeft = Math.max(1, Math.ceil(result.resetInMs / 1000));
  return {
    totalHits: result.counts[0],
    timeToExpire: secondsLeft,
    isBlocked: !result.allowed,
    timeToBlockExpire: result.allowed ? 0 : secondsLeft,
    resetInMs: result.resetInMs,
  };
}
