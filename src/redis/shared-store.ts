import type { StoreScript } from './store-script';

/** One entry of a feed: its id (`<ms>-<seq>`, ordered within the feed) and what was appended. */
export interface FeedEntry {
  id: string;
  data: string;
}

/** Orders two feed ids (`<ms>-<seq>`): negative when `a` is older. */
export function compareFeedIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
}

/** A feed id as `readFeed` takes it. */
export const FEED_ID = /^\d{1,15}-\d{1,10}$/;

/**
 * The state every gateway instance shares. It knows no feature: each feature brings its own atomic
 * steps (StoreScript: rate limits in rate-limit/, idempotency claims in idempotency/, the numbers'
 * pace in pacing/) and its own keys, and the store runs them. Backed by Redis in any real deployment;
 * an in-process implementation runs the scripts' in-process twins for a single instance when no
 * REDIS_URL is configured, and stands in for Redis in each instance while Redis is unreachable.
 */
/**
 * Whether a store's command failed without being sent (Redis known down: its breaker open). A command
 * that failed otherwise (a timeout) may still run once the store answers again.
 */
export const wasNotSent = (error: unknown): boolean => (error as { notSent?: unknown } | null)?.notSent === true;

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

  // ---- feeds: an ordered log per topic that every instance reads, with live fan-out ------------

  /**
   * Appends each of `data` to `feed`, in order, and tells every instance's subscribers of them, in one
   * atomic step (one round trip, one message to each subscribing instance); keeps the newest `keep`
   * entries (about) for `ttlMs` after the last append. Answers the entries' ids. An entry's data holds
   * no line break (a JSON text does not).
   */
  abstract appendToFeed(feed: string, data: readonly string[], keep: number, ttlMs: number): Promise<string[]>;

  /** Up to `count` entries after `afterId`, oldest first, and the id of the oldest entry kept (null: none). */
  abstract readFeed(
    feed: string,
    afterId: string,
    count: number,
  ): Promise<{ oldest: string | null; entries: FeedEntry[] }>;

  /** `listener` gets each entry appended to `feed` from now on, on any instance, until unsubscribed. */
  abstract subscribeFeed(feed: string, listener: (entry: FeedEntry) => void): Promise<void>;

  abstract unsubscribeFeed(feed: string, listener: (entry: FeedEntry) => void): Promise<void>;

  /** Sends `message` to every instance listening on `channel` (no log: who is not listening misses it). */
  abstract broadcast(channel: string, message: string): Promise<void>;

  abstract onBroadcast(channel: string, listener: (message: string) => void): Promise<void>;

  /** Sets `field` of the map `key` every instance reads (no expiry: readers judge a field's age). */
  abstract setField(key: string, field: string, value: string): Promise<void>;

  /** The whole map `key` (empty when there is none). */
  abstract fields(key: string): Promise<Record<string, string>>;

  /** Removes `fields` of the map `key`. */
  abstract deleteFields(key: string, fields: string[]): Promise<void>;

  // ---- for maintenance that looks for data (a customer's erasure), never on a request's path --------

  /**
   * Every key whose name matches the glob `pattern`, a batch at a time to `each` (Redis's SCAN on every
   * primary: it does not block the server; a key written meanwhile may be missed, as SCAN says).
   */
  abstract scanKeys(pattern: string, each: (keys: string[]) => Promise<void>): Promise<void>;

  /** A string value (as setValue and scripts store them), or null. */
  abstract getValue(key: string): Promise<string | null>;

  /** Removes the entries of `feed` whose data `match` says: how many. */
  abstract removeFromFeed(feed: string, match: (data: string) => boolean): Promise<number>;
}

/** A glob of SCAN's (`*`, `?`, `[...]`) as a regular expression, for the in-process store. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (const ch of glob)
    source +=
      ch === '*' ? '.*' : ch === '?' ? '.' : ch === '[' || ch === ']' ? ch : ch.replace(/[.+^${}()|\\]/g, '\\$&');
  return new RegExp(`^${source}$`);
}
