import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import type { PhoneNumberLimits } from '../core/gateway-request';
import { MetricsService } from '../metrics/metrics.service';
import { MemoryStore } from '../redis/memory-store';
import { SharedStore } from '../redis/shared-store';
import {
  FORGET_TIER_MEMBER_SCRIPT,
  type PaceDecision,
  type PaceReservation,
  paceTierUsage,
  reservePaces,
  setPaceInterval,
  takePace,
} from './pace.scripts';
import { messagingLimitReached, pairRateLimitHit, throughputReached } from './pacing.errors';
import { MESSAGING_LIMIT_WINDOW_MS, PAIR_BURST, PAIR_INTERVAL_MS, throughputMps, tierUsers } from './throughput';

/**
 * A send woken this much after its turn (or more, see `lateToleranceMs`) takes a new one rather than
 * go late.
 */
const LATE_LIMIT_MS = 5;

/** The store's answer for a turn, in this process's milliseconds. */
export type TurnDecision =
  | { granted: true; delayMs: number; turnAt: number }
  | { granted: false; limit: 'throughput' | 'pair' | 'messaging_limit'; retryAfterMs: number };

/**
 * The offset between the store's clock (Redis's TIME) and this process's `Date.now()`: the least of
 * the last replies' (arrival − store time), i.e. the clock difference plus the quickest round trip
 * seen. Turns are kept in the store's time; sleeping until one needs it in ours.
 */
class SkewEstimate {
  private readonly samples: number[] = [];
  private next = 0;

  add(sample: number): void {
    if (this.samples.length < 64) this.samples.push(sample);
    else this.samples[this.next++ % 64] = sample;
  }

  value(): number {
    return this.samples.length ? Math.min(...this.samples) : 0;
  }
}

/** How long a pace shared through the store outranks each instance's own view of the number (2 × the cache's 5 s). */
const SHARED_PACE_TTL_MS = 10_000;

/** A number as the pace needs it: Meta's id, its business account (the messaging limit's scope), its limits. */
export interface PacedNumber {
  phoneNumberId: string;
  businessAccountId: string;
  limits: PhoneNumberLimits;
}

/**
 * The shared store's keys of a number's pace. Every key of a business account's numbers carries the
 * account's hash tag (`{...}`): the reservation script touches a number's turn, its rate, the pair's
 * turn and the account's messaging-limit window together, and on a Redis Cluster the keys of one
 * script must live in one slot.
 */
export function paceKeys(number: Pick<PacedNumber, 'phoneNumberId' | 'businessAccountId'>) {
  const tag = `pace:{${number.businessAccountId}}`;
  return {
    numberKey: `${tag}:n:${number.phoneNumberId}`,
    rateKey: `${tag}:rate:${number.phoneNumberId}`,
    pairKey: (recipient: string) => `${tag}:p:${number.phoneNumberId}:${recipient}`,
    tierKey: paceTierKey(number.businessAccountId),
  };
}

/** The business account's messaging-limit window (its numbers share it, and its hash tag). */
export function paceTierKey(businessAccountId: string): string {
  return `pace:{${businessAccountId}}:tier`;
}

/**
 * One pace per phone number, shared by every instance through the shared store (Redis): Meta's
 * throughput, the pair rule and the messaging limit, honoured before Meta refuses.
 *
 * The algorithm is GCRA (the generic cell rate algorithm, "virtual scheduling") with no burst: the
 * store keeps one time per number, the next free turn; a send takes the turn at that time (or now,
 * when it lies in the past) and moves it one interval on. Chosen over a fixed-window counter because
 * a window lets a whole second's quota out at its start and again at the next window's start (160
 * messages in a few milliseconds across the border, which Meta, counting "per second", may refuse),
 * and over a sliding log because that keeps one entry per message where GCRA keeps one number. Turns
 * are handed out in order and each is a time, so a send waits by sleeping until it (no polling), and
 * one atomic script (one round trip) decides the number's turn, the pair rule (the same GCRA per
 * number and user: one every 6 s, tolerating 44 intervals ahead, so a burst of 45 passes) and the
 * messaging limit together. A turn further off than PACE_MAX_WAIT_MS is not taken: the send is
 * answered with Meta's error and a Retry-After. The interval leaves PACE_MARGIN_PERCENT of the
 * throughput unused for the jitter between a turn and the moment Meta counts the message.
 *
 * Redis unreachable: each instance paces alone, in process, until it is back (Meta then refuses what
 * several instances together send above the pace; the sends are retried as after any 130429).
 */
@Injectable()
export class NumberPaceService {
  private readonly logger = new Logger('NumberPace');
  private readonly maxWaitMs: number;
  private readonly margin: number;
  /**
   * How late after its turn a send may still go: half of what the margin leaves (at least
   * LATE_LIMIT_MS, and an interval). Meta counts a number's messages per second: turns spaced for
   * (1 − margin) of its throughput stay within it when each message reaches Meta up to
   * margin / (1 − margin) of a second after its turn (10 ms at 2 %); half of that is for this process
   * (a reply or a timer read late by a busy loop), half for the way to Meta. Tighter, a busy loop
   * whose Redis replies come a few milliseconds late would take new turns over and over, each one
   * more round trip (five a send at 100/s, measured: docs/performance.md).
   */
  private readonly lateToleranceMs: number;
  private readonly fallback = new MemoryStore();
  private fallbackLoggedAt = 0;
  private readonly skew = new SkewEstimate();

  constructor(
    private readonly store: SharedStore,
    private readonly metrics: MetricsService,
    config: ConfigService<Environment, true>,
  ) {
    this.maxWaitMs = config.get('PACE_MAX_WAIT_MS', { infer: true });
    this.margin = config.get('PACE_MARGIN_PERCENT', { infer: true }) / 100;
    this.lateToleranceMs = Math.max(LATE_LIMIT_MS, (500 * this.margin) / (1 - this.margin));
  }

  /** An organization deleted: every key of its accounts' pace (their numbers' turns, pairs, windows). */
  async forgetAccounts(businessAccountIds: string[]): Promise<number> {
    let removed = 0;
    for (const id of businessAccountIds)
      await this.store.scanKeys(`pace:{${id}}:*`, async (keys) => {
        for (const key of keys) await this.store.deleteValue(key);
        removed += keys.length;
      });
    return removed;
  }

  /**
   * A customer's erasure (data-rights/): the pair rule's turns with the number go, and the number's place
   * in each account's messaging-limit window stays under `digest` (Meta counts the customer reached).
   */
  async eraseCustomer(
    waId: string,
    digest: string,
    accounts: Array<{ id: string; phoneNumberIds: string[] }>,
  ): Promise<number> {
    let changed = 0;
    for (const account of accounts) {
      const keys = paceKeys({ businessAccountId: account.id, phoneNumberId: '' });
      changed += Number(await this.store.run(FORGET_TIER_MEMBER_SCRIPT, [keys.tierKey], [waId, `erased:${digest}`]));
      for (const phoneNumberId of account.phoneNumberIds)
        await this.store.deleteValue(paceKeys({ businessAccountId: account.id, phoneNumberId }).pairKey(waId));
    }
    return changed;
  }

  /**
   * Waits for the number's next turn for a message to `recipient` (at most PACE_MAX_WAIT_MS, or
   * `maxWaitMs`), or throws Meta's error for the limit that refuses it (130429, 131056, 131048) with
   * a Retry-After. `businessInitiated`: a template outside the user's service window, which counts
   * against the messaging limit.
   *
   * A send that wakes up later than its turn by more than an interval (at least `lateToleranceMs`: the
   * process stalled — a long GC, a busy loop) does not go late: those sends would go together, bunched
   * up at Meta. It takes a new turn instead (within what is left of its wait), of the number's pace
   * only: the pair rule and the messaging limit counted the message at its first turn. A new turn that
   * came at once (nothing to sleep for) goes however late its reply was read: that lateness is the
   * loop's load, which a third round trip would meet again, adding to it.
   */
  async waitForTurn(
    number: PacedNumber,
    recipient: string,
    options: { businessInitiated: boolean; maxWaitMs?: number; counted?: boolean },
  ): Promise<void> {
    const deadline = Date.now() + (options.maxWaitMs ?? this.maxWaitMs);
    const lateLimitMs = Math.max(this.lateToleranceMs, this.intervalUs(number.limits) / 1000);
    for (let counted = options.counted ?? false, retaken = false; ; counted = true, retaken = true) {
      const turnAt = await this.reserve(
        number,
        recipient,
        options.businessInitiated && !counted,
        deadline - Date.now(),
        counted,
      );
      const wait = turnAt - Date.now();
      if (wait > 0) {
        this.metrics.paceWaiting.inc();
        try {
          await sleep(wait);
        } finally {
          this.metrics.paceWaiting.dec();
        }
      } else if (retaken) return;
      if (Date.now() - turnAt <= lateLimitMs) return;
    }
  }

  /**
   * Takes the turn; resolves with when it comes, in this process's `Date.now()` time (the store's
   * decision mapped with the store's clock offset, `SkewEstimate`).
   */
  async reserve(
    number: PacedNumber,
    recipient: string,
    businessInitiated: boolean,
    maxWaitMs = this.maxWaitMs,
    counted = false,
  ): Promise<number> {
    const decision = await this.decideTurn(number, recipient, businessInitiated, maxWaitMs, counted);
    if (decision.granted) {
      this.metrics.paceWait.observe(decision.delayMs / 1000);
      return decision.turnAt;
    }
    this.metrics.paceRefusals.inc({ limit: decision.limit, by: 'gateway' });
    const seconds = decision.retryAfterMs / 1000;
    if (decision.limit === 'pair') throw pairRateLimitHit(seconds);
    if (decision.limit === 'messaging_limit')
      throw messagingLimitReached(seconds, number.limits.messagingLimitTier ?? 'unknown');
    throw throughputReached(seconds);
  }

  /**
   * The store's decision for the number's next turn, without throwing: granted with when the turn
   * comes (`turnAt`, this process's clock), or which limit refuses it and for how long.
   */
  async decideTurn(
    number: PacedNumber,
    recipient: string,
    businessInitiated: boolean,
    maxWaitMs: number,
    /** The pair rule and the messaging limit counted this message already: only the number's turn. */
    counted = false,
  ): Promise<TurnDecision> {
    const [decision] = await this.decideTurns(number, [{ recipient, businessInitiated }], maxWaitMs, counted);
    return decision;
  }

  /**
   * The store's decisions for the number's next turns, one per message in order, in one round trip
   * (the broadcasts' dispatcher asks this way: a refusal is not an error there, it waits or defers).
   * They stop after the first refused for throughput: the messages after it are not decided.
   */
  async decideTurns(
    number: PacedNumber,
    messages: Array<{ recipient: string; businessInitiated: boolean }>,
    maxWaitMs: number,
    counted = false,
  ): Promise<TurnDecision[]> {
    const keys = paceKeys(number);
    const intervalUs = this.intervalUs(number.limits);
    const users = tierUsers(number.limits.messagingLimitTier);
    const reservations = messages.map(({ recipient, businessInitiated }): PaceReservation => ({
      numberKey: keys.numberKey,
      rateKey: keys.rateKey,
      intervalUs,
      pair: {
        key: keys.pairKey(recipient),
        intervalUs: counted ? 0 : PAIR_INTERVAL_MS * 1000,
        toleranceUs: (PAIR_BURST - 1) * PAIR_INTERVAL_MS * 1000,
      },
      ...(businessInitiated &&
        users !== undefined && {
          tier: { key: keys.tierKey, member: recipient, limit: users, windowUs: MESSAGING_LIMIT_WINDOW_MS * 1000 },
        }),
      maxWaitUs: Math.max(0, maxWaitMs) * 1000,
    }));
    const decisions = await this.decide(reservations);
    const repliedAt = Date.now();
    const first = decisions.find((d) => d.granted);
    if (first?.granted) this.skew.add(repliedAt - first.nowUs / 1000);
    return decisions.map((decision): TurnDecision => {
      if (!decision.granted)
        return { granted: false, limit: decision.limit, retryAfterMs: decision.retryAfterUs / 1000 };
      const delayMs = decision.delayUs / 1000;
      return { granted: true, delayMs, turnAt: decision.nowUs / 1000 + delayMs + this.skew.value() };
    });
  }

  /**
   * The messaging limit's window of the number's business account: how many users business-initiated
   * messages reached in the last 24 hours, and how many of `users` are among them (a broadcast's
   * estimate of what the limit would defer).
   */
  async tierUsage(
    number: Pick<PacedNumber, 'businessAccountId'>,
    users: string[],
  ): Promise<{ reached: number; reachedAmong: number }> {
    const key = paceTierKey(number.businessAccountId);
    const windowUs = MESSAGING_LIMIT_WINDOW_MS * 1000;
    try {
      return await paceTierUsage(this.store, key, windowUs, users);
    } catch (error) {
      this.warnFallback(error as Error);
      return paceTierUsage(this.fallback, key, windowUs, users);
    }
  }

  /**
   * Inbound messages count toward the number's throughput at Meta: they take turns now, without
   * waiting. Never fails (a lost count only lets the next turns come a little early).
   */
  countInbound(number: PacedNumber, count: number): void {
    if (count < 1) return;
    this.take(number, count, 'add').catch((error: Error) =>
      this.logger.warn(`inbound messages not counted in the pace of ${number.phoneNumberId}: ${error.message}`),
    );
  }

  /**
   * Meta refused a send for throughput (another app on the number, or jitter): no turn of the number
   * comes sooner than a second from now, on any instance (however many refusals say so at once).
   */
  async slowDown(number: PacedNumber, upstreamCode: number): Promise<void> {
    this.metrics.paceRefusals.inc({ limit: upstreamCode === 131056 ? 'pair' : 'throughput', by: 'upstream' });
    if (upstreamCode !== 130429) return;
    await this.take(number, Math.ceil(throughputMps(number.limits)), 'until').catch(() => undefined);
  }

  /**
   * Shares a number's new pace with every instance at once (an upgrade, an operator's change through
   * the API): the shared store holds it for SHARED_PACE_TTL_MS, by when every instance's cached view
   * of the number (AUTH_CACHE_TTL_MS, at most 5 s) has caught up with the database.
   */
  async share(number: PacedNumber): Promise<void> {
    this.metrics.paceThroughput.set({ phone_number_id: number.phoneNumberId }, throughputMps(number.limits));
    const { rateKey } = paceKeys(number);
    await setPaceInterval(this.store, rateKey, this.intervalUs(number.limits), SHARED_PACE_TTL_MS);
  }

  /** Microseconds between two turns of the number. */
  intervalUs(limits: PhoneNumberLimits): number {
    return 1e6 / (throughputMps(limits) * (1 - this.margin));
  }

  private async decide(reservations: PaceReservation[]): Promise<PaceDecision[]> {
    try {
      return await reservePaces(this.store, reservations);
    } catch (error) {
      this.warnFallback(error as Error);
      return reservePaces(this.fallback, reservations);
    }
  }

  private async take(number: PacedNumber, count: number, mode: 'add' | 'until'): Promise<void> {
    const { numberKey, rateKey } = paceKeys(number);
    const interval = this.intervalUs(number.limits);
    try {
      await takePace(this.store, numberKey, rateKey, interval, count, mode);
    } catch (error) {
      this.warnFallback(error as Error);
      await takePace(this.fallback, numberKey, rateKey, interval, count, mode);
    }
  }

  private warnFallback(error: Error): void {
    if (Date.now() - this.fallbackLoggedAt < 10_000) return;
    this.fallbackLoggedAt = Date.now();
    this.logger.warn(`the shared pace is unreachable (${error.message}): pacing in this instance alone meanwhile`);
  }
}
