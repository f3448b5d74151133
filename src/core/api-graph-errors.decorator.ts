import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorCode, GraphError, graphErrorForStatus } from './graph-error';
import { META_ERROR_CODES } from './meta-error-codes';

class GraphErrorDetail {
  @ApiProperty({ example: 'Invalid OAuth access token.' })
  message: string;

  @ApiProperty({ enum: ['OAuthException', 'GraphMethodException'] })
  type: string;

  @ApiProperty({ example: 190 })
  code: number;

  @ApiPropertyOptional()
  error_subcode?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { details: 'to: must be a string' } })
  error_data?: Record<string, unknown>;

  @ApiProperty({ description: 'Echoes X-Request-Id', example: 'req-123' })
  fbtrace_id: string;
}

export class GraphErrorResponse {
  @ApiProperty({ type: GraphErrorDetail })
  error: GraphErrorDetail;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid parameter or organization selection (code 100)',
  401: 'Invalid, revoked or expired key, failed HMAC, or unknown path resource (code 190)',
  403: 'Scope missing, IP not allowed, phone number outside the allow-list, or organization outside the key (code 200)',
  404: 'Not found (code 100)',
  409: 'Conflict (code 100 or 131000)',
  422: 'Rejected (code 131000)',
  429: 'Rate limit exceeded (code 4), see Retry-After',
  500: 'Upstream or internal failure (code 131000)',
  502: 'The mail server refused the mail or did not answer: nothing was sent, retry later (code 1)',
  503: 'A dependency is down: not executed, retry (code 2), see Retry-After',
};

/** An error as the gateway writes it, for /docs (with a sample fbtrace_id). */
export const exampleBody = (error: GraphError) => error.toBody('Zq3vVx1oTbS-2c9kq7m1Aw');
const body = exampleBody;

/**
 * Real error bodies for the explorer, made by the same constructors the gateway answers with (the
 * messages name an example scope, organization or limit).
 */
const EXAMPLES: Record<number, Record<string, { summary: string; value: unknown }>> = {
  400: {
    invalid_parameter: {
      summary: 'A body or query field is invalid',
      value: body(GraphError.invalidParameter('Invalid parameter', 'to: must be a string')),
    },
    no_organization: {
      summary: 'An admin key named no organization',
      value: body(
        GraphError.invalidParameter(
          'No organization selected',
          'Admin keys must name the organization in the X-Svc-Tenant-Id header when the path has no phone number or business account',
        ),
      ),
    },
  },
  401: {
    invalid_token: {
      summary: 'Wrong, revoked or expired key; failed HMAC; unknown path resource',
      value: body(GraphError.invalidToken()),
    },
  },
  403: {
    scope_missing: {
      summary: 'The key lacks a scope',
      value: body(GraphError.permissionDenied('The API key lacks the scope messages:send')),
    },
    organization: {
      summary: 'X-Svc-Tenant-Id names an organization outside the key',
      value: body(
        GraphError.permissionDenied('The API key is not authorized for the organization named by X-Svc-Tenant-Id'),
      ),
    },
  },
  404: {
    not_found: {
      summary: 'No such record in the organization',
      value: body(GraphError.notFound('Webhook endpoint not found')),
    },
  },
  409: {
    conflict: {
      summary: 'The record conflicts with the current state',
      value: body(GraphError.conflict('Business account 102290129340398 is already registered')),
    },
  },
  429: {
    rate_limited: {
      summary: "The key's requests per second are used up (Retry-After says when to retry)",
      value: body(
        new GraphError(ErrorCode.TooManyCalls, '(#4) Rate limit exceeded for this API key (80 requests per second)', {
          data: { ceiling: 'key', limit_per_second: 80 },
        }),
      ),
    },
  },
  500: {
    upstream: {
      summary: 'Upstream failed (retry with the same Idempotency-Key)',
      value: body(
        new GraphError(ErrorCode.SendFailure, 'Upstream request failed', {
          status: 500,
          data: { details: 'upstream answered HTTP 503' },
        }),
      ),
    },
    upstream_no_answer: {
      summary:
        'Sends: upstream did not answer, so the message may have been sent (retry with the same Idempotency-Key to learn its outcome)',
      value: body(
        new GraphError(ErrorCode.SendFailure, 'Upstream request failed', {
          status: 500,
          data: {
            details:
              'upstream did not answer within 10000 ms; the message may have been sent: retry with the same Idempotency-Key to learn its outcome',
            reason: 'send_outcome_unknown',
            message_id: '3f0c8a52-6a43-4c4e-9a8e-0d1b7f1d2c11',
          },
        }),
      ),
    },
    internal: { summary: 'An unexpected failure (logged with the request id)', value: body(graphErrorForStatus(500)) },
  },
  502: {
    mail: {
      summary: 'The SMTP server (SMTP_URL) refused the mail or did not answer',
      value: body(new GraphError(1, 'The mail could not be sent: try again later', { status: 502 })),
    },
  },
  503: {
    unavailable: {
      summary: 'PostgreSQL or Redis is unreachable: nothing was done',
      value: body(
        new GraphError(ErrorCode.TemporarilyUnavailable, 'Service temporarily unavailable: retry later', {
          status: 503,
          data: { details: 'The database cannot be reached; the request was not carried out' },
        }),
      ),
    },
  },
};

/** A feature's own example errors for a route, by status (its `*.errors.ts` makes them). */
export type ErrorExamples = Record<number, Record<string, { summary: string; error: GraphError }>>;

/** The examples of a status: the generic ones, then the route's feature's own. */
function examplesOf(status: number, extra: ErrorExamples = {}): Record<string, { summary: string; value: unknown }> {
  const own = Object.fromEntries(
    Object.entries(extra[status] ?? {}).map(([name, { summary, error }]) => [name, { summary, value: body(error) }]),
  );
  return { ...structuredClone(EXAMPLES[status] ?? {}), ...own };
}

/** The same error responses as plain OpenAPI objects, for operations added to /docs by hand. */
export function graphErrorResponseObjects(
  ...statuses: number[]
): Record<string, { description: string; content: Record<string, { examples: Record<string, unknown> }> }> {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { examples: examplesOf(status) } },
      },
    ]),
  );
}

/**
 * Documents the Graph error responses a route can give, each with real example bodies: the generic
 * ones, and the feature's own (`extra`: the errors only this route gives, from its feature's
 * `*.errors.ts`; core knows no feature).
 */
export function ApiGraphErrors(...args: Array<number | ErrorExamples>) {
  const extra = args.find((arg): arg is ErrorExamples => typeof arg === 'object') ?? {};
  const statuses = args.filter((arg): arg is number => typeof arg === 'number');
  return applyDecorators(
    ...statuses.map((status) => {
      const examples = examplesOf(status, extra);
      return ApiResponse({
        status,
        description: DESCRIPTIONS[status] ?? 'Error',
        type: GraphErrorResponse,
        ...(Object.keys(examples).length > 0 && { examples }),
      });
    }),
  );
}

/** The table of Meta's error codes as a Markdown table, for the API document's description. */
export function errorCodeTable(): string {
  const rows = META_ERROR_CODES.map(
    (known) =>
      `| ${known.code} | ${known.type} | ${known.status} | ${known.title} | ${known.hint.replaceAll('|', '\\|')} |`,
  );
  return ["| code | type | HTTP | Meta's title | what to do |", '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}
