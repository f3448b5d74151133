import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { GraphError } from '../core/graph-error';
import { isUuid } from './uuid';

export interface Page<T> {
  data: T[];
  paging: { cursors: { before?: string; after?: string }; next?: string };
}

/** A keyset position: the sort value and the id of the last row of a page. */
export interface KeysetCursor {
  at: string;
  id: string;
}

/**
 * The one cursor format of every paginated list: the keyset values of a row (for example its time
 * and id, or a template's name and language) as a base64url JSON array, opaque like Graph's.
 */
export function encodeKeyset(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * Decodes a cursor of `arity` values made by `encodeKeyset`; anything else (bad base64 or JSON,
 * another shape, or values `valid` refuses) is 400 code 100 naming `after`.
 */
export function decodeKeyset(text: string, arity: number, valid: (values: string[]) => boolean = () => true): string[] {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === arity && value.every((v) => typeof v === 'string') && valid(value))
      return value;
  } catch {
    // fall through
  }
  throw GraphError.invalidParameter('Invalid cursor', 'after: not a cursor returned by this endpoint');
}

export function encodeCursor(cursor: KeysetCursor): string {
  return encodeKeyset([cursor.at, cursor.id]);
}

/** Decodes `?after=` of a (time, row id) list; a cursor that was not made here is 400 code 100. */
export function decodeCursor(text: string | undefined): KeysetCursor | undefined {
  if (text === undefined) return undefined;
  const [at, id] = decodeKeyset(text, 2, ([time, rowId]) => isUuid(rowId) && !Number.isNaN(Date.parse(time)));
  return { at, id };
}

/**
 * Builds a page from rows fetched with `LIMIT limit + 1` in (sort value, id) order: the extra row
 * only tells that a next page exists. `nextUrl` receives the cursor of the next page.
 */
export function toPage<Row, Out>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => KeysetCursor,
  map: (row: Row) => Out,
  nextUrl?: (after: string) => string,
): Page<Out> {
  const pageRows = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  const after = last ? encodeCursor(cursorOf(last)) : undefined;
  return {
    data: pageRows.map(map),
    paging: {
      cursors: { ...(first && { before: encodeCursor(cursorOf(first)) }), ...(after && { after }) },
      ...(hasMore && after && nextUrl && { next: nextUrl(after) }),
    },
  };
}

/** The URL of the next page: the request's own path and query with `after` replaced. */
export function nextPageUrl(originalUrl: string, after: string): string {
  const url = new URL(originalUrl, 'http://gateway.local');
  url.searchParams.set('after', after);
  return url.pathname + url.search;
}

/**
 * One page of the rows `query` selects, oldest first, by (created_at, id). A cursor carries its time
 * to the millisecond (what a Date holds) while PostgreSQL keeps microseconds, so the order and the
 * comparison both use the time truncated to milliseconds: otherwise the last row of a page compares
 * greater than its own cursor and comes back on every following page.
 */
export async function pageOldestFirst<Row extends ObjectLiteral & { id: string; createdAt: Date }, Out>(
  query: SelectQueryBuilder<Row>,
  page: { limit: number; after?: string },
  originalUrl: string,
  map: (row: Row) => Out,
): Promise<Page<Out>> {
  const alias = query.alias;
  const at = `date_trunc('milliseconds', ${alias}.created_at)`;
  const cursor = decodeCursor(page.after);
  if (cursor)
    query.andWhere(`(${at}, ${alias}.id) > (:cursorAt::timestamptz, :cursorId::uuid)`, {
      cursorAt: cursor.at,
      cursorId: cursor.id,
    });
  const rows = await query
    .orderBy(at, 'ASC')
    .addOrderBy(`${alias}.id`, 'ASC')
    .limit(page.limit + 1)
    .getMany();
  return toPage(
    rows,
    page.limit,
    (row) => ({ at: row.createdAt.toISOString(), id: row.id }),
    map,
    (after) => nextPageUrl(originalUrl, after),
  );
}
