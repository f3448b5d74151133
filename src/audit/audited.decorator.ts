import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { AuditInterceptor } from './audit.interceptor';
import { AUDITED_ROUTE, type AuditedRoute } from './audited-route';

export { auditAs } from './audited-route';

/**
 * Marks a management write for the audit log: once it succeeds, who made it (key id and prefix), from
 * which IP, when, the route and what it was asked to change (secrets left out) are kept. A refused or
 * failed write, and an Idempotency-Key replay, are not entered. The interceptor is bound to these
 * routes only (inside the global idempotency interceptor), so other routes pay nothing for it.
 */
export const Audited = (action?: string, organizations?: AuditedRoute['organizations']) =>
  applyDecorators(
    SetMetadata(AUDITED_ROUTE, { action, organizations } satisfies AuditedRoute),
    UseInterceptors(AuditInterceptor),
  );
