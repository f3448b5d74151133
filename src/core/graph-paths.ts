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

const PERCENT_ESCAPE = /%([0-9A-Fa-f]{2})/y;
const UTF8 = new TextDecoder('utf-8', { fatal: false });

/**
 * A path segment as text PostgreSQL can store: NUL (`%00`) and bytes that are not UTF-8 (an unpaired
 * surrogate's `%ED%A0%80`, a stray `%FF`) become U+FFFD, which no id holds; a segment without them
 * is returned as it came. So a path id holding them answers, on every route, as an id that does not
 * exist does (each route's own answer), rather than failing in the database.
 */
export function storableSegment(segment: string): string {
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = undefined;
  }
  if (decoded !== undefined && !decoded.includes('\0')) return segment;
  const bytes: number[] = [];
  for (let i = 0; i < segment.length;) {
    PERCENT_ESCAPE.lastIndex = i;
    const escape = PERCENT_ESCAPE.exec(segment);
    if (escape) {
      bytes.push(parseInt(escape[1], 16));
      i += 3;
    } else {
      const char = String.fromCodePoint(segment.codePointAt(i)!);
      bytes.push(...Buffer.from(char, 'utf8'));
      i += char.length;
    }
  }
  return encodeURIComponent(UTF8.decode(Uint8Array.from(bytes)).replaceAll('\0', '\uFFFD'));
}

/** Every path segment of the request storable (`storableSegment`); the query string is left alone. */
export function storablePathIds(req: Request, _res: Response, next: NextFunction): void {
  const url = req.url;
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (path.includes('%')) {
    const storable = path.split('/').map(storableSegment).join('/');
    if (storable !== path) req.url = storable + (end === -1 ? '' : url.slice(end));
  }
  next();
}
