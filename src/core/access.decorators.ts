import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiHeader } from '@nestjs/swagger';
import type { AuthContext, GatewayRequest } from './gateway-request';
import { ApiGraphErrors } from './api-graph-errors.decorator';
import type { Scope } from './scopes';

export const PUBLIC_ROUTE = 'gateway:public';
export const ROUTE_ACCESS = 'gateway:access';

export interface RouteAccess {
  /** Scopes the key must hold (all of them). */
  scopes?: Scope[];
  /**
   * `required` (default): the request acts for one organization, derived from the path resource or
   * X-Svc-Tenant-Id. `optional`: the route works across the key's organizations.
   */
  tenant?: 'required' | 'optional';
}

/** Opts a route out of API-key authentication (health, docs, upstream webhooks). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/**
 * Declares what a route needs from the key, and documents it in /docs: bearer auth, the tenant
 * header, the scopes, and the auth-class errors.
 */
export function Authenticated(access: RouteAccess = {}) {
  const scopes = access.scopes ?? [];
  return applyDecorators(
    SetMetadata(ROUTE_ACCESS, { tenant: 'required', ...access }),
    ApiBearerAuth('api-key'),
    ApiHeader({
      name: 'X-Svc-Tenant-Id',
      required: false,
      description: 'Admin keys: the organization to act for when the path names no phone number or business account.',
    }),
    ApiGraphErrors(401, 403, 429),
    ApiExtension('x-required-scopes', scopes),
  );
}

export const CurrentAuth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  const auth = ctx.switchToHttp().getRequest<GatewayRequest>().auth;
  if (!auth) throw new Error('CurrentAuth used on a route without authentication');
  return auth;
});

/** The organization the request acts for (resolved once by the tenancy guard). */
export const TenantId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const tenantId = ctx.switchToHttp().getRequest<GatewayRequest>().tenant?.tenantId;
  if (!tenantId) throw new Error('TenantId used on a route without a resolved organization');
  return tenantId;
});
