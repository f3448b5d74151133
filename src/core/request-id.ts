import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE = /^[\w.:-]{1,128}$/;

/**
 * Takes the caller's X-Request-Id (when it is a sane token) or makes one, echoes it, and keeps it on
 * the request: it becomes `fbtrace_id` in every error. Registered before the body parsers so that
 * even a malformed body's error carries it.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && ACCEPTABLE.test(given) ? given : randomUUID();
  (req as Request & { id: string }).id = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export function requestIdOf(req: Request): string {
  return (req as Request & { id?: string }).id ?? 'unknown';
}
