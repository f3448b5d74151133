import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Response } from 'express';
import type { Environment } from '../config/environment';
import { ErrorCode, GraphError } from '../core/graph-error';
import { MetricsService } from '../metrics/metrics.service';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** One counter a request was counted in: its limit, the hits of this window, the seconds left in it. */
export interface CountedLimit {
  limit: number;
  hits: number;
  secondsLeft: number;
}

/**
 * The spec's limits (section 8), around @nestjs/throttler (AdmissionGuard (pipeline)): per API key, a
 * 1-second window shared by all endpoints; admin keys also cap each organization at half the key's
 * limit; requests without a valid key are limited per client IP. This service writes what the
 * caller sees (X-RateLimit-* headers for the tightest ceiling; 429 code 4 naming the ceiling, with
 * Retry-After) and counts the per-IP limit, which runs inside the key guard.
 */
@Injectable()
export class RateLimitService {
  private readonly unauthenticatedLimit: number;

  constructor(
    private readonly storage: RedisThrottlerStorage,
    private readonly metrics: MetricsService,
    config: ConfigService<Environment, true>,
  ) {
    this.unauthenticatedLimit = config.get('UNAUTHENTICATED_RATE_LIMIT_PER_SECOND', { infer: true });
  }

  /** Counts a request that presented no valid key, per client IP; throws 429 code 4 when over. */
  async limitUnauthenticated(res: Response, ip: string | undefined): Promise<void> {
    const record = await this.storage.increment(`ip:${ip ?? 'unknown'}`, 1000, this.unauthenticatedLimit);
    this.applyHeaders(res, [
      { limit: this.unauthenticatedLimit, hits: record.totalHits, secondsLeft: record.timeToExpire },
    ]);
    if (record.isBlocked) throw this.tooManyRequests('ip', this.unauthenticatedLimit, record.timeToBlockExpire);
  }

  /** X-RateLimit-* for the tightest ceiling counted: the one with the fewest requests left. */
  applyHeaders(res: Response, counted: CountedLimit[]): void {
    if (counted.length === 0 || res.headersSent) return;
    let tightest = counted[0];
    for (const counter of counted)
      if (counter.limit - counter.hits < tightest.limit - tightest.hits) tightest = counter;
    res.setHeader('X-RateLimit-Limit', String(tightest.limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, tightest.limit - tightest.hits)));
    res.setHeader('X-RateLimit-Reset', String(tightest.secondsLeft));
  }

  tooManyRequests(
    ceiling: 'key' | 'organization' | 'ip',
    limit: number,
    retryAfterSeconds: number,
    tenantId?: string,
  ): GraphError {
    this.metrics.rateLimited.inc({ ceiling });
    const message =
      ceiling === 'key'
        ? `(#4) Rate limit exceeded for this API key (${limit} requests per second)`
        : ceiling === 'organization'
          ? `(#4) Rate limit exceeded for organization ${tenantId} on this admin key (${limit} requests per second, half of the key's limit)`
          : '(#4) Too many requests without a valid API key from this address';
    return new GraphError(ErrorCode.TooManyCalls, message, {
      data: { ceiling, limit_per_second: limit },
      headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) },
    });
  }
}

/** The admin per-organization cap: half the key's limit, at least one. */
export function organizationCap(keyLimit: number): number {
  return Math.max(1, Math.floor(keyLimit / 2));
}
