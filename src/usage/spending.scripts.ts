import type { LocalState, StoreScript } from '../redis/store-script';

/**
 * An organization's month of spending on the shared store, in one hash (`spend:{tenant}:YYYY-MM`), so
 * that every instance reserves against the same figures in one atomic step:
 * - `used`: what Meta has reported as spent (micro-units of the currency, or billable messages);
 * - `reserved`: what sends on their way to Meta may spend (the sum of the `r:<record id>` fields);
 * - `r:<record id>`: one send's reservation, `<estimate>:<when, ms>`, until Meta's pricing settles it;
 * - `seeded`: `used` has been read from the database's metering this month.
 */
export interface MonthSpend {
  used: number;
  reserved: number;
}

/** The in-process twin's hash (a Map standing for the Redis hash). */
function hashAt(state: LocalState, key: string): Map<string, string> | undefined {
  return state.get<Map<string, string>>(key);
}

function numberIn(hash: Map<string, string>, field: string): number {
  return Number(hash.get(field) ?? '0');
}

/**
 * RESERVE — KEYS: the month's hash; ARGV: limit, now (ms), then (record id, estimate) pairs.
 * Grants reservations in order while each fits under the limit (a free one, estimate 0, always fits:
 * it is kept so that Meta's pricing can settle it); stops at the first that does not. Returns
 * {'unseeded'} until the month's `used` has been read from the database, else {'ok', granted, spend
 * before, spend after} (spend: used + reserved).
 */
export const RESERVE_SPEND_SCRIPT: StoreScript = {
  name: 'gwReserveSpend',
  lua: `
if redis.call('HEXISTS', KEYS[1], 'seeded') == 0 then return {'unseeded'} end
local limit = tonumber(ARGV[1])
local used = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
local reserved = tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0')
local before = used + reserved
local granted = 0
for i = 3, #ARGV, 2 do
  local estimate = tonumber(ARGV[i + 1])
  if estimate > 0 and used + reserved + estimate > limit then break end
  reserved = reserved + estimate
  redis.call('HSET', KEYS[1], 'r:' .. ARGV[i], string.format('%d', estimate) .. ':' .. ARGV[2])
  granted = granted + 1
end
redis.call('HSET', KEYS[1], 'reserved', string.format('%d', reserved))
return {'ok', granted, string.format('%d', before), string.format('%d', used + reserved)}
`,
  local(state, keys, args) {
    const hash = hashAt(state, keys[0]);
    if (!hash?.has('seeded')) return ['unseeded'];
    const limit = Number(args[0]);
    const used = numberIn(hash, 'used');
    let reserved = numberIn(hash, 'reserved');
    const before = used + reserved;
    let granted = 0;
    for (let i = 2; i < args.length; i += 2) {
      const estimate = Number(args[i + 1]);
      if (estimate > 0 && used + reserved + estimate > limit) break;
      reserved += estimate;
      hash.set(`r:${args[i]}`, `${estimate}:${args[1]}`);
      granted++;
    }
    hash.set('reserved', String(reserved));
    return ['ok', granted, String(before), String(used + reserved)];
  },
};

/**
 * SETTLE — KEYS: the month's hash; ARGV: (record id, spent) pairs, spent -1 to release. A reservation
 * found is removed and its estimate leaves `reserved`; what Meta reported spent joins `used`. One not
 * found (settled already: Meta's resends and the same status at two instances settle once; or never
 * reserved) changes nothing: the next seed counts it from the database. Returns {spend before, after}.
 */
export const SETTLE_SPEND_SCRIPT: StoreScript = {
  name: 'gwSettleSpend',
  lua: `
local used = tonumber(redis.call('HGET', KEYS[1], 'used') or '0')
local reserved = tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0')
local before = used + reserved
for i = 1, #ARGV, 2 do
  local held = redis.call('HGET', KEYS[1], 'r:' .. ARGV[i])
  if held then
    redis.call('HDEL', KEYS[1], 'r:' .. ARGV[i])
    reserved = reserved - tonumber(string.match(held, '^(%d+)'))
    local spent = tonumber(ARGV[i + 1])
    if spent >= 0 then used = used + spent end
  end
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'used', string.format('%d', used), 'reserved', string.format('%d', reserved))
end
return {string.format('%d', before), string.format('%d', used + reserved)}
`,
  local(state, keys, args) {
    const hash = hashAt(state, keys[0]);
    if (!hash) return ['0', '0'];
    let used = numberIn(hash, 'used');
    let reserved = numberIn(hash, 'reserved');
    const before = used + reserved;
    for (let i = 0; i < args.length; i += 2) {
      const held = hash.get(`r:${args[i]}`);
      if (held === undefined) continue;
      hash.delete(`r:${args[i]}`);
      reserved -= Number(held.split(':')[0]);
      const spent = Number(args[i + 1]);
      if (spent >= 0) used += spent;
    }
    hash.set('used', String(used));
    hash.set('reserved', String(reserved));
    return [String(before), String(used + reserved)];
  },
};

/**
 * SEED — KEYS: the month's hash; ARGV: used by the database's metering, reservations made before this
 * (ms) are dropped, the hash's lifetime (ms). `used` becomes the larger of the two figures (the
 * database counts every entry Meta priced, the hash the ones settled since its last seed); a
 * reservation Meta never settled (no status came) is dropped; `reserved` is summed again. Returns
 * {used, reserved}.
 */
export const SEED_SPEND_SCRIPT: StoreScript = {
  name: 'gwSeedSpend',
  lua: `
local used = math.max(tonumber(redis.call('HGET', KEYS[1], 'used') or '0'), tonumber(ARGV[1]))
local reserved = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if string.sub(fields[i], 1, 2) == 'r:' then
    local estimate, at = string.match(fields[i + 1], '^(%d+):(%d+)$')
    if tonumber(at) < tonumber(ARGV[2]) then
      redis.call('HDEL', KEYS[1], fields[i])
    else
      reserved = reserved + tonumber(estimate)
    end
  end
end
redis.call('HSET', KEYS[1], 'used', string.format('%d', used), 'reserved', string.format('%d', reserved), 'seeded', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {string.format('%d', used), string.format('%d', reserved)}
`,
  local(state, keys, args) {
    const hash = hashAt(state, keys[0]) ?? new Map<string, string>();
    const used = Math.max(numberIn(hash, 'used'), Number(args[0]));
    let reserved = 0;
    for (const [field, value] of [...hash]) {
      if (!field.startsWith('r:')) continue;
      const [estimate, at] = value.split(':').map(Number);
      if (at < Number(args[1])) hash.delete(field);
      else reserved += estimate;
    }
    hash.set('used', String(used));
    hash.set('reserved', String(reserved));
    hash.set('seeded', '1');
    state.set(keys[0], hash, Number(args[2]));
    return [String(used), String(reserved)];
  },
};

/** The hash of an organization's month (`month`: YYYY-MM); the braces keep it in one cluster slot. */
export function spendKey(tenantId: string, month: string): string {
  return `spend:{${tenantId}}:${month}`;
}
