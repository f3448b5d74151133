import { ErrorCode, GraphError } from '../core/graph-error';

/** A send to a blacklisted recipient (spec 7.2): final, not to be retried. */
export function recipientBlacklisted(): GraphError {
  return new GraphError(ErrorCode.SendFailure, '(#131000) The recipient is on the blacklist of this organization', {
    status: 422,
    data: {
      reason: 'recipient_blacklisted',
      details: 'The recipient is blacklisted; the message was not sent. Do not retry.',
    },
  });
}
