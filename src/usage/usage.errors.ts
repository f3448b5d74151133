import { GraphError } from '../core/graph-error';

/**
 * A billable send (a template, a broadcast's message) past the organization's monthly spending limit:
 * refused by the gateway, never sent to Meta. Meta's code for a business that cannot pay (131042), so
 * that a client stops billable sends as it would for Meta's; replies inside the customer service window
 * still go.
 */
export function spendingLimitReached(): GraphError {
  return new GraphError(131042, "(#131042) The organization's monthly spending limit is reached", {
    status: 400,
    data: {
      reason: 'spending_limit_reached',
      details:
        'The organization has used its monthly spending limit; ' +
        'billable messages (templates) are refused until the limit is raised or the month ends. Replies inside ' +
        'the customer service window still go. GET /v1/usage/limit shows the budget.',
    },
  });
}
