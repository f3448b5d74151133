import { claimLocally, claimOf, type IdempotencyClaim } from '../idempotency/idempotency.scripts';
import type { SharedStore } from '../redis/shared-store';
import type { LocalState, StoreScript } from '../redis/store-script';

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

/**
 * The count both rate-limit scripts make, over KEYS[1..buckets] with limits ARGV[1..buckets]:
 * `result` = {rejectedIndex, counts..., ms until the window ends}. The window is Redis's own clock
 * (TIME), so instances with skewed clocks agree. Each counter is `<prefix>:<unix second>`, created
 * with a 2-second expiry in the same script that increments it, so no counter lives without a TTL.
 */
const COUNT_HITS = `
local now = redis.call('TIME')
local second = now[1]
local resetMs = 1000 - math.floor(tonumber(now[2]) / 1000)
local result = {0}
for i = 1, buckets do result[i + 1] = 0 end
for i = 1, buckets do
  local key = KEYS[i] .. ':' .. second
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, 2000) end
  result[i + 1] = count
  if count > tonumber(ARGV[i]) then
    result[1] = i
    break
  end
end
result[buckets + 2] = resetMs`;

/** COUNT_HITS in process, on the store's clock. */
function countHitsLocally(state: LocalState, keys: string[], limits: Array<string | number>): number[] {
  const now = state.nowMs();
  const second = Math.floor(now / 1000);
  const result = [0, ...keys.map(() => 0)];
  for (let i = 0; i < keys.length; i++) {
    const key = `${keys[i]}:${second}`;
    const count = (state.get<number>(key) ?? 0) + 1;
    state.set(key, count, 2000);
    result[i + 1] = count;
    if (count > Number(limits[i])) {
      result[0] = i + 1;
      break;
    }
  }
  result.push(1000 - (now % 1000));
  return result;
}

/**
 * RATE_LIMIT — KEYS: one counter prefix per bucket; ARGV: the limits, in the same order. Returns
 * {rejectedIndex (0 = none, 1-based), counts..., ms until the window ends}.
 */
export const RATE_LIMIT_SCRIPT: StoreScript = {
  name: 'gwRateLimit',
  lua: `
local buckets = #KEYS
${COUNT_HITS}
return result
`,
  local: (state, keys, args) => countHitsLocally(state, keys, args),
};

/**
 * RATE_LIMIT_AND_CLAIM — a write with an Idempotency-Key: the rate limit and the idempotency claim in
 * one round trip. KEYS: the counter prefixes, then the cache key and the lock key; ARGV: the limits,
 * then the token and the lock TTL ms. Counts as RATE_LIMIT; only a request within its limits then
 * claims as idempotency's CLAIM. Returns RATE_LIMIT's reply followed by the claim ('rate_limited'
 * when refused): {rejectedIndex, counts..., resetMs, state, cached?}.
 */
export const RATE_LIMIT_AND_CLAIM_SCRIPT: StoreScript = {
  name: 'gwRateLimitClaim',
  lua: `
local buckets = #KEYS - 2
${COUNT_HITS}
if result[1] ~= 0 then
  result[buckets + 3] = 'rate_limited'
  return result
end
local cached = redis.call('GET', KEYS[buckets + 1])
if cached then
  result[buckets + 3] = 'replay'
  result[buckets + 4] = cached
elseif redis.call('SET', KEYS[buckets + 2], ARGV[buckets + 1], 'NX', 'PX', ARGV[buckets + 2]) then
  result[buckets + 3] = 'acquired'
else
  result[buckets + 3] = 'in_flight'
end
return result
`,
  local(state, keys, args) {
    const buckets = keys.length - 2;
    const result: Array<string | number> = countHitsLocally(state, keys.slice(0, buckets), args.slice(0, buckets));
    if (result[0] !== 0) return [...result, 'rate_limited'];
    return [...result, ...claimLocally(state, keys.slice(buckets), args.slice(buckets))];
  },
};

/** The store's key of a bucket's counters. */
const counterKey = (bucket: RateBucket) => `rl:${bucket.id}`;

function rateOf(reply: unknown[], buckets: RateBucket[]): RateLimitResult {
  const rejected = Number(reply[0]);
  return {
    allowed: rejected === 0,
    rejectedBy: rejected === 0 ? null : rejected - 1,
    counts: buckets.map((_, i) => Number(reply[i + 1])),
    resetInMs: Number(reply[buckets.length + 1]),
  };
}

/**
 * Counts one hit in each bucket of the current 1-second window, in order, atomically. Stops at the
 * first bucket over its limit (later buckets are not counted). Every counter expires by itself.
 */
export async function hitRateLimit(store: SharedStore, buckets: RateBucket[]): Promise<RateLimitResult> {
  const reply = (await store.run(
    RATE_LIMIT_SCRIPT,
    buckets.map(counterKey),
    buckets.map((b) => b.limit),
  )) as unknown[];
  return rateOf(reply, buckets);
}

/**
 * hitRateLimit, then, only when every bucket is within its limit, the idempotency claim: one atomic
 * step (one round trip to Redis). `claim` is undefined when the rate limit refused.
 */
export async function hitRateLimitAndClaim(
  store: SharedStore,
  buckets: RateBucket[],
  idempotency: { cacheKey: string; lockKey: string; token: string; lockTtlMs: number },
): Promise<{ rate: RateLimitResult; claim?: IdempotencyClaim }> {
  const reply = (await store.run(
    RATE_LIMIT_AND_CLAIM_SCRIPT,
    [...buckets.map(counterKey), idempotency.cacheKey, idempotency.lockKey],
    [...buckets.map((b) => b.limit), idempotency.token, idempotency.lockTtlMs],
  )) as unknown[];
  const rate = rateOf(reply, buckets);
  const state = reply[buckets.length + 2];
  if (state === 'rate_limited') return { rate };
  return { rate, claim: claimOf(state, reply[buckets.length + 3]) };
}
