/**
 * What the audit log keeps of a management write: the fields its route names (`@Audited(action,
 * { body, query })`), never a raw body. A field not named is not kept, so a secret the API takes
 * tomorrow is left out without anyone remembering to list it; naming a field that holds a secret is
 * refused when the route is declared (`assertRecordable`). What is kept is shortened (long texts and
 * lists, deep nesting) and made storable (NUL, unpaired surrogates). Written by hand rather than with
 * a redaction library: the rule is the route's own list, and the shortening is the log's.
 */

/** The fields a route's entry keeps: dotted paths into its JSON body and its query. */
export interface AuditedFields {
  body?: readonly string[];
  query?: readonly string[];
}

/**
 * Names that hold secrets (Meta's access tokens and one-time codes, two-step PINs, endpoint secrets,
 * passwords): a route may not name them among the fields it keeps, at any depth. Inside a named
 * object the same names are replaced, as a second guard.
 */
const SECRET_NAME =
  /token|secret|password|passphrase|authorization|credential|private[_-]?key|api[_-]?key$|^pin$|^code$|^otp$|^totp/i;
export const REDACTED = '[redacted]';

/** The most kept of one text, of one list, and of nesting. */
const MAX_TEXT = 1_000;
const MAX_ITEMS = 20;
const MAX_DEPTH = 8;

/** Refuses (at declaration, so at boot) a route that names a secret among the fields it keeps. */
export function assertRecordable(action: string | undefined, fields: AuditedFields): void {
  for (const path of [...(fields.body ?? []), ...(fields.query ?? [])]) {
    const secret = path.split('.').find((name) => SECRET_NAME.test(name));
    if (secret !== undefined)
      throw new Error(`audit: ${action ?? 'a route'} names "${path}", which holds a secret; the log keeps no secret`);
  }
}

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The named paths of `source` that it has, as a tree of the same shape; undefined when it has none. */
function pick(source: unknown, paths: readonly string[]): Record<string, unknown> | undefined {
  if (!isRecord(source) || paths.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const names = path.split('.');
    let from: unknown = source;
    for (const name of names) from = isRecord(from) && Object.hasOwn(from, name) ? from[name] : undefined;
    if (from === undefined) continue;
    let into = out;
    for (const name of names.slice(0, -1)) into = (into[name] ??= {}) as Record<string, unknown>;
    into[names[names.length - 1]] = keep(from, names.length);
  }
  return Object.keys(out).length ? out : undefined;
}

/** `{ query?, body? }` of a write, the named fields only, kept as above; null when it names none it carried. */
export function auditedChanges(query: unknown, body: unknown, fields: AuditedFields): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  const keptQuery = pick(query, fields.query ?? []);
  const keptBody = pick(body, fields.body ?? []);
  if (keptQuery) changes.query = keptQuery;
  if (keptBody) changes.body = keptBody;
  return Object.keys(changes).length ? changes : null;
}
