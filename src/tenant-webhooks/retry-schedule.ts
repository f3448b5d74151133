export interface RetryPolicy {
  /** Wait after the first failed attempt. */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** Retries stop once this long has passed since the schedule started; the delivery is then failed. */
  windowMs: number;
  /** Share of each wait drawn at random, either way (0.2 = ±20 %). */
  jitter: number;
}

/**
 * When to try again after `failures` failed attempts (1 = the first attempt failed), or null when
 * the retry window is spent. Exponential (base, 2×base, 4×base, ...) up to the cap, with jitter so
 * that deliveries that failed together do not all come back at the same instant.
 */
export function nextRetryDelayMs(
  policy: RetryPolicy,
  failures: number,
  elapsedMs: number,
  random: () => number = Math.random,
): number | null {
  const exponent = Math.min(Math.max(failures - 1, 0), 40);
  const plain = Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
  const spread = plain * policy.jitter * (random() * 2 - 1);
  const delay = Math.max(0, Math.round(plain + spread));
  if (elapsedMs + delay > policy.windowMs) return null;
  return delay;
}

/** The waits a delivery that never succeeds goes through (without jitter): for docs and tests. */
export function retryScheduleMs(policy: RetryPolicy): number[] {
  const waits: number[] = [];
  let elapsed = 0;
  for (let failures = 1; failures < 10_000; failures++) {
    const delay = nextRetryDelayMs({ ...policy, jitter: 0 }, failures, elapsed);
    if (delay === null) break;
    waits.push(delay);
    elapsed += delay;
  }
  return waits;
}
