import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isPublicRoute, routeAccess } from '../core/route-access';
import type { GatewayRequest } from '../core/gateway-request';
import { TenancyService } from './tenancy.service';

/** Puts the organization the request acts for on the request, or refuses it (spec section 5). */
@Injectable()
export class TenancyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tenancy: TenancyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublicRoute(this.reflector, context)) return true;
    const req = context.switchToHttp().getRequest<GatewayRequest>();
    const outcome = await this.tenancy.resolve(req, routeAccess(this.reflector, context).tenant === 'required');
    if (!outcome.ok) throw outcome.error;
    req.tenant = outcome.tenant;
    return true;
  }
}
