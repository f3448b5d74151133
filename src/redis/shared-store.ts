import type { StoreScript } from './store-script';
/**
 * The state every gateway instance shares. It knows no feature: each feature brings its own atomic
 * steps (StoreScript: rate limits in rate-limit/, idempotency claims in idempotency/, the numbers'
 * pace in pacing/) and its own keys, and the store runs them. Backed by Redis in any real deployment;
 * an in-process implementation runs the scripts' in-process twins for a single instance when no
 * REDIS_URL is configured, and stands in for Redis in each instance while Redis is unreachable.
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

  /** Runs a feature's script atomically: on Redis its Lua (one round trip), in process its twin. */
  abstract run(script: StoreScript, keys: string[], args: Array<string | number>): Promise<unknown>;

  /** Sets `key` to `value` for `ttlMs` (a value every instance reads, such as a shared setting). */
  abstract setValue(key: string, value: string, ttlMs: number): Promise<void>;

  /** Removes `key`. */
  abstract deleteValue(key: string): Promise<void>;

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
