import { defaultLimits, PaceKeeper, PAIR_INTERVAL_MS, throughputOf, type NumberLimits } from './pacing';

const number = (limits: Partial<NumberLimits> = {}) => ({
  id: '106540352242922',
  wabaId: '102290129340398',
  limits: { ...defaultLimits(), ...limits },
});

describe("Meta's limits in the sandbox", () => {
  it('lets 80 messages a second through a STANDARD number, counted in one-second windows, inbound included', () => {
    const pace = new PaceKeeper();
    const phone = number();
    const t0 = 1_000_000;
    for (let i = 0; i < 70; i++) expect(pace.admit(phone, `1555000${1000 + i}`, false, t0 + i)).toBeUndefined();
    for (let i = 0; i < 10; i++) pace.countInbound(phone.id, t0 + 100 + i);
    const refused = pace.admit(phone, '15559999999', false, t0 + 500);
    expect(refused).toEqual({ limit: 'throughput', retryAfterMs: 500 });
    expect(pace.admit(phone, '15559999999', false, t0 + 999)?.limit).toBe('throughput');
    // The next second of the clock counts anew.
    expect(pace.admit(phone, '15559999999', false, t0 + 1000)).toBeUndefined();
  });

  it('knows the levels: 1,000 at HIGH, 20 for a number shared with the Business app, or a number set outright', () => {
    expect(throughputOf(defaultLimits())).toBe(80);
    expect(throughputOf({ ...defaultLimits(), throughputLevel: 'HIGH' })).toBe(1000);
    expect(throughputOf({ ...defaultLimits(), throughputLevel: 'HIGH', isOnBizApp: true })).toBe(20);
    expect(throughputOf({ ...defaultLimits(), throughputMps: 5000 })).toBe(5000);
  });

  it('lets a burst of 45 through to one user, then one every 6 seconds (the burst borrowed from the future)', () => {
    const pace = new PaceKeeper();
    const phone = number({ throughputLevel: 'HIGH' });
    const t0 = 5_000_000;
    for (let i = 0; i < 45; i++) expect(pace.admit(phone, '15551234567', false, t0)).toBeUndefined();
    const refused = pace.admit(phone, '15551234567', false, t0);
    expect(refused).toEqual({ limit: 'pair', retryAfterMs: PAIR_INTERVAL_MS });
    // Another user is not affected.
    expect(pace.admit(phone, '15557654321', false, t0)).toBeUndefined();
    expect(pace.admit(phone, '15551234567', false, t0 + PAIR_INTERVAL_MS - 1)?.limit).toBe('pair');
    expect(pace.admit(phone, '15551234567', false, t0 + PAIR_INTERVAL_MS)).toBeUndefined();
    expect(pace.admit(phone, '15551234567', false, t0 + PAIR_INTERVAL_MS)?.limit).toBe('pair');
  });

  it("counts the different users business-initiated messages reach in 24 hours against the account's tier", () => {
    const pace = new PaceKeeper();
    const phone = number({ throughputLevel: 'HIGH', messagingLimitTier: 'TIER_50' });
    const t0 = 9_000_000;
    for (let i = 0; i < 50; i++) expect(pace.admit(phone, `1555100${1000 + i}`, true, t0 + i * 10)).toBeUndefined();
    // A user already reached costs nothing more; a user inside the service window is not business-initiated.
    expect(pace.admit(phone, '15551001000', true, t0 + 1000)).toBeUndefined();
    expect(pace.admit(phone, '15552000000', false, t0 + 1000)).toBeUndefined();
    const refused = pace.admit(phone, '15553000000', true, t0 + 1000);
    expect(refused?.limit).toBe('messaging_limit');
    expect(pace.usersReached(phone.wabaId, t0 + 1000)).toBe(50);
    // The second user reached ages out 24 hours after it was reached, and makes room.
    const day = 24 * 60 * 60 * 1000;
    expect(pace.admit(phone, '15553000000', true, t0 + 10 + day)).toBeUndefined();
  });
});
