import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session, { type Store } from 'express-session';
import ConnectRedisStore from 'connect-redis';
import { csrfSync } from 'csrf-sync';
import type { GatewayRequest } from '../core/gateway-request';
import { RedisStore } from '../redis/redis-store';
import type { SharedStore } from '../redis/shared-store';
import { GraphError } from '../core/graph-error';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in key's hash (never its text): the API-key guard looks the key up by it. */
    keyHash: string;
    keyId: string;
    /** The organization an admin key acts for (it picks one of its own; X-Svc-Tenant-Id on each request). */
    organizationId?: string;
    /** A person's session (src/people): who; the key is their membership's in `organizationId`. */
    userId?: string;
    /**
     * A person whose organization requires a second factor they have not set up: this session can only
     * set it up (no key, no /v1); confirming it starts their real session.
     */
    enrollment?: { userId: string; email: string; organizationId: string };
    /** How the person signed in: an organization that requires single sign-on takes only `sso`. */
    signedInWith?: 'password' | 'sso';
    /** The console's Test data switch: the session's key acts on its organizations' test twins. */
    mode?: 'test';
  }
}

export const SESSION_COOKIE = 'gw_console';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_PATH = '/console/session';
const TENANT_HEADER = 'x-svc-tenant-id';

/**
 * The console's sessions, on express-session (the cookie, its store, its rolling expiry) and csrf-sync
 * (a synchronizer token kept in the session, required as X-CSRF-Token on every write):
 *
 * - A session is made only by signing in (`POST /console/session`, console-session.controller.ts),
 *   which exchanges a key for it once; the browser keeps the cookie (`HttpOnly`, `SameSite=Strict`,
 *   `Secure` whenever the request came over HTTPS, as the trusted proxy says), never the key.
 * - A request with the cookie and no key of its own acts as the signed-in key: the guard finds the key
 *   by the hash the session holds (so the session has exactly its scopes, allow-lists and organizations,
 *   and stops with it), and an admin key's chosen organization is its X-Svc-Tenant-Id.
 * - Such a request that writes needs the session's CSRF token (403 code 200 without it).
 *
 * Requests without the cookie (every API client) pass through untouched: no session is read or made.
 */
/** The synchronizer token: made at sign-in (and kept in the session), checked on every later write. */
export const csrf = csrfSync({
  getTokenFromRequest: (req) => {
    const value = req.headers[CSRF_HEADER];
    return typeof value === 'string' ? value : undefined;
  },
});

/**
 * Where the sessions are kept (`prefix` before each id): on Redis, shared by every instance
 * (connect-redis over the shared store's own client, so its key prefix and topology apply); in this
 * process's memory with the in-process store (one instance).
 */
export function consoleSessionStore(store: SharedStore, prefix: string, ttlSeconds: number): Store {
  if (store instanceof RedisStore) return new ConnectRedisStore({ client: store.client, prefix, ttl: ttlSeconds });
  return new session.MemoryStore();
}

export function consoleSessions(options: {
  store: Store;
  secret: string | string[];
  ttlSeconds: number;
}): RequestHandler {
  const sessions = session({
    name: SESSION_COOKIE,
    store: options.store,
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { httpOnly: true, sameSite: 'strict', secure: 'auto', path: '/', maxAge: options.ttlSeconds * 1000 },
  });
  const cookiePrefix = `${SESSION_COOKIE}=`;

  return (req: Request, res: Response, next: NextFunction) => {
    // The common case first, without parsing anything: an API call with no cookie.
    const cookie = req.headers.cookie;
    const hasCookie = typeof cookie === 'string' && cookie.includes(cookiePrefix);
    if (!hasCookie && !req.url.startsWith(SESSION_PATH)) return next();
    // Signing in: with a key or a password (SESSION_PATH), by accepting an invitation, or by resetting
    // a password (password_reset, password): no session's CSRF token is asked of these. A session's
    // other writes below SESSION_PATH (its second factor) show its CSRF token like any other.
    // So is single sign-on's way in and back (GET requests: a new session is made at the callback).
    const signingIn =
      req.path === SESSION_PATH ||
      [`${SESSION_PATH}/invitation`, `${SESSION_PATH}/password`, `${SESSION_PATH}/sso`].some((path) =>
        req.path.startsWith(path),
      );
    const ownSession = req.path.startsWith(`${SESSION_PATH}/`);
    if (!signingIn && !hasCookie) return next();
    // A request that brings a key of its own is that key's, whatever cookie the browser adds.
    if (!signingIn && (req.headers.authorization !== undefined || 'access_token' in req.query)) return next();
    sessions(req, res, (error?: unknown) => {
      if (error) return next(error);
      const state = req.session;
      if (!state.keyHash && !(ownSession && state.enrollment)) return next();
      if (!signingIn && state.keyHash) {
        (req as GatewayRequest).consoleKeyHash = state.keyHash;
        if (state.mode === 'test') (req as GatewayRequest).consoleMode = 'test';
        if (state.organizationId && req.headers[TENANT_HEADER] === undefined)
          req.headers[TENANT_HEADER] = state.organizationId;
      }
      // Signing in makes a new session and its token; every other write of a session shows the token.
      if (signingIn && req.method === 'POST') return next();
      csrf.csrfSynchronisedProtection(req, res, (refused?: unknown) =>
        next(
          refused
            ? GraphError.permissionDenied(
                'Missing or invalid CSRF token: a console session writes with the X-CSRF-Token its sign-in answered',
              )
            : undefined,
        ),
      );
    });
  };
}
