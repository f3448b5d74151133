import { GraphApiError } from './graph-error';

/**
 * A Graph analytics field expression (`pricing_analytics.start(…).end(…).granularity(DAILY)…`) read as
 * its filters, with the `start` and `end` every analytics field requires (unix seconds, end after start).
 */
export function analyticsFilters(expression: string): { filters: Map<string, string>; start: number; end: number } {
  const filters = new Map<string, string>();
  for (const match of expression.matchAll(/\.(\w+)\(([^)]*)\)/g)) filters.set(match[1], match[2]);
  const start = Number(filters.get('start'));
  const end = Number(filters.get('end'));
  if (!filters.has('start') || !Number.isInteger(start))
    throw GraphApiError.invalidParameter('The parameter start is required and must be a UNIX timestamp');
  if (!filters.has('end') || !Number.isInteger(end) || end <= start)
    throw GraphApiError.invalidParameter('The parameter end is required and must be a UNIX timestamp after start');
  return { filters, start, end };
}

/** `["A","B"]`, `[A,B]` or `A,B` as a list. */
export function filterList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((item) => item.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}
