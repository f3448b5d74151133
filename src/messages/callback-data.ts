/**
 * The gateway's reference in `biz_opaque_callback_data`: every send carries its record id there, so
 * Meta echoes it in the status webhooks of that send. A send whose answer was lost (a crash, a
 * timeout) is still matched to its record by those webhooks. The client's own value rides after
 * the reference and is given back unchanged: in status webhooks to the tenant and in the record.
 *
 * `gwr1:<record uuid>` when the client sent none, `gwr1:<record uuid>:<client value>` when it did
 * (an empty string included). Meta's limit (512 characters) counts the whole string, so a client's
 * value may be at most 512 - 42 characters. A broadcast's send (no client value) names its broadcast
 * too, `gwb1:<record uuid>:<broadcast uuid>`, so that its statuses' pricing is metered per broadcast
 * without reading the record.
 */
const PREFIX = 'gwr1:';
const BROADCAST_PREFIX = 'gwb1:';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const REFERENCE = new RegExp(`^gwr1:(${UUID})(?::([\\s\\S]*))?$`);
const BROADCAST_REFERENCE = new RegExp(`^gwb1:(${UUID}):(${UUID})$`);

/** Meta's limit on `biz_opaque_callback_data`, in characters. */
export const UPSTREAM_CALLBACK_DATA_MAX = 512;
/** What the gateway's reference takes of it: the prefix, a uuid and a separator. */
export const GATEWAY_CALLBACK_DATA_OVERHEAD = PREFIX.length + 36 + 1;
/** The longest value a client may send. */
export const CLIENT_CALLBACK_DATA_MAX = UPSTREAM_CALLBACK_DATA_MAX - GATEWAY_CALLBACK_DATA_OVERHEAD;

/** The value sent upstream for the record `recordId` and the client's own value (if any). */
export function tagCallbackData(recordId: string, clientValue: unknown): string {
  return typeof clientValue === 'string' ? `${PREFIX}${recordId}:${clientValue}` : `${PREFIX}${recordId}`;
}

/** The value sent upstream for a broadcast's send: its record and its broadcast. */
export function tagBroadcastCallbackData(recordId: string, broadcastId: string): string {
  return `${BROADCAST_PREFIX}${recordId}:${broadcastId}`;
}

/**
 * Reads an echoed value: the record it names, its broadcast (a broadcast's send), and the client's
 * own value (undefined when the client sent none), or undefined when the value is not the gateway's
 * (a send made without the gateway).
 */
export function untagCallbackData(
  value: unknown,
): { recordId: string; broadcastId?: string; clientValue: string | undefined } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = REFERENCE.exec(value);
  if (match) return { recordId: match[1], clientValue: match[2] };
  const broadcast = BROADCAST_REFERENCE.exec(value);
  return broadcast ? { recordId: broadcast[1], broadcastId: broadcast[2], clientValue: undefined } : undefined;
}
