import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { ACCESS_TOKEN_PARAMETER } from '../auth/access-token';
import { GraphError } from '../core/graph-error';
import { FILE_FIELD, MULTIPART_READ_EARLY, toUploadError, UPLOAD_LIMITS } from './media-file.interceptor';

const readMultipart = multer({
  storage: multer.memoryStorage(),
  limits: UPLOAD_LIMITS,
  defParamCharset: 'utf8',
}).single(FILE_FIELD);

/**
 * Graph takes the token as an `access_token` field of a multipart upload too. A field is only known
 * once the body is read, so on the Graph upload routes, and only when the request carries no other
 * credential (no Authorization header, no `access_token` in the query), the body is read before the
 * key guard; any other upload is still refused unread. The file stays in memory, as on these routes
 * anyway.
 */
@Injectable()
export class FormTokenMiddleware implements NestMiddleware {
  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const inQuery = new URL(req.originalUrl, 'http://gateway.local').searchParams.has(ACCESS_TOKEN_PARAMETER);
    if (!req.is('multipart/form-data') || req.headers.authorization !== undefined || inQuery) return next();
    await new Promise<void>((resolve, reject) =>
      readMultipart(req, res, (error?: unknown) => {
        if (!error) return resolve();
        // busboy's own errors (a body cut short, a bad part header) come unwrapped here: all are the client's.
        const mapped = toUploadError(error);
        reject(
          mapped instanceof GraphError
            ? mapped
            : GraphError.invalidParameter(
                'Invalid multipart body',
                `body: malformed multipart/form-data (${(error as Error).message})`,
              ),
        );
      }),
    );
    (req as Request & { [MULTIPART_READ_EARLY]?: boolean })[MULTIPART_READ_EARLY] = true;
    next();
  }
}
