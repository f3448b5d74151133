import { OrphanClaims } from './orphan-claims';

describe('OrphanClaims', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('tries each claim again every second until its release succeeds, then forgets it', async () => {
    let storeAnswers = false;
    const released: string[] = [];
    const orphans = new OrphanClaims(async (lockKey, token) => {
      if (!storeAnswers) throw new Error('Redis unavailable');
      released.push(`${lockKey}/${token}`);
    });
    orphans.add('idem:{k}:l:a', 't1');
    orphans.add('idem:{k}:l:a', 't2'); // the same key retried during the outage: a claim of its own
    await jest.advanceTimersByTimeAsync(3000);
    expect(released).toEqual([]);
    expect(orphans.size).toBe(2);
    storeAnswers = true;
    await jest.advanceTimersByTimeAsync(1000);
    expect(released).toEqual(['idem:{k}:l:a/t1', 'idem:{k}:l:a/t2']);
    expect(orphans.size).toBe(0);
    // Nothing waits: no timer is left (an idle instance is not woken).
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps at most 10,000, dropping the oldest (its lock expires by itself)', () => {
    const orphans = new OrphanClaims(async () => undefined);
    for (let i = 0; i < 10_001; i++) orphans.add(`lock-${i}`, 'token');
    expect(orphans.size).toBe(10_000);
    orphans.close();
    expect(orphans.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
