/** How long between tries to release the claims that wait (a timer only while any wait). */
const RETRY_MS = 1000;
/** Past this many waiting, the oldest is left to its lock's own expiry (IDEMPOTENCY_LOCK_SECONDS). */
const MAX_WAITING = 10_000;
/** Releases sent at once in a sweep. */
const BATCH = 100;

/**
 * Claims that may run after their request was answered. A claim whose command timed out (Redis hung:
 * frozen, partitioned) was answered 503 "retry later with the same Idempotency-Key", but the command
 * stays in the connection and Redis runs it when it answers again: a lock held by no request, which
 * would answer that very retry 409 for the lock's whole life. Each such claim is released by its token
 * (only that claim's lock can go) until a release succeeds: sent after the claim on the connection
 * that carries the key, it runs after the claim. A claim refused without being sent (the breaker
 * open) never waits here. Hand-written: a queue library knows nothing of a command left in a socket,
 * and this holds at most one timer, only during and just after an outage.
 */
export class OrphanClaims {
  private readonly waiting = new Map<string, { lockKey: string; token: string }>();
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(private readonly release: (lockKey: string, token: string) => Promise<void>) {}

  /** A claim that may still run: released once the store answers. */
  add(lockKey: string, token: string): void {
    if (this.waiting.size >= MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value!);
    this.waiting.set(`${lockKey} ${token}`, { lockKey, token });
    this.schedule();
  }

  get size(): number {
    return this.waiting.size;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting.clear();
  }

  private schedule(): void {
    if (this.timer || this.sweeping || this.waiting.size === 0) return;
    this.timer = setTimeout(() => void this.sweep(), RETRY_MS);
    this.timer.unref();
  }

  /** One try for every claim waiting; those not released yet wait for the next. */
  private async sweep(): Promise<void> {
    this.timer = undefined;
    this.sweeping = true;
    try {
      const entries = [...this.waiting];
      for (let i = 0; i < entries.length; i += BATCH)
        await Promise.all(
          entries.slice(i, i + BATCH).map(([id, { lockKey, token }]) =>
            this.release(lockKey, token).then(
              () => this.waiting.delete(id),
              () => undefined,
            ),
          ),
        );
    } finally {
      this.sweeping = false;
      this.schedule();
    }
  }
}
