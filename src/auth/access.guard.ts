import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { GatewayRequest } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { ipAllowed } from './api-keys.service';
import { isPublicRoute, routeAccess } from '../core/route-access';

/** The key's restrictions: client IP, scopes, and the phone-number allow-list. Each refusal is 403 code 200. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (isPublicRoute(this.reflector, context)) return true;
    const req = context.switchToHttp().getRequest<GatewayRequest>();
    const auth = req.auth;
    if (!auth) throw GraphError.invalidToken();
    if (auth.ipAllowList && !ipAllowed(auth.ipAllowList, req.ip)) {
      throw GraphError.permissionDenied('The API key may not be used from this IP address');
    }
    const missing = routeAccess(this.reflector, context).scopes.filter((scope) => !auth.scopes.has(scope));
    if (missing.length) {
      throw GraphError.permissionDenied(`The API key lacks the scope ${missing.join(', ')}`);
    }
    const phone = req.tenant?.phoneNumber;
    if (phone && auth.allowedPhoneNumberIds && !auth.allowedPhoneNumberIds.has(phone.phoneNumberId)) {
      throw GraphError.permissionDenied('The API key may not use this phone number');
    }
    return true;
  }
}
