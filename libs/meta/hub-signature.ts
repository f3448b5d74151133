import { createHmac, timingSafeEqual } from 'node:crypto';

export const HUB_SIGNATURE_HEADER = 'x-hub-signature-256';

/** Meta's webhook signature: `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
export function hubSignature(secret: string, rawBody: Buffer | string): string {
  return 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison; false for a missing or malformed header. */
export function verifyHubSignature(secret: string, rawBody: Buffer | string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(hubSignature(secret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time string equality (for the subscription verify token). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
