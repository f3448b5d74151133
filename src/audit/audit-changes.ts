/**
 * What a management write asked for, as the audit log keeps it: its query and body, with every value
 * under a name that holds a secret replaced by "[redacted]" (Meta's access tokens, endpoint secrets,
 * passwords; the key text is never in a request), long texts and lists shortened, and text PostgreSQL
 * cannot hold in JSON (NUL, unpaired surrogates) replaced. Written by hand rather than with a redaction
 * library: the rule is the names below, and the shortening is the log's own.
 */

/** Names whose values are secrets, wherever they appear (`access_token`, `secret`, `hmac_secret`, `Authorization`…). */
const SECRET_NAME = /token|secret|password|passphrase|authorization|credential|private[_-]?key|api[_-]?key$/i;
export const REDACTED = '[redacted]';

/** The most kept of one text, of one list, and of nesting. */
const MAX_TEXT = 1_000;
const MAX_ITEMS = 20;
const MAX_DEPTH = 8;

const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD').toWellFormed();

function keep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    const text = storable(value);
    return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} characters)` : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  // A JSON body holds nothing else; a query's values are text.
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((item) => keep(item, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `… ${value.length - MAX_ITEMS} more`] : kept;
  }
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    out[storable(name)] = SECRET_NAME.test(name) ? REDACTED : keep(item, depth + 1);
  }
  return out;
}

/** `{ query?, body? }` of a write, kept as above; null when it carried neither. */
export function auditedChanges(query: unknown, body: unknown): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length) changes.query = keep(query, 0);
  if (body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body).length === 0))
    changes.body = keep(body, 0);
  return Object.keys(changes).length ? changes : null;
}
