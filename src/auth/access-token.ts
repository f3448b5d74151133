import type { Request } from 'express';
import { GraphError } from '../core/graph-error';

export const ACCESS_TOKEN_PARAMETER = 'access_token';
/** Stands for a credential that is present but unusable: it never parses as a key. */
const INVALID = '\u0000invalid';

/**
 * The key a request presents, the ways Graph takes a token: `Authorization: Bearer <key>`, the
 * `access_token` query parameter, or an `access_token` field of a form body (urlencoded, or
 * multipart on the upload routes). Several places may carry it only if they agree: two different
 * keys are 400 code 100, never a guess. The form field is removed from the body, so nothing
 * downstream (validation, logs, errors) ever sees it. Returns the raw Authorization header's token
 * text or the parameter's value; undefined when none is given.
 */
export function presentedToken(
  req: Request & { body?: unknown },
): { text: string; from: 'header' | 'parameter' } | undefined {
  const header = req.headers.authorization;
  // A header that is not `Bearer <token>` presents no usable key (401), whatever else is sent.
  const fromHeader = typeof header === 'string' ? (/^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? INVALID) : undefined;
  const fromQuery = single(queryValue(req));
  const body = req.body as Record<string, unknown> | undefined;
  let fromForm: string | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && ACCESS_TOKEN_PARAMETER in body && isForm(req)) {
    fromForm = single(body[ACCESS_TOKEN_PARAMETER]);
    delete body[ACCESS_TOKEN_PARAMETER];
  }
  const given = [fromHeader, fromQuery, fromForm].filter(
    (value): value is string => value !== undefined && value !== '',
  );
  if (given.includes(INVALID)) return { text: INVALID, from: fromHeader === INVALID ? 'header' : 'parameter' };
  if (given.length === 0) return undefined;
  if (given.some((value) => value !== given[0])) {
    throw GraphError.invalidParameter(
      'Conflicting access tokens',
      'the request names different keys in Authorization, the access_token parameter and the access_token form field; send one',
    );
  }
  return fromHeader !== undefined && fromHeader !== ''
    ? { text: fromHeader, from: 'header' }
    : { text: given[0], from: 'parameter' };
}

function queryValue(req: Request): unknown {
  // Read from the URL as sent: the parsed query is Express's, and may be shaped by its parser.
  const search = req.originalUrl.indexOf('?');
  if (search < 0) return undefined;
  const values = new URLSearchParams(req.originalUrl.slice(search + 1)).getAll(ACCESS_TOKEN_PARAMETER);
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
}

/** A single string value; repeated values count only when they are all the same. */
function single(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => v === value[0]) && typeof value[0] === 'string')
    return value[0];
  if (value !== undefined) return INVALID;
  return undefined;
}

function isForm(req: Request): boolean {
  const type = req.headers['content-type'] ?? '';
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type);
}
