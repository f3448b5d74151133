import type { NextFunction, Request, Response } from 'express';
import { BoundedLog } from './bounded-log';

/** One Graph call the sandbox received (`GET /_sandbox/requests`). The control API is not logged. */
export interface SandboxRequestLogEntry {
  method: string;
  /** Path without the query string, for example `/v23.0/1234567890/messages`. */
  path: string;
  query: Record<string, unknown>;
  /**
   * JSON and form bodies as parsed; multipart as its fields plus `{ field, filename, mime_type, size }`
   * per file; other bytes as `{ byte_length }`; null when there is no body.
   */
  body: unknown;
  /** Lower-case names; `authorization` keeps its scheme only (`Bearer [redacted]`). */
  headers: Record<string, string>;
  /** ISO-8601 time the request arrived. */
  at: string;
  /** HTTP status answered; absent while pending or when the connection was reset or left hanging. */
  status?: number;
  /** Kind of the fault injected into this call, if any. */
  fault?: string;
}

const LOG_ENTRY = Symbol('sandboxRequestLogEntry');

type LoggedRequest = Request & { [LOG_ENTRY]?: SandboxRequestLogEntry };

export class RequestLog {
  private readonly log: BoundedLog<SandboxRequestLogEntry>;

  constructor(limit: number) {
    this.log = new BoundedLog(limit);
  }

  entries(filter: { method?: string; path?: string } = {}): SandboxRequestLogEntry[] {
    return this.log
      .entries()
      .filter(
        (entry) =>
          (!filter.method || entry.method === filter.method.toUpperCase()) &&
          (!filter.path || entry.path.includes(filter.path)),
      );
  }

  clear(): void {
    this.log.clear();
  }

  /** Middleware: records the request as it arrives and its status once answered. */
  readonly recordArrival = (req: Request, res: Response, next: NextFunction): void => {
    const entry: SandboxRequestLogEntry = {
      method: req.method,
      path: req.path,
      query: redactQuery(req.query),
      body: null,
      headers: redactHeaders(req.headers),
      at: new Date().toISOString(),
    };
    (req as LoggedRequest)[LOG_ENTRY] = entry;
    this.log.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    next();
  };

  /** Middleware, after the body parsers: stores a JSON-safe view of the body. */
  readonly recordBody = (req: Request, _res: Response, next: NextFunction): void => {
    const entry = (req as LoggedRequest)[LOG_ENTRY];
    if (entry) entry.body = describeBody(req);
    next();
  };

  static markFault(req: Request, kind: string): void {
    const entry = (req as LoggedRequest)[LOG_ENTRY];
    if (entry) entry.fault = kind;
  }
}

function redactHeaders(headers: Request['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = name === 'authorization' ? `${text.split(' ')[0]} [redacted]` : text;
  }
  return out;
}

function redactQuery(query: Record<string, unknown>): Record<string, unknown> {
  return 'access_token' in query ? { ...query, access_token: '[redacted]' } : { ...query };
}

function describeBody(req: Request): unknown {
  const files = req.files as Express.Multer.File[] | undefined;
  if (Array.isArray(files)) {
    return {
      ...(req.body as Record<string, unknown>),
      ...Object.fromEntries(
        files.map((file) => [
          file.fieldname,
          { field: file.fieldname, filename: file.originalname, mime_type: file.mimetype, size: file.size },
        ]),
      ),
    };
  }
  if (Buffer.isBuffer(req.body)) return { byte_length: req.body.length };
  return req.body ?? null;
}
