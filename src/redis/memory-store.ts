import { LRUCache } from 'lru-cache';
import { upTo } from '../common/bounded-cache';
import { SharedStore } from './shared-store';
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

  async acquireLease(key: string, ttlMs: number): Promise<boolean> {
    if (this.state.has(key)) return false;
    this.state.set(key, 'lease', ttlMs);
    return true;
  }
}
