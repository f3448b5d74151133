import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { ErrorCode, GraphError } from '../core/graph-error';
import { MetricsService } from '../metrics/metrics.service';
import { IdempotencyClaim, SharedStore, StoredResponse } from '../redis/shared-store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_LENGTH = 255;

export interface IdempotencyScope {
  keyId: string;
  tenantId: string | undefined;
  value: string;
}

export interface Claimed {
  claim: IdempotencyClaim;
  complete(response: StoredResponse): Promise<void>;
  release(): Promise<void>;
}

/** Rejects values that are empty, longer than 255 characters, or not printable ASCII (code 100). */
export function checkIdempotencyKey(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw GraphError.invalidParameter(
      'Invalid Idempotency-Key',
      `Idempotency-Key: must be 1 to ${MAX_LENGTH} printable ASCII characters without spaces`,
    );
  }
  return value;
}

/**
 * Spec section 8: responses cached per (API key, organization, value) for 24 hours, not per path;
 * an in-flight lock per (API key, value) for 60 seconds, released by its owner only.
 * When the store is unreachable, a write carrying a key is refused (503 code 2) rather than risk
 * running twice.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger('Idempotency');
  private readonly ttlMs: number;
  private readonly lockMs: number;

  constructor(
    private readonly store: SharedStore,
    private readonly metrics: MetricsService,
    config: ConfigService<Environment, true>,
  ) {
    this.ttlMs = config.get('IDEMPOTENCY_TTL_SECONDS', { infer: true }) * 1000;
    this.lockMs = config.get('IDEMPOTENCY_LOCK_SECONDS', { infer: true }) * 1000;
  }

  async claim(scope: IdempotencyScope): Promise<Claimed> {
    const hash = createHash('sha256').update(scope.value).digest('hex');
    const cacheKey = `idem:r:${scope.keyId}:${scope.tenantId ?? '-'}:${hash}`;
    const lockKey = `idem:l:${scope.keyId}:${hash}`;
    const token = randomUUID();
    let claim: IdempotencyClaim;
    try {
      claim = await this.store.claimIdempotency(cacheKey, lockKey, token, this.lockMs);
    } catch (error) {
      this.logger.warn(`idempotency store unavailable: ${(error as Error).message}`);
      this.metrics.idempotency.inc({ outcome: 'unavailable' });
      throw new GraphError(ErrorCode.TemporarilyUnavailable, 'Service temporarily unavailable: retry later with the same Idempotency-Key', {
        status: 503,
        data: { details: 'The idempotency store cannot be reached, so the request was not executed' },
        headers: { 'Retry-After': '1' },
      });
    }
    if (claim.state !== 'acquired') this.metrics.idempotency.inc({ outcome: claim.state });
    return {
      claim,
      // Once the work is done its response must not be lost: a failure to cache is logged, and the
      // lock (left to expire) still stops retries for its 60 seconds.
      complete: (response) =>
        this.store.completeIdempotency(cacheKey, lockKey, token, response, this.ttlMs).catch((error: Error) => {
          this.logger.warn(`could not cache an idempotent response: ${error.message}`);
        }),
      release: () =>
        this.store.releaseIdempotency(lockKey, token).catch((error: Error) => {
          this.logger.warn(`could not release an idempotency lock (it expires by itself): ${error.message}`);
        }),
    };
  }
}

/** The in-flight conflict: HTTP 409 with the spec's own body shape (7.1) and code 131000 (7.2). */
export function inFlightError(): GraphError {
  const message = 'A request with this Idempotency-Key is still being processed; retry after it completes.';
  return new GraphError(ErrorCode.SendFailure, message, {
    status: 409,
    headers: { 'Retry-After': '1' },
    body: { error: 'idempotency_in_flight', message, code: ErrorCode.SendFailure },
  });
}
