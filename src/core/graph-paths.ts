import type { NextFunction, Request, Response } from 'express';

const GRAPH_VERSION = /^\/v\d+\.\d+(?=\/|\?|$)/;
/**
 * Unversioned paths routed as `/v1`: Graph nodes (a numeric id first: `/{phone-number-id}/messages`,
 * `/{waba-id}/message_templates`, `/{media-id}`) and the gateway's own collections. Not
 * `/webhooks/whatsapp` (upstream's webhooks), `/health`, `/docs`, `/v1` itself, or anything else.
 */
const UNVERSIONED =
  /^\/(\d+|tenants|blacklist|contacts|media_library|media|webhooks(?!\/whatsapp(?:\/|\?|$)))(?=\/|\?|$)/;

/**
 * Graph's path forms as aliases of `/v1`: any Graph version (`/v23.0/...`, `/v17.0/...`) and no
 * version at all (as Graph answers too). The request is routed as the `/v1` path, so behaviour,
 * errors, scopes and tenancy are the same by construction; `req.originalUrl` keeps the path as sent
 * (HMAC signatures and paging links use it). The version a client names is not passed on: upstream
 * is always called at UPSTREAM_API_VERSION.
 */
export function graphPathAliases(req: Request, _res: Response, next: NextFunction): void {
  const url = req.url;
  const version = GRAPH_VERSION.exec(url);
  if (version) req.url = '/v1' + url.slice(version[0].length);
  else if (UNVERSIONED.test(url)) req.url = '/v1' + url;
  next();
}
