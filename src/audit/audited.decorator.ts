import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { assertRecordable } from './audit-changes';
import { AuditInterceptor } from './audit.interceptor';
import { AUDITED_ROUTE, type AuditedRecord, type AuditedRoute } from './audited-route';

export { auditAs } from './audited-route';

/** The OpenAPI extension that says what an audited route's entry keeps (`/docs-json`). */
export const AUDIT_EXTENSION = 'x-gateway-audit';

/**
 * Marks a management write for the audit log: once it succeeds, who made it (key id and prefix, the
 * person), from which IP, when, the route, its target and the request's fields that `record` names
 * (dotted paths into the body and the query; nothing else of the request, and never a secret: naming
 * one fails at boot). A refused or failed write, and an Idempotency-Key replay, are not entered. The
 * interceptor is bound to these routes only (inside the global idempotency interceptor), so other
 * routes pay nothing for it. `/docs` shows each route's action and fields (`x-gateway-audit`).
 */
export const Audited = (action: string | undefined, record: AuditedRecord) => {
  assertRecordable(action, record);
  return applyDecorators(
    SetMetadata(AUDITED_ROUTE, { action, ...record } satisfies AuditedRoute),
    UseInterceptors(AuditInterceptor),
    ApiExtension(AUDIT_EXTENSION, {
      action: action ?? 'named by the node it changes',
      body: record.body ?? [],
      query: record.query ?? [],
    }),
  );
};
