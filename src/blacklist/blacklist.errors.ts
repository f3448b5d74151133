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

/**
 * A template to a customer who opted out (their opt-out keyword): refused whatever `filter_blacklist`
 * says, for marketing always and for utility and authentication when the organization chose so.
 */
export function recipientOptedOut(category: string): GraphError {
  return new GraphError(ErrorCode.SendFailure, '(#131000) The recipient opted out of messages from this organization', {
    status: 422,
    data: {
      reason: 'recipient_opted_out',
      details: `The recipient opted out (an opt-out keyword); ${category.toLowerCase()} templates are not sent to them. Do not retry.`,
    },
  });
}
