import type { Response } from 'express';
import { newFbtraceId } from './ids';

/** The `error` object of a Graph API error body (`fbtrace_id` is added when it is written). */
export interface GraphErrorFields {
  message: string;
  type: 'OAuthException' | 'GraphMethodException';
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { messaging_product?: 'whatsapp'; details: string };
}

/** An error the sandbox answers with, in Graph API's shape. */
export class GraphApiError extends Error {
  constructor(
    readonly status: number,
    readonly fields: GraphErrorFields,
  ) {
    super(fields.message);
    this.name = 'GraphApiError';
  }

  /** 401 code 190: missing, unknown or foreign access token. */
  static invalidToken(): GraphApiError {
    return new GraphApiError(401, {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    });
  }

  /** 400 code 100 subcode 33: the addressed object does not exist (Meta's exact wording). */
  static unknownObject(method: string, id: string): GraphApiError {
    return new GraphApiError(400, {
      message:
        `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to ` +
        'missing permissions, or does not support this operation. Please read the Graph API documentation at ' +
        'https://developers.facebook.com/docs/graph-api',
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    });
  }

  /** 400 code 100 for a bad request shape; `details` names the offending field. */
  static invalidParameter(details: string, extra: Partial<GraphErrorFields> = {}): GraphApiError {
    return new GraphApiError(400, {
      message: `(#100) ${details}`,
      type: 'OAuthException',
      code: 100,
      error_data: { messaging_product: 'whatsapp', details },
      ...extra,
    });
  }

  /** 400 code 100: an edge the node does not have. */
  static unknownField(field: string, nodeType: string): GraphApiError {
    return new GraphApiError(400, {
      message: `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
      type: 'OAuthException',
      code: 100,
    });
  }

  /** 400 code 2500: a path Graph cannot route at all. */
  static unknownPath(path: string): GraphApiError {
    return new GraphApiError(400, { message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500 });
  }

  /** 429 code 130429: the number's throughput (messages per second, inbound and outbound) is used up. */
  static throughputReached(): GraphApiError {
    return new GraphApiError(429, {
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      code: 130429,
      error_subcode: 2494055,
      error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
    });
  }

  /** 429 code 131056: too many messages from this number to the same user in a short time. */
  static pairRateLimit(): GraphApiError {
    return new GraphApiError(429, {
      message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
      type: 'OAuthException',
      code: 131056,
      error_data: {
        messaging_product: 'whatsapp',
        details:
          'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
      },
    });
  }

  /** 429 code 131048: the number may not send more (here: its messaging limit of users reached in 24 hours). */
  static spamRateLimit(details: string): GraphApiError {
    return new GraphApiError(429, {
      message: '(#131048) Spam rate limit hit',
      type: 'OAuthException',
      code: 131048,
      error_data: { messaging_product: 'whatsapp', details },
    });
  }

  /** 500 code 1: Graph's catch-all for failures on its side. */
  static unknown(): GraphApiError {
    return new GraphApiError(500, {
      message: 'An unknown error has occurred.',
      type: 'OAuthException',
      code: 1,
      is_transient: true,
    });
  }
}

/** Graph answers OAuthException for auth, permission and throttling codes; GraphMethodException otherwise. */
export function graphErrorTypeFor(code: number): GraphErrorFields['type'] {
  if ([1, 2, 4, 10, 17, 100, 190, 341, 368, 613, 80007, 130429, 131048, 131056].includes(code)) return 'OAuthException';
  if (code >= 200 && code < 300) return 'OAuthException';
  return 'GraphMethodException';
}

/** The HTTP status Graph uses for a code when a fault rule does not say. */
export function graphStatusFor(code: number): number {
  if (code === 190 || code === 102) return 401;
  if (code === 10 || (code >= 200 && code < 300)) return 403;
  if ([4, 17, 613, 80007, 130429, 131048, 131056].includes(code)) return 429;
  if ([1, 2, 131000, 131016].includes(code)) return 500;
  return 400;
}

/** Writes a Graph error with a fresh `fbtrace_id` and the headers Graph sends with one. */
export function sendGraphError(res: Response, error: GraphApiError): void {
  const fbtraceId = newFbtraceId();
  res.setHeader('x-fb-trace-id', fbtraceId);
  if (error.fields.code === 190) {
    res.setHeader('www-authenticate', `OAuth "Facebook Platform" "invalid_token" "${error.fields.message}"`);
  }
  res.status(error.status).json({ error: { ...error.fields, fbtrace_id: fbtraceId } });
}
