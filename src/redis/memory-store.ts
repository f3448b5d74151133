import { LRUCache } from 'lru-cache';
import {
  type IdempotencyClaim,
  type RateBucket,
  type RateLimitResult,
  SharedStore,
  type StoredResponse,
} from './shared-store';

/**
 * In-process store for a single instance (no REDIS_URL), and the per-instance rate limiter used
 * while Redis is unreachable. Same semantics as the Redis scripts, on this process's clock.
 */
export class MemoryStore extends SharedStore {
  readonly kind = 'memory' as const;
  private readonly counters = new Map<string, { window: number; count: number }>();
  private readonly entries = new LRUCache<string, { value: string | StoredResponse }>({
    max: 100_000,
    ttlAutopurge: false,
  });

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.counters.clear();
    this.entries.clear();
  }

  async hitRateLimit(buckets: RateBucket[]): Promise<RateLimitResult> {
    const now = this.now();
    const window = Math.floor(now / 1000);
    if (this.counters.size > 50_000) this.sweep(window);
    const counts = buckets.map(() => 0);
    for (let i = 0; i < buckets.length; i++) {
      const bucket = buckets[i];
      let counter = this.counters.get(bucket.id);
      if (!counter || counter.window !== window) {
        counter = { window, count: 0 };
        this.counters.set(bucket.id, counter);
      }
      counter.count += 1;
      counts[i] = counter.count;
      if (counter.count > bucket.limit)
        return { allowed: false, rejectedBy: i, counts, resetInMs: (window + 1) * 1000 - now };
    }
    return { allowed: true, rejectedBy: null, counts, resetInMs: (window + 1) * 1000 - now };
  }

  async claimIdempotency(
    cacheKey: string,
    lockKey: string,
    token: string,
    lockTtlMs: number,
  ): Promise<IdempotencyClaim> {
    const cached = this.entries.get(cacheKey);
    if (cached && typeof cached.value !== 'string') return { state: 'replay', response: cached.value };
    if (this.entries.has(lockKey)) return { state: 'in_flight' };
    this.entries.set(lockKey, { value: token }, { ttl: lockTtlMs });
    return { state: 'acquired' };
  }

  async completeIdempotency(
    cacheKey: string,
    lockKey: string,
    token: string,
    response: StoredResponse,
    ttlMs: number,
  ): Promise<void> {
    this.entries.set(cacheKey, { value: response }, { ttl: ttlMs });
    await this.releaseIdempotency(lockKey, token);
  }

  async releaseIdempotency(lockKey: string, token: string): Promise<void> {
    if (this.entries.get(lockKey)?.value === token) this.entries.delete(lockKey);
  }

  async acquireLease(key: string, ttlMs: number): Promise<boolean> {
    if (this.entries.has(key)) return false;
    this.entries.set(key, { value: 'lease' }, { ttl: ttlMs });
    return true;
  }

  private sweep(window: number): void {
    for (const [id, counter] of this.counters) if (counter.window < window) this.counters.delete(id);
  }
}
