import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { PUBLIC_ROUTE, ROUTE_ACCESS, type RouteAccess } from './access.decorators';

export function isPublicRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]) === true;
}

/** What the route declared with @Authenticated; routes without it need a key, an organization and no scope. */
export function routeAccess(reflector: Reflector, context: ExecutionContext): Required<RouteAccess> {
  const access = reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
    context.getHandler(),
    context.getClass(),
  ]);
  return { scopes: access?.scopes ?? [], tenant: access?.tenant ?? 'required' };
}
