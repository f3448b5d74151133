import type { NextFunction, Request, Response } from 'express';

const GRAPH_VERSION = /^\/v\d+\.\d+(?=\/|\?|$)/;
/**
 * Unversioned paths routed as `/v1`: Graph nodes (a numeric id first: `/{phone-number-id}/messages`,
 * `/{waba-id}/message_templates`, `/{media-id}`) and the gateway's own collections. Not
 * `/webhooks/whatsapp` and `/webhooks/simulator` (upstream's and test mode's webhooks), `/health`, `/docs`, `/v1` itself, or anything else.
 */
const UNVERSIONED =
  /^\/(\d+|tenants|blacklist|contacts|media_library|media|webhooks(?!\/(?:whatsapp|simulator)(?:\/|\?|$)))(?=\/|\?|$)/;

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
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A path segment as text PostgreSQL can store: NUL (`%00`) and an unpaired surrogate (written as
 * WTF-8, `%ED%A0%80`) become U+FFFD, which no id holds; a segment without them is returned as it came.
 * So a path id holding them answers, on every route, as an id that does not exist does (each route's
 * own answer), rather than failing in the database. A segment that is not UTF-8 for another reason
 * (`%E0%A4%A`, `%FF`) is left for Express, which refuses it as malformed (400 code 100).
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
  // A surrogate's three bytes (ED A0-BF 80-BF) as U+FFFD's (EF BF BD); anything else not UTF-8 stays.
  for (let i = 0; i + 2 < bytes.length; i++)
    if (
      bytes[i] === 0xed &&
      bytes[i + 1] >= 0xa0 &&
      bytes[i + 1] <= 0xbf &&
      bytes[i + 2] >= 0x80 &&
      bytes[i + 2] <= 0xbf
    )
      bytes.splice(i, 3, 0xef, 0xbf, 0xbd);
  let text: string;
  try {
    text = UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return segment;
  }
  return encodeURIComponent(text.replaceAll('\0', '\uFFFD'));
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
