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
 * lru-cache's options for a cache read or written for every message, of at most `entries` entries,
 * allocated whole at start (its links in typed arrays, outside the collected heap). Grown as they
 * fill (`upTo`), the caches on a message's path made the instance's full collections five times as
 * costly under load: at 100 messages/s, 5 major collections of 110 ms each over a bench run against
 * 2 of 25 ms (docs/performance.md, "A message's cost back"). Hence bounds sized for a deployment's
 * working set, not the largest imaginable.
 */
export function allocatedFor(entries: number): { max: number } {
  return { max: entries };
}
