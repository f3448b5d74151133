import { LRUCache } from 'lru-cache';

/**
 * lru-cache's options for a cache off a message's path, of at most `entries` entries, allocated as
 * they come. Given `max`, lru-cache allocates its arrays for every entry at once (about 40 bytes an
 * entry, twice that with a TTL): the gateway's fifteen caches of up to 200,000 entries held some
 * 45 MB of an idle instance's heap before anything was cached. Counted by `maxSize` with a size of one
 * each, the bound is the same and the arrays grow with use (docs/performance.md, "Memory").
 */
export function upTo(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}

/**
 * A cache read or written for every message: an lru-cache of at most `max` entries whose arrays are
 * allocated whole (its links in typed arrays, outside the collected heap), on its first use. Grown as
 * they fill (`upTo`), the caches on a message's path made the instance's full collections five times
 * as costly under load: at 100 messages/s, 5 major collections of 110 ms each over a bench run
 * against 2 of 25 ms (docs/performance.md, "A message's cost back"). Allocated at start, the thirteen
 * of them held about 9 MB of an instance that never served a message; allocated on first use, an
 * instance pays for the caches it uses. Hence bounds sized for a deployment's working set, not the
 * largest imaginable. The methods are lru-cache's, for those the gateway calls.
 */
export class PreallocatedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>, FC = unknown> {
  private cache?: LRUCache<K, V, FC>;

  constructor(private readonly options: LRUCache.Options<K, V, FC> & { max: number }) {}

  get(key: K): V | undefined {
    return this.cache?.get(key);
  }

  has(key: K): boolean {
    return this.cache?.has(key) ?? false;
  }

  set(key: K, value: V, options?: LRUCache.SetOptions<K, V, FC>): this {
    this.live().set(key, value, options);
    return this;
  }

  delete(key: K): boolean {
    return this.cache?.delete(key) ?? false;
  }

  clear(): void {
    this.cache?.clear();
  }

  keys(): IterableIterator<K> {
    return this.cache?.keys() ?? [][Symbol.iterator]();
  }

  /** lru-cache's fetch: its `fetchMethod`, once for concurrent callers of a key not cached. */
  fetch(key: K): Promise<V | undefined> {
    return (this.live() as LRUCache<K, V, unknown>).fetch(key);
  }

  private live(): LRUCache<K, V, FC> {
    return (this.cache ??= new LRUCache<K, V, FC>(this.options));
  }
}
