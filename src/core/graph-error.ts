import { HttpStatus } from '@nestjs/common';
import { metaErrorCode } from './meta-error-codes';

/**
 * The generic Graph error codes (spec section 7.2); each feature's own are in its `*.errors.ts`, and
 * every code's type, default status, title and hint in meta-error-codes.ts.
 */
export const ErrorCode = {
  /** Key wrong, revoked, expired, HMAC failed, or path resource missing/outside the key's organizations. */
  InvalidToken: 190,
  /**
   * Key valid but scope missing, IP rejected, phone number outside the allow-list, organization outside
   * authorization.
   */
  PermissionDenied: 200,
  /** Rate limit exceeded. */
  TooManyCalls: 4,
  /** Parameter error, validation failure, not found, conflict. */
  InvalidParameter: 100,
  /** Service temporarily unavailable: retry later. */
  TemporarilyUnavailable: 2,
  /** Generic send or processing failure. */
  SendFailure: 131000,
  /** 24-hour customer-service window expired. */
  ReEngagement: 131026,
} as const;

export type GraphErrorType = 'OAuthException' | 'GraphMethodException';

/** Graph's type of a code (Meta answers its throttling codes as OAuthException too): from the table. */
export function errorTypeFor(code: number): GraphErrorType {
  return metaErrorCode(code)?.type ?? 'GraphMethodException';
}

export interface GraphErrorOptions {
  status?: number;
  subcode?: number;
  data?: Record<string, unknown>;
  /** Extra response headers (for example Retry-After). */
  headers?: Record<string, string>;
  /**
   * A body that replaces the Graph error shape, for the one error the spec shapes differently: the
   * idempotency in-flight conflict, `{ error: "idempotency_in_flight", ... }` (spec 7.1).
   */
  body?: Record<string, unknown>;
  /**
   * Meta's own error answer, as Meta sent it (the checked pass-through returns Meta's answers
   * unchanged): written as these bytes with this content type, instead of the Graph error body.
   */
  raw?: { body: Buffer; contentType: string };
}

export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data?: Record<string, unknown>;
    fbtrace_id: string;
  };
}

/** The one error class services throw; the exception filter writes it as a Graph error body. */
export class GraphError extends Error {
  readonly status: number;
  readonly type: GraphErrorType;

  constructor(
    readonly code: number,
    message: string,
    readonly options: GraphErrorOptions = {},
  ) {
    super(message);
    this.name = 'GraphError';
    this.status = options.status ?? metaErrorCode(code)?.status ?? HttpStatus.BAD_REQUEST;
    this.type = errorTypeFor(code);
  }

  /** Invalid, revoked or expired key, failed HMAC, or an unknown or foreign path resource: all identical. */
  static invalidToken(): GraphError {
    return new GraphError(ErrorCode.InvalidToken, 'Invalid OAuth access token.', {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    });
  }

  static permissionDenied(message: string): GraphError {
    return new GraphError(ErrorCode.PermissionDenied, `(#200) ${message}`);
  }

  static invalidParameter(message: string, details?: string, status = HttpStatus.BAD_REQUEST): GraphError {
    return new GraphError(ErrorCode.InvalidParameter, `(#100) ${message}`, {
      status,
      data: details === undefined ? undefined : { details },
    });
  }

  static notFound(message: string): GraphError {
    return GraphError.invalidParameter(message, undefined, HttpStatus.NOT_FOUND);
  }

  static conflict(message: string, details?: string): GraphError {
    return GraphError.invalidParameter(message, details, HttpStatus.CONFLICT);
  }

  toBody(fbtraceId: string): GraphErrorBody | Record<string, unknown> {
    if (this.options.body) return { ...this.options.body, fbtrace_id: fbtraceId };
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        ...(this.options.subcode !== undefined && { error_subcode: this.options.subcode }),
        ...(this.options.data !== undefined && { error_data: this.options.data }),
        fbtrace_id: fbtraceId,
      },
    };
  }
}

/** Maps a plain HTTP status (from Nest or Express internals) to the Graph error it should read as. */
export function graphErrorForStatus(status: number, message?: string): GraphError {
  switch (status as HttpStatus) {
    case HttpStatus.UNAUTHORIZED:
      return GraphError.invalidToken();
    case HttpStatus.FORBIDDEN:
      return GraphError.permissionDenied(message ?? 'Permission denied');
    case HttpStatus.NOT_FOUND:
      return GraphError.notFound(message ?? 'Unknown path components');
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return GraphError.invalidParameter('Request body too large', message, HttpStatus.PAYLOAD_TOO_LARGE);
    case HttpStatus.TOO_MANY_REQUESTS:
      return new GraphError(ErrorCode.TooManyCalls, '(#4) Application request limit reached');
    default:
      if (status >= 500) {
        return new GraphError(ErrorCode.SendFailure, 'An unknown error occurred', {
          status: HttpStatus.INTERNAL_SERVER_ERROR,
        });
      }
      return GraphError.invalidParameter(message ?? 'Invalid parameter', undefined, status);
  }
}
