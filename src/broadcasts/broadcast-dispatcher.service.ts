import { setTimeout as sleep } from 'node:timers/promises';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { GroupCommit } from '../database/group-commit';
import { recipientOptedOut } from '../blacklist/blacklist.errors';
import { OptOutsService } from '../blacklist/opt-outs.service';
import { TemplatesService } from '../templates/templates.service';
import { PreallocatedCache } from '../common/bounded-cache';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { BroadcastSendsService } from '../messages/broadcast-sends.service';
import { MetricsService } from '../metrics/metrics.service';
import { ServiceWindowService } from '../messages/service-window.service';
import { NumberLimitsService } from '../pacing/number-limits.service';
import { NumberPaceService, type PacedNumber } from '../pacing/number-pace.service';
import { throughputMps, tierUsers } from '../pacing/throughput';
import { TenancyService } from '../tenancy/tenancy.service';
import { SpendingLimits } from '../usage/spending-limits.service';
import { BroadcastLifecycle } from './broadcast-lifecycle';
import { type BroadcastRow, BroadcastsRepository, type RecipientRow, refusalBody } from './broadcasts.repository';

/** A recipient's try, written before its turn (`BroadcastSendsService.writeBroadcastTries`). */
type BroadcastTry = { messageId: string; written: boolean; payload: Record<string, unknown> };

/**
 * How far back a recipient's link to a try is checked for a record given back meanwhile (far less than any
 * retention).
 */
const ORPHAN_LINK_SECONDS = 3600;

/**
 * How far ahead a broadcast takes turns: API sends arriving meanwhile get the turns after these, so
 * they go first, at most this much behind. Turns are asked for as many recipients as fit in it (8 at
 * 80/s), in one round trip.
 */
const LOOKAHEAD_MS = 100;
/** At most this many turns in one ask (a fast number's look-ahead holds many). */
const MAX_TURNS_PER_ASK = 32;
/** Broadcast sends of one number in flight at once (each waits for its upstream answer). */
const MAX_IN_FLIGHT = 200;
/** A broadcast's status is read again this often while it is worked on (a pause on another instance). */
const STATUS_FRESH_MS = 250;
/** The queue's depth (a count over the running broadcasts' recipients) is taken every this many polls. */
const WAITING_EVERY = 5;

/**
 * Sends broadcasts, on every instance: each instance polls (BROADCAST_POLL_MS) for running broadcasts
 * and works each of their numbers in one loop of its own — claim a batch of recipients (SKIP LOCKED:
 * instances take different ones), take a turn of the number's pace for each, send it in its turn.
 *
 * Behind API sends: a broadcast takes only turns that come within LOOKAHEAD_MS (a further turn is
 * refused, and it waits until the pace has room), so API sends find the turns after those. It asks
 * for the turns of as many recipients as fit in LOOKAHEAD_MS in one round trip, and not before its
 * last turn comes (in the wake-up that sends that one: one round trip for eight sends at 80/s while
 * the number has no other traffic). A recipient refused for the pair rule is held back until it
 * passes; one over the messaging limit is `deferred` until the rolling window frees room.
 *
 * Each recipient is sent at most once per try whatever crashes: the try's record is unique (its key
 * `broadcast:<id>:<seq>:<try>`), written for a whole claimed batch in one statement before the turns,
 * so an instance that takes over a recipient whose record exists does not send it again (a written
 * try whose turn does not come — a pause, the pair rule, the messaging limit — is taken back). A record whose outcome stays unknown (no answer, no status webhook within
 * SEND_OUTCOME_TIMEOUT_SECONDS, then failed by the sweeper) makes the recipient's next try; Meta's
 * statuses reconcile a record that did reach Meta before then. So a recipient is sent exactly once
 * unless cancelled or refused, provided Meta reports a send within that timeout.
 */
@Injectable()
export class BroadcastDispatcher implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('BroadcastDispatcher');
  private readonly workers = new Map<string, Promise<void>>();
  private readonly statuses = new Map<string, { row: BroadcastRow; at: number }>();
  /** Each running broadcast's template category, for the opt-out screen (read again after a minute). */
  private readonly categories = new PreallocatedCache<string, string>({ max: 10_000, ttl: 60_000 });
  private readonly pollMs: number;
  /**
   * A claim's length (BROADCAST_LEASE_SECONDS): a batch is about a second of the pace, so it is worked through well
   * within it.
   */
  private readonly leaseSeconds: number;
  /** A claim this close to its end is given back rather than worked on (another instance may take it then). */
  private readonly leaseMarginMs: number;
  private polling = false;
  private stopping = false;
  /** Recipients linked to their try's record, a batch at a time. */
  private readonly links = new GroupCommit<{ broadcastId: string; seq: number; messageId: string }, void>(
    (links) => this.repository.linkRecords(links),
    500,
    2,
    500,
  );
  /** Polls since the queue's depth was last counted for the metrics (every WAITING_EVERY polls). */
  private pollsSinceCount = WAITING_EVERY;

  constructor(
    private readonly repository: BroadcastsRepository,
    private readonly lifecycle: BroadcastLifecycle,
    private readonly messages: BroadcastSendsService,
    private readonly windows: ServiceWindowService,
    private readonly pace: NumberPaceService,
    private readonly numberLimits: NumberLimitsService,
    private readonly tenancy: TenancyService,
    private readonly metrics: MetricsService,
    private readonly jobs: PeriodicJobs,
    private readonly optOuts: OptOutsService,
    private readonly templates: TemplatesService,
    private readonly spending: SpendingLimits,
    config: ConfigService<Environment, true>,
  ) {
    this.pollMs = config.get('BROADCAST_POLL_MS', { infer: true });
    this.leaseSeconds = config.get('BROADCAST_LEASE_SECONDS', { infer: true });
    this.leaseMarginMs = Math.min(10_000, (this.leaseSeconds * 1000) / 3);
  }

  /**
   * Every instance polls (a periodic job of each instance: each claims its own share); Meta flagging a
   * number RED pauses its broadcasts (resumed by the tenant).
   */
  onModuleInit(): void {
    if (this.pollMs > 0) this.jobs.everyInstance('broadcast-poll', this.pollMs, () => this.poll());
    this.numberLimits.onLearned((phoneNumberId, limits) => {
      if (limits.qualityRating === 'RED')
        this.lifecycle
          .pauseNumber(phoneNumberId, 'quality_red')
          .then((paused) => paused.forEach((row) => this.forget(row.id)))
          .catch((error: Error) => this.logger.warn(`broadcasts of ${phoneNumberId} not paused: ${error.message}`));
    });
  }

  /** No new sends; those in flight finish (their records are written either way). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.workers.values()]);
  }

  /** Starts working a number now (a broadcast created or resumed on this instance). */
  wake(phoneNumberId: string): void {
    if (this.stopping || this.workers.has(phoneNumberId)) return;
    const worker = this.work(phoneNumberId)
      .catch((error: Error) => this.logger.warn(`broadcasts of ${phoneNumberId}: ${error.message}`))
      .finally(() => this.workers.delete(phoneNumberId));
    this.workers.set(phoneNumberId, worker);
  }

  /** Forgets what it knows of a broadcast's status (changed on this instance: a pause is seen at once). */
  forget(broadcastId: string): void {
    this.statuses.delete(broadcastId);
  }

  /** One poll: due schedules start; numbers with work are worked; broadcasts with none left complete. */
  async poll(): Promise<void> {
    if (this.polling || this.stopping) return;
    this.polling = true;
    try {
      const running = await this.repository.startDueAndRunning();
      if (++this.pollsSinceCount >= WAITING_EVERY) {
        this.pollsSinceCount = 0;
        const waiting = running.length ? await this.repository.waiting() : { queued: 0, deferred: 0 };
        for (const [state, count] of Object.entries(waiting))
          this.metrics.broadcastRecipientsWaiting.set({ state }, count);
      }
      for (const broadcast of running) {
        const work = await this.repository.hasWork(broadcast.id);
        if (work.now) this.wake(broadcast.phone_number_id);
        else if (!work.later && !this.workers.has(broadcast.phone_number_id)) await this.settle(broadcast);
      }
    } catch (error) {
      this.logger.warn(`poll failed: ${(error as Error).message}`);
    } finally {
      this.polling = false;
    }
  }

  /**
   * A running broadcast with nothing left to send now or later: recipients whose record's outcome
   * stayed unknown get their next try; once no record is pending, it is completed.
   */
  private async settle(broadcast: BroadcastRow): Promise<void> {
    const open = await this.messages.broadcastRecords(broadcast.id, ['pending', 'failed']);
    const unknown = open.filter((record) => record.unknown).map((record) => record.id);
    if (unknown.length && (await this.repository.requeueRecords(broadcast.id, unknown)) > 0) return;
    if (open.some((record) => record.status === 'pending')) return;
    // Last, once nothing is pending: a recipient linked to a try whose record is gone. Another
    // instance wrote the try, this one linked the recipient to it, then the writer gave the try back
    // (its turn did not come within its claim) and took its record back. Nothing was sent: its next
    // try goes. Only recent links are looked at, so records aged out with their partition are never
    // taken for given-back tries.
    const linked = await this.repository.recentlyLinked(broadcast.id, ORPHAN_LINK_SECONDS);
    const found = await this.messages.recordsByIds(linked);
    const orphans = linked.filter((id) => !found.has(id));
    if (orphans.length && (await this.repository.requeueRecords(broadcast.id, orphans)) > 0) {
      this.logger.warn(
        `broadcast ${broadcast.id}: ${orphans.length} recipient(s) linked to a given-back try: tried again`,
      );
      return;
    }
    await this.lifecycle.move(broadcast.id, ['running'], 'completed');
  }

  /** Works one number's running broadcasts until none has a recipient to send now. */
  private async work(phoneNumberId: string): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    // When the next turns can be within LOOKAHEAD_MS: asking sooner would only be refused (a round trip).
    const asking = { at: 0 };
    try {
      while (!this.stopping) {
        const phone = await this.tenancy.findPhoneNumber(phoneNumberId);
        if (!phone) return;
        const batchSize = Math.min(200, Math.max(1, Math.ceil(throughputMps(phone.limits))));
        const batch = await this.repository.claim(phoneNumberId, batchSize, this.leaseSeconds);
        if (batch.length === 0) return;
        const claimEnds = Date.now() + this.leaseSeconds * 1000 - this.leaseMarginMs;
        const open =
          tierUsers(phone.limits.messagingLimitTier) === undefined
            ? null
            : await this.windows.openAmong(
                phoneNumberId,
                batch.map((r) => r.recipient),
              );
        // The batch's tries, written in one statement before their turns. A try whose record another
        // instance (or this one, before a restart) wrote is not sent again: its record says the rest.
        const running: RecipientRow[] = [];
        const stopped: RecipientRow[] = [];
        const broadcasts = new Map<string, BroadcastRow>();
        for (const recipient of batch) {
          const broadcast = await this.broadcastOf(recipient.broadcast_id);
          if (broadcast?.status === 'running') {
            broadcasts.set(broadcast.id, broadcast);
            running.push(recipient);
          } else stopped.push(recipient);
        }
        await this.repository.release(stopped);
        const allowed = await this.withoutOptedOut(phone.businessAccountId, running, broadcasts);
        running.splice(0, running.length, ...allowed);
        const tries = await this.messages.writeBroadcastTries(
          phoneNumberId,
          running.map((recipient) => {
            const broadcast = broadcasts.get(recipient.broadcast_id)!;
            return {
              tenantId: broadcast.tenant_id,
              apiKeyId: broadcast.api_key_id,
              broadcastId: broadcast.id,
              idempotencyKey: `broadcast:${broadcast.id}:${recipient.seq}:${recipient.tries}`,
              recipient: recipient.recipient,
              template: { ...broadcast.template, ...(recipient.components && { components: recipient.components }) },
            };
          }),
        );
        const toSend: Array<{ recipient: RecipientRow; attempt: BroadcastTry }> = [];
        const regone: RecipientRow[] = [];
        for (const [i, recipient] of running.entries()) {
          const { messageId, written, payload } = tries[i];
          if (messageId === null) regone.push(recipient);
          else if (written) toSend.push({ recipient, attempt: { messageId, written, payload } });
          // Not waited for: the link lingers with others (its record is what counts).
          else
            this.links
              .submit({ broadcastId: recipient.broadcast_id, seq: recipient.seq, messageId })
              .catch((error: Error) => this.logger.warn(`recipient ${recipient.seq} not linked: ${error.message}`));
        }
        // A try given back by its writer between the insert and the lookup: nothing was sent, and
        // linked to no record the recipient would count as sent; released, its next claim writes it.
        await this.repository.release(regone);
        const affordable = await this.withinBudget(phone, toSend, broadcasts, open);
        await this.sendInTurns(phone, affordable, open, claimEnds, asking, inFlight);
      }
    } finally {
      await Promise.allSettled([...inFlight]);
    }
  }

  /**
   * Sends a claimed batch's written tries, each in a turn of the number's pace: turns are taken a few
   * recipients at a time (as many as fit in LOOKAHEAD_MS) in one round trip, and not before the last
   * turn taken comes; those the pace cannot give a turn yet are asked for again, first, when it has
   * room. A recipient refused for the pair rule is held back, one over the messaging limit deferred
   * (their tries taken back); a pause, the claim's end or a shutdown gives the rest back.
   */
  private async sendInTurns(
    phone: PacedNumber & { tenantId: string },
    toSend: Array<{ recipient: RecipientRow; attempt: BroadcastTry }>,
    open: Set<string> | null,
    claimEnds: number,
    asking: { at: number },
    inFlight: Set<Promise<void>>,
  ): Promise<void> {
    const turnsPerAsk = Math.min(
      MAX_TURNS_PER_ASK,
      Math.max(1, Math.floor((LOOKAHEAD_MS * 1000) / this.pace.intervalUs(phone.limits))),
    );
    let waiting: Array<{ recipient: RecipientRow; attempt: BroadcastTry }> = [];
    for (let next = 0; next < toSend.length || waiting.length > 0;) {
      const early = asking.at - Date.now();
      if (early > 0) await sleep(early);
      const asked: Array<{ recipient: RecipientRow; attempt: BroadcastTry; broadcast: BroadcastRow }> = [];
      const candidates = waiting.splice(0);
      while (candidates.length < turnsPerAsk && next < toSend.length) candidates.push(toSend[next++]);
      for (const item of candidates) {
        const broadcast = await this.broadcastOf(item.recipient.broadcast_id);
        if (this.stopping || Date.now() > claimEnds || broadcast?.status !== 'running')
          await this.giveBack(phone.tenantId, item.recipient, item.attempt.messageId);
        else asked.push({ ...item, broadcast });
      }
      if (asked.length === 0) continue;
      const decisions = await this.pace.decideTurns(
        phone,
        asked.map(({ recipient }) => ({
          recipient: recipient.recipient,
          businessInitiated: open !== null && !open.has(recipient.recipient),
        })),
        LOOKAHEAD_MS,
      );
      const notSent: string[] = [];
      for (const [i, decision] of decisions.entries()) {
        const { recipient, attempt, broadcast } = asked[i];
        if (decision.granted) {
          const send = this.sendOne(phone, broadcast, recipient, attempt, decision.turnAt).finally(() =>
            inFlight.delete(send),
          );
          inFlight.add(send);
          // The next turns are asked for once they can be within LOOKAHEAD_MS, but not before this
          // one comes: then the ask shares the wake-up that sends this one.
          asking.at = Math.max(
            decision.turnAt,
            decision.turnAt + this.pace.intervalUs(phone.limits) / 1000 - LOOKAHEAD_MS,
          );
        } else if (decision.limit === 'throughput') {
          // The pace is taken further ahead (API sends, another instance): these wait for room.
          waiting = asked.slice(i).map(({ recipient, attempt }) => ({ recipient, attempt }));
          asking.at = Date.now() + Math.max(1, decision.retryAfterMs);
        } else {
          // Held back for the pair rule, deferred for the messaging limit: the try is taken back.
          await this.repository.holdBack(
            recipient,
            decision.retryAfterMs,
            decision.limit === 'pair' ? 'queued' : 'deferred',
          );
          notSent.push(attempt.messageId);
        }
      }
      await this.messages.discardBroadcastTries(phone.tenantId, notSent);
      while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    }
  }

  /**
   * The written tries the organization's spending limit affords, reserved in one step (in order: the
   * first ones fit); the rest are given back. When none fits, the batch's broadcasts pause
   * (`spending_limit`), resumed by the tenant once the limit is raised or the month turns. No limit:
   * every try.
   */
  private async withinBudget(
    phone: PacedNumber & { tenantId: string },
    toSend: Array<{ recipient: RecipientRow; attempt: BroadcastTry }>,
    broadcasts: Map<string, BroadcastRow>,
    open: Set<string> | null,
  ): Promise<Array<{ recipient: RecipientRow; attempt: BroadcastTry }>> {
    if (toSend.length === 0 || !(await this.spending.limited(phone.tenantId))) return toSend;
    const claims = [];
    for (const { recipient, attempt } of toSend) {
      const category =
        (await this.categoryOf(phone.businessAccountId, broadcasts.get(recipient.broadcast_id)!)) ?? 'MARKETING';
      claims.push({
        id: attempt.messageId,
        recipient: recipient.recipient,
        category,
        free: category === 'UTILITY' && open !== null && open.has(recipient.recipient),
      });
    }
    const granted = (await this.spending.reserve(phone.tenantId, claims)) ?? toSend.length;
    if (granted === toSend.length) return toSend;
    const refused = toSend.slice(granted);
    await this.messages.discardBroadcastTries(
      phone.tenantId,
      refused.map(({ attempt }) => attempt.messageId),
    );
    await this.repository.release(refused.map(({ recipient }) => recipient));
    // Those that fit go first; a batch of which none fits pauses its broadcasts.
    if (granted > 0) return toSend.slice(0, granted);
    for (const id of new Set(refused.map(({ recipient }) => recipient.broadcast_id))) {
      await this.lifecycle.move(id, ['running'], 'paused', 'spending_limit');
      this.forget(id);
    }
    return [];
  }

  /** A written try not sent (paused, or the claim running out): its record taken back, the recipient released. */
  private async giveBack(tenantId: string, recipient: RecipientRow, messageId: string): Promise<void> {
    await this.messages.discardBroadcastTries(tenantId, [messageId]);
    await this.repository.release([recipient]);
  }

  /**
   * Sends one recipient's written try in its turn, and links it to its record; Meta's refusals hold it back (and
   * pause for spam).
   */
  private async sendOne(
    phone: PacedNumber,
    broadcast: BroadcastRow,
    recipient: RecipientRow,
    attempt: { messageId: string; payload: Record<string, unknown> },
    turnAt: number,
  ): Promise<void> {
    try {
      const outcome = await this.messages.sendBroadcastTry(
        {
          tenantId: broadcast.tenant_id,
          apiKeyId: broadcast.api_key_id,
          phone: { ...phone, enforceServiceWindow: false },
        },
        {
          messageId: attempt.messageId,
          broadcastId: broadcast.id,
          recipient: recipient.recipient,
          payload: attempt.payload,
        },
        turnAt,
      );
      if (outcome.kind === 'recorded') {
        await this.links.submit({ broadcastId: broadcast.id, seq: recipient.seq, messageId: outcome.messageId });
        return;
      }
      // Meta refused: nothing was sent. Not a failure of the recipient: it goes again later.
      await this.repository.holdBack(recipient, 1000, 'queued');
      if (outcome.code === 131048) {
        const paused = await this.lifecycle.pauseNumber(phone.phoneNumberId, 'spam_rate_limit');
        for (const row of paused) this.forget(row.id);
      }
    } catch (error) {
      // Not sent (its try taken back) or its outcome not written: the recipient goes again after a
      // second, not in the next claim, so that a failure that lasts is not retried as fast as the pace allows.
      this.logger.warn(`broadcast ${broadcast.id} recipient ${recipient.seq}: ${(error as Error).message}`);
      await this.repository.holdBack(recipient, 1000, 'queued').catch(() => undefined);
    }
  }

  /** The broadcast, read again when older than STATUS_FRESH_MS. */
  /**
   * The recipients a broadcast may still send to: one who opted out since it was created (screened
   * then) is skipped now, with the error an API send would get, for a marketing template (or a
   * category the organization's settings refuse too). One read per broadcast of the batch.
   */
  private async withoutOptedOut(
    businessAccountId: string,
    running: RecipientRow[],
    broadcasts: Map<string, BroadcastRow>,
  ): Promise<RecipientRow[]> {
    const refused = new Set<RecipientRow>();
    for (const broadcast of broadcasts.values()) {
      const category = await this.categoryOf(businessAccountId, broadcast);
      if (category === undefined) continue;
      const mine = running.filter((r) => r.broadcast_id === broadcast.id);
      const out = await this.optOuts.refusedAmong(
        broadcast.tenant_id,
        mine.map((r) => r.recipient),
        category,
      );
      const skipped = mine.filter((r) => out.has(r.recipient));
      if (skipped.length === 0) continue;
      await this.repository.skipRecipients(skipped, refusalBody(recipientOptedOut(category)));
      for (const r of skipped) refused.add(r);
    }
    return refused.size === 0 ? running : running.filter((r) => !refused.has(r));
  }

  /** The category of a broadcast's template (as the catalog has it now; undefined: no longer there). */
  private async categoryOf(businessAccountId: string, broadcast: BroadcastRow): Promise<string | undefined> {
    const known = this.categories.get(broadcast.id);
    if (known !== undefined) return known;
    const template = await this.templates
      .findForSend(businessAccountId, { name: broadcast.template.name, language: broadcast.template.language.code })
      .catch(() => undefined);
    if (template) this.categories.set(broadcast.id, template.category);
    return template?.category;
  }

  private async broadcastOf(id: string): Promise<BroadcastRow | undefined> {
    const known = this.statuses.get(id);
    if (known && Date.now() - known.at < STATUS_FRESH_MS) return known.row;
    const [row] = await this.repository.byIds([id]);
    if (row) this.statuses.set(id, { row, at: Date.now() });
    else this.statuses.delete(id);
    return row;
  }
}
