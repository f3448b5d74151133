import type { PhoneNumberLimits } from '../core/gateway-request';

/**
 * Meta's limits on a business number, as documented (Cloud API "Throughput", "Messaging limits"):
 * 80 messages per second at throughput level STANDARD (every number's default), 1,000 at HIGH, a
 * fixed 20 for a number also used with the WhatsApp Business app; inbound and outbound together.
 */
export const LEVEL_MPS: Record<string, number> = { STANDARD: 80, HIGH: 1000 };
export const DEFAULT_MPS = LEVEL_MPS.STANDARD;
export const COEXISTENCE_MPS = 20;

/** About one message every 6 s to the same user; a burst of up to 45 borrows from the future. */
export const PAIR_INTERVAL_MS = 6_000;
export const PAIR_BURST = 45;

/** The messaging limit counts the different users reached by business-initiated messages in 24 hours. */
export const MESSAGING_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;
const TIER_USERS: Record<string, number> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
};

/** The messages per second a number is paced at: an operator's, else Meta's level, else Meta's default. */
export function throughputMps(limits: PhoneNumberLimits): number {
  if (limits.throughputOverrideMps !== null) return limits.throughputOverrideMps;
  if (limits.isOnBizApp) return COEXISTENCE_MPS;
  return (limits.throughputLevel !== null && LEVEL_MPS[limits.throughputLevel]) || DEFAULT_MPS;
}

/**
 * The tier a number is paced at while Meta's is not known (never learned, or a name Meta has not
 * documented): the smallest a new business starts at, never "unlimited".
 */
export const UNKNOWN_TIER_USERS = TIER_USERS.TIER_250;

/** The users a tier lets business-initiated messages reach in 24 hours; undefined only when Meta says unlimited. */
export function tierUsers(tier: string | null): number | undefined {
  if (tier === 'TIER_UNLIMITED') return undefined;
  return (tier !== null && TIER_USERS[tier]) || UNKNOWN_TIER_USERS;
}
