import type { SharedStore } from '../redis/shared-store';
import type { LocalState, StoreScript } from '../redis/store-script';

/** A response kept for idempotent replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** The body, encrypted (the idempotency service stores every body so; `body` is then null). */
  sealed?: string;
}

export type IdempotencyClaim =
  { state: 'acquired' } | { state: 'in_flight' } | { state: 'replay'; response: StoredResponse };

/** CLAIM's decision in process: the cached answer, else the lock (`keys`: cache, lock; `args`: token, lock TTL ms). */
export function claimLocally(state: LocalState, keys: string[], args: Array<string | number>): string[] {
  const cached = state.get<string>(keys[0]);
  if (cached !== undefined) return ['replay', cached];
  if (state.has(keys[1])) return ['in_flight'];
  state.set(keys[1], String(args[0]), Number(args[1]));
  return ['acquired'];
}

/**
 * CLAIM — KEYS: cache key, lock key; ARGV: token, lock TTL ms.
 * Returns {'replay', cached} | {'in_flight'} | {'acquired'}.
 */
export const CLAIM_SCRIPT: StoreScript = {
  name: 'gwClaim',
  lua: `
local cached = redis.call('GET', KEYS[1])
if cached then return {'replay', cached} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'acquired'} end
return {'in_flight'}
`,
  local: claimLocally,
};

/** RELEASE — KEYS: lock key; ARGV: token. Deletes the lock only for its owner. */
export const RELEASE_SCRIPT: StoreScript = {
  name: 'gwRelease',
  lua: `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`,
  local(state, keys, args) {
    if (state.get(keys[0]) !== String(args[0])) return 0;
    state.delete(keys[0]);
    return 1;
  },
};

/** COMPLETE — KEYS: cache key, lock key; ARGV: token, response JSON, TTL ms. */
export const COMPLETE_SCRIPT: StoreScript = {
  name: 'gwComplete',
  lua: `
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
`,
  local(state, keys, args) {
    state.set(keys[0], String(args[1]), Number(args[2]));
    RELEASE_SCRIPT.local(state, [keys[1]], [args[0]]);
    return 1;
  },
};

/** A claim's reply (CLAIM's, or the end of RATE_LIMIT_AND_CLAIM's) as the service reads it. */
export function claimOf(state: unknown, cached: unknown): IdempotencyClaim {
  if (state === 'replay' && typeof cached === 'string')
    return { state: 'replay', response: JSON.parse(cached) as StoredResponse };
  return { state: state === 'acquired' ? 'acquired' : 'in_flight' };
}

/**
 * Atomically: if a response is cached under `cacheKey`, returns it; otherwise takes the lock
 * `lockKey` with `token` for `lockTtlMs`, or reports that another request holds it.
 */
export async function claimIdempotency(
  store: SharedStore,
  cacheKey: string,
  lockKey: string,
  token: string,
  lockTtlMs: number,
): Promise<IdempotencyClaim> {
  const [state, cached] = (await store.run(CLAIM_SCRIPT, [cacheKey, lockKey], [token, lockTtlMs])) as unknown[];
  return claimOf(state, cached);
}

/** Caches `response` under `cacheKey` for `ttlMs` and releases the lock if `token` still owns it. */
export async function completeIdempotency(
  store: SharedStore,
  cacheKey: string,
  lockKey: string,
  token: string,
  response: StoredResponse,
  ttlMs: number,
): Promise<void> {
  await store.run(COMPLETE_SCRIPT, [cacheKey, lockKey], [token, JSON.stringify(response), ttlMs]);
}

/** Releases the lock if `token` still owns it (a lock that expired and was re-taken is left alone). */
export async function releaseIdempotency(store: SharedStore, lockKey: string, token: string): Promise<void> {
  await store.run(RELEASE_SCRIPT, [lockKey], [token]);
}
