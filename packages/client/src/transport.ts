import { hex, hmacSha256 } from './hmac.js';

/** How the client's requests are sent: who it is, how long to wait, how often to try again. */
export interface TransportOptions {
  /** `svc_live_…`, `svc_admin_…` or `svc_test_…`. */
  apiKey: string;
  /** An admin key's organization for every call (`X-Svc-Tenant-Id`); a call may give its own header. */
  organizationId?: string;
  /** The key's signing secret, when the key requires signed requests (`X-Svc-Timestamp`, `X-Svc-Signature`). */
  signingSecret?: string;
  /** Per attempt, in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** Tries after the first on 429, 503, a key's request still in flight (409) and network errors (default 3). */
  retries?: number;
  /** The first wait before a retry, doubled each time, with jitter (default 500 ms; at most 30 s). */
  backoffMs?: number;
  /** The runtime's fetch by default (called with a Request). */
  fetch?: (request: Request) => Promise<Response>;
}

const RETRIED_STATUSES = new Set([429, 503]);

/**
 * A 409 that says the request with this Idempotency-Key is still being processed (the first of two
 * tries still running, or one the gateway lets go once its store answers): the same request, tried
 * again after `Retry-After`, gets the first one's answer. Any other 409 is the caller's.
 */
async function inFlight(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return body?.error === 'idempotency_in_flight';
}
const MAX_WAIT_MS = 30_000;

/** `v1=<hex HMAC-SHA256(secret, timestamp.METHOD.path?query.body)>`, as the gateway checks it. */
async function signature(secret: string, timestamp: string, request: Request, body: ArrayBuffer): Promise<string> {
  const url = new URL(request.url);
  const encoder = new TextEncoder();
  const head = encoder.encode(`${timestamp}.${request.method.toUpperCase()}.${url.pathname}${url.search}.`);
  const signed = new Uint8Array(head.length + body.byteLength);
  signed.set(head);
  signed.set(new Uint8Array(body), head.length);
  return `v1=${hex(await hmacSha256(encoder.encode(secret), signed))}`;
}

/** The wait before try `attempt` (1 for the first retry): `Retry-After` when the gateway gave one, else backoff with jitter. */
function waitBefore(attempt: number, base: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_WAIT_MS);
  const ceiling = Math.min(base * 2 ** (attempt - 1), MAX_WAIT_MS);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * A fetch that authenticates, signs when the key asks for it, gives every POST an Idempotency-Key
 * (kept across its retries, so a retried send is sent once), times each attempt out, and tries again
 * on 429, 503, an in-flight 409 and network errors with backoff and jitter, honouring `Retry-After`. The caller's
 * AbortSignal cancels the call and its waits.
 */
export function resilientFetch(options: TransportOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const retries = options.retries ?? 3;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const backoffMs = options.backoffMs ?? 500;
  return async (request: Request) => {
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${options.apiKey}`);
    if (options.organizationId && !headers.has('x-svc-tenant-id'))
      headers.set('x-svc-tenant-id', options.organizationId);
    if (request.method === 'POST' && !headers.has('idempotency-key'))
      headers.set('idempotency-key', crypto.randomUUID());
    // The body is read once: each attempt is a new request with the same bytes.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      const attemptHeaders = new Headers(headers);
      if (options.signingSecret) {
        const timestamp = String(Math.floor(Date.now() / 1000));
        attemptHeaders.set('x-svc-timestamp', timestamp);
        attemptHeaders.set(
          'x-svc-signature',
          await signature(options.signingSecret, timestamp, request, body ?? new ArrayBuffer(0)),
        );
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      let response: Response | undefined;
      try {
        response = await send(
          new Request(request.url, { method: request.method, headers: attemptHeaders, body, signal }),
        );
      } catch (error) {
        // The caller's cancellation ends the call; a timeout or a network error is tried again.
        if (request.signal?.aborted || attempt >= retries) throw error;
      }
      if (response && (attempt >= retries || !(RETRIED_STATUSES.has(response.status) || (await inFlight(response)))))
        return response;
      const retryAfter = response?.headers.get('retry-after') ?? null;
      await response?.body?.cancel();
      await sleep(waitBefore(attempt + 1, backoffMs, retryAfter), request.signal);
    }
  };
}
