/**
 * What a script's in-process twin works on (MemoryStore): keys holding values, each with an optional
 * expiry, and the store's clock. Values are whatever the twin keeps (a string as Redis would, or a
 * structure standing for a Redis type, such as a sorted set's members and scores).
 */
export interface LocalState {
  get<T>(key: string): T | undefined;
  has(key: string): boolean;
  set(key: string, value: unknown, ttlMs?: number): void;
  delete(key: string): void;
  /** Milliseconds since the epoch, by the store's clock. */
  nowMs(): number;
}

/**
 * One atomic step on the shared store, owned by the feature it serves (its keys, its rules, its
 * replies): Lua for Redis, one round trip; and `local`, the same decision over the in-process state,
 * for the in-process store and for each instance's fallback while Redis cannot be reached. The store
 * runs it without knowing what it is for.
 */
export interface StoreScript {
  /** Unique among scripts: the command it is defined as on Redis. */
  readonly name: string;
  readonly lua: string;
  /** The reply Redis would give (numbers and strings, in the Lua's order), decided in process. */
  local(state: LocalState, keys: string[], args: Array<string | number>): unknown;
}
