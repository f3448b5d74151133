import { HttpStatus } from '@nestjs/common';

/** Graph error codes used by the gateway (spec section 7.2). */
export const ErrorCode = {
  /** Key wrong, revoked, expired, HMAC failed, or path resource missing/outside the key's organizations. */
  InvalidToken: 190,
  /** Key valid but scope missing, IP rejected, phone number outside the allow-list, organization outside authorization. */
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
  /** Template parameters: wrong number of parameters. */
  TemplateParameterCount: 132000,
  /** No APPROVED template of that name (or group) and language. */
  TemplateNotFound: 132001,
  /** Template parameters: positional vs named style does not match the template. */
  TemplateParameterFormat: 132012,
} as const;

export type GraphErrorType = 'OAuthException' | 'GraphMethodException';

/** Meta answers its throttling codes as OAuthException too: throughput (130429), spam (131048), pair (131056). */
const OAUTH_CODES = new Set<number>([
  ErrorCode.InvalidToken,
  ErrorCode.PermissionDenied,
  ErrorCode.TooManyCalls,
  130429,
  131048,
  131056,
]);

/** The HTTP status a code answers with when the thrower does not say otherwise. */
const DEFAULT_STATUS: Record<number, number> = {
  [ErrorCode.InvalidToken]: HttpStatus.UNAUTHORIZED,
  [ErrorCode.PermissionDenied]: HttpStatus.FORBIDDEN,
  [ErrorCode.TooManyCalls]: HttpStatus.TOO_MANY_REQUESTS,
  [ErrorCode.InvalidParameter]: HttpStatus.BAD_REQUEST,
  [ErrorCode.SendFailure]: HttpStatus.INTERNAL_SERVER_ERROR,
  [ErrorCode.ReEngagement]: HttpStatus.BAD_REQUEST,
  [ErrorCode.TemplateParameterCount]: HttpStatus.BAD_REQUEST,
  [ErrorCode.TemplateNotFound]: HttpStatus.NOT_FOUND,
  [ErrorCode.TemplateParameterFormat]: HttpStatus.BAD_REQUEST,
  [ErrorCode.TemporarilyUnavailable]: HttpStatus.SERVICE_UNAVAILABLE,
};

export function errorTypeFor(code: number): GraphErrorType {
  return OAUTH_CODES.has(code) ? 'OAuthException' : 'GraphMethodException';
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
    this.status = options.status ?? DEFAULT_STATUS[code] ?? HttpStatus.BAD_REQUEST;
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

  /** A send to a blacklisted recipient (spec 7.2): final, not to be retried. */
  static recipientBlacklisted(): GraphError {
    return new GraphError(ErrorCode.SendFailure, '(#131000) The recipient is on the blacklist of this organization', {
      status: 422,
      data: {
        reason: 'recipient_blacklisted',
        details: 'The recipient is blacklisted; the message was not sent. Do not retry.',
      },
    });
  }

  /** A non-template send outside the 24-hour customer-service window. */
  static serviceWindowClosed(): GraphError {
    return new GraphError(
      ErrorCode.ReEngagement,
      '(#131026) Message failed to send because more than 24 hours have passed since the customer last replied to this number',
      {
        data: {
          details: 'Outside the 24-hour customer-service window only template messages can be sent: use type=template.',
        },
      },
    );
  }

  /**
   * A retry with the Idempotency-Key of a send whose upstream outcome is not known yet (no answer,
   * no status webhook): retry later, never sent twice. 409 code 131000 with a Retry-After.
   */
  static sendOutcomeUnknown(messageId: string, retryAfterSeconds: number): GraphError {
    return new GraphError(
      ErrorCode.SendFailure,
      '(#131000) The outcome of the earlier send with this Idempotency-Key is not known yet',
      {
        status: 409,
        headers: { 'Retry-After': String(retryAfterSeconds) },
        data: {
          reason: 'send_outcome_unknown',
          message_id: messageId,
          details:
            'Upstream did not answer the earlier send, so it may have been sent. Retry later with the same Idempotency-Key: ' +
            'once upstream confirms it the retry answers with its message id; if upstream never does, the record is failed ' +
            '(reason outcome_unknown) and the retry sends it.',
        },
      },
    );
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

/** The in-flight conflict: HTTP 409 with the spec's own body shape (7.1) and code 131000 (7.2). */
export function inFlightError(): GraphError {
  const message = 'A request with this Idempotency-Key is still being processed; retry after it completes.';
  return new GraphError(ErrorCode.SendFailure, message, {
    status: 409,
    headers: { 'Retry-After': '1' },
    body: { error: 'idempotency_in_flight', message, code: ErrorCode.SendFailure },
  });
}
