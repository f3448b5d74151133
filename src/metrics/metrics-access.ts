import { timingSafeEqual } from 'node:crypto';

/**
 * Who may read /metrics: with a token set, whoever sends it as a bearer token (compared in constant
 * time); without one, nobody on the main port (a reverse proxy on the same host would make any
 * "loopback only" rule public), and anyone who can reach the metrics listener, which listens on
 * loopback unless METRICS_HOST says otherwise.
 */
export function metricsAccessProblem(
  listener: 'main' | 'metrics',
  authorization: string | undefined,
  token: string | undefined,
): string | undefined {
  if (!token) return listener === 'main' ? 'not found' : undefined;
  const given = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? undefined
    : 'Metrics need the METRICS_TOKEN bearer token';
}
