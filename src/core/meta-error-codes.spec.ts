import { GraphError } from './graph-error';
import { META_ERROR_CODES, metaErrorCode } from './meta-error-codes';

describe("the table of Meta's error codes", () => {
  it('holds each code once, each with a title and a hint', () => {
    const codes = META_ERROR_CODES.map((known) => known.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const known of META_ERROR_CODES) {
      expect(known.title.length).toBeGreaterThan(3);
      expect(known.hint.length).toBeGreaterThan(10);
    }
  });

  it("gives a GraphError Meta's type and the default status", () => {
    expect(new GraphError(130429, 'x')).toMatchObject({ type: 'OAuthException', status: 429 });
    expect(new GraphError(131056, 'x')).toMatchObject({ type: 'OAuthException', status: 429 });
    expect(new GraphError(132001, 'x')).toMatchObject({ type: 'GraphMethodException', status: 404 });
    expect(new GraphError(190, 'x')).toMatchObject({ type: 'OAuthException', status: 401 });
    // A code the table does not know: Graph's default type, 400; a thrower's own status wins.
    expect(new GraphError(999999, 'x')).toMatchObject({ type: 'GraphMethodException', status: 400 });
    expect(new GraphError(130429, 'x', { status: 400 }).status).toBe(400);
    expect(metaErrorCode(131026)?.hint).toMatch(/template/);
  });
});
