import { ErrorCode, GraphError } from '../core/graph-error';

/** The in-flight conflict: HTTP 409 with the spec's own body shape (7.1) and code 131000 (7.2). */
export function inFlightError(): GraphError {
  const message = 'A request with this Idempotency-Key is still being processed; retry after it completes.';
  return new GraphError(ErrorCode.SendFailure, message, {
    status: 409,
    headers: { 'Retry-After': '1' },
    body: { error: 'idempotency_in_flight', message, code: ErrorCode.SendFailure },
  });
}
