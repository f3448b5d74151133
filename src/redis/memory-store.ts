import session, { type Store } from 'express-session';
import { LRUCache } from 'lru-cache';
import {
  type IdempotencyClaim,
  type PaceDecision,
  type PaceReservation,
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
  /** Messaging limit windows: per account, user → when last reached (µs). */
  private readonly tiers = new Map<string, Map<string, number>>();
  private readonly entries = new LRUCache<string, { value: string | StoredResponse }>({
    max: 100_000,
    ttlAutopurge: false,
  });

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async ping(): Promise<void> {}

  async health(): Promise<Record<string, string | number>> {
    return { store: this.kind };
  }

  sessionStore(): Store {
    return new session.MemoryStore();
  }

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

  /** The same decisions as RESERVE_PACE_SCRIPT (redis-scripts.ts), on this process's clock. */
  async reservePaces(reservations: PaceReservation[]): Promise<PaceDecision[]> {
    const now = this.now() * 1000;
    const decisions: PaceDecision[] = [];
    for (const reservation of reservations) {
      const decision = this.decidePace(reservation, now);
      decisions.push(decision);
      if (!decision.granted && decision.limit === 'throughput') break;
    }
    return decisions;
  }

  private decidePace(r: PaceReservation, now: number): PaceDecision {
    const interval = this.paceNumber(r.rateKey) ?? r.intervalUs;
    const pairTat = Math.max(this.paceNumber(r.pair.key) ?? 0, now);
    let earliest = now;
    if (r.pair.intervalUs > 0 && pairTat - now > r.pair.toleranceUs) {
      earliest = pairTat - r.pair.toleranceUs;
      if (earliest - now > r.maxWaitUs)
        return { granted: false, limit: 'pair', retryAfterUs: earliest - now - r.maxWaitUs };
    }
    let reached: Map<string, number> | undefined;
    if (r.tier) {
      reached = this.tiers.get(r.tier.key) ?? new Map<string, number>();
      this.tiers.set(r.tier.key, reached);
      for (const [member, at] of reached) if (at <= now - r.tier.windowUs) reached.delete(member);
      if (!reached.has(r.tier.member) && reached.size >= r.tier.limit) {
        const oldest = Math.min(...reached.values());
        return { granted: false, limit: 'messaging_limit', retryAfterUs: oldest + r.tier.windowUs - now };
      }
    }
    const slot = Math.max(this.paceNumber(r.numberKey) ?? 0, earliest);
    const delay = slot - now;
    if (delay > r.maxWaitUs) return { granted: false, limit: 'throughput', retryAfterUs: delay - r.maxWaitUs };
    this.setPaceNumber(r.numberKey, slot + interval, delay + interval);
    if (r.pair.intervalUs > 0) {
      const nextPair = Math.max(pairTat, slot) + r.pair.intervalUs;
      this.setPaceNumber(r.pair.key, nextPair, nextPair - now);
    }
    reached?.set(r.tier!.member, now);
    return { granted: true, delayUs: delay, nowUs: now };
  }

  async takePace(
    numberKey: string,
    rateKey: string,
    intervalUs: number,
    count: number,
    mode: 'add' | 'until',
  ): Promise<void> {
    const now = this.now() * 1000;
    const interval = this.paceNumber(rateKey) ?? intervalUs;
    const stored = this.paceNumber(numberKey) ?? 0;
    const tat = mode === 'add' ? Math.max(stored, now) + interval * count : Math.max(stored, now + interval * count);
    this.setPaceNumber(numberKey, tat, tat - now);
  }

  async paceTierUsage(
    key: string,
    windowUs: number,
    members: string[],
  ): Promise<{ reached: number; reachedAmong: number }> {
    const now = this.now() * 1000;
    const reached = this.tiers.get(key) ?? new Map<string, number>();
    for (const [member, at] of reached) if (at <= now - windowUs) reached.delete(member);
    return { reached: reached.size, reachedAmong: members.filter((m) => reached.has(m)).length };
  }

  async setPaceInterval(rateKey: string, intervalUs: number | null, ttlMs: number): Promise<void> {
    if (intervalUs === null) this.entries.delete(rateKey);
    else this.entries.set(rateKey, { value: String(intervalUs) }, { ttl: ttlMs });
  }

  private paceNumber(key: string): number | undefined {
    const entry = this.entries.get(key);
    return typeof entry?.value === 'string' ? Number(entry.value) : undefined;
  }

  private setPaceNumber(key: string, value: number, ttlUs: number): void {
    this.entries.set(key, { value: String(value) }, { ttl: Math.ceil(ttlUs / 1000) + 1000 });
  }

  private sweep(window: number): void {
    for (const [id, counter] of this.counters) if (counter.window < window) this.counters.delete(id);
  }
}
