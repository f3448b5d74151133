/**
 * A client's value as text for a message or a comparison: strings as they are, numbers and booleans
 * as `String` writes them, anything else as JSON (never `[object Object]`).
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === undefined) return '';
  return JSON.stringify(value) ?? '';
}
