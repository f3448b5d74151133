import type { Store } from 'express-session';
/** One fixed-window counter: at most `limit` hits per 1-second window. */
export interface RateBucket {
  /** Identifies the counter (for example `k:<apiKeyId>`). */
  id: string;
  limit: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Index of the bucket whose limit was exceeded (the first one checked that overflowed). */
  rejectedBy: number | null;
  /** Hits counted in each bucket's current window (for buckets not reached: 0). */
  counts: number[];
  /** Milliseconds until the current window ends, by the store's clock. */
  resetInMs: number;
}

/** A response kept for idempotent replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** The body, encrypted (the idempotency service stores every body so; `body` is then null). */
  sealed?: string;
}

/**
 * A turn asked of a phone number's pace (pacing/number-pace.service.ts): its next slot, spaced
 * `intervalUs` after the one before (a GCRA with no burst), no earlier than the pair rule allows,
 * and within the messaging limit when the send is business-initiated. All in one atomic step.
 */
export interface PaceReservation {
  /** Holds the number's theoretical arrival time (µs). */
  numberKey: string;
  /** Holds the number's interval (µs) when one was set for every instance; else `intervalUs` is used. */
  rateKey: string;
  intervalUs: number;
  /**
   * The pair of (number, recipient): a GCRA of `intervalUs` that tolerates being `toleranceUs` ahead;
   * an interval of 0 when this message was counted in it already (a late send's new turn).
   */
  pair: { key: string; intervalUs: number; toleranceUs: number };
  /** Business-initiated sends only: the users reached in the rolling window, at most `limit`. */
  tier?: { key: string; member: string; limit: number; windowUs: number };
  /** A slot further than this in the future is refused rather than waited for. */
  maxWaitUs: number;
}

export type PaceDecision =
  /** `delayUs` from `nowUs`, the store's clock (µs since the epoch) when it decided. */
  | { granted: true; delayUs: number; nowUs: number }
  | { granted: false; limit: 'throughput' | 'pair' | 'messaging_limit'; retryAfterUs: number };

export type IdempotencyClaim =
  { state: 'acquired' } | { state: 'in_flight' } | { state: 'replay'; response: StoredResponse };

/**
 * The state every gateway instance shares: rate-limit counters, idempotency locks and cached
 * responses. Backed by Redis in any real deployment; an in-process implementation with the same
 * interface serves a single instance when no REDIS_URL is configured, and stands in for Redis's
 * rate limiting while Redis is unreachable.
 */
export abstract class SharedStore {
  abstract readonly kind: 'redis' | 'memory';
  /** Resolves when the store answers; rejects (within the command timeout) when it does not. */
  abstract ping(): Promise<void>;
  /**
   * What /health shows of the store: its kind and, on Redis, its topology (for a cluster its state,
   * slots covered and primaries). Rejects when the store does not answer or a cluster is not `ok`.
   */
  abstract health(): Promise<Record<string, string | number>>;
  abstract close(): Promise<void>;

  /**
   * Where express-session keeps the console's sessions (`prefix` before each id): shared by every
   * instance on Redis (connect-redis over the same client), in this process's memory otherwise.
   */
  abstract sessionStore(prefix: string, ttlSeconds: number): Store;

  /**
   * Counts one hit in each bucket of the current 1-second window, in order, atomically. Stops at the
   * first bucket over its limit (later buckets are not counted). Every counter expires by itself.
   */
  abstract hitRateLimit(buckets: RateBucket[]): Promise<RateLimitResult>;

  /**
   * Atomically: if a response is cached under `cacheKey`, returns it; otherwise takes the lock
   * `lockKey` with `token` for `lockTtlMs`, or reports that another request holds it.
   */
  abstract claimIdempotency(
    cacheKey: string,
    lockKey: string,
    token: string,
    lockTtlMs: number,
  ): Promise<IdempotencyClaim>;

  /**
   * hitRateLimit, then, only when every bucket is within its limit, claimIdempotency: one atomic
   * step (one round trip to Redis). `claim` is undefined when the rate limit refused.
   */
  async hitRateLimitAndClaim(
    buckets: RateBucket[],
    idempotency: { cacheKey: string; lockKey: string; token: string; lockTtlMs: number },
  ): Promise<{ rate: RateLimitResult; claim?: IdempotencyClaim }> {
    const rate = await this.hitRateLimit(buckets);
    if (!rate.allowed) return { rate };
    return {
      rate,
      claim: await this.claimIdempotency(
        idempotency.cacheKey,
        idempotency.lockKey,
        idempotency.token,
        idempotency.lockTtlMs,
      ),
    };
  }

  /** Caches `response` under `cacheKey` for `ttlMs` and releases the lock if `token` still owns it. */
  abstract completeIdempotency(
    cacheKey: string,
    lockKey: string,
    token: string,
    response: StoredResponse,
    ttlMs: number,
  ): Promise<void>;

  /** Releases the lock if `token` still owns it (a lock that expired and was re-taken is left alone). */
  abstract releaseIdempotency(lockKey: string, token: string): Promise<void>;

  /**
   * Reserves turns of one number's pace (PaceReservation) for one message or several in a row, in one
   * round trip, or says which limit refuses each: the same decisions as that many reservations one
   * after another. The reservations share the number (its keys, interval and wait) and the tier's key
   * and window; each has its own pair and tier member. Decisions come in order and stop after the
   * first refused for throughput (the turns after it would be further still), so there may be fewer
   * decisions than reservations.
   */
  abstract reservePaces(reservations: PaceReservation[]): Promise<PaceDecision[]>;

  /**
   * Takes `count` slots of the number's pace now, without waiting for them: inbound messages (Meta
   * counts them too; mode 'add'), or a pause after Meta refused a send (mode 'until': no turn before
   * `count` intervals from now).
   */
  abstract takePace(
    numberKey: string,
    rateKey: string,
    intervalUs: number,
    count: number,
    mode: 'add' | 'until',
  ): Promise<void>;

  /** The messaging limit's window `key`: users in it (last `windowUs`), and how many of `members` are. */
  abstract paceTierUsage(
    key: string,
    windowUs: number,
    members: string[],
  ): Promise<{ reached: number; reachedAmong: number }>;

  /** Sets (or with null, clears) the interval every instance paces a number at, for `ttlMs`. */
  abstract setPaceInterval(rateKey: string, intervalUs: number | null, ttlMs: number): Promise<void>;

  /** Takes `key` for `ttlMs` unless someone holds it: one instance runs a periodic job per period. */
  abstract acquireLease(key: string, ttlMs: number): Promise<boolean>;

  /**
   * True the first time `key` is seen within `ttlMs`, on any instance; false after (a replay). The
   * same atomic first-writer-wins primitive as a lease. Rejects when the store cannot be reached.
   */
  firstUse(key: string, ttlMs: number): Promise<boolean> {
    return this.acquireLease(key, ttlMs);
  }
}
