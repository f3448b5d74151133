/**
 * Test mode's one routing rule: the token of an account of a test organization is handed out marked
 * (TenancyService.accessToken), and GraphTransport sends a call made with a marked token to the
 * simulator (SIMULATOR_BASE_URL), never to UPSTREAM_BASE_URL. Every caller of Meta (sends, templates,
 * media, the pass-through, background jobs) takes its token from that one place, so none of them has
 * to know about test mode, and none can send test traffic to Meta by forgetting to.
 */
const MARK = 'simulator\u0000';

/** The token, marked as the simulator's. */
export function simulatorToken(token: string): string {
  return MARK + token;
}

/** The token without its mark when it is the simulator's, or null when it is Meta's. */
export function unmarkSimulatorToken(token: string): string | null {
  return token.startsWith(MARK) ? token.slice(MARK.length) : null;
}
