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

  /** The Graph error of an answer's body, or a generic one when the body is not Graph's. */
  static of(status: number, body: unknown): GraphError {
    const error = (body as { error?: Partial<GraphErrorBody> } | null)?.error;
    if (error && typeof error.message === 'string' && typeof error.code === 'number')
      return new GraphError(status, error as GraphErrorBody);
    return new GraphError(status, { message: `HTTP ${status}`, code: 0 });
  }
}
