import type { Response } from 'express';
import { GraphError } from '../core/graph-error';
import { checkIdempotencyKey, type Claimed, IDEMPOTENCY_HEADER, type IdempotencyScope } from './idempotency.service';

/** The methods an Idempotency-Key applies to (spec section 8); it is ignored on the others. */
export const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT']);

/** Marks an answer as an earlier request's, replayed (the interceptor's replays, a send's recovery point). */
export function markReplayed(res: Response): void {
  res.setHeader('Idempotency-Replayed', 'true');
}

/**
 * The Idempotency-Key value of a write that carries a valid one, or undefined: none, not a write, or a
 * malformed value (the interceptor answers that 400). What the admission guard claims early.
 */
export function earlyClaimValue(req: { method: string; headers: Record<string, unknown> }): string | undefined {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !WRITE_METHODS.has(req.method)) return undefined;
  try {
    return checkIdempotencyKey(header);
  } catch {
    return undefined;
  }
}

/**
 * A claim made early, by the rate limiter, in the same round trip as the rate-limit count (see
 * AdmissionGuard (pipeline)). The interceptor takes it when its own scope is the same; a request that
 * fails before reaching the interceptor (tenancy, scope, the organization's rate limit) releases it
 * in the exception filter, so a refused request never holds a lock.
 */
const EARLY_CLAIM = Symbol('early idempotency claim');
interface EarlyClaim {
  scope: IdempotencyScope;
  outcome: Claimed | GraphError;
  taken: boolean;
}
type WithEarlyClaim = { [EARLY_CLAIM]?: EarlyClaim };

export function keepEarlyClaim(req: object, scope: IdempotencyScope, outcome: Claimed | GraphError): void {
  (req as WithEarlyClaim)[EARLY_CLAIM] = { scope, outcome, taken: false };
}

/** The early claim of `scope`, once (an early claim of another scope is released and ignored). */
export function takeEarlyClaim(req: object, scope: IdempotencyScope): Claimed | GraphError | undefined {
  const early = (req as WithEarlyClaim)[EARLY_CLAIM];
  if (!early || early.taken) return undefined;
  early.taken = true;
  const same =
    early.scope.keyId === scope.keyId && early.scope.tenantId === scope.tenantId && early.scope.value === scope.value;
  if (same) return early.outcome;
  if (!(early.outcome instanceof GraphError) && early.outcome.claim.state === 'acquired') void early.outcome.release();
  return undefined;
}

/** Releases an early claim the request never used (it failed before the interceptor). */
export function abandonEarlyClaim(req: object): void {
  const early = (req as WithEarlyClaim)[EARLY_CLAIM];
  if (!early || early.taken) return;
  early.taken = true;
  if (!(early.outcome instanceof GraphError) && early.outcome.claim.state === 'acquired') void early.outcome.release();
}
