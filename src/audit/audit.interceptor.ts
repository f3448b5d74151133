import { CallHandler, ExecutionContext, Injectable, NestInterceptor, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { concatMap, Observable } from 'rxjs';
import { AUDITED_ROUTE, type AuditedRoute } from './audited-route';
import type { GatewayRequest } from '../core/gateway-request';
import { requestIdOf } from '../core/request-id';
import { auditedChanges } from './audit-changes';
import { AuditService } from './audit.service';

/** The id of what a write changed: the answer's `id` (an issued key's `record.id`), else the path's last parameter. */
function targetOf(params: Record<string, string> | undefined, answer: unknown): string | null {
  if (answer && typeof answer === 'object') {
    const { id, record } = answer as { id?: unknown; record?: { id?: unknown } };
    if (typeof id === 'string') return id;
    if (record && typeof record.id === 'string') return record.id;
  }
  const values = Object.values(params ?? {});
  return values.length ? values[values.length - 1] : null;
}

/**
 * Enters each successful write of a route marked @Audited in the audit log, before its answer leaves.
 * Bound by @Audited to those routes, so it runs inside the global idempotency interceptor: a replay,
 * which runs nothing, is not entered twice; a write that throws is not entered at all.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    // Absent where no request is served (the CLI boots the key and tenancy modules, whose controllers
    // carry @Audited, without the audit log).
    @Optional() private readonly audit?: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const audited = this.reflector.get<AuditedRoute | undefined>(AUDITED_ROUTE, context.getHandler());
    const audit = this.audit;
    if (!audited || !audit) return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<GatewayRequest>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      concatMap(async (answer: unknown) => {
        const auth = req.auth;
        const action = audited.action ?? req.audited?.action;
        if (auth && action && res.statusCode >= 200 && res.statusCode < 300) {
          const named = audited.organizations?.(req, answer) ?? [req.audited?.tenantId ?? req.tenant?.tenantId];
          const tenantIds = [...new Set(named.filter((id): id is string => typeof id === 'string'))];
          await audit.record({
            tenantIds: tenantIds.length ? tenantIds : [null],
            keyId: auth.keyId,
            keyPrefix: auth.keyPrefix,
            keyKind: auth.kind,
            person: auth.person,
            ip: req.ip ?? null,
            requestId: requestIdOf(req),
            action,
            method: req.method,
            path: req.originalUrl.split('?')[0],
            targetId: targetOf(req.params as Record<string, string> | undefined, answer),
            statusCode: res.statusCode,
            changes: auditedChanges(req.query, req.body, audited),
          });
        }
        return answer;
      }),
    );
  }
}
