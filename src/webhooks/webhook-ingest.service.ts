import { UsageMeter } from '../usage/usage-meter';
import { SpendingLimits } from '../usage/spending-limits.service';
import { ACCOUNT_UPDATE_FIELD, PartnerUpdates } from '../signup/partner-updates';
import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mayHoldUnstorableText, storableVersion, unstorableTextPath } from '../core/body-shape';
import { changeEnvelopes, serializedEnvelope } from './meta-envelopes';
import { TenancyService } from '../tenancy/tenancy.service';
import { MetricsService } from '../metrics/metrics.service';
import type { DeliveryRow } from '../tenant-webhooks/delivery-row';
import { WebhookOutbox } from '../tenant-webhooks/webhook-outbox';
import { ComposedStatement } from '../database/composed-statement';
import { GroupCommit } from '../database/group-commit';
import { untagCallbackData } from '../messages/callback-data';
import { textOf } from '../../libs/meta/text-of';
import { OPT_OUT_FIELD, optOutEvent } from '../blacklist/opt-out-events';
import { OptOutsService } from '../blacklist/opt-outs.service';
import {
  AutomationRunner,
  type FailedMessage,
  type MessageEvent,
  type RunnableJob,
  type TemplateReview,
} from '../automations/automation-runner';
import { InboundMediaApplier } from '../media/inbound-media.applier';
import { type Arrived, type CameBack, InboundApplier } from '../messages/inbound.applier';
import { MessageStatusApplier, type ReportedStatus } from '../messages/message-status.applier';
import { errorCodeOf } from '../messages/status-order';
import { TemplateStatusApplier } from '../templates/template-status.applier';
import { NumberLimitsService } from '../pacing/number-limits.service';
import { NumberPaceService } from '../pacing/number-pace.service';
import { WebhooksRepository } from './webhooks.repository';

/** Shapes of Meta's webhook payloads, as far as the gateway reads them. */
interface WebhookChange {
  field?: string;
  value?: Record<string, unknown> & {
    metadata?: { phone_number_id?: string; display_phone_number?: string };
    statuses?: UpstreamStatus[];
    messages?: UpstreamInboundMessage[];
    contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>;
    event?: string;
    message_template_id?: string | number;
    reason?: string;
  };
}

interface UpstreamStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  [key: string]: unknown;
}

interface UpstreamInboundMessage {
  id?: string;
  from?: string;
  timestamp?: string;
  type?: string;
  button?: { payload?: string; text?: string };
  interactive?: { button_reply?: { id?: string; title?: string } };
  [key: string]: unknown;
}

export interface IngestResult {
  /** Changes stored for the first time. */
  stored: number;
  /** Changes already seen (redelivered by upstream): nothing done. */
  duplicates: number;
  /** Changes (or a whole delivery) that cannot be applied: kept as received, not applied. */
  unprocessable?: number;
}

/**
 * Transactions written at once. Two, not one: with a single committer the lag from upstream event
 * to tenant at 120 messages/s was p50 389 ms against 53 ms with two (the bench's open loop).
 */
const INGEST_CONCURRENCY = 2;
/**
 * A delivery from Meta that finds the committer idle waits this long for others before its
 * statement is sent: at 100 messages/s a status arrives every few milliseconds, so without it each
 * is a statement (and a commit) of its own. Measured: at 10 ms the stack's CPU per fully delivered
 * message at 100/s fell by a third; 20 ms once the batch became one statement; 50 ms (about 15
 * statuses a statement at 100 messages/s instead of 6) took a tenth off again (docs/performance.md).
 * Meta's 200 comes that much later, far inside its timeout.
 */
const INGEST_LINGER_MS = 50;
/**
 * ...but no longer than it takes this many to arrive. Meta waits for each answer on one of a limited
 * number of connections, so a delivery held the whole linger under load slows what Meta can send:
 * with the time alone, the sandbox's 32 connections could no longer keep up with 200 messages/s.
 */
const INGEST_LINGER_UNTIL = 16;

/** Meta's webhook field of template reviews. */
const TEMPLATE_FIELD = 'message_template_status_update';
/** Meta's webhook field of a number's throughput, messaging limit and quality changes. */
const QUALITY_FIELD = 'phone_number_quality_update';

/** Where a delivery came in: Meta's door (/webhooks/whatsapp) or test mode's simulator's (/webhooks/simulator). */
export type WebhookSource = 'meta' | 'simulator';

/** One change of an upstream delivery, ready to store: its own envelope, dedupe key and organization. */
interface PendingChange {
  wabaId: string;
  field: string;
  tenantId: string | null;
  change: WebhookChange;
  entry: Record<string, unknown>;
  body: string;
  dedupeKey: string;
  /** Whether the organization is a test twin (the simulator's door; its deliveries in test envelopes). */
  test: boolean;
  /** The gateway records (and broadcasts) named by the statuses' `biz_opaque_callback_data`, by upstream message id. */
  records: Map<string, { recordId: string; broadcastId?: string }>;
}

/**
 * Stores and applies upstream webhook deliveries before they are acknowledged: a failure answers
 * non-2xx and upstream delivers again. Deliveries that arrive together are written together (group
 * commit: one transaction, a handful of set-based statements for the whole batch, whatever its
 * size), and each request is answered once the transaction holding it has committed. Every step is
 * idempotent (Meta delivers at least once and out of order): a change seen before is skipped; each
 * message status is kept once per message; record statuses and windows only move forward; a
 * template status older than the one stored is ignored.
 */
@Injectable()
export class WebhookIngestService {
  private readonly logger = new Logger('WebhookIngest');
  private readonly committer = new GroupCommit<PendingChange[], IngestResult>(
    (deliveries) => this.write(deliveries),
    256,
    INGEST_CONCURRENCY,
    INGEST_LINGER_MS,
    INGEST_LINGER_UNTIL,
  );

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly tenancy: TenancyService,
    private readonly outbox: WebhookOutbox,
    private readonly metrics: MetricsService,
    private readonly statuses: MessageStatusApplier,
    private readonly inbound: InboundApplier,
    private readonly inboundMedia: InboundMediaApplier,
    private readonly templateStatus: TemplateStatusApplier,
    private readonly pace: NumberPaceService,
    private readonly numberLimits: NumberLimitsService,
    private readonly optOuts: OptOutsService,
    private readonly automations: AutomationRunner,
    private readonly partners: PartnerUpdates,
    private readonly usage: UsageMeter,
    private readonly spending: SpendingLimits,
  ) {}

  /**
   * Stores and applies one signed delivery: `payload` parsed, `raw` its bytes. Changes the gateway
   * cannot apply are kept as received (unprocessable_webhooks) and counted; the rest are applied.
   * Either way the delivery is acknowledged: Meta retries anything else, and a payload that will
   * never parse would come back for days.
   */
  async ingest(
    payload: unknown,
    raw: Buffer | undefined,
    requestId?: string,
    source: WebhookSource = 'meta',
  ): Promise<IngestResult> {
    const entries = (payload as { entry?: unknown })?.entry;
    if (!isObject(payload) || !Array.isArray(entries)) {
      await this.keepUnprocessable(raw, payload, ['entry: must be an array'], requestId);
      return { stored: 0, duplicates: 0, unprocessable: 1 };
    }
    // Walking every change for text PostgreSQL cannot store only when the bytes may hold some.
    const checkText = !raw || mayHoldUnstorableText(raw);
    // Members beside the entries go into every change's envelope: one that cannot be stored keeps
    // the whole delivery as bytes, unapplied.
    const beside = checkText ? unstorableTextPath({ ...payload, entry: undefined }) : undefined;
    if (beside) {
      await this.keepUnprocessable(raw, payload, [`${beside}: text that cannot be stored`], requestId);
      return { stored: 0, duplicates: 0, unprocessable: 1 };
    }
    // Each change goes to tenants in its own envelope, in Meta's bytes (meta-envelopes.ts).
    const rawText = raw?.toString('utf8');
    const envelopes = new Map(
      rawText
        ? changeEnvelopes(rawText, untagCallbackData).map((e) => [`${e.entryIndex}:${e.changeIndex}`, e.body])
        : [],
    );
    // Organizations are looked up before the transaction opens (cached; the embedded database has
    // a pool of one).
    const object = payload.object;
    const changes: PendingChange[] = [];
    const problems: string[] = [];
    for (const [entryIndex, item] of (entries as unknown[]).entries()) {
      const entryProblem = this.entryProblem(item, checkText);
      if (entryProblem) {
        problems.push(`entry[${entryIndex}]${entryProblem}`);
        continue;
      }
      const entry = item as Record<string, unknown>;
      const wabaId = textOf(entry.id ?? '');
      for (const [changeIndex, received] of (Array.isArray(entry.changes)
        ? (entry.changes as unknown[])
        : []
      ).entries()) {
        const problem = changeProblem(received, checkText);
        if (problem) {
          problems.push(`entry[${entryIndex}].changes[${changeIndex}]${problem}`);
          this.metrics.webhookEvents.inc({
            field: isObject(received) && typeof received.field === 'string' ? received.field : 'unknown',
            result: 'unprocessable',
          });
          continue;
        }
        const { change, records } = withClientCallbackData(received as WebhookChange);
        const field = change.field as string;
        const body = envelopes.get(`${entryIndex}:${changeIndex}`) ?? serializedEnvelope(object, entry, change);
        const dedupeKey = createHash('sha256').update(body).digest('hex');
        changes.push({
          wabaId,
          field,
          tenantId: await this.tenantOf(wabaId, change, source),
          test: source === 'simulator',
          change,
          entry,
          body,
          dedupeKey,
          records,
        });
      }
    }
    if (problems.length > 0) await this.keepUnprocessable(raw, payload, problems, requestId);
    const result = changes.length > 0 ? await this.committer.submit(changes) : { stored: 0, duplicates: 0 };
    return { ...result, unprocessable: problems.length };
  }

  /** Why an entry cannot be applied (its members but `changes`), or undefined. */
  private entryProblem(entry: unknown, checkText: boolean): string | undefined {
    if (!isObject(entry)) return ': not an object';
    if (typeof entry.id !== 'string' && typeof entry.id !== 'number') return '.id: not a string';
    if (entry.changes !== undefined && !Array.isArray(entry.changes)) return '.changes: not an array';
    if (!checkText) return undefined;
    const { changes: _changes, ...rest } = entry;
    const where = unstorableTextPath(rest);
    return where ? `.${where}: text that cannot be stored` : undefined;
  }

  /** Keeps a delivery (or its parts) that cannot be applied, as received, before it is acknowledged. */
  private async keepUnprocessable(
    raw: Buffer | undefined,
    payload: unknown,
    problems: string[],
    requestId: string | undefined,
  ): Promise<void> {
    // A path in the reason may name a key holding the very text that cannot be stored.
    const reason = storableVersion(
      problems.slice(0, 20).join('; ') + (problems.length > 20 ? `; and ${problems.length - 20} more` : ''),
    );
    if (!isObject(payload) || !Array.isArray(payload.entry))
      this.metrics.webhookEvents.inc({ field: 'unknown', result: 'unprocessable' });
    const id = await this.repository.keepUnprocessable(reason, raw ?? Buffer.from(JSON.stringify(payload ?? null)));
    this.logger.warn(
      `upstream webhook acknowledged but not applied (${reason}): kept as unprocessable_webhooks ${id} [request ${requestId ?? '-'}]`,
    );
  }

  /**
   * Writes the changes of every delivery in `deliveries` in one statement (`ComposedStatement`, its
   * own transaction): the events, each owner's part (the message records and their status history)
   * and the tenants' deliveries. Inbound messages and template reviews, rarer, are applied after it in
   * the same transaction. Then the tenants' deliveries are handed to the dispatcher.
   */
  private async write(deliveries: PendingChange[][]): Promise<IngestResult[]> {
    // A change twice in the batch (Meta redelivering while the first copy waits) is stored once.
    const firstCopies = new Map<string, PendingChange>();
    for (const change of deliveries.flat())
      if (!firstCopies.has(change.dedupeKey)) firstCopies.set(change.dedupeKey, change);
    const changes = [...firstCopies.values()];
    const ofTenants = changes.filter((c): c is PendingChange & { tenantId: string } => c.tenantId !== null);
    const statement = new ComposedStatement();
    const stored = this.repository.storeEvents(statement, changes);
    // Each change goes to the feature that owns what it changes (its part), in this statement.
    const reported = this.statusesOf(ofTenants.filter((c) => c.field === 'messages'));
    this.statuses.addTo(statement, reported);
    // Each priced status's usage entry (once per message and category), in the same statement.
    this.usage.addTo(
      statement,
      reported.filter((s) => s.pricing !== undefined),
    );
    // The tenants' deliveries are part of the same statement: durable before upstream's 200.
    const written = this.outbox.addTo(
      statement,
      stored,
      ofTenants.map((c) => {
        const phoneNumberId = c.change.value?.metadata?.phone_number_id;
        return {
          tenantId: c.tenantId,
          dedupeKey: c.dedupeKey,
          wabaId: c.wabaId,
          field: c.field,
          phoneNumberId: typeof phoneNumberId === 'string' ? phoneNumberId : null,
          body: c.body,
          test: c.test,
        };
      }),
    );
    const applyAfter = ofTenants.filter(
      (c) => (c.field === 'messages' && (c.change.value?.messages?.length ?? 0) > 0) || c.field === TEMPLATE_FIELD,
    );
    // Outbound messages Meta reports failed, of organizations with rules on them: their automations'
    // jobs are written in the same transaction (a redelivered failure writes none again).
    const failures: FailedMessage[] = [];
    for (const s of reported)
      if (s.status === 'failed' && (await this.automations.watchesFailures(s.tenantId)))
        failures.push({
          tenantId: s.tenantId,
          phoneNumberId: s.phoneNumberId,
          recipient: s.recipient,
          messageId: s.id,
          at: s.at,
          errorCode: errorCodeOf(s.details),
        });
    const sentAt = performance.now();
    // Deliveries of the gateway's own events the applied changes made (opt-outs), committed with them.
    let ownEvents: DeliveryRow[] = [];
    // Conversations the inbound messages left nobody's or opened again: to auto-assignment, once committed.
    let cameBack: CameBack[] = [];
    // Every inbound message stored now, for the open consoles once committed.
    let arrived: Arrived[] = [];
    // The automations' jobs of the messages stored now, run here once committed.
    let automationJobs: RunnableJob[] = [];
    const rows = await this.repository.runBatch<DeliveryRow>(
      statement,
      { stored, written },
      applyAfter.length === 0 && failures.length === 0
        ? undefined
        : async (manager, written) => {
            ownEvents = [];
            cameBack = [];
            arrived = [];
            automationJobs = [];
            const storedKeys = new Set(written.map((row) => row.stored_key));
            const applied = applyAfter.filter((c) => storedKeys.has(c.dedupeKey));
            ({
              deliveries: ownEvents,
              cameBack,
              arrived,
              automationJobs,
            } = await this.routeInbound(
              manager,
              applied.filter((c) => c.field === 'messages'),
            ));
            const reviews: TemplateReview[] = [];
            for (const c of applied)
              if (c.field !== 'messages') {
                const review = await this.routeTemplateStatus(manager, c.wabaId, c.change, c.entry.time);
                if (review) reviews.push({ tenantId: c.tenantId, ...review });
              }
            automationJobs.push(...(await this.automations.writeFailures(manager, failures)));
            automationJobs.push(...(await this.automations.writeReviews(manager, reviews)));
          },
    );
    this.outbox.dispatch(ownEvents);
    this.inbound.afterCommit(cameBack, arrived, reported);
    this.automations.afterCommit(automationJobs);
    const storedKeys = new Set(rows.map((row) => row.stored_key));
    const results = deliveries.map((batch) => {
      const result: IngestResult = { stored: 0, duplicates: 0 };
      for (const change of batch) {
        const isStored = firstCopies.get(change.dedupeKey) === change && storedKeys.has(change.dedupeKey);
        this.metrics.webhookEvents.inc({ field: change.field, result: isStored ? 'stored' : 'duplicate' });
        if (isStored) result.stored++;
        else result.duplicates++;
      }
      return result;
    });
    this.outbox.dispatch(
      this.outbox.leased(
        rows.filter((row) => row.id !== null),
        sentAt,
      ),
    );
    void this.tellPacing(ofTenants.filter((c) => storedKeys.has(c.dedupeKey)));
    // Spending limits' reservations settled by Meta's pricing (or released by a failure), after the commit.
    void this.spending.settle(reported);
    return results;
  }

  /**
   * After the commit, what the numbers' pace must know: inbound messages count toward a number's
   * throughput at Meta (so they take turns of its pace), and a `phone_number_quality_update` means
   * its limits changed (read again from Meta). Nothing here holds Meta's 200 back or can fail it.
   */
  private async tellPacing(changes: Array<PendingChange & { tenantId: string }>): Promise<void> {
    const inbound = new Map<string, number>();
    for (const c of changes) {
      if (c.field === QUALITY_FIELD) void this.numberLimits.onQualityUpdate(c.wabaId, c.change.value);
      if (c.field === ACCOUNT_UPDATE_FIELD)
        void this.partners
          .apply(c.wabaId, c.change.value)
          .catch((error: unknown) =>
            this.logger.error(`account_update of ${c.wabaId} not applied: ${(error as Error).message}`),
          );
      const count = c.field === 'messages' ? (c.change.value?.messages?.length ?? 0) : 0;
      const phoneNumberId = c.change.value?.metadata?.phone_number_id;
      if (count > 0 && phoneNumberId) inbound.set(phoneNumberId, (inbound.get(phoneNumberId) ?? 0) + count);
    }
    for (const [phoneNumberId, count] of inbound) {
      const phone = await this.tenancy.findPhoneNumber(phoneNumberId).catch(() => null);
      if (phone) this.pace.countInbound(phone, count);
    }
  }

  /**
   * The part that inserts every change once (a change stored before is not stored again); its rows
   * are the events stored now (`id`, `dedupe_key`).
   */
  private async tenantOf(wabaId: string, change: WebhookChange, source: WebhookSource): Promise<string | null> {
    const phoneNumberId = change?.value?.metadata?.phone_number_id;
    let tenantId: string | null = null;
    if (typeof phoneNumberId === 'string' && phoneNumberId) {
      const phone = await this.tenancy.findPhoneNumber(phoneNumberId);
      if (phone) tenantId = phone.tenantId;
    }
    if (tenantId === null) {
      const waba = wabaId ? await this.tenancy.findBusinessAccount(wabaId) : null;
      tenantId = waba?.tenantId ?? null;
    }
    // Each door applies its own side only: Meta's changes of live organizations, the simulator's of
    // test twins. Another's change is kept, as one of an unknown account is, and applied to nobody.
    if (tenantId !== null && (await this.tenancy.isTest(tenantId)) !== (source === 'simulator')) return null;
    return tenantId;
  }

  /** Meta's statuses in the batch's `messages` changes, for the message records' applier. */
  private statusesOf(changes: Array<PendingChange & { tenantId: string }>): ReportedStatus[] {
    const statuses: ReportedStatus[] = [];
    for (const c of changes) {
      const phoneNumberId = c.change.value?.metadata?.phone_number_id ?? '';
      for (const status of c.change.value?.statuses ?? []) {
        if (!status?.id || !status.status) continue;
        const { id, status: name, timestamp, recipient_id, ...details } = status;
        statuses.push({
          tenantId: c.tenantId,
          phoneNumberId,
          id,
          recipient: recipient_id ?? '',
          status: name,
          at: toDate(timestamp),
          details: JSON.stringify(details),
          recordId: c.records.get(id)?.recordId,
          broadcastId: c.records.get(id)?.broadcastId,
          pricing: (details as { pricing?: unknown }).pricing,
        });
      }
    }
    return statuses;
  }

  /**
   * Inbound messages: each to the messages' applier (the message and its conversation), its media (if
   * any) to the media applier, and a message stored now to the opt-outs (a keyword opts its sender out
   * or in; the tenant's `contact_opt_out_update` delivery is written here, in the same transaction).
   * In (number, customer) order, the order every writer of several conversations locks them in.
   */
  private async routeInbound(
    manager: EntityManager,
    changes: Array<PendingChange & { tenantId: string }>,
  ): Promise<{
    deliveries: DeliveryRow[];
    cameBack: CameBack[];
    arrived: Arrived[];
    automationJobs: RunnableJob[];
  }> {
    const received = changes.flatMap((c) => {
      const value = c.change.value ?? {};
      const phoneNumberId = value.metadata?.phone_number_id ?? '';
      const names = new Map((value.contacts ?? []).map((contact) => [contact?.wa_id, contact?.profile?.name]));
      return (value.messages ?? [])
        .filter((message): message is UpstreamInboundMessage & { id: string; from: string } =>
          Boolean(message?.id && message.from),
        )
        .map((message) => ({ c, phoneNumberId, message, profileName: names.get(message.from) }));
    });
    received.sort((x, y) =>
      x.phoneNumberId === y.phoneNumberId
        ? x.message.from.localeCompare(y.message.from)
        : x.phoneNumberId.localeCompare(y.phoneNumberId),
    );
    const deliveries: DeliveryRow[] = [];
    // Conversations this batch came to that are nobody's or that the customer opened again, each once: a
    // second message of the batch to the same conversation neither reopens it nor makes it new again.
    const seen = new Set<string>();
    const cameBack: CameBack[] = [];
    const arrived: Arrived[] = [];
    const events: MessageEvent[] = [];
    // What the batch's messages answered and pressed, counted toward the funnels once at its end.
    const replies: Array<{ id: string; createdAt: Date; at: Date }> = [];
    const presses: Array<{ id: string; createdAt: Date; payload: string; text: string }> = [];
    for (const { c, phoneNumberId, message, profileName } of received) {
      const sentAt = toDate(message.timestamp);
      const buttonPayload = message.button?.payload ?? message.interactive?.button_reply?.id ?? null;
      const stored = await this.inbound.apply(manager, {
        tenantId: c.tenantId,
        phoneNumberId,
        message,
        buttonPayload,
        sentAt,
        profileName: typeof profileName === 'string' ? profileName : null,
      });
      const media = mediaOf(message);
      if (media)
        await this.inboundMedia.apply(manager, {
          tenantId: c.tenantId,
          phoneNumberId,
          messageId: message.id,
          mediaId: media.id,
          mimeType: media.mime_type ?? null,
          sha256: media.sha256 ?? null,
          fileName: media.filename ?? null,
        });
      if (!stored) continue;
      if (stored.answered_id && stored.answered_created_at)
        replies.push({ id: stored.answered_id, createdAt: stored.answered_created_at, at: sentAt });
      if (buttonPayload !== null && stored.quoted_id && stored.quoted_created_at)
        presses.push({
          id: stored.quoted_id,
          createdAt: stored.quoted_created_at,
          payload: buttonPayload,
          text: message.button?.text ?? message.interactive?.button_reply?.title ?? '',
        });
      arrived.push({
        tenantId: c.tenantId,
        phoneNumberId,
        waId: message.from,
        messageId: message.id,
        assigneeId: stored.assignee_id,
      });
      const event: MessageEvent = {
        tenantId: c.tenantId,
        phoneNumberId,
        waId: message.from,
        messageId: message.id,
        type: message.type ?? 'unknown',
        sentAt,
        first: stored.created,
        reopened: stored.reopened,
        optedOut: false,
        assigneeId: stored.assignee_id,
        buttonPayload,
        message,
      };
      events.push(event);
      const key = `${phoneNumberId}:${message.from}`;
      if (!seen.has(key) && (stored.assignee_id === null || stored.reopened)) {
        const conversation = {
          tenantId: c.tenantId,
          phoneNumberId,
          waId: message.from,
          assigneeId: stored.assignee_id,
          reopened: stored.reopened,
        };
        if (stored.reopened)
          deliveries.push(
            ...(await this.inbound.reopened(manager, { ...conversation, previousStatus: stored.previous_status })),
          );
        cameBack.push(conversation);
      }
      seen.add(key);
      const opt = await this.optOuts.apply(manager, c.tenantId, message, sentAt);
      event.optedOut = opt?.change === 'opt_out';
      if (opt)
        deliveries.push(
          ...(await this.outbox.writeGatewayEvent(
            {
              tenantId: c.tenantId,
              wabaId: c.wabaId,
              field: OPT_OUT_FIELD,
              phoneNumberId,
              body: optOutEvent(c.wabaId, phoneNumberId, opt, sentAt),
            },
            manager,
          )),
        );
    }
    await this.inbound.countReplies(manager, replies, presses);
    // Automations' jobs, with the messages: none lost, none run twice.
    const automationJobs = await this.automations.write(manager, events);
    return { deliveries, cameBack, arrived, automationJobs };
  }

  /** A template review event, to the catalog's applier: the review, when it moved a template of the catalog. */
  private async routeTemplateStatus(
    manager: EntityManager,
    wabaId: string,
    change: WebhookChange,
    entryTime: unknown,
  ): Promise<Omit<TemplateReview, 'tenantId'> | undefined> {
    const value = change.value ?? {};
    if (!value.message_template_id || !value.event) return undefined;
    const report = {
      wabaId,
      upstreamTemplateId: String(value.message_template_id),
      event: value.event,
      reason: value.reason ?? null,
      at: toDate(entryTime),
    };
    const moved = await this.templateStatus.apply(manager, report);
    return moved ? { ...report, name: moved.name, language: moved.language } : undefined;
  }
}

/**
 * The change as tenants see it: each status's `biz_opaque_callback_data` back to the client's own
 * value (absent when the client sent none), and the records the gateway's references name.
 */
function withClientCallbackData(change: WebhookChange): {
  change: WebhookChange;
  records: Map<string, { recordId: string; broadcastId?: string }>;
} {
  const records = new Map<string, { recordId: string; broadcastId?: string }>();
  const statuses = change?.value?.statuses;
  if (!Array.isArray(statuses) || !statuses.some((status) => untagCallbackData(status?.biz_opaque_callback_data)))
    return { change, records };
  const clientStatuses = statuses.map((status) => {
    const reference = untagCallbackData(status?.biz_opaque_callback_data);
    if (!reference) return status;
    if (typeof status.id === 'string')
      records.set(status.id, { recordId: reference.recordId, broadcastId: reference.broadcastId });
    // The client's value in the field's own place (or no field at all).
    return Object.fromEntries(
      Object.entries(status).flatMap(([name, value]) =>
        name !== 'biz_opaque_callback_data'
          ? [[name, value]]
          : reference.clientValue === undefined
            ? []
            : [[name, reference.clientValue]],
      ),
    );
  });
  return { change: { ...change, value: { ...change.value, statuses: clientStatuses } }, records };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ARRAYS_OF_OBJECTS = ['statuses', 'messages', 'contacts', 'errors'] as const;
const STRING_MEMBERS: Record<string, readonly string[]> = {
  statuses: ['id', 'status', 'recipient_id'],
  messages: ['id', 'from', 'type'],
};

/**
 * Why a change cannot be applied, as a path and a reason (`.value.statuses: not an array of
 * objects`), or undefined. Only what the gateway reads is checked; the rest is forwarded as sent.
 */
function changeProblem(change: unknown, checkText: boolean): string | undefined {
  if (!isObject(change)) return ': not an object';
  if (typeof change.field !== 'string') return '.field: not a string';
  const value = change.value;
  if (!isObject(value)) return '.value: not an object';
  const metadata = value.metadata;
  if (
    metadata !== undefined &&
    (!isObject(metadata) || (metadata.phone_number_id !== undefined && typeof metadata.phone_number_id !== 'string'))
  ) {
    return '.value.metadata: not an object with a string phone_number_id';
  }
  for (const name of ARRAYS_OF_OBJECTS) {
    const list = value[name];
    if (list === undefined) continue;
    if (!Array.isArray(list) || !list.every(isObject)) return `.value.${name}: not an array of objects`;
    for (const member of STRING_MEMBERS[name] ?? []) {
      const i = list.findIndex((item) => item[member] !== undefined && typeof item[member] !== 'string');
      if (i >= 0) return `.value.${name}[${i}].${member}: not a string`;
    }
  }
  if (value.event !== undefined && typeof value.event !== 'string') return '.value.event: not a string';
  const templateId = value.message_template_id;
  if (templateId !== undefined && typeof templateId !== 'string' && typeof templateId !== 'number')
    return '.value.message_template_id: not a string or number';
  const where = checkText ? unstorableTextPath(change) : undefined;
  return where ? `.${where}: text that cannot be stored` : undefined;
}

/** Message types whose object carries a downloadable media id. */
const MEDIA_TYPES = new Set(['image', 'document', 'audio', 'video', 'sticker']);

/** The media of an inbound message (`image: { id, mime_type, sha256 }` and the like), if it has one. */
function mediaOf(
  message: UpstreamInboundMessage,
): { id: string; mime_type?: string; sha256?: string; filename?: string } | undefined {
  if (!message.type || !MEDIA_TYPES.has(message.type)) return undefined;
  const media = message[message.type] as
    { id?: unknown; mime_type?: unknown; sha256?: unknown; filename?: unknown } | undefined;
  if (!media || typeof media.id !== 'string' || !/^\d{1,32}$/.test(media.id)) return undefined;
  return {
    id: media.id,
    mime_type: typeof media.mime_type === 'string' ? media.mime_type : undefined,
    sha256: typeof media.sha256 === 'string' ? media.sha256 : undefined,
    filename: typeof media.filename === 'string' ? media.filename : undefined,
  };
}

/** Meta's timestamps are unix seconds (as strings or numbers); a missing or future one is now. */
function toDate(timestamp: unknown): Date {
  const seconds = Number(timestamp);
  const now = Date.now();
  if (!Number.isFinite(seconds) || seconds <= 0) return new Date(now);
  return new Date(Math.min(seconds * 1000, now));
}
