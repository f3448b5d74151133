/** The Graph error body every gateway error has: `{ error: { message, type, code, ... } }`. */
export interface GraphErrorBody {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_data?: { details?: string; [key: string]: unknown };
  fbtrace_id?: string;
}

/**
 * An answer of the gateway that is not a success, as a typed error: Meta's Graph fields (code,
 * subcode, `error_data`, `fbtrace_id`) and the HTTP status. Thrown by the client's calls.
 */
export class GraphError extends Error {
  readonly status: number;
  readonly code: number;
  readonly type: string | undefined;
  readonly subcode: number | undefined;
  readonly errorData: GraphErrorBody['error_data'];
  readonly fbtraceId: string | undefined;

  constructor(status: number, body: GraphErrorBody) {
    super(body.message);
    this.name = 'GraphError';
    this.status = status;
    this.code = body.code;
    this.type = body.type;
    this.subcode = body.error_subcode;
    this.errorData = body.error_data;
    this.fbtraceId = body.fbtrace_id;
  }

  /**
   * The Graph error of an answer's body, or a generic one when the body is not Graph's. The in-flight
   * conflict of an Idempotency-Key (409, `{ error: "idempotency_in_flight", message, code }`) keeps
   * its code, and its name as the `type`.
   */
  static of(status: number, body: unknown): GraphError {
    const answer = body as { error?: Partial<GraphErrorBody> | string; message?: unknown; code?: unknown } | null;
    const error = answer?.error;
    if (error && typeof error === 'object' && typeof error.message === 'string' && typeof error.code === 'number')
      return new GraphError(status, error as GraphErrorBody);
    if (typeof error === 'string' && typeof answer?.message === 'string' && typeof answer.code === 'number')
      return new GraphError(status, { message: answer.message, code: answer.code, type: error });
    return new GraphError(status, { message: `HTTP ${status}`, code: 0 });
  }
}
