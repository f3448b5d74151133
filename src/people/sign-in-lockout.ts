import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { SharedStore } from '../redis/shared-store';
import type { LocalState, StoreScript } from '../redis/store-script';

/**
 * A wrong password counted (KEYS[1] the account's counter, KEYS[2] its lock; ARGV the window in ms,
 * the failures that lock, the lock in ms): the counter starts its window at the first failure; the
 * failure that reaches the limit locks the account (the lock holds when it ends, by Redis's clock) and
 * starts a new count. Replies the lock's milliseconds left, 0 while unlocked.
 */
const FAILED: StoreScript = {
  name: 'people_sign_in_failed',
  lua: `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count >= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], tostring(nowMs + tonumber(ARGV[3])), 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return tonumber(ARGV[3])
end
return 0`,
  local(state: LocalState, keys: string[], args: Array<string | number>): number {
    const [counter, lock] = keys;
    const [windowMs, limit, lockMs] = args.map(Number);
    const count = (state.get<number>(counter) ?? 0) + 1;
    state.set(counter, count, count === 1 ? windowMs : undefined);
    if (count < limit) return 0;
    state.set(lock, state.nowMs() + lockMs, lockMs);
    state.delete(counter);
    return lockMs;
  },
};

/** The lock's milliseconds left (KEYS[1]), 0 when there is none. */
const LOCKED: StoreScript = {
  name: 'people_sign_in_locked',
  lua: `
local lockedUntil = redis.call('GET', KEYS[1])
if not lockedUntil then return 0 end
local now = redis.call('TIME')
local left = tonumber(lockedUntil) - (tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000))
if left < 0 then return 0 end
return left`,
  local(state: LocalState, keys: string[]): number {
    const until = state.get<number>(keys[0]);
    return until === undefined ? 0 : Math.max(0, until - state.nowMs());
  },
};

/**
 * Wrong passwords per account, counted in the shared store (every instance's count the same), so that
 * guessing one person's password from many instances or addresses stops at SIGN_IN_MAX_FAILURES
 * within SIGN_IN_LOCK_SECONDS; the account is then refused (even the right password) for
 * SIGN_IN_LOCK_SECONDS. Keys hold a hash of the email, not the email. Guessing across accounts from one
 * address is slowed by the per-IP limit of unauthenticated requests.
 */
@Injectable()
export class SignInLockout {
  private readonly maxFailures: number;
  private readonly lockMs: number;

  constructor(
    private readonly store: SharedStore,
    config: ConfigService<Environment, true>,
  ) {
    this.maxFailures = config.get('SIGN_IN_MAX_FAILURES', { infer: true });
    this.lockMs = config.get('SIGN_IN_LOCK_SECONDS', { infer: true }) * 1000;
  }

  /** Refused (429 code 4, Retry-After) while the account is locked. */
  async check(email: string): Promise<void> {
    const left = Number(await this.store.run(LOCKED, [this.keyOf(email, 'lock')], []));
    if (left > 0) throw locked(left);
  }

  /** A wrong password for the account; the one that reaches the limit locks it (and is refused as locked). */
  async failed(email: string): Promise<void> {
    const left = Number(
      await this.store.run(
        FAILED,
        [this.keyOf(email, 'failures'), this.keyOf(email, 'lock')],
        [this.lockMs, this.maxFailures, this.lockMs],
      ),
    );
    if (left > 0) throw locked(left);
  }

  private keyOf(email: string, what: string): string {
    const id = createHash('sha256').update(email).digest('hex').slice(0, 32);
    // One hash tag: both keys of an account in one Redis Cluster slot (a script touches both).
    return `sign-in:{${id}}:${what}`;
  }
}

function locked(ms: number): GraphError {
  const seconds = Math.ceil(ms / 1000);
  return new GraphError(4, `(#4) Too many wrong passwords for this account: try again in ${seconds} s`, {
    status: 429,
    headers: { 'Retry-After': String(seconds) },
  });
}
