/**
 * lru-cache's options for at most `entries` entries, allocated as they come. Given `max`, lru-cache
 * allocates its arrays for every entry at once (about 40 bytes an entry, twice that with a TTL): the
 * gateway's fifteen caches of up to 200,000 entries held some 45 MB of an idle instance's heap before
 * anything was cached. Counted by `maxSize` with a size of one each, the bound is the same and the
 * arrays grow with use (docs/performance.md, "Memory").
 */
export function upTo(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}
