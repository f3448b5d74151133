import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { MemoryStore } from '../redis/memory-store';
import { SignInLockout } from './sign-in-lockout';

/** The in-process twin of the lockout's scripts (the embedded demo, and Redis outages): the same decisions. */
describe('sign-in lockout, in process', () => {
  let now = 1_000_000;
  const settings: Record<string, number> = { SIGN_IN_MAX_FAILURES: 3, SIGN_IN_LOCK_SECONDS: 60 };
  const config = { get: (name: string) => settings[name] } as unknown as ConfigService<Environment, true>;
  const lockout = new SignInLockout(new MemoryStore(() => now), config);
  const refusal = async (work: Promise<void>) => {
    try {
      await work;
      return undefined;
    } catch (error) {
      return error instanceof GraphError ? { status: error.options.status, code: error.code } : error;
    }
  };

  it('locks an account at its third failure, for the lock time, and counts accounts apart', async () => {
    await lockout.failed('a@x.example');
    await lockout.failed('a@x.example');
    await expect(refusal(lockout.check('a@x.example'))).resolves.toBeUndefined();
    await expect(refusal(lockout.failed('a@x.example'))).resolves.toEqual({ status: 429, code: 4 });
    await expect(refusal(lockout.check('a@x.example'))).resolves.toEqual({ status: 429, code: 4 });
    await expect(refusal(lockout.check('b@x.example'))).resolves.toBeUndefined();
    now += 61_000;
    await expect(refusal(lockout.check('a@x.example'))).resolves.toBeUndefined();
  });
});
