import { randomUUID } from 'node:crypto';
import { MemoryStore } from '../redis/memory-store';
import { RedisStore } from '../redis/redis-store';
import type { SharedStore } from '../redis/shared-store';
import { type PaceDecision, type PaceReservation, reservePaces, setPaceInterval, takePace } from './pace.scripts';

// The pace's decisions (number-pace.service.ts, pace.scripts.ts) made by both stores alike: the Lua
// script on a real Redis (the test environment's) and its in-process twin, frozen at one instant.

const MS = 1000;
/** One message's turn: a list of one. */
const reservePace = async (store: SharedStore, r: PaceReservation): Promise<PaceDecision> =>
  (await reservePaces(store, [r]))[0];

const reservation = (id: string, overrides: Partial<PaceReservation> = {}): PaceReservation => ({
  numberKey: `pace:{${id}}:n`,
  rateKey: `pace:{${id}}:rate`,
  intervalUs: 12.5 * MS,
  pair: {
    key: `pace:{${id}}:p:${overrides.tier?.member ?? '15551234567'}`,
    intervalUs: 6000 * MS,
    toleranceUs: 44 * 6000 * MS,
  },
  maxWaitUs: 100 * MS,
  ...overrides,
});

describe.each([
  ['the in-process store', () => new MemoryStore(() => 1_700_000_000_000)],
  [
    'Redis',
    async () => {
      const store = new RedisStore({
        url: process.env.REDIS_URL!,
        commandTimeoutMs: 2000,
        connectTimeoutMs: 2000,
        keyPrefix: `gwtest:pace-spec:${randomUUID()}:`,
      });
      await store.connect();
      return store;
    },
  ],
])('the pace in %s', (_name, make: () => SharedStore | Promise<SharedStore>) => {
  let store: SharedStore;
  beforeAll(async () => {
    store = await make();
  });
  afterAll(() => store.close());

  it("hands out a number's turns one interval apart, in order, and refuses a turn further than the wait allows", async () => {
    const id = randomUUID();
    // A turn is the store's instant plus the delay; the store's instant lies between the call and its
    // answer. So each turn is bounded on the test's clock, however slow the calls are.
    const turns: Array<{ earliest: number; latest: number; delay: number }> = [];
    for (let i = 0; i < 8; i++) {
      const called = performance.now();
      const decision = await reservePace(
        store,
        reservation(id, { pair: { ...reservation(id).pair, key: `p:${id}:${i}` } }),
      );
      const answered = performance.now();
      expect(decision.granted).toBe(true);
      if (decision.granted) {
        const delay = decision.delayUs / MS;
        turns.push({ earliest: called + delay, latest: answered + delay, delay });
      }
    }
    for (let i = 1; i < turns.length; i++) {
      // At least one interval (12.5 ms) after the turn before, never more than one interval further off.
      expect(turns[i].latest - turns[i - 1].earliest).toBeGreaterThanOrEqual(12.5 - 0.01);
      expect(turns[i].delay - turns[i - 1].delay).toBeLessThanOrEqual(12.5 + 0.01);
    }
    // A number whose next turn is a second away: a send that may wait 50 ms is refused, told when to
    // come back (the turn, less the wait it allows).
    const slow = randomUUID();
    const second = (key: string) =>
      reservation(slow, { intervalUs: 1000 * MS, maxWaitUs: 50 * MS, pair: { ...reservation(slow).pair, key } });
    expect((await reservePace(store, second(`p:${slow}:1`))).granted).toBe(true);
    const refused = await reservePace(store, second(`p:${slow}:2`));
    expect(refused).toMatchObject({ granted: false, limit: 'throughput' });
    if (!refused.granted) expect(refused.retryAfterUs / MS).toBeGreaterThan(500);
  });

  it('lets a burst of 45 through to one user and then one every 6 s', async () => {
    const id = randomUUID();
    const fast = (r: PaceReservation) => ({ ...r, intervalUs: 1, maxWaitUs: 1000 * MS });
    for (let i = 0; i < 45; i++) expect((await reservePace(store, fast(reservation(id)))).granted).toBe(true);
    const refused = await reservePace(store, fast(reservation(id)));
    expect(refused).toMatchObject({ granted: false, limit: 'pair' });
    if (!refused.granted) expect(refused.retryAfterUs / MS).toBeGreaterThan(4000);
  });

  it("takes a late send's new turn without counting its pair again", async () => {
    const id = randomUUID();
    const fast = (r: PaceReservation) => ({ ...r, intervalUs: 1, maxWaitUs: 1000 * MS });
    for (let i = 0; i < 45; i++) expect((await reservePace(store, fast(reservation(id)))).granted).toBe(true);
    const again = fast(reservation(id));
    expect((await reservePace(store, { ...again, pair: { ...again.pair, intervalUs: 0 } })).granted).toBe(true);
    expect(await reservePace(store, fast(reservation(id)))).toMatchObject({ granted: false, limit: 'pair' });
  });

  it('counts the users of business-initiated sends against the tier, a user reached again for free', async () => {
    const id = randomUUID();
    const tier = (member: string) =>
      reservation(id, { intervalUs: 1, tier: { key: `tier:${id}`, member, limit: 3, windowUs: 86_400_000 * MS } });
    for (const member of ['1', '2', '3', '2']) expect((await reservePace(store, tier(member))).granted).toBe(true);
    expect(await reservePace(store, tier('4'))).toMatchObject({ granted: false, limit: 'messaging_limit' });
  });

  it('decides several messages in one call as that many calls in a row would, and stops at the first turn too far off', async () => {
    const id = randomUUID();
    const message = (member: string, tierLimit?: number): PaceReservation =>
      reservation(id, {
        intervalUs: 200 * MS,
        maxWaitUs: 500 * MS,
        pair: { key: `pace:{${id}}:p:${member}`, intervalUs: 6000 * MS, toleranceUs: 0 },
        ...(tierLimit !== undefined && {
          tier: { key: `tier:${id}`, member, limit: tierLimit, windowUs: 86_400_000 * MS },
        }),
      });
    expect((await reservePace(store, message('reached'))).granted).toBe(true);
    const decisions = await reservePaces(store, [
      message('reached'), // the pair rule: one every 6 s, no burst here
      message('new', 1), // the tier's one user
      message('over', 1), // a second user over a tier of one
      message('plain'),
      message('late'), // three intervals after the first call's turn: further than the 500 ms wait
      message('unasked'),
    ]);
    expect(decisions.map((d) => (d.granted ? 'ok' : d.limit))).toEqual([
      'pair',
      'ok',
      'messaging_limit',
      'ok',
      'throughput',
    ]);
    const [, first, , second] = decisions;
    if (!first.granted || !second.granted) throw new Error('granted above');
    // Refused messages take no turn: the two granted ones are one interval apart, after the first
    // call's (less the time between the two calls, under 100 ms even on a loaded machine).
    expect(first.delayUs / MS).toBeGreaterThan(100);
    expect(first.delayUs / MS).toBeLessThanOrEqual(200);
    expect((second.delayUs - first.delayUs) / MS).toBeCloseTo(200, 3);
    // Nothing was written for the refused ones: the tier still holds one user, the last one unasked.
    expect(await reservePace(store, message('unasked', 1))).toMatchObject({ granted: false, limit: 'messaging_limit' });
  });

  it('takes turns for inbound messages, and after a refusal by Meta keeps the number quiet for a while', async () => {
    const id = randomUUID();
    const { numberKey, rateKey } = reservation(id);
    await takePace(store, numberKey, rateKey, 12.5 * MS, 4, 'add');
    const after = await reservePace(store, reservation(id, { maxWaitUs: 1000 * MS }));
    expect(after.granted && after.delayUs / MS).toBeGreaterThan(40);
    await takePace(store, numberKey, rateKey, 12.5 * MS, 80, 'until');
    await takePace(store, numberKey, rateKey, 12.5 * MS, 80, 'until');
    const quiet = await reservePace(store, reservation(id, { maxWaitUs: 5000 * MS }));
    // 'until' does not add up: one second from now, not two.
    expect(quiet.granted && quiet.delayUs / MS).toBeGreaterThan(900);
    expect(quiet.granted && quiet.delayUs / MS).toBeLessThan(1100);
  });

  it('paces at the interval shared through the store when one is set', async () => {
    const id = randomUUID();
    await setPaceInterval(store, reservation(id).rateKey, 100 * MS, 10_000);
    const first = await reservePace(store, reservation(id, { maxWaitUs: 1000 * MS }));
    const second = await reservePace(
      store,
      reservation(id, { maxWaitUs: 1000 * MS, pair: { ...reservation(id).pair, key: `p:${id}:2` } }),
    );
    if (!first.granted || !second.granted) throw new Error('both turns should be granted');
    // The second turn is 100 ms after the first, whatever time passed between the two calls (Redis's clock).
    const elapsedMs = (second.nowUs - first.nowUs) / MS;
    expect(first.delayUs).toBe(0);
    expect(Math.abs(second.delayUs / MS - (100 - elapsedMs))).toBeLessThan(1);
  });
});
