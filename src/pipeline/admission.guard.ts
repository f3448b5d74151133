import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler/dist/throttler.guard.interface';
import type { Response } from 'express';
import { isPublicRoute, routeAccess } from '../core/route-access';
import type { GatewayRequest } from '../core/gateway-request';
import { TenancyService } from '../tenancy/tenancy.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { RedisThrottlerStorage } from '../rate-limit/redis-throttler.storage';
import { GraphError } from '../core/graph-error';
import { earlyClaimValue, keepEarlyClaim } from '../idempotency/early-claim';
import { IdempotencyService, type PreparedClaim } from '../idempotency/idempotency.service';

/** The counters a request was counted in, in order, for its X-RateLimit-* headers. */
type Counted = Array<{ limit: number; hits: number; secondsLeft: number }>;
const COUNTED = Symbol('rate-limit counters');
const CLAIM = Symbol('idempotency claim to make with the count');

/**
 * The rate limit as @nestjs/throttler runs it (ThrottlerModule in rate-limit.module.ts): throttler
 * `key` counts every request of an API key; throttler `organization` (admin keys acting for an
 * organization) counts it again against half the key's limit. They run in that order and stop at
 * the first over its limit, so a request refused by the key's limit is not counted against the
 * organization. Runs right after the key is known, so every request with a valid key counts,
 * including those later refused for tenancy, scope or validation. The headers and the 429 body are
 * the spec's: X-RateLimit-* for the tightest ceiling, `Retry-After`, code 4 naming the ceiling.
 */
@Injectable()
export class AdmissionGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly tenancy: TenancyService,
    private readonly limits: RateLimitService,
    private readonly counters: RedisThrottlerStorage,
    private readonly idempotency: IdempotencyService,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<GatewayRequest & { [COUNTED]?: Counted; [CLAIM]?: PreparedClaim }>();
    // The organization an admin key acts for decides its second counter (a tenancy error is raised
    // by the next guard, after counting).
    if (req.auth?.kind === 'admin')
      await this.tenancy.resolve(req, routeAccess(this.reflector, context).tenant === 'required');
    req[CLAIM] = await this.idempotencyClaimOf(req, context);
    req[COUNTED] = [];
    const allowed = await super.canActivate(context);
    this.limits.applyHeaders(context.switchToHttp().getResponse<Response>(), req[COUNTED]);
    return allowed;
  }

  /**
   * Step 1 of an Idempotency-Key's path (idempotency/idempotency.module.ts lists them all). A write
   * with a valid Idempotency-Key, whose organization is resolved: its claim, made in the same Redis
   * round trip as the key's rate-limit count (one round trip instead of two; the claim is taken only
   * within the limit). Tenancy resolution is memoized on the request, so the claim's organization is
   * the one the interceptor sees. Anything else is claimed by the interceptor.
   */
  private async idempotencyClaimOf(req: GatewayRequest, context: ExecutionContext): Promise<PreparedClaim | undefined> {
    const value = earlyClaimValue(req);
    if (!req.auth || value === undefined || isPublicRoute(this.reflector, context)) return undefined;
    const tenancy = await this.tenancy.resolve(req, routeAccess(this.reflector, context).tenant === 'required');
    if (!tenancy.ok) return undefined; // TenancyGuard refuses it
    return this.idempotency.prepare({ keyId: req.auth.keyId, tenantId: tenancy.tenant.tenantId, value });
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return isPublicRoute(this.reflector, context) || !context.switchToHttp().getRequest<GatewayRequest>().auth;
  }

  protected override async handleRequest(props: Parameters<ThrottlerGuard['handleRequest']>[0]): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker, generateKey } = props;
    const req = context.switchToHttp().getRequest<GatewayRequest & { [COUNTED]?: Counted }>();
    const key = generateKey(context, await getTracker(req, context), throttler.name ?? 'key');
    const prepared = throttler.name === 'key' ? (req as { [CLAIM]?: PreparedClaim })[CLAIM] : undefined;
    let record;
    if (prepared) {
      const counted = await this.counters.incrementAndClaim(key, limit, prepared, (error) =>
        this.idempotency.unavailable(error, prepared),
      );
      record = counted.record;
      if (counted.claim)
        keepEarlyClaim(
          req,
          prepared.scope,
          counted.claim instanceof GraphError ? counted.claim : this.idempotency.claimed(prepared, counted.claim),
        );
    } else {
      record = await this.storageService.increment(key, ttl, limit, blockDuration, throttler.name ?? 'key');
    }
    req[COUNTED]?.push({ limit, hits: record.totalHits, secondsLeft: record.timeToExpire });
    if (record.isBlocked) {
      await this.throwThrottlingException(context, {
        limit,
        ttl,
        key,
        tracker: key,
        totalHits: record.totalHits,
        timeToExpire: record.timeToExpire,
        isBlocked: true,
        timeToBlockExpire: record.timeToBlockExpire,
      });
    }
    return true;
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const req = context.switchToHttp().getRequest<GatewayRequest & { [COUNTED]?: Counted }>();
    const counted = req[COUNTED] ?? [];
    this.limits.applyHeaders(context.switchToHttp().getResponse<Response>(), counted);
    const ceiling = counted.length > 1 ? 'organization' : 'key';
    const tenantId = req.tenancy?.ok ? req.tenancy.tenant.tenantId : undefined;
    throw this.limits.tooManyRequests(ceiling, detail.limit, detail.timeToBlockExpire, tenantId);
  }
}
