import { timingSafeEqual } from 'node:crypto';

/**
 * Who may read /metrics: with a token set, whoever sends it as a bearer token (compared in constant
 * time); without one, loopback callers only (the socket's own address, not a forwarded header).
 */
export function metricsAccessProblem(remoteAddress: string | undefined, authorization: string | undefined, token: string | undefined): string | undefined {
  if (token) {
    const given = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'Metrics need the METRICS_TOKEN bearer token';
  }
  const address = (remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '::1' || address.startsWith('127.') ? undefined : 'Metrics are served to loopback callers only (set METRICS_TOKEN to open them)';
}
