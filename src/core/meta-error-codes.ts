/**
 * The one table of Meta's error codes the gateway answers or passes on: for each, the type Graph
 * answers it with, the HTTP status it has when the thrower does not choose one, Meta's own title,
 * and a plain-language hint of what to do. The exception filter takes type and status from it, the
 * API document lists it (/docs), and the console shows the hint beside a failed message.
 *
 * Titles follow Meta's error code reference; hints are the gateway's. Codes Meta sends that are not
 * here pass through unchanged (their type is Graph's default, GraphMethodException).
 */
export interface MetaErrorCode {
  code: number;
  type: 'OAuthException' | 'GraphMethodException';
  /** The HTTP status when the thrower does not choose one. */
  status: number;
  title: string;
  hint: string;
}

const entry = (
  code: number,
  type: MetaErrorCode['type'],
  status: number,
  title: string,
  hint: string,
): MetaErrorCode => ({ code, type, status, title, hint });

const OAUTH = 'OAuthException';
const METHOD = 'GraphMethodException';

export const META_ERROR_CODES: readonly MetaErrorCode[] = [
  entry(2, METHOD, 503, 'Temporary issue', 'A service the gateway depends on is down for a moment. Retry later.'),
  entry(
    4,
    OAUTH,
    429,
    'Application request limit reached',
    'The API key sent more requests a second than its rate limit allows. Slow down, then retry after Retry-After.',
  ),
  entry(
    100,
    METHOD,
    400,
    'Invalid parameter',
    'The request has a parameter missing, malformed or out of range: error_data.details names it.',
  ),
  entry(
    190,
    OAUTH,
    401,
    'Invalid OAuth access token',
    'The key is wrong, revoked or expired, or the path names something outside its organizations.',
  ),
  entry(
    200,
    OAUTH,
    403,
    'Permission denied',
    'The key lacks the scope, the IP address or the phone number this call needs.',
  ),
  entry(
    368,
    METHOD,
    400,
    'Temporarily blocked for policies violations',
    'Meta blocked the number for policy reasons. Check its status in WhatsApp Manager.',
  ),
  entry(
    130429,
    OAUTH,
    429,
    'Rate limit hit',
    "The number's throughput (80 messages a second by default) is used up. Retry after Retry-After; the gateway already paces sends.",
  ),
  entry(
    131000,
    METHOD,
    500,
    'Something went wrong',
    'The send failed for a reason Meta or the gateway did not name: error_data says more. Retry if it is transient.',
  ),
  entry(
    131008,
    METHOD,
    400,
    'Required parameter is missing',
    'The message lacks a field its type requires: error_data.details names it.',
  ),
  entry(
    131009,
    METHOD,
    400,
    'Parameter value is not valid',
    'A field holds a value Meta does not accept: error_data.details names it.',
  ),
  entry(131021, METHOD, 400, 'Recipient cannot be sender', 'The message was sent to the number that sends it.'),
  entry(
    131026,
    METHOD,
    400,
    'Message undeliverable',
    'More than 24 hours have passed since the customer last wrote, or the recipient cannot receive it. Send an approved template instead.',
  ),
  entry(131031, METHOD, 400, 'Account has been locked', 'Meta locked the business account. Check WhatsApp Manager.'),
  entry(
    131042,
    METHOD,
    400,
    'Business eligibility payment issue',
    'The business account has a payment problem. Check its payment method in Meta Business Suite.',
  ),
  entry(
    131047,
    METHOD,
    400,
    'Re-engagement message',
    'More than 24 hours have passed since the customer last replied: only a template can start the conversation again.',
  ),
  entry(
    131048,
    OAUTH,
    429,
    'Spam rate limit hit',
    "The number's messaging limit (users reached by business-initiated messages in 24 hours) is used up, or Meta saw too many blocks. The gateway defers and pauses broadcasts.",
  ),
  entry(
    131049,
    METHOD,
    400,
    'Meta chose not to deliver',
    'Meta held the message back to keep the ecosystem healthy (too many marketing messages to this user). Do not retry at once.',
  ),
  entry(131051, METHOD, 400, 'Unsupported message type', 'The message type is not one Meta supports.'),
  entry(
    131052,
    METHOD,
    400,
    'Media download error',
    "Meta could not download the customer's media. Ask the customer to send it again.",
  ),
  entry(131053, METHOD, 400, 'Media upload error', 'Meta could not use the uploaded media: check its type and size.'),
  entry(
    131056,
    OAUTH,
    429,
    'Pair rate limit hit',
    'Too many messages to the same user in a short time (about one every 6 seconds after a burst). Wait before sending to this user again.',
  ),
  entry(131057, METHOD, 400, 'Account in maintenance mode', 'The business account is being upgraded. Retry later.'),
  entry(
    132000,
    METHOD,
    400,
    'Number of parameters does not match the expected number of params',
    "The template's parameters do not match its variables: error_data.details names the component.",
  ),
  entry(
    132001,
    METHOD,
    404,
    'Template name does not exist in the translation',
    'No APPROVED template of that name (or group) and language. Check the catalog, or wait for its review.',
  ),
  entry(132005, METHOD, 400, 'Translated text too long', 'A parameter makes the message longer than Meta allows.'),
  entry(
    132007,
    METHOD,
    400,
    'Template format character policy violated',
    'A parameter holds characters the template format forbids (new lines, tabs, more than four spaces).',
  ),
  entry(
    132012,
    METHOD,
    400,
    'Parameter format does not match format in the created template',
    'Named parameters were sent to a positional template, or the other way round.',
  ),
  entry(132015, METHOD, 400, 'Template is paused', 'Meta paused the template for low quality. Edit it or use another.'),
  entry(132016, METHOD, 400, 'Template is disabled', 'Meta disabled the template. Use another.'),
  entry(
    133010,
    METHOD,
    400,
    'Phone number not registered',
    'The number is not registered with the Cloud API: register it first.',
  ),
];

const BY_CODE = new Map(META_ERROR_CODES.map((known) => [known.code, known]));

/** The table's entry of a code, if it has one. */
export function metaErrorCode(code: number): MetaErrorCode | undefined {
  return BY_CODE.get(code);
}
