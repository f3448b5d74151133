import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';
import { ContactsService } from '../contacts/contacts.service';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { ResolutionListeners, type ResolvedConversation } from '../messages/conversations/resolution-listeners';
import { MessageReadsService } from '../messages/message-reads.service';
import { type ActionTarget, AutomationActions, TryAgainLater } from './automation-actions';
import type { AutomationStep } from './automation-log';
import { type AutomationJobRow, AutomationsRepository } from './automations.repository';
import { AutomationsService, type NumberAutomations } from './automations.service';
import { type AutomaticReply, isOpen, wallClock } from './business-hours';
import { explain, judge, judgeNow, type RuleFacts, textOf } from './rule-conditions';
import type { Rule } from './rule';
import { type OrganizationRules, RulesService } from './rules.service';

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
  /** The message opened their conversation again (it was pending, snoozed or resolved). */
  reopened: boolean;
  /** The message was an opt-out keyword that opted the customer out now. */
  optedOut: boolean;
  /** The conversation's assignee after the message. */
  assigneeId: string | null;
  buttonPayload: string | null;
  /** The message as Meta sent it: its text for the rules, kept in memory only (a job run again reads it). */
  message: Record<string, unknown>;
}

/** An outbound message Meta reported failed, as `message_failed` rules judge it. */
export interface FailedMessage {
  tenantId: string;
  phoneNumberId: string;
  recipient: string;
  messageId: string;
  at: Date;
  errorCode: number | null;
}

/** A template's review that moved it (Meta's `message_template_status_update`), as `template_status` rules judge it. */
export interface TemplateReview {
  tenantId: string;
  wabaId: string;
  upstreamTemplateId: string;
  name: string;
  language: string;
  /** APPROVED, REJECTED, PAUSED, DISABLED… as Meta names it. */
  event: string;
  reason: string | null;
  at: Date;
}

/** A job with its message when the instance that stored the message runs it. */
export type RunnableJob = AutomationJobRow & { message?: Record<string, unknown> };

/** Jobs taken by one sweep, at most. */
const SWEEP_BATCH = 100;
/** Attempts after which a job whose sends never settle is finished with what it has. */
const MAX_ATTEMPTS = 10;
/** A failed call is tried again at most this long after the last try. */
const MAX_CALL_DELAY_MS = 3_600_000;

/**
 * Runs automations on the events they answer, each exactly once: a job per event is written with the
 * event (the ingest's transaction), run by the instance that wrote it once committed, and taken by
 * the sweep when that instance died before finishing it. The away and welcome messages first, then
 * the organization's rules in order. A reply is a send through the one send path, keyed by its job
 * and action, so a job run again after a crash finds the reply it sent (its record, matched to Meta's
 * answer by the send's callback reference) instead of sending it twice.
 */
@Injectable()
export class AutomationRunner implements OnModuleInit {
  private readonly logger = new Logger('Automations');
  private readonly leaseSeconds: number;
  private readonly sweepMs: number;
  private readonly callRetryBaseMs: number;

  constructor(
    private readonly repository: AutomationsRepository,
    private readonly settings: AutomationsService,
    private readonly rules: RulesService,
    private readonly actions: AutomationActions,
    private readonly reads: MessageReadsService,
    private readonly contacts: ContactsService,
    private readonly periodic: PeriodicJobs,
    private readonly resolutions: ResolutionListeners,
    config: ConfigService<Environment, true>,
  ) {
    this.leaseSeconds = config.get('AUTOMATION_LEASE_SECONDS', { infer: true });
    this.sweepMs = config.get('AUTOMATION_SWEEP_INTERVAL_MS', { infer: true });
    this.callRetryBaseMs = config.get('AUTOMATION_CALL_RETRY_BASE_MS', { infer: true });
  }

  onModuleInit(): void {
    this.periodic.every('automations-sweep', this.sweepMs, () => this.sweep());
    this.resolutions.register({
      write: (manager, resolved) => this.writeResolution(manager, resolved),
      afterCommit: (jobs) => this.afterCommit(jobs as RunnableJob[]),
    });
  }

  /**
   * The ingest's part, in its transaction: a job for each customer message stored now that something
   * will act on: the welcome (a first message), the away message (outside business hours), a rule whose
   * conditions hold (judged here, in memory: a few microseconds a rule) or ask about the contact (read
   * by the job). The settings and rules are cached per instance; a message nothing acts on costs no
   * statement.
   */
  async write(manager: EntityManager, events: MessageEvent[]): Promise<RunnableJob[]> {
    const jobs = [];
    const messages = new Map<string, Record<string, unknown>>();
    for (const e of events) {
      // A reaction or a system notice is not the customer writing.
      if (e.type === 'reaction' || e.type === 'system') continue;
      const settings = await this.settings.forNumber(e.phoneNumberId, manager);
      const rules = await this.rules.enabled(e.tenantId, manager);
      if (!hasWork(e, settings, rules)) continue;
      const eventId = `message:${e.messageId}`;
      messages.set(eventId, e.message);
      jobs.push({
        tenantId: e.tenantId,
        phoneNumberId: e.phoneNumberId,
        waId: e.waId,
        event: 'message',
        eventId,
        facts: {
          type: e.type,
          sent_at: e.sentAt.toISOString(),
          first: e.first,
          reopened: e.reopened,
          ...(e.optedOut && { opted_out: true }),
          assignee_id: e.assigneeId,
          button_payload: e.buttonPayload,
          message_id: e.messageId,
        },
      });
    }
    const written = await this.repository.writeJobs(manager, jobs, this.leaseSeconds);
    return written.map((job) => ({ ...job, message: messages.get(job.event_id) }));
  }

  /**
   * The ingest's part for statuses, in its transaction: a job for each outbound message Meta reports
   * failed whose organization has a `message_failed` rule that may act on it (judged in memory, as for
   * messages). A redelivered failure has its job already (unique per message).
   */
  async writeFailures(manager: EntityManager, failures: FailedMessage[]): Promise<RunnableJob[]> {
    const jobs = [];
    for (const f of failures) {
      const organization = await this.rules.enabled(f.tenantId, manager);
      if (!organization) continue;
      const facts = factsOf(
        {
          message: {},
          type: '',
          buttonPayload: null,
          phoneNumberId: f.phoneNumberId,
          sentAt: f.at,
          assigneeId: null,
          errorCode: f.errorCode,
        },
        null,
        () => Promise.resolve(null),
      );
      if (!mayAct(organization, 'message_failed', facts)) continue;
      jobs.push({
        tenantId: f.tenantId,
        phoneNumberId: f.phoneNumberId,
        waId: f.recipient,
        event: 'message_failed',
        eventId: `failed:${f.messageId}`,
        facts: {
          type: '',
          sent_at: f.at.toISOString(),
          first: false,
          error_code: f.errorCode,
          message_id: f.messageId,
        },
      });
    }
    return this.repository.writeJobs(manager, jobs, this.leaseSeconds);
  }

  /**
   * The ingest's part for template reviews, in its transaction: a job for each review that moved a
   * template of an organization with a `template_status` rule that may act on it (one per template,
   * status and report time: Meta redelivering the review writes none again).
   */
  async writeReviews(manager: EntityManager, reviews: TemplateReview[]): Promise<RunnableJob[]> {
    const jobs = [];
    for (const r of reviews) {
      const organization = await this.rules.enabled(r.tenantId, manager);
      if (!organization) continue;
      const template = {
        name: r.name,
        language: r.language,
        status: r.event,
        reason: r.reason,
        id: r.upstreamTemplateId,
        waba_id: r.wabaId,
      };
      const facts = factsOf(
        { message: {}, type: '', buttonPayload: null, phoneNumberId: null, sentAt: r.at, assigneeId: null, template },
        null,
        () => Promise.resolve(null),
      );
      if (!mayAct(organization, 'template_status', facts)) continue;
      jobs.push({
        tenantId: r.tenantId,
        phoneNumberId: null,
        waId: null,
        event: 'template_status',
        eventId: `template:${r.upstreamTemplateId}:${r.event}:${r.at.getTime()}`,
        facts: { type: '', sent_at: r.at.toISOString(), first: false, template },
      });
    }
    return this.repository.writeJobs(manager, jobs, this.leaseSeconds);
  }

  /**
   * The conversations' part when one is resolved, in their transaction: a job when the organization
   * has a `conversation_resolved` rule that may act on it (one per conversation and resolution time).
   */
  async writeResolution(manager: EntityManager, r: ResolvedConversation): Promise<RunnableJob[]> {
    const organization = await this.rules.enabled(r.tenantId, manager);
    if (!organization) return [];
    const settings = await this.settings.forNumber(r.phoneNumberId, manager);
    const facts = factsOf(
      {
        message: {},
        type: '',
        buttonPayload: null,
        phoneNumberId: r.phoneNumberId,
        sentAt: r.at,
        assigneeId: r.assigneeId,
        conversationStatus: 'resolved',
      },
      settings,
      () => Promise.resolve(null),
    );
    if (!mayAct(organization, 'conversation_resolved', facts)) return [];
    return this.repository.writeJobs(
      manager,
      [
        {
          tenantId: r.tenantId,
          phoneNumberId: r.phoneNumberId,
          waId: r.waId,
          event: 'conversation_resolved',
          eventId: `resolved:${r.phoneNumberId}:${r.waId}:${r.at.getTime()}`,
          facts: {
            type: '',
            sent_at: r.at.toISOString(),
            first: false,
            assignee_id: r.assigneeId,
            conversation_status: 'resolved',
          },
        },
      ],
      this.leaseSeconds,
    );
  }

  /** Whether an organization has a rule on failed messages (cached; read outside any transaction). */
  async watchesFailures(tenantId: string): Promise<boolean> {
    return (await this.rules.enabled(tenantId))?.rules.some((rule) => rule.trigger === 'message_failed') ?? false;
  }

  /** After the ingest's commit: its jobs, run here (their lease is this instance's). */
  afterCommit(jobs: RunnableJob[]): void {
    for (const job of jobs) void this.run(job);
  }

  /** Jobs whose instance died (or whose sends must be tried again), run here; and the cap's old counts go. */
  async sweep(): Promise<void> {
    const jobs = await this.repository.takeExpired(SWEEP_BATCH, this.leaseSeconds);
    await Promise.all(jobs.map((job) => this.run(job)));
    await this.repository.forgetPastReplyCounts();
  }

  private async run(job: RunnableJob): Promise<void> {
    // What an earlier try of this job finished (a call failed after it): kept, not done again.
    const earlier = new Map((job.log ?? []).map((step) => [step.rule_id ?? step.automation, step]));
    const log: AutomationStep[] = [];
    try {
      const settings = job.phone_number_id === null ? null : await this.settings.forNumber(job.phone_number_id);
      if (settings && job.event === 'message') {
        if (settings.welcome?.enabled)
          log.push(earlier.get('welcome') ?? (await this.welcome(job, settings, settings.welcome)));
        if (settings.away?.enabled && settings.hours)
          log.push(earlier.get('away') ?? (await this.away(job, settings, settings.away)));
      }
      const rules = await this.rules.enabled(job.tenant_id);
      const judged = { us: 0 };
      if (rules) await this.applyRules(job, settings, rules, judged, log, earlier);
      await this.repository.finish(job.id, log, rules ? Math.round(judged.us) : null);
    } catch (error) {
      if (error instanceof TryAgainLater && job.attempts < MAX_ATTEMPTS) {
        // A failed call is tried again after its backoff; a send whose outcome is unknown when the lease
        // runs out. What it did so far is kept meanwhile (and not done again).
        const afterMs = error.failedCall
          ? Math.min(this.callRetryBaseMs * 2 ** (job.attempts - 1), MAX_CALL_DELAY_MS)
          : undefined;
        if (error.failedCall && afterMs !== undefined)
          error.failedCall.next_attempt_at = new Date(Date.now() + afterMs).toISOString();
        await this.repository.saveLog(job.id, log, afterMs).catch(() => undefined);
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

  /**
   * The rules whose trigger the event is, in order, until one that matched says stop; each rule's step
   * goes into `log` as it is taken, its actions as they are done (a call that fails leaves them there
   * for the next try, which goes on from it: `earlier`).
   */
  private async applyRules(
    job: RunnableJob,
    settings: NumberAutomations | null,
    organization: OrganizationRules,
    judged: { us: number },
    log: AutomationStep[],
    earlier: Map<string, AutomationStep>,
  ): Promise<void> {
    const triggers = triggersOf(job.event, job.facts);
    const applicable = organization.rules.filter((rule) => triggers.has(rule.trigger));
    if (applicable.length === 0) return;
    const message = job.message ?? (job.event === 'message' ? await this.messageOf(job) : null);
    let contact: Promise<{ tags: string[]; attributes: Record<string, unknown> } | null> | undefined;
    const waId = job.wa_id;
    const facts = factsOf(
      {
        message: message ?? {},
        type: job.facts.type,
        buttonPayload: job.facts.button_payload ?? null,
        phoneNumberId: job.phone_number_id,
        sentAt: new Date(job.facts.sent_at),
        assigneeId: job.facts.assignee_id ?? null,
        errorCode: job.facts.error_code ?? null,
        conversationStatus: job.facts.conversation_status,
        template: job.facts.template,
      },
      settings,
      () =>
        waId === null
          ? Promise.resolve(null)
          : (contact ??= this.contacts
              .find(job.tenant_id, waId)
              .then((c) => (c ? { tags: c.tags, attributes: c.attributes } : null))),
    );
    const target: ActionTarget = {
      jobId: job.id,
      tenantId: job.tenant_id,
      phoneNumberId: job.phone_number_id,
      waId,
      actingKeyId: organization.actingKeyId,
      repliesPerHour: organization.repliesPerHour,
    };
    for (const rule of applicable) {
      const before = earlier.get(rule.id);
      let step: AutomationStep;
      if (before) {
        step = { ...before, actions: before.actions.filter((a) => a.outcome !== 'retrying') };
      } else {
        const started = performance.now();
        // Judged without reading first: a rule whose conditions fail on the event itself is not logged
        // (the ingest wrote this job for another rule or automation); one that asked about the contact is.
        const now = judgeNow(rule.conditions, facts);
        if ('failed' in now) {
          judged.us += (performance.now() - started) * 1000;
          continue;
        }
        const verdict = 'needsContact' in now ? await judge(rule.conditions, facts) : explain(rule.conditions, now);
        judged.us += (performance.now() - started) * 1000;
        step = { automation: 'rule', rule_id: rule.id, rule_name: rule.name, ...verdict, actions: [] };
      }
      log.push(step);
      if (!step.matched) continue;
      const call = {
        event: () => callEvent(job, rule, message),
        attempt: job.attempts,
        lastAttempt: job.attempts >= MAX_ATTEMPTS,
      };
      for (const [i, action] of rule.actions.entries()) {
        if (i < step.actions.length) continue;
        try {
          step.actions.push(await this.actions.perform(target, action, `automation:${job.id}:${rule.id}:${i}`, call));
        } catch (error) {
          if (error instanceof TryAgainLater && error.failedCall) step.actions.push(error.failedCall);
          throw error;
        }
      }
      if (rule.actions.some((a) => a.type === 'stop')) break;
    }
  }

  /** The message of a job run again (its instance died): read back from the inbound messages. */
  private async messageOf(job: RunnableJob): Promise<Record<string, unknown> | null> {
    if (!job.facts.message_id || job.phone_number_id === null) return null;
    try {
      return (await this.reads.inboundMessage(job.tenant_id, job.phone_number_id, job.facts.message_id)).message;
    } catch {
      return null;
    }
  }

  private async welcome(job: RunnableJob, settings: NumberAutomations, reply: AutomaticReply): Promise<AutomationStep> {
    if (!job.facts.first)
      return { automation: 'welcome', matched: false, reason: 'the customer wrote to the number before', actions: [] };
    return {
      automation: 'welcome',
      matched: true,
      reason: "the customer's first message to the number",
      actions: [
        await this.actions.reply(this.targetOf(job, settings), contentOf(reply), `automation:${job.id}:welcome`),
      ],
    };
  }

  private async away(job: RunnableJob, settings: NumberAutomations, reply: AutomaticReply): Promise<AutomationStep> {
    const hours = settings.hours!;
    const sentAt = new Date(job.facts.sent_at);
    const clock = wallClock(sentAt, hours.timeZone);
    const hhmm = (n: number) => String(n).padStart(2, '0');
    const time = `${hhmm(Math.floor(clock.minutes / 60))}:${hhmm(clock.minutes % 60)}`;
    const when = `${clock.weekday} ${clock.date} ${time} ${hours.timeZone}`;
    if (isOpen(hours, sentAt))
      return { automation: 'away', matched: false, reason: `inside business hours (${when})`, actions: [] };
    const period = reply.once_every_hours ?? 24;
    // A customer's message: its job has the number and the customer.
    const customer = { tenantId: job.tenant_id, phoneNumberId: job.phone_number_id!, waId: job.wa_id! };
    if (!(await this.repository.claimAway(customer, job.id, period)))
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
      actions: [await this.actions.reply(this.targetOf(job, settings), contentOf(reply), `automation:${job.id}:away`)],
    };
  }

  private targetOf(job: RunnableJob, settings: NumberAutomations): ActionTarget {
    return {
      jobId: job.id,
      tenantId: job.tenant_id,
      phoneNumberId: job.phone_number_id,
      waId: job.wa_id,
      actingKeyId: settings.actingKeyId,
      repliesPerHour: null,
    };
  }
}

/** The rules' triggers an event is. */
function triggersOf(event: string, facts: { first: boolean; reopened?: boolean; opted_out?: boolean }): Set<string> {
  if (event !== 'message') return new Set([event]);
  return new Set([
    'message_received',
    ...(facts.first || facts.reopened ? ['conversation_opened'] : []),
    ...(facts.opted_out ? ['opted_out'] : []),
  ]);
}

/** What rules judge an event by. */
function factsOf(
  m: {
    message: Record<string, unknown>;
    type: string;
    buttonPayload: string | null;
    phoneNumberId: string | null;
    sentAt: Date;
    assigneeId: string | null;
    errorCode?: number | null;
    conversationStatus?: string;
    template?: { name: string; status: string } | null;
  },
  settings: NumberAutomations | null,
  contact: RuleFacts['contact'],
): RuleFacts {
  return {
    text: textOf(m.message),
    messageType: m.type,
    errorCode: m.errorCode ?? null,
    buttonPayload: m.buttonPayload,
    phoneNumberId: m.phoneNumberId,
    template: m.template ?? null,
    insideHours: settings?.hours ? isOpen(settings.hours, m.sentAt) : true,
    // A customer's message leaves their conversation open (it opens one that was not).
    conversationStatus: m.conversationStatus ?? 'open',
    assigneeId: m.assigneeId,
    contact,
  };
}

/** Whether a rule on `trigger` may act on the event (judged in memory; one asking about the contact may). */
function mayAct(organization: OrganizationRules, trigger: string, facts: RuleFacts): boolean {
  return organization.rules.some((rule) => rule.trigger === trigger && !('failed' in judgeNow(rule.conditions, facts)));
}

/** Whether anything will act on the message (so that it needs a job). */
function hasWork(e: MessageEvent, settings: NumberAutomations | null, organization: OrganizationRules | null): boolean {
  if (settings?.welcome?.enabled && e.first) return true;
  if (settings?.away?.enabled && settings.hours && !isOpen(settings.hours, e.sentAt)) return true;
  if (!organization) return false;
  const triggers = triggersOf('message', { first: e.first, reopened: e.reopened, opted_out: e.optedOut });
  const facts = factsOf(e, settings, () => Promise.resolve(null));
  return organization.rules.some(
    (rule) => triggers.has(rule.trigger) && !('failed' in judgeNow(rule.conditions, facts)),
  );
}

/**
 * The event as a rule's `call_url` POSTs it (the call's `id` is added by the caller): what happened,
 * the rule, where, and the event's own content (the customer's message as Meta sent it, a failure's
 * error code, a template's review).
 */
function callEvent(job: RunnableJob, rule: Rule, message: Record<string, unknown> | null): Record<string, unknown> {
  return {
    object: 'automation',
    event: rule.trigger,
    rule: { id: rule.id, name: rule.name },
    organization_id: job.tenant_id,
    ...(job.phone_number_id !== null && { phone_number_id: job.phone_number_id }),
    ...(job.wa_id !== null && { wa_id: job.wa_id }),
    ...(job.event === 'message' && message && { message }),
    ...(job.event === 'message_failed' && {
      message_id: job.facts.message_id,
      error_code: job.facts.error_code ?? null,
    }),
    ...(job.facts.template && { template: job.facts.template }),
    ...(job.event === 'conversation_resolved' && {
      conversation: { status: 'resolved', assignee_id: job.facts.assignee_id ?? null },
    }),
    occurred_at: job.facts.sent_at,
  };
}

/** An away or welcome message as a send's content. */
function contentOf(reply: AutomaticReply): Record<string, unknown> {
  return reply.text ? { type: 'text', text: { body: reply.text } } : { type: 'template', template: reply.template };
}
