import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Response } from 'express';
import type { Environment } from '../config/environment';
import type { AuthContext } from '../core/gateway-request';
import { ErrorCode, GraphError } from '../core/graph-error';
import { MemoryStore } from '../redis/memory-store';
import { RateBucket, RateLimitResult, SharedStore } from '../redis/shared-store';

/**
 * The spec's limits (section 8): per API key, a 1-second window shared by all endpoints; admin keys
 * also cap each organization at half the key's limit; requests without a valid key are limited per
 * client IP.
 *
 * Why not @nestjs/throttler: its storage counts one key per call with a window that starts at the
 * first hit and keys by route and IP. The spec needs windows aligned to whole seconds of one clock
 * (Redis's TIME, so instances agree), two counters decided together atomically (key and
 * organization), and keying by API key across all routes. One Lua script does that in one round trip.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger('RateLimit');
  /** Per-instance limiter used while Redis is unreachable. */
  private readonly fallback = new MemoryStore();
  private readonly unauthenticatedLimit: number;
  private lastFallbackWarning = 0;

  constructor(
    private readonly store: SharedStore,
    config: ConfigService<Environment, true>,
  ) {
    this.unauthenticatedLimit = config.get('UNAUTHENTICATED_RATE_LIMIT_PER_SECOND', { infer: true });
  }

  /** Counts a request of `auth` (acting for `tenantId` when known); throws 429 code 4 when over. */
  async limitKey(res: Response, auth: AuthContext, tenantId: string | undefined): Promise<void> {
    const buckets: RateBucket[] = [{ id: `k:${auth.keyId}`, limit: auth.rateLimitPerSecond }];
    if (auth.kind === 'admin' && tenantId) {
      buckets.push({ id: `o:${auth.keyId}:${tenantId}`, limit: organizationCap(auth.rateLimitPerSecond) });
    }
    const result = await this.hit(buckets);
    this.applyHeaders(res, buckets, result);
    if (result.allowed) return;
    const ceiling = result.rejectedBy === 0 ? 'key' : 'organization';
    const limit = buckets[result.rejectedBy ?? 0].limit;
    const message =
      ceiling === 'key'
        ? `(#4) Rate limit exceeded for this API key (${limit} requests per second)`
        : `(#4) Rate limit exceeded for organization ${tenantId} on this admin key (${limit} requests per second, half of the key's limit)`;
    throw this.tooManyRequests(message, ceiling, limit, result);
  }

  /** Counts a request that presented no valid key, per client IP; throws 429 code 4 when over. */
  async limitUnauthenticated(res: Response, ip: string | undefined): Promise<void> {
    const buckets = [{ id: `ip:${ip ?? 'unknown'}`, limit: this.unauthenticatedLimit }];
    const result = await this.hit(buckets);
    this.applyHeaders(res, buckets, result);
    if (!result.allowed) {
      throw this.tooManyRequests('(#4) Too many requests without a valid API key from this address', 'ip', this.unauthenticatedLimit, result);
    }
  }

  private async hit(buckets: RateBucket[]): Promise<RateLimitResult> {
    try {
      return await this.store.hitRateLimit(buckets);
    } catch (error) {
      if (Date.now() - this.lastFallbackWarning > 10_000) {
        this.lastFallbackWarning = Date.now();
        this.logger.warn(`shared rate-limit store unavailable (${(error as Error).message}); limiting per instance`);
      }
      return this.fallback.hitRateLimit(buckets);
    }
  }

  /** X-RateLimit-* for the tightest ceiling: the one with the fewest requests left. */
  private applyHeaders(res: Response, buckets: RateBucket[], result: RateLimitResult): void {
    let tightest = 0;
    let remaining = Number.POSITIVE_INFINITY;
    buckets.forEach((bucket, i) => {
      if (i > 0 && result.counts[i] === 0 && result.rejectedBy !== null) return; // not reached
      const left = Math.max(0, bucket.limit - result.counts[i]);
      if (left < remaining) {
        remaining = left;
        tightest = i;
      }
    });
    res.setHeader('X-RateLimit-Limit', String(buckets[tightest].limit));
    res.setHeader('X-RateLimit-Remaining', String(remaining));
    res.setHeader('X-RateLimit-Reset', String(secondsUntilReset(result)));
  }

  private tooManyRequests(message: string, ceiling: string, limit: number, result: RateLimitResult): GraphError {
    return new GraphError(ErrorCode.TooManyCalls, message, {
      data: { ceiling, limit_per_second: limit },
      headers: { 'Retry-After': String(secondsUntilReset(result)) },
    });
  }
}

/** The admin per-organization cap: half the key's limit, at least one. */
export function organizationCap(keyLimit: number): number {
  return Math.max(1, Math.floor(keyLimit / 2));
}

function secondsUntilReset(result: RateLimitResult): number {
  return Math.max(1, Math.ceil(result.resetInMs / 1000));
}
