import { LRUCache } from 'lru-cache';
import { upTo } from '../common/bounded-cache';
import { compareFeedIds, type FeedEntry, globToRegExp, SharedStore } from './shared-store';
import type { LocalState, StoreScript } from './store-script';

/**
 * In-process store for a single instance (no REDIS_URL), and each instance's stand-in while Redis is
 * unreachable: it runs the scripts' in-process twins (StoreScript.local) over keys with expiries, on
 * this process's clock. One call runs to its end before another starts, as a script does on Redis.
 */
export class MemoryStore extends SharedStore {
  readonly kind = 'memory' as const;
  private readonly entries = new LRUCache<string, { value: unknown }>({ ...upTo(100_000), ttlAutopurge: false });
  private readonly state: LocalState;

  constructor(now: () => number = Date.now) {
    super();
    const entries = this.entries;
    this.state = {
      get: <T>(key: string) => entries.get(key)?.value as T | undefined,
      has: (key) => entries.has(key),
      set: (key, value, ttlMs) => {
        entries.set(key, { value }, ttlMs === undefined ? {} : { ttl: Math.max(1, Math.ceil(ttlMs)) });
      },
      delete: (key) => {
        entries.delete(key);
      },
      nowMs: now,
    };
  }

  async ping(): Promise<void> {}

  async health(): Promise<Record<string, string | number>> {
    return { store: this.kind };
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  async run(script: StoreScript, keys: string[], args: Array<string | number>): Promise<unknown> {
    return script.local(this.state, keys, args);
  }

  async setValue(key: string, value: string, ttlMs: number): Promise<void> {
    this.state.set(key, value, ttlMs);
  }

  async deleteValue(key: string): Promise<void> {
    this.state.delete(key);
  }

  async scanKeys(pattern: string, each: (keys: string[]) => Promise<void>): Promise<void> {
    const match = globToRegExp(pattern);
    const keys = [...this.entries.keys()].filter((key) => match.test(key));
    if (keys.length) await each(keys);
  }

  async getValue(key: string): Promise<string | null> {
    const value = this.state.get<unknown>(key);
    return typeof value === 'string' ? value : null;
  }

  async removeFromFeed(feed: string, match: (data: string) => boolean): Promise<number> {
    const log = this.feeds.get(feed);
    if (!log) return 0;
    const before = log.entries.length;
    log.entries = log.entries.filter((entry) => !match(entry.data));
    return before - log.entries.length;
  }

  async acquireLease(key: string, ttlMs: number): Promise<boolean> {
    if (this.state.has(key)) return false;
    this.state.set(key, 'lease', ttlMs);
    return true;
  }

  // ---- feeds, broadcasts and maps: this process is every instance there is ----------------------

  private readonly feeds = new Map<string, { entries: FeedEntry[]; lastMs: number; seq: number; expiresAt: number }>();
  private readonly feedListeners = new Map<string, Set<(entry: FeedEntry) => void>>();
  private readonly channelListeners = new Map<string, Set<(message: string) => void>>();
  private readonly maps = new Map<string, Map<string, string>>();

  async appendToFeed(feed: string, data: readonly string[], keep: number, ttlMs: number): Promise<string[]> {
    const now = this.state.nowMs();
    let log = this.feeds.get(feed);
    if (!log || log.expiresAt <= now) {
      log = { entries: [], lastMs: 0, seq: 0, expiresAt: 0 };
      this.feeds.set(feed, log);
    }
    const appended = data.map((each) => {
      // As Redis makes stream ids: the time, and a sequence within the same millisecond (never backwards).
      if (now > log.lastMs) [log.lastMs, log.seq] = [now, 0];
      else log.seq++;
      return { id: `${log.lastMs}-${log.seq}`, data: each };
    });
    log.entries.push(...appended);
    if (log.entries.length > keep) log.entries.splice(0, log.entries.length - keep);
    log.expiresAt = now + ttlMs;
    for (const listener of this.feedListeners.get(feed) ?? [])
      queueMicrotask(() => appended.forEach((entry) => listener(entry)));
    return appended.map((entry) => entry.id);
  }

  async readFeed(
    feed: string,
    afterId: string,
    count: number,
  ): Promise<{ oldest: string | null; entries: FeedEntry[] }> {
    const log = this.feeds.get(feed);
    if (!log || log.expiresAt <= this.state.nowMs()) return { oldest: null, entries: [] };
    return {
      oldest: log.entries[0]?.id ?? null,
      entries: log.entries.filter((e) => compareFeedIds(e.id, afterId) > 0).slice(0, count),
    };
  }

  async subscribeFeed(feed: string, listener: (entry: FeedEntry) => void): Promise<void> {
    const listeners = this.feedListeners.get(feed) ?? new Set();
    listeners.add(listener);
    this.feedListeners.set(feed, listeners);
  }

  async unsubscribeFeed(feed: string, listener: (entry: FeedEntry) => void): Promise<void> {
    const listeners = this.feedListeners.get(feed);
    listeners?.delete(listener);
    if (listeners?.size === 0) this.feedListeners.delete(feed);
  }

  async broadcast(channel: string, message: string): Promise<void> {
    for (const listener of this.channelListeners.get(channel) ?? []) queueMicrotask(() => listener(message));
  }

  async onBroadcast(channel: string, listener: (message: string) => void): Promise<void> {
    const listeners = this.channelListeners.get(channel) ?? new Set();
    listeners.add(listener);
    this.channelListeners.set(channel, listeners);
  }

  async setField(key: string, field: string, value: string): Promise<void> {
    const map = this.maps.get(key) ?? new Map<string, string>();
    map.set(field, value);
    this.maps.set(key, map);
  }

  async fields(key: string): Promise<Record<string, string>> {
    return Object.fromEntries(this.maps.get(key) ?? []);
  }

  async deleteFields(key: string, fields: string[]): Promise<void> {
    for (const field of fields) this.maps.get(key)?.delete(field);
  }
}
