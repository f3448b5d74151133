import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { isPublicRoute, routeAccess } from '../auth/route-access';
import type { GatewayRequest } from '../core/gateway-request';
import { TenancyService } from '../tenancy/tenancy.service';
import { RateLimitService } from './rate-limit.service';

/**
 * Runs right after the key is known and before anything else, so every request with a valid key
 * counts, including those later refused for tenancy, scope or validation. Admin keys also count
 * against the organization the request acts for, when it resolves; a tenancy error is raised by
 * the next guard, after counting.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimitService,
    private readonly tenancy: TenancyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublicRoute(this.reflector, context)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<GatewayRequest>();
    const auth = req.auth;
    if (!auth) return true;
    let tenantId: string | undefined;
    if (auth.kind === 'admin') {
      const outcome = await this.tenancy.resolve(req, routeAccess(this.reflector, context).tenant === 'required');
      tenantId = outcome.ok ? outcome.tenant.tenantId : undefined;
    }
    await this.limiter.limitKey(http.getResponse<Response>(), auth, tenantId);
    return true;
  }
}
