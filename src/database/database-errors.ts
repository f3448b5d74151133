/**
 * Whether an error means PostgreSQL cannot be reached (rather than refused the statement): the
 * connection was refused, lost or timed out, or the server is shutting down or starting. Such a
 * request was not carried out and can be retried: it answers 503 code 2 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const err = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | null;
  if (!err || typeof err !== 'object') return false;
  const code = typeof err.code === 'string' ? err.code : '';
  // ECONNREFUSED and friends; SQLSTATE 08xxx (connection exception), 57P01-57P03 (shutdown, crash, starting).
  if (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND)$/.test(code) ||
    /^(08...|57P0[123])$/.test(code)
  )
    return true;
  const message = typeof err.message === 'string' ? err.message : '';
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Connection is not established/i.test(
      message,
    )
  )
    return true;
  return isDatabaseUnavailable(err.driverError) || (err.cause !== error && isDatabaseUnavailable(err.cause));
}

/**
 * The columns of a unique violation (SQLSTATE 23505) as PostgreSQL names them in its detail
 * (`Key (waba_id)=(…) already exists.`), or undefined when `error` is not one. Two requests that
 * create the same thing at once both pass a check-then-insert; the loser lands here.
 */
export function uniqueViolationColumns(error: unknown): string | undefined {
  const err = error as { code?: unknown; detail?: unknown; driverError?: unknown } | null;
  if (!err || typeof err !== 'object') return undefined;
  if (err.code === '23505') {
    const columns = typeof err.detail === 'string' ? /^Key \(([^)]*)\)=/.exec(err.detail)?.[1] : undefined;
    return columns ?? 'a unique value';
  }
  return uniqueViolationColumns(err.driverError);
}
