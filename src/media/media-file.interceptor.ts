import {
  CallHandler,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  mixin,
  NestInterceptor,
  Type,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import multer from 'multer';
import { catchError, concatMap, from, type Observable, throwError } from 'rxjs';
import { ApiResponse } from '@nestjs/swagger';
import { exampleBody, GraphErrorResponse } from '../core/api-graph-errors.decorator';
import { storableText, UNSTORABLE_TEXT, unstorableTextPath } from '../core/body-shape';
import { ErrorCode, GraphError } from '../core/graph-error';
import { describeSize, MAX_UPLOAD_BYTES } from './media-limits';
import { MediaLibraryStorage } from './media-library.storage';

/**
 * Set on a request whose multipart body FormTokenMiddleware read before the guards (this interceptor then leaves it
 * alone).
 */
export const MULTIPART_READ_EARLY = Symbol('multipart read early');

/** The multipart field that carries the file (as in Meta's `POST /{phone-number-id}/media`). */
export const FILE_FIELD = 'file';

/** Room for the text fields and part headers around a file of MAX_UPLOAD_BYTES. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 11,
  headerPairs: 100,
};

/**
 * Parses the multipart body of an upload route with multer (Nest's FileInterceptor, one file in
 * the field `file`), after the guards (key, tenancy, rate limit, scopes): a refused request is
 * never read. Files go to memory (`memory`, for uploads passed upstream) or stream to the media
 * library's incoming folder (`library`). multer stops a file past MAX_UPLOAD_BYTES (100 MB, the
 * largest any media kind allows); a Content-Length that cannot fit is refused before parsing.
 * multer's errors leave as Graph errors code 100 naming the field: 413 for size, 400 otherwise.
 */
export function MediaFileInterceptor(storage: 'memory' | 'library'): Type<NestInterceptor> {
  @Injectable()
  class MediaFileMixinInterceptor implements NestInterceptor {
    private readonly multer: NestInterceptor;

    constructor(private readonly library: MediaLibraryStorage) {
      const Multer = FileInterceptor(FILE_FIELD);
      this.multer = new Multer({
        storage: storage === 'library' ? library.multerEngine() : multer.memoryStorage(),
        limits: UPLOAD_LIMITS,
        // Browsers and curl send UTF-8 file names; busboy's default would read them as latin1.
        defParamCharset: 'utf8',
      });
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<Request>();
      // Read already, before the guards, for its access_token field (FormTokenMiddleware).
      if (storage === 'memory' && (req as Request & { [MULTIPART_READ_EARLY]?: boolean })[MULTIPART_READ_EARLY]) {
        checkFormText(req);
        return next.handle();
      }
      const declared = Number(req.headers['content-length']);
      // Refused unread; `Connection: close` ends the connection rather than draining the rest.
      if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES)
        throw fileTooLarge({ Connection: 'close' });
      let handled: Observable<unknown>;
      try {
        handled = await this.multer.intercept(context, next);
      } catch (error) {
        throw toUploadError(error);
      }
      if (storage === 'memory') {
        checkFormText(req);
        return handled;
      }
      try {
        checkFormText(req);
      } catch (error) {
        await this.library.discard(req.file?.path).catch(() => undefined);
        throw error;
      }
      // A request refused after parsing (validation, the service) leaves no temporary file behind,
      // and none is left by the time the error is answered.
      return handled.pipe(
        catchError((error: unknown) =>
          from(this.library.discard(req.file?.path).catch(() => undefined)).pipe(
            concatMap(() => throwError(() => error)),
          ),
        ),
      );
    }
  }
  return mixin(MediaFileMixinInterceptor);
}

/** Form fields and the file's name are text the gateway may store: what PostgreSQL cannot store is 400 code 100. */
function checkFormText(req: Request): void {
  const field =
    unstorableTextPath(req.body) ??
    (req.file && !storableText(req.file.originalname) ? `${FILE_FIELD}.filename` : undefined);
  if (field) throw GraphError.invalidParameter('Invalid parameter', `${field}: ${UNSTORABLE_TEXT}`);
}

/** The upload routes' 413 in /docs: a file over 100 MB, cut off while it arrives. */
export const ApiFileTooLarge = () =>
  ApiResponse({
    status: HttpStatus.PAYLOAD_TOO_LARGE,
    description: 'File over 100 MB, the most any media type allows (code 100)',
    type: GraphErrorResponse,
    example: exampleBody(fileTooLarge()),
  });

export function fileTooLarge(headers?: Record<string, string>): GraphError {
  return new GraphError(ErrorCode.InvalidParameter, '(#100) Param file is too large', {
    status: HttpStatus.PAYLOAD_TOO_LARGE,
    data: {
      details: `${FILE_FIELD}: larger than ${describeSize(MAX_UPLOAD_BYTES)} (${MAX_UPLOAD_BYTES} bytes), the most any media type allows`,
    },
    headers,
  });
}

/** multer's and busboy's errors (wrapped by Nest in HttpExceptions) as Graph errors naming the field. */
export function toUploadError(error: unknown): unknown {
  if (error instanceof GraphError) return error;
  const cause = (error instanceof HttpException ? error.cause : error) as
    { code?: unknown; field?: unknown; message?: unknown } | undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const field = typeof cause?.field === 'string' ? cause.field : undefined;
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return fileTooLarge();
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_FILE_COUNT':
      return GraphError.invalidParameter(
        'Unexpected file',
        `${FILE_FIELD}: send exactly one file, in the multipart field "${FILE_FIELD}"${field && field !== FILE_FIELD ? ` (got a file in "${field}")` : ''}`,
      );
    case 'LIMIT_FIELD_VALUE':
      return GraphError.invalidParameter(
        'Field value too long',
        `${field ?? 'body'}: longer than ${UPLOAD_LIMITS.fieldSize} bytes`,
      );
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_NESTING':
    case 'LIMIT_FIELD_ARRAY_INDEX':
    case 'INVALID_FIELD_NAME':
    case 'MISSING_FIELD_NAME':
      return GraphError.invalidParameter(
        'Invalid multipart body',
        `${field ?? 'body'}: ${typeof cause?.message === 'string' ? cause.message : (code ?? '')}`,
      );
  }
  if (error instanceof UnsupportedMediaTypeException) {
    return GraphError.invalidParameter('Invalid multipart body', 'body: the body must be multipart/form-data');
  }
  if (error instanceof HttpException) {
    // busboy: no boundary, a malformed part header, a body cut short.
    return GraphError.invalidParameter(
      'Invalid multipart body',
      `body: malformed multipart/form-data (${error.message})`,
    );
  }
  const message = typeof cause?.message === 'string' ? cause.message : '';
  if (/^Request (aborted|closed)/.test(message)) {
    return GraphError.invalidParameter(
      'Request body incomplete',
      'body: the client closed the request before the body was complete',
    );
  }
  return error;
}
