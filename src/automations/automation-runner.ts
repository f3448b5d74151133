import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { PACE_REFUSALS, SendMessageUseCase } from '../messages/send-message.use-case';
import { TenancyService } from '../tenancy/tenancy.service';
import type { AutomationAction, AutomationStep } from './automation-log';
import { type AutomationJobRow, AutomationsRepository } from './automations.repository';
import { AutomationsService, type NumberAutomations } from './automations.service';
import { type AutomaticReply, isOpen, wallClock } from './business-hours';

/** A customer's message stored now, as automations judge it. */
export interface MessageEvent {
  tenantId: string;
  phoneNumberId: string;
  waId: string;
  messageId: string;
  type: string;
  sentAt: Date;
  /** The customer's first message to the number (their conversation was made by it). */
  first: boolean;
}

/** Jobs taken by one sweep, at most. */
const SWEEP_BATCH = 100;
/** Attempts after which a job whose sends never settle is finished with what it has. */
const MAX_ATTEMPTS = 10;

/** A send whose outcome is not known yet, or that Meta's pace refused: the job is tried again later. */
class TryAgainLater extends Error {}

/**
 * Runs automations on the events they answer, each exactly once: a job per event is written with the
 * event (the ingest's transaction), run by the instance that wrote it once committed, and taken by
 * the sweep when that instance died before finishing it. A reply is a send through the one send path
 * (window, blacklist, opt-outs, pace, spending limits), keyed by its job and automation, so a job run
 * again after a crash finds the reply it sent (its record, matched to Meta's answer by the send's
 * callback reference) instead of sending it twice.
 */
@Injectable()
export class AutomationRunner implements OnModuleInit {
  private readonly logger = new Logger('Automations');
  private readonly leaseSeconds: number;
  private readonly sweepMs: number;

  constructor(
    private readonly repository: AutomationsRepository,
    private readonly settings: AutomationsService,
    private readonly sends: SendMessageUseCase,
    private readonly tenancy: TenancyService,
    private readonly periodic: PeriodicJobs,
    config: ConfigService<Environment, true>,
  ) {
    this.leaseSeconds = config.get('AUTOMATION_LEASE_SECONDS', { infer: true });
    this.sweepMs = config.get('AUTOMATION_SWEEP_INTERVAL_MS', { infer: true });
  }

  onModuleInit(): void {
    this.periodic.every('automations-sweep', this.sweepMs, () => this.sweep());
  }

  /**
   * The ingest's part, in its transaction: a job for each customer message stored now whose number
   * answers messages (its settings cached per instance; a number without any costs no statement).
   */
  async write(manager: EntityManager, events: MessageEvent[]): Promise<AutomationJobRow[]> {
    const jobs = [];
    for (const e of events) {
      // A reaction or a system notice is not the customer writing.
      if (e.type === 'reaction' || e.type === 'system') continue;
      if (!AutomationsService.answersMessages(await this.settings.forNumber(e.phoneNumberId, manager))) continue;
      jobs.push({
        tenantId: e.tenantId,
        phoneNumberId: e.phoneNumberId,
        waId: e.waId,
        event: 'message',
        eventId: `message:${e.messageId}`,
        facts: { type: e.type, sent_at: e.sentAt.toISOString(), first: e.first },
      });
    }
    return this.repository.writeJobs(manager, jobs, this.leaseSeconds);
  }

  /** After the ingest's commit: its jobs, run here (their lease is this instance's). */
  afterCommit(jobs: AutomationJobRow[]): void {
    for (const job of jobs) void this.run(job);
  }

  /** Jobs whose instance died (or whose sends must be tried again), run here. */
  async sweep(): Promise<void> {
    const jobs = await this.repository.takeExpired(SWEEP_BATCH, this.leaseSeconds);
    await Promise.all(jobs.map((job) => this.run(job)));
  }

  private async run(job: AutomationJobRow): Promise<void> {
    const log: AutomationStep[] = [];
    try {
      const settings = await this.settings.forNumber(job.phone_number_id);
      if (settings) {
        if (settings.welcome?.enabled) log.push(await this.welcome(job, settings, settings.welcome));
        if (settings.away?.enabled && settings.hours) log.push(await this.away(job, settings, settings.away));
      }
      await this.repository.finish(job.id, log);
    } catch (error) {
      if (error instanceof TryAgainLater && job.attempts < MAX_ATTEMPTS) {
        // Its lease runs out and the sweep takes it again; what it decided so far is kept meanwhile.
        await this.repository.saveLog(job.id, log).catch(() => undefined);
        return;
      }
      if (error instanceof TryAgainLater) {
        log.push({ automation: 'job', matched: false, reason: `gave up after ${job.attempts} attempts`, actions: [] });
        await this.repository.finish(job.id, log).catch(() => undefined);
        return;
      }
      this.logger.warn(`automation job ${job.id} stopped (${(error as Error).message}): the sweep takes it again`);
    }
  }

  private async welcome(
    job: AutomationJobRow,
    settings: NumberAutomations,
    reply: AutomaticReply,
  ): Promise<AutomationStep> {
    if (!job.facts.first)
      return { automation: 'welcome', matched: false, reason: 'the customer wrote to the number before', actions: [] };
    return {
      automation: 'welcome',
      matched: true,
      reason: "the customer's first message to the number",
      actions: [await this.reply(job, settings, 'welcome', reply)],
    };
  }

  private async away(
    job: AutomationJobRow,
    settings: NumberAutomations,
    reply: AutomaticReply,
  ): Promise<AutomationStep> {
    const hours = settings.hours!;
    const sentAt = new Date(job.facts.sent_at);
    const clock = wallClock(sentAt, hours.timeZone);
    const hhmm = (n: number) => String(n).padStart(2, '0');
    const when = `${clock.weekday} ${clock.date} ${hhmm(Math.floor(clock.minutes / 60))}:${hhmm(clock.minutes % 60)} ${hours.timeZone}`;
    if (isOpen(hours, sentAt))
      return { automation: 'away', matched: false, reason: `inside business hours (${when})`, actions: [] };
    const period = reply.once_every_hours ?? 24;
    if (
      !(await this.repository.claimAway(
        { tenantId: job.tenant_id, phoneNumberId: job.phone_number_id, waId: job.wa_id },
        job.id,
        period,
      ))
    )
      return {
        automation: 'away',
        matched: false,
        reason: `outside business hours (${when}), but the customer had the away message within ${period} h`,
        actions: [],
      };
    return {
      automation: 'away',
      matched: true,
      reason: `outside business hours (${when})`,
      actions: [await this.reply(job, settings, 'away', reply)],
    };
  }

  /** A reply through the one send path, keyed by the job and the automation (found, not sent again, on a retry). */
  private async reply(
    job: AutomationJobRow,
    settings: NumberAutomations,
    automation: string,
    reply: AutomaticReply,
  ): Promise<AutomationAction> {
    const phone = await this.tenancy.findPhoneNumber(job.phone_number_id);
    if (!phone) return { type: 'reply', outcome: 'failed', error: { code: 100, message: 'the number is gone' } };
    const body = reply.text
      ? {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: job.wa_id,
          type: 'text',
          text: { body: reply.text },
        }
      : {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: job.wa_id,
          type: 'template',
          template: reply.template,
        };
    try {
      const answer = await this.sends.send({ tenantId: job.tenant_id, apiKeyId: settings.actingKeyId, phone }, body, {
        filterBlacklist: true,
        idempotencyKey: `automation:${job.id}:${automation}`,
      });
      const sent = answer.body as { messages?: Array<{ id?: string }> };
      return {
        type: 'reply',
        outcome: 'sent',
        ...(sent.messages?.[0]?.id && { message_id: sent.messages[0].id }),
        ...(answer.replayed && { recovered: true }),
      };
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      if (error.options.data?.reason === 'send_outcome_unknown' || PACE_REFUSALS.has(error.code) || error.status >= 500)
        throw new TryAgainLater(error.message);
      return { type: 'reply', outcome: 'refused', error: { code: error.code, message: error.message } };
    }
  }
}
