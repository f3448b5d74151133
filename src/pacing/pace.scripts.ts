import type { SharedStore } from '../redis/shared-store';
import type { LocalState, StoreScript } from '../redis/store-script';

/**
 * A turn asked of a phone number's pace (number-pace.service.ts): its next slot, spaced `intervalUs`
 * after the one before (a GCRA with no burst), no earlier than the pair rule allows, and within the
 * messaging limit when the send is business-initiated. All in one atomic step.
 */
export interface PaceReservation {
  /** Holds the number's theoretical arrival time (µs). */
  numberKey: string;
  /** Holds the number's interval (µs) when one was set for every instance; else `intervalUs` is used. */
  rateKey: string;
  intervalUs: number;
  /**
   * The pair of (number, recipient): a GCRA of `intervalUs` that tolerates being `toleranceUs` ahead;
   * an interval of 0 when this message was counted in it already (a late send's new turn).
   */
  pair: { key: string; intervalUs: number; toleranceUs: number };
  /** Business-initiated sends only: the users reached in the rolling window, at most `limit`. */
  tier?: { key: string; member: string; limit: number; windowUs: number };
  /** A slot further than this in the future is refused rather than waited for. */
  maxWaitUs: number;
}

export type PaceDecision =
  /** `delayUs` from `nowUs`, the store's clock (µs since the epoch) when it decided. */
  | { granted: true; delayUs: number; nowUs: number }
  | { granted: false; limit: 'throughput' | 'pair' | 'messaging_limit'; retryAfterUs: number };

/** A number kept by the in-process twins (a string when set by setValue, as Redis keeps it). */
const numberAt = (state: LocalState, key: string): number | undefined => {
  const value = state.get<number | string>(key);
  return value === undefined ? undefined : Number(value);
};

/** A tier's users by when they were last reached (µs): the in-process twin of the Lua's sorted set, trimmed to the window. */
function tierAt(state: LocalState, key: string, now: number, windowUs: number): Map<string, number> {
  const reached = state.get<Map<string, number>>(key) ?? new Map<string, number>();
  for (const [member, at] of reached) if (at <= now - windowUs) reached.delete(member);
  return reached;
}

/**
 * RESERVE_PACE — turns of a phone number's pace for one message or several in a row
 * (pacing/number-pace.service.ts): the same decisions as that many calls one after another, in one
 * round trip. Times are µs on Redis's clock. KEYS: the number's TAT, its interval, the tier's sorted
 * set (users by the time they were last reached; never touched without a tier), then each message's
 * pair TAT. ARGV: default interval, max wait, tier window, then per message: pair interval, pair
 * tolerance, tier limit (-1: not business-initiated), tier member. A pair interval of 0: the pair rule
 * was applied to this message already (a late send's new turn), so it is neither checked nor counted.
 * Returns {now, then per message: 'ok' and its delay, or its limit ('pair', 'messaging_limit',
 * 'throughput') and the retry after}, stopping after a 'throughput' (the turns after it would be
 * further still). Nothing is written for a message whose turn is not granted.
 */
export const RESERVE_PACE_SCRIPT: StoreScript = {
  name: 'gwReservePace',
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(redis.call('GET', KEYS[2]) or ARGV[1])
local maxWait = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or 0)
local trimmed, reached, granted = false, false, false
local function decide(pairKey, pairInterval, pairTolerance, tierLimit, member)
  local pairTat = math.max(tonumber(redis.call('GET', pairKey) or 0), now)
  local earliest = now
  if pairInterval > 0 and pairTat - now > pairTolerance then
    earliest = pairTat - pairTolerance
    if earliest - now > maxWait then return 'pair', math.floor(earliest - now - maxWait) end
  end
  if tierLimit >= 0 then
    if not trimmed then
      redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', string.format('%.0f', now - window))
      trimmed = true
    end
    if not redis.call('ZSCORE', KEYS[3], member) and redis.call('ZCARD', KEYS[3]) >= tierLimit then
      local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
      return 'messaging_limit', math.floor(tonumber(oldest[2]) + window - now)
    end
  end
  local slot = math.max(tat, earliest)
  local delay = slot - now
  if delay > maxWait then return 'throughput', math.floor(delay - maxWait) end
  tat = slot + interval
  granted = true
  if pairInterval > 0 then
    local nextPair = math.max(pairTat, slot) + pairInterval
    redis.call('SET', pairKey, string.format('%.0f', nextPair), 'PX', math.ceil((nextPair - now) / 1000) + 1000)
  end
  if tierLimit >= 0 then
    redis.call('ZADD', KEYS[3], string.format('%.0f', now), member)
    reached = true
  end
  return 'ok', math.floor(delay)
end
local out = {string.format('%.0f', now)}
for i = 4, #KEYS do
  local a = 3 + (i - 4) * 4
  local state, value = decide(KEYS[i], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), ARGV[a + 4])
  out[#out + 1] = state
  out[#out + 1] = value
  if state == 'throughput' then break end
end
if granted then
  redis.call('SET', KEYS[1], string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1000)
end
if reached then redis.call('PEXPIRE', KEYS[3], math.ceil(window / 1000)) end
return out
`,
  local(state, keys, args) {
    const now = state.nowMs() * 1000;
    const [numberKey, rateKey, tierKey, ...pairKeys] = keys;
    const interval = numberAt(state, rateKey) ?? Number(args[0]);
    const maxWait = Number(args[1]);
    const window = Number(args[2]);
    let tat = numberAt(state, numberKey) ?? 0;
    let tier: Map<string, number> | undefined;
    let granted = false;
    let reached = false;
    const decide = (
      pairKey: string,
      pairInterval: number,
      pairTolerance: number,
      tierLimit: number,
      member: string,
    ) => {
      const pairTat = Math.max(numberAt(state, pairKey) ?? 0, now);
      let earliest = now;
      if (pairInterval > 0 && pairTat - now > pairTolerance) {
        earliest = pairTat - pairTolerance;
        if (earliest - now > maxWait) return ['pair', Math.floor(earliest - now - maxWait)] as const;
      }
      if (tierLimit >= 0) {
        tier ??= tierAt(state, tierKey, now, window);
        if (!tier.has(member) && tier.size >= tierLimit)
          return ['messaging_limit', Math.floor(Math.min(...tier.values()) + window - now)] as const;
      }
      const slot = Math.max(tat, earliest);
      const delay = slot - now;
      if (delay > maxWait) return ['throughput', Math.floor(delay - maxWait)] as const;
      tat = slot + interval;
      granted = true;
      if (pairInterval > 0) {
        const nextPair = Math.max(pairTat, slot) + pairInterval;
        state.set(pairKey, nextPair, Math.ceil((nextPair - now) / 1000) + 1000);
      }
      if (tierLimit >= 0) {
        tier!.set(member, now);
        reached = true;
      }
      return ['ok', Math.floor(delay)] as const;
    };
    const out: Array<string | number> = [String(Math.round(now))];
    for (let i = 0; i < pairKeys.length; i++) {
      const a = 3 + i * 4;
      const [decision, value] = decide(
        pairKeys[i],
        Number(args[a]),
        Number(args[a + 1]),
        Number(args[a + 2]),
        String(args[a + 3]),
      );
      out.push(decision, value);
      if (decision === 'throughput') break;
    }
    if (granted) state.set(numberKey, tat, Math.ceil((tat - now) / 1000) + 1000);
    if (reached) state.set(tierKey, tier, Math.ceil(window / 1000));
    return out;
  },
};

/**
 * TIER_USAGE — KEYS: the tier's sorted set; ARGV: window (µs), then members. Trims the window, then
 * returns {users in it, how many of the members are}.
 */
export const TIER_USAGE_SCRIPT: StoreScript = {
  name: 'gwTierUsage',
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.0f', now - tonumber(ARGV[1])))
local among = 0
for i = 2, #ARGV, 500 do
  local last = math.min(i + 499, #ARGV)
  local scores = redis.call('ZMSCORE', KEYS[1], unpack(ARGV, i, last))
  for _, score in ipairs(scores) do if score then among = among + 1 end end
end
return {redis.call('ZCARD', KEYS[1]), among}
`,
  local(state, keys, args) {
    const reached = tierAt(state, keys[0], state.nowMs() * 1000, Number(args[0]));
    return [reached.size, args.slice(1).filter((member) => reached.has(String(member))).length];
  },
};

/**
 * TAKE_PACE — KEYS: the number's TAT, its interval; ARGV: default interval (µs), count, mode. Mode
 * 'add': moves the number's TAT `count` intervals further (from now when it lies in the past);
 * 'until': makes it at least `count` intervals from now.
 */
export const TAKE_PACE_SCRIPT: StoreScript = {
  name: 'gwTakePace',
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(redis.call('GET', KEYS[2]) or ARGV[1])
local stored = tonumber(redis.call('GET', KEYS[1]) or 0)
local tat = math.max(stored, now) + interval * tonumber(ARGV[2])
if ARGV[3] == 'until' then tat = math.max(stored, now + interval * tonumber(ARGV[2])) end
redis.call('SET', KEYS[1], string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1000)
return 1
`,
  local(state, keys, args) {
    const now = state.nowMs() * 1000;
    const interval = numberAt(state, keys[1]) ?? Number(args[0]);
    const stored = numberAt(state, keys[0]) ?? 0;
    const count = Number(args[1]);
    const tat =
      args[2] === 'until' ? Math.max(stored, now + interval * count) : Math.max(stored, now) + interval * count;
    state.set(keys[0], tat, Math.ceil((tat - now) / 1000) + 1000);
    return 1;
  },
};

/**
 * Reserves turns of one number's pace (PaceReservation) for one message or several in a row, in one
 * round trip, or says which limit refuses each: the same decisions as that many reservations one
 * after another. The reservations share the number (its keys, interval and wait) and the tier's key
 * and window; each has its own pair and tier member. Decisions come in order and stop after the
 * first refused for throughput (the turns after it would be further still), so there may be fewer
 * decisions than reservations.
 */
export async function reservePaces(store: SharedStore, reservations: PaceReservation[]): Promise<PaceDecision[]> {
  const [first] = reservations;
  const tier = reservations.find((r) => r.tier)?.tier;
  const keys = [
    first.numberKey,
    first.rateKey,
    // Without a tier the third key is never touched; the number's key stands in for it.
    tier?.key ?? first.numberKey,
    ...reservations.map((r) => r.pair.key),
  ];
  const args: Array<string | number> = [
    Math.round(first.intervalUs),
    Math.round(first.maxWaitUs),
    Math.round(tier?.windowUs ?? 0),
  ];
  for (const r of reservations)
    args.push(
      Math.round(r.pair.intervalUs),
      Math.round(r.pair.toleranceUs),
      r.tier ? r.tier.limit : -1,
      r.tier?.member ?? '',
    );
  const [now, ...answers] = (await store.run(RESERVE_PACE_SCRIPT, keys, args)) as Array<string | number>;
  const decisions: PaceDecision[] = [];
  for (let i = 0; i < answers.length; i += 2) {
    const [state, value] = [answers[i], Number(answers[i + 1])];
    decisions.push(
      state === 'ok'
        ? { granted: true, delayUs: value, nowUs: Number(now) }
        : { granted: false, limit: state as 'throughput' | 'pair' | 'messaging_limit', retryAfterUs: value },
    );
  }
  return decisions;
}

/**
 * Takes `count` slots of the number's pace now, without waiting for them: inbound messages (Meta
 * counts them too; mode 'add'), or a pause after Meta refused a send (mode 'until': no turn before
 * `count` intervals from now).
 */
export async function takePace(
  store: SharedStore,
  numberKey: string,
  rateKey: string,
  intervalUs: number,
  count: number,
  mode: 'add' | 'until',
): Promise<void> {
  await store.run(TAKE_PACE_SCRIPT, [numberKey, rateKey], [Math.round(intervalUs), count, mode]);
}

/** The messaging limit's window `key`: users in it (last `windowUs`), and how many of `members` are. */
export async function paceTierUsage(
  store: SharedStore,
  key: string,
  windowUs: number,
  members: string[],
): Promise<{ reached: number; reachedAmong: number }> {
  const [reached, among] = (await store.run(TIER_USAGE_SCRIPT, [key], [Math.round(windowUs), ...members])) as number[];
  return { reached: Number(reached), reachedAmong: Number(among) };
}

/** Sets (or with null, clears) the interval every instance paces a number at, for `ttlMs`. */
export async function setPaceInterval(
  store: SharedStore,
  rateKey: string,
  intervalUs: number | null,
  ttlMs: number,
): Promise<void> {
  if (intervalUs === null) await store.deleteValue(rateKey);
  else await store.setValue(rateKey, String(Math.round(intervalUs)), ttlMs);
}

/**
 * FORGET_TIER_MEMBER — a customer erased (data-rights/): their place in the messaging limit's window
 * stays (the business reached them, Meta counts it) under a digest instead of the number. KEYS: the
 * tier; ARGV: the number, the digest. 1 when the number was there.
 */
export const FORGET_TIER_MEMBER_SCRIPT: StoreScript = {
  name: 'gwForgetTierMember',
  lua: `local at = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not at then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], at, ARGV[2])
return 1
`,
  local(state, keys, args) {
    const reached = state.get<Map<string, number>>(keys[0]);
    const at = reached?.get(String(args[0]));
    if (reached === undefined || at === undefined) return 0;
    reached.delete(String(args[0]));
    reached.set(String(args[1]), at);
    return 1;
  },
};
