/**
 * Lua scripts: each decision is one atomic round trip to Redis.
 *
 * RATE_LIMIT — KEYS: one counter prefix per bucket; ARGV: the limits, in the same order.
 * The window is Redis's own clock (TIME), so instances with skewed clocks agree. Each counter is
 * `<prefix>:<unix second>`, created with a 2-second expiry in the same script that increments it,
 * so no counter ever lives without a TTL. Returns {rejectedIndex (0 = none, 1-based), counts...,
 * ms until the window ends}.
 */
export const RATE_LIMIT_SCRIPT = `
local buckets = #KEYS
${countHits()}
return result
`;

/**
 * The count both rate-limit scripts make, over KEYS[1..buckets] with limits ARGV[1..buckets]:
 * `result` = {rejectedIndex, counts..., ms until the window ends}.
 */
function countHits(): string {
  return `
local now = redis.call('TIME')
local second = now[1]
local resetMs = 1000 - math.floor(tonumber(now[2]) / 1000)
local result = {0}
for i = 1, buckets do result[i + 1] = 0 end
for i = 1, buckets do
  local key = KEYS[i] .. ':' .. second
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, 2000) end
  result[i + 1] = count
  if count > tonumber(ARGV[i]) then
    result[1] = i
    break
  end
end
result[buckets + 2] = resetMs`;
}

/**
 * RATE_LIMIT_AND_CLAIM — a write with an Idempotency-Key: the rate limit and the idempotency claim in
 * one round trip. KEYS: the counter prefixes, then the cache key and the lock key; ARGV: the limits,
 * then the token and the lock TTL ms. Counts as RATE_LIMIT; only a request within its limits then
 * claims as CLAIM. Returns RATE_LIMIT's reply followed by the claim ('rate_limited' when refused):
 * {rejectedIndex, counts..., resetMs, state, cached?}.
 */
export const RATE_LIMIT_AND_CLAIM_SCRIPT = `
local buckets = #KEYS - 2
${countHits()}
if result[1] ~= 0 then
  result[buckets + 3] = 'rate_limited'
  return result
end
local cached = redis.call('GET', KEYS[buckets + 1])
if cached then
  result[buckets + 3] = 'replay'
  result[buckets + 4] = cached
elseif redis.call('SET', KEYS[buckets + 2], ARGV[buckets + 1], 'NX', 'PX', ARGV[buckets + 2]) then
  result[buckets + 3] = 'acquired'
else
  result[buckets + 3] = 'in_flight'
end
return result
`;

/**
 * CLAIM — KEYS: cache key, lock key; ARGV: token, lock TTL ms.
 * Returns {'replay', cached} | {'in_flight'} | {'acquired'}.
 */
export const CLAIM_SCRIPT = `
local cached = redis.call('GET', KEYS[1])
if cached then return {'replay', cached} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'acquired'} end
return {'in_flight'}
`;

/** COMPLETE — KEYS: cache key, lock key; ARGV: token, response JSON, TTL ms. */
export const COMPLETE_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
`;

/** RELEASE — KEYS: lock key; ARGV: token. Deletes the lock only for its owner. */
export const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
