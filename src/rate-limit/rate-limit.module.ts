import { ExecutionContext, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { GatewayRequest } from '../core/gateway-request';
import { organizationCap, RateLimitService } from './rate-limit.service';
import { RedisThrottlerStorage } from './redis-throttler.storage';

const requestOf = (context: ExecutionContext) => context.switchToHttp().getRequest<GatewayRequest>();
/**
 * The organization an admin key's request acts for, once resolved (the pipeline's AdmissionGuard resolves it
 * first).
 */
const actingTenant = (req: GatewayRequest) => (req.tenancy?.ok ? req.tenancy.tenant.tenantId : undefined);

/**
 * A rate-limit bucket's id (the store writes it under `rl:`): the key's own, or an admin key's share
 * of one organization. Both carry the API key's hash tag, as its idempotency keys do: the script that
 * counts both buckets also claims the Idempotency-Key, and on a Redis Cluster the keys of one script
 * must live in one slot.
 */
export function rateBucketId(keyId: string, organizationId?: string): string {
  return organizationId === undefined ? `{${keyId}}:k` : `{${keyId}}:o:${organizationId}`;
}

/** The storage, in a module of its own so that ThrottlerModule's factory and RateLimitService share it. */
@Module({ providers: [RedisThrottlerStorage], exports: [RedisThrottlerStorage] })
class ThrottlerStorageModule {}

/**
 * Rate limits through @nestjs/throttler: two throttlers of 1-second windows on the shared store,
 * run in this order by the pipeline's AdmissionGuard (right after the key guard).
 */
@Module({
  imports: [
    ThrottlerStorageModule,
    ThrottlerModule.forRootAsync({
      imports: [ThrottlerStorageModule],
      inject: [RedisThrottlerStorage],
      useFactory: (storage: RedisThrottlerStorage) => ({
        storage,
        // The gateway writes the spec's headers itself (the tightest ceiling, not one per throttler).
        setHeaders: false,
        getTracker: (req: Record<string, unknown>) => (req as unknown as GatewayRequest).auth?.keyId ?? 'none',
        generateKey: (context: ExecutionContext, keyId: string, throttler: string) =>
          throttler === 'organization'
            ? rateBucketId(keyId, actingTenant(requestOf(context)) ?? '-')
            : rateBucketId(keyId),
        throttlers: [
          {
            name: 'key',
            ttl: 1000,
            limit: (context: ExecutionContext) => requestOf(context).auth?.rateLimitPerSecond ?? 1,
          },
          {
            name: 'organization',
            ttl: 1000,
            limit: (context: ExecutionContext) => organizationCap(requestOf(context).auth?.rateLimitPerSecond ?? 1),
            skipIf: (context: ExecutionContext) => {
              const req = requestOf(context);
              return req.auth?.kind !== 'admin' || !actingTenant(req);
            },
          },
        ],
      }),
    }),
  ],
  providers: [RateLimitService],
  exports: [RateLimitService, ThrottlerStorageModule, ThrottlerModule],
})
export class RateLimitModule {}
