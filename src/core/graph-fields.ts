import { GraphError } from './graph-error';

/** A record reduced to `fields` (comma-separated; `id` is always kept), as Graph projects objects. */
export function projectFields<T extends { id: string }>(record: T, fields: string | undefined): Partial<T> {
  if (fields === undefined || fields.trim() === '') return record;
  const wanted = new Set(['id', ...fields.split(',').map((field) => field.trim().replace(/\{.*$/, ''))]);
  return Object.fromEntries(Object.entries(record).filter(([name]) => wanted.has(name))) as Partial<T>;
}

/** A single text query parameter (Graph's `fields`); a repeated one is 400 code 100. */
export function textParameter(value: unknown, name = 'fields'): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw GraphError.invalidParameter('Invalid parameter', `${name}: must be a single string`);
  return value;
}
