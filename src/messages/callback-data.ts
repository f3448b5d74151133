/**
 * The gateway's reference in `biz_opaque_callback_data`: every send carries its record id there, so
 * Meta echoes it in the status webhooks of that send. A send whose answer was lost (a crash, a
 * timeout) is still matched to its record by those webhooks. The client's own value rides after
 * the reference and is given back unchanged: in status webhooks to the tenant and in the record.
 *
 * `gwr1:<record uuid>` when the client sent none, `gwr1:<record uuid>:<client value>` when it did
 * (an empty string included). Meta's limit (512 characters) counts the whole string, so a client's
 * value may be at most 512 - 42 characters.
 */
const PREFIX = 'gwr1:';
const REFERENCE = /^gwr1:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?::([\s\S]*))?$/;

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

/**
 * Reads an echoed value: the record it names and the client's own value (undefined when the client
 * sent none), or undefined when the value is not the gateway's (a send made without the gateway).
 */
export function untagCallbackData(value: unknown): { recordId: string; clientValue: string | undefined } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = REFERENCE.exec(value);
  return match ? { recordId: match[1], clientValue: match[2] } : undefined;
}
