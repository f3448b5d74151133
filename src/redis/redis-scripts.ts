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
export const RESERVE_PACE_SCRIPT = `
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
`;

/**
 * TIER_USAGE — KEYS: the tier's sorted set; ARGV: window (µs), then members. Trims the window, then
 * returns {users in it, how many of the members are}.
 */
export const TIER_USAGE_SCRIPT = `
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
`;

/**
 * TAKE_PACE — KEYS: the number's TAT, its interval; ARGV: default interval (µs), count, mode. Mode
 * 'add': moves the number's TAT `count` intervals further (from now when it lies in the past);
 * 'until': makes it at least `count` intervals from now.
 */
export const TAKE_PACE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(redis.call('GET', KEYS[2]) or ARGV[1])
local stored = tonumber(redis.call('GET', KEYS[1]) or 0)
local tat = math.max(stored, now) + interval * tonumber(ARGV[2])
if ARGV[3] == 'until' then tat = math.max(stored, now + interval * tonumber(ARGV[2])) end
redis.call('SET', KEYS[1], string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1000)
return 1
`;
