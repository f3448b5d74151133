import { GraphError } from '../core/graph-error';

// What the gateway answers, in Meta's own shapes, when a send would break one of Meta's limits: the
// error Meta would give, with a Retry-After Meta does not give (HTTP 429, so a client retries).

const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

/** 130429: the number's throughput is used up for longer than a send may wait. */
export function throughputReached(retryAfterSeconds: number): GraphError {
  return new GraphError(130429, '(#130429) Rate limit hit', {
    status: 429,
    subcode: 2494055,
    headers: retryAfter(retryAfterSeconds),
    data: {
      messaging_product: 'whatsapp',
      details:
        "Cloud API message throughput has been reached: this number's turns are taken for longer than PACE_MAX_WAIT_MS. Retry after Retry-After seconds; nothing was sent.",
    },
  });
}

/** 131056: too many messages from this number to the same user in a short time. */
export function pairRateLimitHit(retryAfterSeconds: number): GraphError {
  return new GraphError(131056, '(#131056) (Business Account, Consumer Account) pair rate limit hit', {
    status: 429,
    headers: retryAfter(retryAfterSeconds),
    data: {
      messaging_product: 'whatsapp',
      details:
        'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time. Nothing was sent.',
    },
  });
}

/** 131048: the messaging limit (users reached by business-initiated messages in 24 hours) is used up. */
export function messagingLimitReached(retryAfterSeconds: number, tier: string): GraphError {
  return new GraphError(131048, '(#131048) Spam rate limit hit', {
    status: 429,
    headers: retryAfter(retryAfterSeconds),
    data: {
      messaging_product: 'whatsapp',
      reason: 'messaging_limit',
      details: `Message failed to send because there are restrictions on how many messages can be sent from this phone number: its messaging limit (${tier}) of users reached by business-initiated messages in 24 hours is used up. Nothing was sent.`,
    },
  });
}
