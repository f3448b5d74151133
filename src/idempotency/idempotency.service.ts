import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { ErrorCode, GraphError } from '../core/graph-error';
import { MetricsService } from '../metrics/metrics.service';
import { SecretBox } from '../common/secret-box';
import { SharedStore, wasNotSent } from '../redis/shared-store';
import type { Erasure } from '../retention/customer-data';
import { OrphanClaims } from './orphan-claims';
import {
  claimIdempotency,
  completeIdempotency,
  type IdempotencyClaim,
  releaseIdempotency,
  type StoredResponse,
} from './idempotency.scripts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_LENGTH = 255;

export interface IdempotencyScope {
  keyId: string;
  tenantId: string | undefined;
  value: string;
}

export interface PreparedClaim {
  scope: IdempotencyScope;
  cacheKey: string;
  lockKey: string;
  token: string;
  lockTtlMs: number;
}

export interface Claimed {
  claim: IdempotencyClaim;
  complete(response: StoredResponse): Promise<void>;
  release(): Promise<void>;
}

/**
 * The cache and lock keys of an Idempotency-Key value's hash. Both carry the API key's hash tag, as
 * its rate-limit buckets do (rate-limit.module.ts): one script claims them together with the rate
 * limit, and on a Redis Cluster the keys of one script must live in one slot.
 */
export function idempotencyKeys(
  keyId: string,
  tenantId: string | undefined | null,
  hash: string,
): { cacheKey: string; lockKey: string } {
  return { cacheKey: `idem:{${keyId}}:r:${tenantId ?? '-'}:${hash}`, lockKey: `idem:{${keyId}}:l:${hash}` };
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
export class IdempotencyService implements OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  private readonly ttlMs: number;
  private readonly lockMs: number;
  /** Claims refused 503 whose command may still run (a hung Redis): released once it answers. */
  readonly orphans = new OrphanClaims((lockKey, token) => releaseIdempotency(this.store, lockKey, token));

  constructor(
    private readonly store: SharedStore,
    private readonly metrics: MetricsService,
    private readonly box: SecretBox,
    config: ConfigService<Environment, true>,
  ) {
    this.ttlMs = config.get('IDEMPOTENCY_TTL_SECONDS', { infer: true }) * 1000;
    this.lockMs = config.get('IDEMPOTENCY_LOCK_SECONDS', { infer: true }) * 1000;
  }

  /**
   * The keys and lock token of a claim for `scope` (spec 8: cache per key, organization and value; lock per key and
   * value).
   */
  prepare(scope: IdempotencyScope): PreparedClaim {
    const hash = createHash('sha256').update(scope.value).digest('hex');
    return {
      scope,
      ...idempotencyKeys(scope.keyId, scope.tenantId, hash),
      token: randomUUID(),
      lockTtlMs: this.lockMs,
    };
  }

  /** Claims `scope` on its own round trip (writes whose claim the rate limiter did not make). */
  async claim(scope: IdempotencyScope): Promise<Claimed> {
    const prepared = this.prepare(scope);
    let claim: IdempotencyClaim;
    try {
      claim = await claimIdempotency(
        this.store,
        prepared.cacheKey,
        prepared.lockKey,
        prepared.token,
        prepared.lockTtlMs,
      );
    } catch (error) {
      throw this.unavailable(error as Error, prepared);
    }
    return this.claimed(prepared, claim);
  }

  /** What a store's answer to a prepared claim means, with the means to complete or release it. */
  claimed(prepared: PreparedClaim, stored: IdempotencyClaim): Claimed {
    const { cacheKey, lockKey, token } = prepared;
    if (stored.state !== 'acquired') this.metrics.idempotency.inc({ outcome: stored.state });
    const claim = stored.state === 'replay' ? { state: stored.state, response: this.unseal(stored.response) } : stored;
    return {
      claim,
      // Once the work is done its response must not be lost: a failure to cache is logged, and the
      // lock (left to expire) still stops retries for its 60 seconds.
      complete: (response) =>
        completeIdempotency(this.store, cacheKey, lockKey, token, this.seal(response), this.ttlMs).catch(
          (error: Error) => {
            this.logger.warn(`could not cache an idempotent response: ${error.message}`);
          },
        ),
      release: () =>
        releaseIdempotency(this.store, lockKey, token).catch((error: Error) => {
          this.logger.warn(`could not release an idempotency lock (it expires by itself): ${error.message}`);
        }),
    };
  }

  /**
   * Cached responses are kept encrypted (AES-256-GCM with the gateway's encryption key), every one
   * of them: some carry a secret shown once (a key's text and signing secret, a webhook endpoint's
   * secret), and sealing all rather than a marked few means no route can forget. A few microseconds
   * a keyed write and a replay.
   */
  private seal(response: StoredResponse): StoredResponse {
    return {
      status: response.status,
      headers: response.headers,
      body: null,
      sealed: this.box.encrypt(JSON.stringify(response.body ?? null)),
    };
  }

  private unseal(response: StoredResponse): StoredResponse {
    if (response.sealed === undefined) return response;
    return { status: response.status, headers: response.headers, body: JSON.parse(this.box.decrypt(response.sealed)) };
  }

  /**
   * A customer's erasure (data-rights/): the organization's cached answers that name the number (a send's
   * `contacts`, a contact's record) are forgotten; a retry with the same key then runs again, as after
   * the cache's own expiry. Each answer is unsealed to be read: a few microseconds each, and an
   * organization holds a day's keyed writes at most.
   */
  async eraseCustomer(e: Erasure): Promise<number> {
    const needle = JSON.stringify(e.waId);
    let removed = 0;
    await this.store.scanKeys(`idem:{*}:r:${e.tenantId}:*`, async (keys) => {
      for (const key of keys) {
        const stored = await this.store.getValue(key);
        if (stored === null) continue;
        const { body } = this.unseal(JSON.parse(stored) as StoredResponse);
        if (!JSON.stringify(body).includes(needle)) continue;
        await this.store.deleteValue(key);
        removed++;
      }
    });
    return removed;
  }

  /** An organization deleted: its cached answers, every one, forgotten. */
  async forgetOrganization(tenantId: string): Promise<number> {
    let removed = 0;
    await this.store.scanKeys(`idem:{*}:r:${tenantId}:*`, async (keys) => {
      for (const key of keys) await this.store.deleteValue(key);
      removed += keys.length;
    });
    return removed;
  }

  onModuleDestroy(): void {
    this.orphans.close();
  }

  /**
   * The store cannot be reached: a write carrying a key is refused (503 code 2), not run. Its claim
   * (`prepared`), when it was sent, may still run once the store answers: it is released then, so the
   * retry the 503 asks for finds no lock.
   */
  unavailable(error: Error, prepared?: PreparedClaim): GraphError {
    if (prepared && !wasNotSent(error)) this.orphans.add(prepared.lockKey, prepared.token);
    this.logger.warn(`idempotency store unavailable: ${error.message}`);
    this.metrics.idempotency.inc({ outcome: 'unavailable' });
    return new GraphError(
      ErrorCode.TemporarilyUnavailable,
      'Service temporarily unavailable: retry later with the same Idempotency-Key',
      {
        status: 503,
        data: { details: 'The idempotency store cannot be reached, so the request was not executed' },
        headers: { 'Retry-After': '1' },
      },
    );
  }
}
