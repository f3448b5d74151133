/**
 * A batch's items sorted by the key its statement looks rows up by (a copy). Batched writes on the
 * hot path (the send acceptances, the ingestion's events, statuses and records) join the batch's
 * arrays with `unnest` into a unique index: the plan is a nested loop in array order, so the rows are
 * locked, and unique keys claimed, in that order. Two batches sorted the same way meeting on the
 * same rows wait for one another instead of deadlocking. (Group commit would survive a deadlock
 * anyway, writing the batch again one by one, but only after PostgreSQL's deadlock timeout.)
 * Statements whose plan does not follow the arrays lock explicitly in a sorted `FOR UPDATE` first,
 * as the tenant webhook dispatcher does.
 */
export function inLockOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}
