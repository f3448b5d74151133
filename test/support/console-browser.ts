import request from 'supertest';

/**
 * A browser of the console over HTTP: its own cookie jar (supertest's agent), and the CSRF token of
 * its session, which every write sends as X-CSRF-Token.
 */
export function consoleBrowser(url: string) {
  const agent = request.agent(url);
  let csrf = '';
  return {
    agent,
    remember: (session: { csrf_token: string }) => (csrf = session.csrf_token),
    get: (path: string) => agent.get(path),
    write: (method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown) =>
      agent[method](path)
        .set('x-csrf-token', csrf)
        .send(body as object),
  };
}

export type ConsoleBrowser = ReturnType<typeof consoleBrowser>;
