import type { WebhookEnvelope } from './events.js';
import { hex, hmacSha256 } from './hmac.js';

/** Why a delivery was refused. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

const header = (headers: HeaderBag, name: string): string | undefined => {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const encoder = new TextEncoder();

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Compares two strings in time that depends on their length only. */
function equal(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The Standard Webhooks key of an endpoint secret: a `whsec_` secret's base64 bytes, else its UTF-8. */
const keyOf = (secret: string) =>
  secret.startsWith('whsec_') ? fromBase64(secret.slice('whsec_'.length)) : encoder.encode(secret);

/**
 * Verifies a delivery of the gateway with the endpoint's secret(s) (during a rotation's overlap, the
 * new and the previous), and returns its parsed body. The Standard Webhooks headers (`webhook-id`,
 * `webhook-timestamp` within `toleranceSeconds`, any `v1,` signature of `webhook-signature`) when the
 * delivery has them, else Meta's `X-Hub-Signature-256`. `body` is the raw body as received: parsed
 * and written again, JSON would not verify.
 */
export async function verifyWebhook(input: {
  body: string | Uint8Array;
  headers: HeaderBag;
  secrets: string | string[];
  toleranceSeconds?: number;
  now?: Date;
}): Promise<WebhookEnvelope> {
  const raw = typeof input.body === 'string' ? encoder.encode(input.body) : input.body;
  const text = typeof input.body === 'string' ? input.body : new TextDecoder().decode(input.body);
  const secrets = Array.isArray(input.secrets) ? input.secrets : [input.secrets];
  if (secrets.length === 0) throw new WebhookVerificationError('no secret to verify with');
  const id = header(input.headers, 'webhook-id');
  const timestamp = header(input.headers, 'webhook-timestamp');
  const signatures = header(input.headers, 'webhook-signature');
  let verified = false;
  if (id !== undefined || timestamp !== undefined || signatures !== undefined) {
    if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp))
      throw new WebhookVerificationError('incomplete Standard Webhooks headers');
    const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
    if (Math.abs(now - Number(timestamp)) > (input.toleranceSeconds ?? 300))
      throw new WebhookVerificationError('webhook-timestamp outside the tolerance');
    const signed = encoder.encode(`${id}.${timestamp}.${text}`);
    const given = signatures.split(' ').flatMap((s) => (s.startsWith('v1,') ? [s.slice(3)] : []));
    for (const secret of secrets) {
      const expected = base64(await hmacSha256(keyOf(secret), signed));
      if (given.some((g) => equal(g, expected))) verified = true;
    }
  } else {
    const hub = header(input.headers, 'x-hub-signature-256');
    if (!hub?.startsWith('sha256=')) throw new WebhookVerificationError('no signature header');
    for (const secret of secrets) {
      const expected = `sha256=${hex(await hmacSha256(encoder.encode(secret), raw))}`;
      if (equal(hub, expected)) verified = true;
    }
  }
  if (!verified) throw new WebhookVerificationError('no signature matches the secret');
  return JSON.parse(text) as WebhookEnvelope;
}
