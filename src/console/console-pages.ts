import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { GraphError } from '../core/graph-error';
import { SESSION_PATH } from './console-sessions';

/** Where the console is served (its session API, SESSION_PATH, lies below it and is a route of the app). */
export const CONSOLE_PATH = '/console';

/** The console's built files (`npm run build` puts them in dist/console), from the source tree or the built one. */
export function consoleDirectory(): string {
  return resolve(__dirname, __dirname.includes(`${sep}dist${sep}`) ? '../../console' : '../../dist/console');
}

/**
 * The console's pages and assets at /console, with the headers a page holding a session needs (helmet):
 * a strict Content-Security-Policy (on the connect page, Meta's SDK origins too) (scripts, styles and connections from this origin only, no inline
 * script or style, no framing, no plugins), `nosniff`, `X-Frame-Options: DENY`, no referrer. Assets
 * have hashed names and are cached for a year; the page itself is not cached.
 */
/** The page that runs Meta's SDK (Embedded Signup): the only one whose CSP names the SDK's origins. */
export const CONNECT_PAGE = '/connect.html';

export function consolePages(
  directory = consoleDirectory(),
  /** Meta's SDK and the origins of its pages (or the sandbox's stand-in): allowed on the connect page only. */
  signupOrigins: string[] = [],
): RequestHandler {
  const policy = (extra: string[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...extra],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', ...extra],
          connectSrc: ["'self'", ...extra],
          frameSrc: extra.length > 0 ? extra : ["'none'"],
          fontSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      // Meta's signup runs in a popup of another origin that answers its opener (postMessage): the
      // connect page keeps that link (same-origin-allow-popups); every other page severs it.
      crossOriginOpenerPolicy: { policy: extra.length > 0 ? 'same-origin-allow-popups' : 'same-origin' },
      // The connect page keeps its origin in what it sends Meta's SDK (the popup posts back to it).
      referrerPolicy: { policy: extra.length > 0 ? 'strict-origin' : 'no-referrer' },
      // Behind HTTPS the proxy sets HSTS for the whole host; the gateway itself may be reached over HTTP on loopback.
      strictTransportSecurity: false,
    });
  const headers = policy([]);
  const connectHeaders = policy([...new Set(signupOrigins)]);
  const serve: RequestHandler = existsSync(resolve(directory, 'index.html'))
    ? express.static(directory, {
        index: 'index.html',
        redirect: true,
        setHeaders: (res, path) =>
          res.setHeader('Cache-Control', path.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable'),
      })
    : (req: Request, _res: Response, next: NextFunction) =>
        next(
          ['GET', 'HEAD'].includes(req.method)
            ? GraphError.notFound('The console is not built: run npm run build')
            : undefined,
        );
  // Mounted at /console: its session API (/console/session) is a route of the app, not a page.
  return (req: Request, res: Response, next: NextFunction) => {
    const path = `${req.baseUrl}${req.path}`;
    if (path === SESSION_PATH || path.startsWith(`${SESSION_PATH}/`)) return next();
    const chosen = req.path === CONNECT_PAGE ? connectHeaders : headers;
    chosen(req, res, (error?: unknown) => (error ? next(error) : serve(req, res, next)));
  };
}
