import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Request } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { GatewayRequest } from '../core/gateway-request';
import { routeTemplate } from '../core/route-template';

/**
 * One access line per request, written when its answer is finished (pino-http), with the request id,
 * the organization and the key's display prefix (never its text), the route template (never a path
 * with ids or a query string that may carry `access_token`), method, status and latency. Mounted
 * right after the request-id middleware, so requests refused early (database down, malformed body)
 * get their line too. 500 lines are errors, other 5xx warnings, everything else info.
 */
export function accessLog(root: Logger): RequestHandler {
  const fields = (req: IncomingMessage, res: ServerResponse, latencyMs: number) => {
    const gateway = req as GatewayRequest;
    return {
      org_id: gateway.tenant?.tenantId ?? (gateway.auth?.kind === 'org' ? gateway.auth.tenantIds[0] : undefined),
      key_prefix: gateway.auth?.keyPrefix,
      method: req.method,
      route: routeTemplate(req as Request),
      status: res.statusCode,
      latency_ms: latencyMs,
    };
  };
  const middleware = pinoHttp({
    logger: root,
    genReqId: (req) => (req as GatewayRequest).id,
    customAttributeKeys: { reqId: 'request_id' },
    // Only the request id is bound (no serialized request: headers carry keys and signatures).
    quietReqLogger: true,
    quietResLogger: true,
    // A 500 is a fault; a 503 (a dependency known down, nothing done) is a warning; the rest is traffic.
    customLogLevel: (_req, res, error) =>
      error || res.statusCode === 500 ? 'error' : res.statusCode > 500 ? 'warn' : 'info',
    customSuccessMessage: (req, res, latencyMs) =>
      `${req.method} ${routeTemplate(req as Request)} ${res.statusCode} ${latencyMs}ms`,
    customSuccessObject: (req, res, value: { responseTime: number }) => fields(req, res, value.responseTime),
    customErrorMessage: (req, res) => `${req.method} ${routeTemplate(req as Request)} ${res.statusCode}`,
    // The cause of a 500 is logged by the exception filter with the request id, not here.
    customErrorObject: (req, res, _error, value: { responseTime: number }) => fields(req, res, value.responseTime),
  });
  return middleware;
}
