import { GraphError } from '../core/graph-error';
import { decodeCursor, decodeKeyset, encodeCursor, encodeKeyset } from './pagination';

/** The error a decode throws, or fails the test when it does not throw. */
function refusal(decode: () => unknown): GraphError {
  try {
    decode();
  } catch (error) {
    return error as GraphError;
  }
  throw new Error('expected the cursor to be refused');
}

describe('cursors: one format for every list', () => {
  it('round-trips the keyset values of a row, whatever they hold', () => {
    const values = ['order_update', 'pt_BR'];
    expect(decodeKeyset(encodeKeyset(values), 2)).toEqual(values);
    expect(decodeKeyset(encodeKeyset(['José "/" ✓']), 1)).toEqual(['José "/" ✓']);
    expect(encodeKeyset(values)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('a (time, id) cursor is the same format with two values', () => {
    const cursor = { at: '2026-11-25T10:00:00.123Z', id: '6f1c2d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f' };
    expect(encodeCursor(cursor)).toBe(encodeKeyset([cursor.at, cursor.id]));
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor!'],
    ['another arity', encodeKeyset(['a', 'b', 'c'])],
    ['a non-string value', Buffer.from(JSON.stringify(['a', 1])).toString('base64url')],
    ['an object', Buffer.from(JSON.stringify({ name: 'a', language: 'en' })).toString('base64url')],
  ])('refuses %s as 400 code 100 naming after', (_what, text) => {
    const error = refusal(() => decodeKeyset(text, 2));
    expect(error).toBeInstanceOf(GraphError);
    expect(error.toBody('trace')).toMatchObject({
      error: { code: 100, error_data: { details: 'after: not a cursor returned by this endpoint' } },
    });
    expect(error.status).toBe(400);
  });

  it('refuses a (time, id) cursor whose id is not a row id or whose time is not a time', () => {
    expect(refusal(() => decodeCursor(encodeKeyset(['2026-11-25T10:00:00Z', 'x'])))).toBeInstanceOf(GraphError);
    const id = '6f1c2d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
    expect(refusal(() => decodeCursor(encodeKeyset(['yesterday', id])))).toBeInstanceOf(GraphError);
  });
});
