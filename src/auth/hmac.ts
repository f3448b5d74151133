import { createHmac, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'x-svc-timestamp';
export const SIGNATURE_HEADER = 'x-svc-signature';

/**
 * The request signature of a key with a signing secret:
 * `v1=<hex HMAC-SHA256(secret, timestamp + "." + METHOD + "." + path-with-query + "." + raw body)>`.
 */
export function signRequest(
  secret: string,
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: Buffer | string,
): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.${method.toUpperCase()}.${pathWithQuery}.`);
  hmac.update(body);
  return `v1=${hmac.digest('hex')}`;
}

export interface SignedRequest {
  timestamp: string | undefined;
  signature: string | undefined;
  method: string;
  pathWithQuery: string;
  body: Buffer | string;
}

/** Constant-time check of signature and clock skew; false for anything absent or malformed. */
export function verifyRequestSignature(
  secret: string,
  request: SignedRequest,
  nowSeconds: number,
  maxSkewSeconds: number,
): boolean {
  const { timestamp, signature } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > maxSkewSeconds) return false;
  const expected = Buffer.from(signRequest(secret, timestamp, request.method, request.pathWithQuery, request.body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
