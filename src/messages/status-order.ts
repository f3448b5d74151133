import { MESSAGE_STATUS_ORDER } from './message-status.entity';

/**
 * The one rule of a message record's status: it only moves forward, in MESSAGE_STATUS_ORDER
 * (pending → accepted → sent → delivered → read, failed last). Sends, status webhooks, the sweeper
 * and replays all go through it: in code with `statusRank` / `advance`, in SQL with `movesForward`
 * and `furthestStatusSql`, whose array parameter is always `MESSAGE_STATUS_ORDER`.
 */

/** A status's place in the order (unknown statuses: 0, they move nothing). */
export function statusRank(status: string): number {
  return (MESSAGE_STATUS_ORDER as readonly string[]).indexOf(status) + 1;
}

/** The status a record holds after `next` is reported: `next` if it is further on, else `current`. */
export function advance<T extends string>(current: T, next: T): T {
  return statusRank(next) > statusRank(current) ? next : current;
}

/** SQL: whether status `to` is further on than status `from`; `$order` is MESSAGE_STATUS_ORDER. */
export function movesForward(from: string, to: string, order: string): string {
  return `coalesce(array_position(${order}::text[], ${from}), 0) < coalesce(array_position(${order}::text[], ${to}), 0)`;
}

/** SQL ORDER BY key that puts the furthest status first; `$order` is MESSAGE_STATUS_ORDER. */
export function furthestFirst(status: string, order: string): string {
  return `array_position(${order}::text[], ${status}) DESC`;
}

export { MESSAGE_STATUS_ORDER };

/** Meta's error code of a failed status (`errors[0].code` in the rest of its status object), if any. */
export function errorCodeOf(details: string): number | null {
  try {
    const code = (JSON.parse(details) as { errors?: Array<{ code?: unknown }> }).errors?.[0]?.code;
    return typeof code === 'number' ? code : null;
  } catch {
    return null;
  }
}
