import type { ErrorExamples } from '../core/api-graph-errors.decorator';
import { ErrorCode, GraphError } from '../core/graph-error';
import { recipientBlacklisted } from '../blacklist/blacklist.errors';
import { inFlightError } from '../idempotency/idempotency.errors';

/**
 * A live number's send to one of test mode's magic recipients (libs/meta/magic-recipients.ts): those
 * numbers exist only at the simulator, so the send is refused before anything is written or sent.
 */
export function magicRecipientOnLive(recipient: string): GraphError {
  return GraphError.invalidParameter(
    'Invalid parameter',
    `to: ${recipient} is one of test mode's magic recipients; send to it from a test number with a test key (svc_test_…)`,
  );
}

/** 131026: a send that is not a template, outside the 24-hour customer-service window. */
export function serviceWindowClosed(): GraphError {
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
export function sendOutcomeUnknown(messageId: string, retryAfterSeconds: number): GraphError {
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

/** The send route's own errors, for /docs. */
export const SEND_ERROR_EXAMPLES: ErrorExamples = {
  400: {
    window_closed: {
      summary: 'Outside the 24-hour customer-service window (use a template)',
      error: serviceWindowClosed(),
    },
  },
  409: {
    idempotency_in_flight: {
      summary: 'A request with the same Idempotency-Key is still running (retry after it)',
      error: inFlightError(),
    },
    send_outcome_unknown: {
      summary:
        'The earlier send with this Idempotency-Key got no answer from upstream and is not confirmed yet (retry after Retry-After; never sent twice)',
      error: sendOutcomeUnknown('3f0c8a52-6a43-4c4e-9a8e-0d1b7f1d2c11', 30),
    },
  },
  422: {
    recipient_blacklisted: {
      summary: 'The recipient is on the organization blacklist (final, do not retry)',
      error: recipientBlacklisted(),
    },
  },
};
