import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, concatMap, from, Observable, of, throwError } from 'rxjs';
import type { GatewayRequest } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { inFlightError } from './idempotency.errors';
import { markReplayed, takeEarlyClaim, WRITE_METHODS } from './early-claim';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER, IdempotencyService } from './idempotency.service';
/** Response headers worth replaying (the pipeline sets request ids and rate-limit headers afresh). */
const REPLAYED_HEADERS = ['location', 'content-location', 'content-type'];

/**
 * Step 2 of an Idempotency-Key's path (idempotency.module.ts lists them all).
 * Idempotency-Key on POST, PATCH and PUT (ignored on GET and on public routes). A replay returns
 * the original status and body with `Idempotency-Replayed: true` and runs nothing; a second request
 * while the first runs gets 409 `idempotency_in_flight` at once. Only 2xx responses are cached, and
 * the cache write completes before the response is sent, so a fast retry always sees the lock or
 * the cached response.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<GatewayRequest>();
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (!WRITE_METHODS.has(req.method) || header === undefined || !req.auth) return next.handle();
    const value = checkIdempotencyKey(header);
    const res = http.getResponse<Response>();

    const scope = { keyId: req.auth.keyId, tenantId: req.tenant?.tenantId, value };
    // Usually claimed already, by the rate limiter in its own round trip to Redis.
    const early = takeEarlyClaim(req, scope);
    const claimed$ =
      early instanceof GraphError ? throwError(() => early) : early ? of(early) : from(this.idempotency.claim(scope));
    return claimed$.pipe(
      concatMap((claimed) => {
        const { claim } = claimed;
        if (claim.state === 'in_flight') return throwError(() => inFlightError());
        if (claim.state === 'replay') {
          res.status(claim.response.status);
          for (const [name, headerValue] of Object.entries(claim.response.headers)) res.setHeader(name, headerValue);
          markReplayed(res);
          return of(claim.response.body);
        }
        return next.handle().pipe(
          concatMap(async (body: unknown) => {
            if (res.statusCode >= 200 && res.statusCode < 300) {
              await claimed.complete({ status: res.statusCode, body: body ?? null, headers: pickHeaders(res) });
            } else {
              await claimed.release();
            }
            return body;
          }),
          catchError((error: unknown) => from(claimed.release()).pipe(concatMap(() => throwError(() => error)))),
        );
      }),
    );
  }
}

function pickHeaders(res: Response): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = res.getHeader(name);
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}
