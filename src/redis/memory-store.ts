import { SharedStore } from './shared-store';

/** In-process store for a single instance (no REDIS_URL). */
export class MemoryStore extends SharedStore {
  readonly kind = 'memory' as const;

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
