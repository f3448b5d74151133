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
 * The console's page and assets at /console, with the headers a page holding a session needs (helmet):
 * a strict Content-Security-Policy (scripts, styles and connections from this origin only, no inline
 * script or style, no framing, no plugins), `nosniff`, `X-Frame-Options: DENY`, no referrer. Assets
 * have hashed names and are cached for a year; the page itself is not cached.
 */
export function consolePages(directory = consoleDirectory()): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Behind HTTPS the proxy sets HSTS for the whole host; the gateway itself may be reached over HTTP on loopback.
    strictTransportSecurity: false,
  });
  const serve: RequestHandler = existsSync(resolve(directory, 'index.html'))
    ? express.static(directory, {
        index: 'index.html',
        redirect: true,
        setHeaders: (res, path) =>
          res.setHeader(
            'Cache-Control',
            path.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
          ),
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
    headers(req, res, (error?: unknown) => (error ? next(error) : serve(req, res, next)));
  };
}
