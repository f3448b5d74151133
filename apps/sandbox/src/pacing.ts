/**
 * Meta's three limits on what a business number may send, enforced as Meta documents them:
 *
 * - **Throughput** (`/whatsapp/throughput`): messages per second per registered number, inbound and
 *   outbound together: 80 at level STANDARD (Meta's default), 1,000 at HIGH (after the automatic
 *   upgrade), a fixed 20 for numbers also in use with the WhatsApp Business app (coexistence). Above
 *   it Meta answers 130429 until the number is within its level again. Counted here in one-second
 *   windows of the sandbox's clock (each second of the clock counts its own messages).
 * - **Pair rate** (131056): about one message every 6 seconds from a business number to the same
 *   user; bursts of up to 45 are allowed but borrow from the future (after a burst of 45 the pair
 *   must wait as long as the 45 would have taken at the steady rate). A generic cell rate algorithm:
 *   a theoretical arrival time that each message pushes 6 s further, refused while it is more than
 *   44 intervals ahead of now.
 * - **Messaging limit** (the number's `messaging_limit_tier`, shared by the business portfolio's
 *   numbers, here the business account's): how many different users business-initiated messages
 *   (templates sent outside an open customer-service window) may reach in a rolling 24 hours. A user
 *   already reached in the window costs nothing more. Meta documents no code of its own for it; the
 *   sandbox answers 131048 ("restrictions on how many messages can be sent from this phone
 *   number"), Meta's code for limits on a number's sends.
 */

export const THROUGHPUT_LEVELS = ['STANDARD', 'HIGH'] as const;
export type ThroughputLevel = (typeof THROUGHPUT_LEVELS)[number];

/** Messages per second of each level, and of a number shared with the WhatsApp Business app. */
export const THROUGHPUT_MPS: Record<ThroughputLevel, number> = { STANDARD: 80, HIGH: 1000 };
export const COEXISTENCE_MPS = 20;

export const MESSAGING_LIMIT_TIERS = [
  'TIER_50',
  'TIER_250',
  'TIER_1K',
  'TIER_10K',
  'TIER_100K',
  'TIER_UNLIMITED',
] as const;
export type MessagingLimitTier = (typeof MESSAGING_LIMIT_TIERS)[number];
export const TIER_USERS: Record<MessagingLimitTier, number> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: Number.POSITIVE_INFINITY,
};

export const QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'NA'] as const;
export type QualityRating = (typeof QUALITY_RATINGS)[number];

/** One message every 6 s to the same user, in bursts of at most 45. */
export const PAIR_INTERVAL_MS = 6_000;
export const PAIR_BURST = 45;

const WINDOW_MS = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What Meta knows of a number's limits. */
export interface NumberLimits {
  throughputLevel: ThroughputLevel;
  /** In use with the WhatsApp Business app too (coexistence): 20 mps whatever the level. */
  isOnBizApp: boolean;
  /**
   * The sandbox's own knob, not Meta's: messages per second set outright (load tests beyond Meta's
   * levels). Not shown by Graph reads.
   */
  throughputMps?: number;
  messagingLimitTier: MessagingLimitTier;
  qualityRating: QualityRating;
}

/** A new number, with Meta's defaults: STANDARD throughput, a verified business's first tier, GREEN. */
export function defaultLimits(): NumberLimits {
  return { throughputLevel: 'STANDARD', isOnBizApp: false, messagingLimitTier: 'TIER_1K', qualityRating: 'GREEN' };
}

export function throughputOf(limits: NumberLimits): number {
  if (limits.throughputMps !== undefined) return limits.throughputMps;
  return limits.isOnBizApp ? COEXISTENCE_MPS : THROUGHPUT_MPS[limits.throughputLevel];
}

/** Why a send was refused: which limit, and how long until it would pass. */
export type PaceRefusal = { limit: 'throughput' | 'pair' | 'messaging_limit'; retryAfterMs: number };

/** The counters behind the three limits, in memory (Meta's state for the numbers the sandbox knows). */
export class PaceKeeper {
  /** Per number: the messages of the current one-second window. */
  private readonly windows = new Map<string, { second: number; count: number }>();
  /** Per `number:user`: the pair's theoretical arrival time (ms). */
  private readonly pairs = new Map<string, number>();
  /** Per business account: user → when the latest business-initiated message reached them. */
  private readonly reached = new Map<string, Map<string, number>>();

  /**
   * Checks an outbound message against all three limits and, when it passes, counts it in each.
   * `businessInitiated`: a template sent outside the user's open service window.
   */
  admit(
    number: { id: string; wabaId: string; limits: NumberLimits },
    user: string,
    businessInitiated: boolean,
    now = Date.now(),
  ): PaceRefusal | undefined {
    const window = this.window(number.id, now);
    if (window.count >= throughputOf(number.limits))
      return { limit: 'throughput', retryAfterMs: (window.second + 1) * WINDOW_MS - now };

    const pairKey = `${number.id}:${user}`;
    const tat = Math.max(this.pairs.get(pairKey) ?? now, now);
    const ahead = tat - now;
    const tolerance = (PAIR_BURST - 1) * PAIR_INTERVAL_MS;
    if (ahead > tolerance) return { limit: 'pair', retryAfterMs: ahead - tolerance };

    let reached: Map<string, number> | undefined;
    if (businessInitiated) {
      reached = this.reachedIn(number.wabaId, now);
      if (!reached.has(user) && reached.size >= TIER_USERS[number.limits.messagingLimitTier]) {
        const oldest = reached.values().next().value ?? now;
        return { limit: 'messaging_limit', retryAfterMs: oldest + DAY_MS - now };
      }
    }

    window.count++;
    this.pairs.set(pairKey, tat + PAIR_INTERVAL_MS);
    if (reached) {
      // Moved to the end: the map stays ordered by each user's latest business-initiated message.
      reached.delete(user);
      reached.set(user, now);
    }
    return undefined;
  }

  /** A user's message to the number: it counts toward the number's throughput, and is never refused. */
  countInbound(numberId: string, now = Date.now()): void {
    this.window(numberId, now).count++;
  }

  /** How many different users business-initiated messages reached in the last 24 hours. */
  usersReached(wabaId: string, now = Date.now()): number {
    return this.reachedIn(wabaId, now).size;
  }

  /** The one-second window of `numberId` that `now` falls in. */
  private window(numberId: string, now: number): { second: number; count: number } {
    const second = Math.floor(now / WINDOW_MS);
    let window = this.windows.get(numberId);
    if (window?.second !== second) {
      window = { second, count: 0 };
      this.windows.set(numberId, window);
    }
    return window;
  }

  private reachedIn(wabaId: string, now: number): Map<string, number> {
    let reached = this.reached.get(wabaId);
    if (!reached) {
      reached = new Map();
      this.reached.set(wabaId, reached);
    }
    // Maps iterate in insertion order: the users last reached longest ago come first.
    for (const [user, at] of reached) {
      if (at > now - DAY_MS) break;
      reached.delete(user);
    }
    return reached;
  }
}
