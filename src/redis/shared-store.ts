/**
 * The state every gateway instance shares: rate-limit counters, idempotency locks and cached
 * responses. Backed by Redis in any real deployment; an in-process implementation with the same
 * interface serves a single instance when no REDIS_URL is configured.
 */
export abstract class SharedStore {
  abstract readonly kind: 'redis' | 'memory';
  /** Resolves when the store answers; rejects (within the command timeout) when it does not. */
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}
