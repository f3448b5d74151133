/**
 * Test mode on the wire: a delivery of a test organization (its test twin's) carries `"test": true`
 * as the envelope's first member, beside Meta's members, and every delivery says its mode in the
 * `X-Gateway-Mode` header (`live` or `test`); both are signed like the rest. A live delivery's body
 * stays Meta's bytes exactly.
 */
export const MODE_HEADER = 'x-gateway-mode';

const TEST_MEMBER = '{"test":true';

/** The envelope of a test organization's delivery: `"test": true` first, then the envelope's members. */
export function testEnvelope(body: string): string {
  if (!body.startsWith('{')) return body;
  const rest = body.slice(1).trimStart();
  return rest.startsWith('}') ? `${TEST_MEMBER}}` : `${TEST_MEMBER},${body.slice(1)}`;
}

/** A delivery's mode, read from its body (only test envelopes start with the test member). */
export function modeOfBody(body: string): 'live' | 'test' {
  return body.startsWith(TEST_MEMBER) ? 'test' : 'live';
}
