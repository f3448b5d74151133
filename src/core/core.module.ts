import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AccessGuard } from '../auth/access.guard';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthModule } from '../auth/auth.module';
import { TenancyGuard } from '../tenancy/tenancy.guard';
import { TenancyModule } from '../tenancy/tenancy.module';
import { GraphExceptionFilter } from './graph-exception.filter';
import { createValidationPipe } from './validation.pipe';

/**
 * The request pipeline, in the order it runs (request ids and body parsing are Express middleware,
 * set up in app.setup.ts):
 *   1. ApiKeyGuard     401 code 190
 *   2. TenancyGuard    401 code 190 / 400 code 100 / 403 code 200
 *   3. AccessGuard     403 code 200 (IP, scopes, phone-number allow-list)
 *   4. validation pipe 400 code 100
 * and one filter that writes every error as a Graph error body.
 */
@Module({
  imports: [AuthModule, TenancyModule],
  providers: [
    { provide: APP_GUARD, useExisting: ApiKeyGuard },
    { provide: APP_GUARD, useExisting: TenancyGuard },
    { provide: APP_GUARD, useExisting: AccessGuard },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: GraphExceptionFilter },
  ],
})
export class CoreModule {}
