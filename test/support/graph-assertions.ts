import type request from 'supertest';

/**
 * A Graph code-100 error with the given status, `fbtrace_id` echoing the request id, and the details (or, for 404,
 * the message) matching.
 */
export function expectInvalidParameter(res: request.Response, status: number, details: string | RegExp): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: {
      error: {
        message: expect.stringMatching(/^\(#100\) /),
        type: 'GraphMethodException',
        code: 100,
        ...(status !== 404 && { error_data: { details: expect.any(String) } }),
        fbtrace_id: res.headers['x-request-id'],
      },
    },
  });
  if (status !== 404) expect(res.body.error.error_data.details).toMatch(details);
  else expect(res.body.error.message).toMatch(details);
}

/** The exact 403 code 200 body of a key lacking `scope`. */
export function expectScopeMissing(res: request.Response, scope: string): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 403,
    body: {
      error: {
        message: `(#200) The API key lacks the scope ${scope}`,
        type: 'OAuthException',
        code: 200,
        fbtrace_id: res.headers['x-request-id'],
      },
    },
  });
}

/** Any Graph error: its status, code, the type that code implies, and `fbtrace_id` echoing the request id. */
export function expectGraphError(res: request.Response, status: number, code: number): void {
  expect({
    status: res.status,
    code: res.body?.error?.code,
    type: res.body?.error?.type,
    fbtrace_id: res.body?.error?.fbtrace_id,
  }).toEqual({
    status,
    code,
    type: [190, 200, 4].includes(code) ? 'OAuthException' : 'GraphMethodException',
    fbtrace_id: res.headers['x-request-id'],
  });
}
