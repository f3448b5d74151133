import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AccessGuard } from '../auth/access.guard';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthModule } from '../auth/auth.module';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { TenancyGuard } from '../tenancy/tenancy.guard';
import { TenancyModule } from '../tenancy/tenancy.module';
import { GraphExceptionFilter } from './graph-exception.filter';
import { createValidationPipe } from '../core/validation.pipe';
import { AdmissionGuard } from './admission.guard';

/**
 * The request pipeline, in the order it runs (request ids and body parsing are Express middleware,
 * set up in app.setup.ts):
 *   1. ApiKeyGuard            401 code 190 (requests without a valid key are limited per IP: 429 code 4)
 *   2. AdmissionGuard         429 code 4 (@nestjs/throttler: key, then an admin key's organization), before any
 *                             business logic; counts every request of a valid key
 *   3. TenancyGuard           401 code 190 / 400 code 100 / 403 code 200
 *   4. AccessGuard            403 code 200 (IP, scopes, phone-number allow-list)
 *   5. IdempotencyInterceptor replay / 409 in flight / 503 when its store is down
 *   6. validation pipe        400 code 100
 * (Routes marked @Audited add the audit log's interceptor, inside the idempotency interceptor.)
 * and one filter that writes every error as a Graph error body.
 */
@Module({
  imports: [AuthModule, RateLimitModule, TenancyModule, IdempotencyModule],
  providers: [
    ApiKeyGuard,
    AdmissionGuard,
    AccessGuard,
    { provide: APP_GUARD, useExisting: ApiKeyGuard },
    { provide: APP_GUARD, useExisting: AdmissionGuard },
    { provide: APP_GUARD, useExisting: TenancyGuard },
    { provide: APP_GUARD, useExisting: AccessGuard },
    { provide: APP_INTERCEPTOR, useExisting: IdempotencyInterceptor },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: GraphExceptionFilter },
  ],
})
export class PipelineModule {}
