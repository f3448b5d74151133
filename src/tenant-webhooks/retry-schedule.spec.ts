import { nextRetryDelayMs, retryScheduleMs } from './retry-schedule';

const DEFAULTS = { baseDelayMs: 5_000, maxDelayMs: 3_600_000, windowMs: 86_400_000, jitter: 0.2 };

describe('webhook retry schedule', () => {
  it('doubles from the base up to the cap', () => {
    const plain = { ...DEFAULTS, jitter: 0 };
    expect([1, 2, 3, 4, 5].map((n) => nextRetryDelayMs(plain, n, 0))).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
    expect(nextRetryDelayMs(plain, 20, 0)).toBe(3_600_000);
  });

  it('spreads each wait by the jitter, either way', () => {
    expect(nextRetryDelayMs(DEFAULTS, 1, 0, () => 0)).toBe(4_000);
    expect(nextRetryDelayMs(DEFAULTS, 1, 0, () => 1)).toBe(6_000);
    expect(nextRetryDelayMs(DEFAULTS, 1, 0, () => 0.5)).toBe(5_000);
  });

  it('stops once the retry window would be passed', () => {
    expect(nextRetryDelayMs({ ...DEFAULTS, jitter: 0 }, 3, 86_400_000 - 19_999)).toBeNull();
    expect(nextRetryDelayMs({ ...DEFAULTS, jitter: 0 }, 3, 86_400_000 - 20_000)).toBe(20_000);
  });

  it('retries for the whole 24 hours by default: about 33 attempts, starting at 5 s', () => {
    const waits = retryScheduleMs(DEFAULTS);
    expect(waits.slice(0, 4)).toEqual([5_000, 10_000, 20_000, 40_000]);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(23 * 3_600_000);
    expect(total).toBeLessThanOrEqual(24 * 3_600_000);
    expect(waits.length).toBeGreaterThanOrEqual(30);
    expect(waits.length).toBeLessThanOrEqual(36);
  });
});
