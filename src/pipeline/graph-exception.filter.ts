import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isDatabaseUnavailable, uniqueViolationColumns } from '../database/database-errors';
import { abandonEarlyClaim } from '../idempotency/early-claim';
import { ErrorCode, GraphError, graphErrorForStatus } from '../core/graph-error';
import { requestIdOf } from '../core/request-id';

/** Turns anything thrown into the GraphError the client should see. Unknown errors never leak details. */
export function toGraphError(exception: unknown): GraphError {
  if (exception instanceof GraphError) return exception;
  if (isDatabaseUnavailable(exception)) {
    return new GraphError(ErrorCode.TemporarilyUnavailable, 'Service temporarily unavailable: retry later', {
      status: 503,
      data: { details: 'The database cannot be reached; the request was not carried out' },
      headers: { 'Retry-After': '1' },
    });
  }
  // The one place a unique violation becomes an answer: a conflict with the record that won a race
  // (409 code 100), never a 500. Routes that check first answer the same conflict without racing.
  const duplicate = uniqueViolationColumns(exception);
  if (duplicate !== undefined) {
    return GraphError.conflict(
      'The record conflicts with one that exists',
      `${duplicate.replace(/\btenant_id, /, '')}: already exists`,
    );
  }
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    const message =
      typeof response === 'object' && response && 'message' in response ? String(response.message) : exception.message;
    return graphErrorForStatus(exception.getStatus(), message);
  }
  // body-parser and other Express middleware errors carry `status` and `type`.
  const err = exception as { status?: number; statusCode?: number; type?: string };
  if (err && typeof err === 'object' && err.type === 'entity.parse.failed') {
    return GraphError.invalidParameter('Malformed JSON body', 'The request body could not be parsed as JSON');
  }
  const status = err?.status ?? err?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return graphErrorForStatus(
      status,
      err.type === 'entity.too.large' ? 'The request body exceeds the size limit' : undefined,
    );
  }
  return graphErrorForStatus(500);
}

const logger = new Logger('GraphExceptionFilter');

export function writeGraphError(exception: unknown, req: Request, res: Response): void {
  // Step 3 of an Idempotency-Key's path (idempotency.module.ts): a request refused before the
  // idempotency interceptor gives back the lock it was claimed with.
  abandonEarlyClaim(req);
  const error = toGraphError(exception);
  const requestId = requestIdOf(req);
  if (error.status >= 500 && error.status !== 503 && !(exception instanceof GraphError)) {
    logger.error(
      `unhandled error on ${req.method} ${req.path} request_id=${requestId}: ${exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)}`,
    );
  }
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(error.options.headers ?? {})) res.setHeader(name, value);
  const raw = error.options.raw;
  if (raw) res.status(error.status).type(raw.contentType).send(raw.body);
  else res.status(error.status).json(error.toBody(requestId));
}

/** Every error, whatever raised it, leaves as the Graph error body of spec 7.1. */
@Catch()
export class GraphExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    writeGraphError(exception, http.getRequest<Request>(), http.getResponse<Response>());
  }
}

/** Express error middleware for what fails before Nest's pipeline (malformed or oversized bodies). */
/**
 * Node's `clientError`: a request its HTTP parser refused (431 for headers past the limit, 400
 * otherwise), answered as a Graph error before the connection closes.
 */
export function writeClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    GraphError.invalidParameter(
      tooLarge ? 'Request headers too large' : 'Malformed HTTP request',
      tooLarge ? 'headers: the request line and headers exceed the limit' : 'request: not a valid HTTP request',
      status as HttpStatus,
    ).toBody(randomUUID()),
  );
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function graphErrorMiddleware(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  writeGraphError(err, req, res);
}
