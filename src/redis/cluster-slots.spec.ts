import calculateSlot from 'cluster-key-slot';
import { idempotencyKeys } from '../idempotency/idempotency.service';
import { paceKeys } from '../pacing/number-pace.service';
import { rateBucketId } from '../rate-limit/rate-limit.module';

/**
 * On a Redis Cluster every key one Lua script touches must hash to one slot. The gateway's keys carry
 * hash tags for that (`{...}`): a request's rate-limit buckets and its Idempotency-Key claim share
 * the API key's tag, and a number's pace keys share its business account's. Checked here with the
 * slot function ioredis itself uses, over many ids, for every script that takes more than one key
 * (redis/redis-store.ts). No Redis is needed: the slot is a function of the key.
 */
const uuid = (i: number) =>
  `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${(i * 7919).toString(16).padStart(12, '0')}`;
const slotsOf = (keys: string[]) => new Set(keys.map((key) => calculateSlot(`gw:${key}`)));

describe('Redis Cluster: what one script touches lives in one slot', () => {
  it("a write's rate-limit buckets (the key's and an admin key's organization share) and its Idempotency-Key claim", () => {
    for (let i = 0; i < 500; i++) {
      const keyId = uuid(i);
      const { cacheKey, lockKey } = idempotencyKeys(keyId, uuid(i + 1), 'ab'.repeat(32));
      const keys = [`rl:${rateBucketId(keyId)}`, `rl:${rateBucketId(keyId, uuid(i + 2))}`, cacheKey, lockKey];
      expect(slotsOf(keys).size).toBe(1);
    }
  });

  it("a send's pace: the number's turn and rate, the pair's turn, the account's messaging-limit window", () => {
    for (let i = 0; i < 500; i++) {
      const number = { phoneNumberId: String(100000000000000 + i), businessAccountId: uuid(i) };
      const keys = paceKeys(number);
      const all = [keys.numberKey, keys.rateKey, keys.pairKey(`1555${String(i).padStart(7, '0')}`), keys.tierKey];
      expect(slotsOf(all).size).toBe(1);
    }
  });

  it('spreads different keys and accounts over the slots (a tag is not one slot for everyone)', () => {
    const slots = new Set(
      Array.from({ length: 200 }, (_, i) =>
        calculateSlot(paceKeys({ phoneNumberId: '1', businessAccountId: uuid(i) }).tierKey),
      ),
    );
    expect(slots.size).toBeGreaterThan(150);
  });
});
