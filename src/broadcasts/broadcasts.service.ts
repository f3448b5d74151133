import { recipientBlacklisted } from '../blacklist/blacklist.errors';
import type { RecipientView } from './broadcast-states';
import { SpendingLimits } from '../usage/spending-limits.service';
import { OnboardingService } from '../tenancy/onboarding.service';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { isUUID } from 'class-validator';
import { BlacklistService } from '../blacklist/blacklist.service';
import { magicRecipient } from '../../libs/meta/magic-recipients';
import { magicRecipientOnLive } from '../messages/messages.errors';
import { TenancyService } from '../tenancy/tenancy.service';
import { Clock } from '../common/clock';
import type { Environment } from '../config/environment';
import type { PhoneNumberLimits } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { BroadcastSendsService, RETRYABLE_SEND_CODES } from '../messages/broadcast-sends.service';
import { ServiceWindowService } from '../messages/service-window.service';
import { NumberPaceService } from '../pacing/number-pace.service';
import { throughputMps, tierUsers } from '../pacing/throughput';
import { TemplatesService } from '../templates/templates.service';
import {
  type CheckedRecipient,
  checkRecipients,
  parseBroadcast,
  parseRecipientList,
  type TemplateReference,
} from './broadcast-input';
import { BroadcastDispatcher } from './broadcast-dispatcher.service';
import type { BroadcastCounts } from './broadcast-events';
import { BroadcastLifecycle } from './broadcast-lifecycle';
import { broadcastNotFound, broadcastStateConflict } from './broadcasts.errors';
import {
  type BroadcastRow,
  BroadcastsRepository,
  type BroadcastStatus,
  type NewRecipient,
  type RecipientRow,
  refusalBody,
} from './broadcasts.repository';

/** The number a broadcast sends from, as the request's tenancy resolved it. */
export interface BroadcastNumber {
  phoneNumberId: string;
  businessAccountId: string;
  limits: PhoneNumberLimits;
}

/** A recipient refused at create time: where it was in the list, its number, and the error its send would have met. */
export interface RefusedRecipient {
  index: number;
  to: string;
  error: { message: string; type: string; code: number; error_data?: Record<string, unknown> };
}

/**
 * Broadcasts, the gateway's own resource: one approved template to up to 10,000 recipients a request,
 * each checked when the broadcast is created (its number, the template's send-time rules, the
 * blacklist), sent by the dispatcher at the number's pace behind API sends, each send an ordinary
 * message record that names its broadcast.
 */
@Injectable()
export class BroadcastsService {
  private readonly marginFactor: number;

  constructor(
    private readonly repository: BroadcastsRepository,
    private readonly lifecycle: BroadcastLifecycle,
    private readonly dispatcher: BroadcastDispatcher,
    private readonly templates: TemplatesService,
    private readonly blacklist: BlacklistService,
    private readonly windows: ServiceWindowService,
    private readonly messages: BroadcastSendsService,
    private readonly pace: NumberPaceService,
    private readonly clock: Clock,
    private readonly spending: SpendingLimits,
    private readonly tenancy: TenancyService,
    onboarding: OnboardingService,
    config: ConfigService<Environment, true>,
  ) {
    // A broadcast still to send holds its number and organization: cancel it first. Those left (none
    // sent anything: the records would refuse the delete) go with the number.
    onboarding.onPhoneNumberRemoved((manager, phoneNumberId) => repository.removeOfNumber(manager, phoneNumberId));
    for (const [of, column] of [
      ['organization', 'tenant_id'],
      ['phoneNumber', 'phone_number_id'],
    ] as const)
      onboarding.registerDependent(of, 'broadcasts not completed or cancelled', (m, id) =>
        repository.hasOpen(m, column, id),
      );
    this.marginFactor = 1 - config.get('PACE_MARGIN_PERCENT', { infer: true }) / 100;
  }

  /**
   * Creates a broadcast. Anything wrong with the request itself (an unknown or unapproved template, a
   * malformed number, a recipient twice, parameters that break the template's rules, more than 10,000
   * recipients) is a Graph error naming the field or the recipient, and nothing is created. A
   * recipient its send would refuse for the organization's own reasons (the blacklist) is kept as
   * `skipped`, listed in the answer with that error, and never sent.
   */
  async create(
    ctx: { tenantId: string; apiKeyId: string; phone: BroadcastNumber },
    body: unknown,
  ): Promise<{ broadcast: BroadcastRow; refused: RefusedRecipient[]; estimate: Record<string, unknown> }> {
    const { input, recipients, refused, scheduled } = await this.check(ctx, body);
    const broadcast = await this.repository.create(
      {
        tenant_id: ctx.tenantId,
        phone_number_id: ctx.phone.phoneNumberId,
        business_account_id: ctx.phone.businessAccountId,
        api_key_id: ctx.apiKeyId,
        name: input.name,
        template: input.template,
        status: scheduled ? 'scheduled' : 'running',
        scheduled_at: input.scheduledAt,
        recipient_count: recipients.length,
      },
      recipients,
    );
    const estimate = await this.estimate(ctx.phone, startOf(broadcast, this.clock.now()), recipients);
    if (broadcast.status === 'running') this.dispatcher.wake(ctx.phone.phoneNumberId);
    return { broadcast, refused, estimate };
  }

  /**
   * What creating this broadcast would answer, with nothing written or sent: the same checks (a
   * request error is the same 400), the recipients kept as refused, and the estimate.
   */
  async preflight(
    ctx: { tenantId: string; phone: BroadcastNumber },
    body: unknown,
  ): Promise<{
    recipients: number;
    refused: RefusedRecipient[];
    estimate: Record<string, unknown>;
    budget: Awaited<ReturnType<SpendingLimits['budget']>>;
  }> {
    const { input, recipients, refused, scheduled, category } = await this.check(ctx, body);
    const start = scheduled && input.scheduledAt ? input.scheduledAt : this.clock.now();
    // The organization's spending limit (if any): what is left this month and what these would need.
    const budget = await this.spending.budget(
      ctx.tenantId,
      recipients.filter((r) => r.refusal === null).map((r) => ({ recipient: r.recipient, category })),
    );
    return {
      recipients: recipients.length,
      refused,
      estimate: await this.estimate(ctx.phone, start, recipients),
      budget,
    };
  }

  /** A create request parsed and every recipient checked, as create and preflight both need. */
  private async check(ctx: { tenantId: string; phone: BroadcastNumber }, body: unknown) {
    const now = this.clock.now();
    const input = parseBroadcast(body, now);
    const template = await this.findTemplate(ctx.phone.businessAccountId, input.template);
    const checked = checkRecipients(template, input.template, input.recipients);
    const { recipients, refused } = await this.screen(ctx.tenantId, checked);
    const scheduled = input.scheduledAt !== null && input.scheduledAt.getTime() > now.getTime();
    return { input, recipients, refused, scheduled, category: template.category };
  }

  /** More recipients, checked as at create time, while the broadcast is still scheduled. */
  async append(
    ctx: { tenantId: string; phone: BroadcastNumber },
    id: string,
    body: unknown,
  ): Promise<{ broadcast: BroadcastRow; refused: RefusedRecipient[]; estimate: Record<string, unknown> }> {
    const existing = await this.get(ctx.tenantId, ctx.phone.phoneNumberId, id);
    if (existing.status !== 'scheduled')
      throw broadcastStateConflict(id, existing.status, 'take recipients once started');
    const known = ['recipients'];
    const unknown =
      typeof body === 'object' && body ? Object.keys(body).find((key) => !known.includes(key)) : undefined;
    if (unknown !== undefined)
      throw GraphError.invalidParameter('Invalid parameter', `${unknown}: not a field here (recipients)`);
    const list = parseRecipientList((body as { recipients?: unknown } | null)?.recipients);
    const reference = existing.template;
    const template = await this.findTemplate(ctx.phone.businessAccountId, reference);
    const numbers = list.map((entry) =>
      typeof entry === 'object' && entry !== null ? (entry as { to?: unknown }).to : undefined,
    );
    const already = await this.repository.existingRecipients(
      id,
      numbers.filter((n): n is string => typeof n === 'string').map((n) => n.replace(/[^\d]/g, '')),
    );
    const checked = checkRecipients(template, reference, list, already);
    const { recipients, refused } = await this.screen(ctx.tenantId, checked, existing.recipient_count);
    const broadcast = await this.repository.append(ctx.tenantId, id, recipients);
    if (!broadcast) throw broadcastStateConflict(id, 'started', 'take recipients once started');
    return {
      broadcast,
      refused,
      estimate: await this.estimate(ctx.phone, startOf(broadcast, this.clock.now()), recipients),
    };
  }

  async get(tenantId: string, phoneNumberId: string, id: string): Promise<BroadcastRow> {
    const row = isUUID(id) ? await this.repository.get(tenantId, phoneNumberId, id) : null;
    if (!row) throw broadcastNotFound(id);
    return row;
  }

  /** A broadcast of the organization's, whichever its number (null: none, or another organization's). */
  async ofOrganization(tenantId: string, id: string): Promise<BroadcastRow | null> {
    if (!isUUID(id)) return null;
    const [row] = await this.repository.byIds([id]);
    return row && row.tenant_id === tenantId ? row : null;
  }

  counts(broadcast: BroadcastRow): Promise<BroadcastCounts> {
    return this.lifecycle.counts(broadcast);
  }

  list(
    tenantId: string,
    phoneNumberId: string,
    options: { status?: string; after?: { at: string; id: string }; limit: number },
  ): Promise<Array<BroadcastRow & { cursor_at: string }>> {
    return this.repository.list(tenantId, phoneNumberId, options);
  }

  /**
   * Its recipients in list order after `afterSeq`, each with its state (a sent one's from its record:
   * wamid, status, error), at most `limit`, only those in `status` when given. Returns the last place
   * read, so a filtered page that read far without filling continues from there.
   */
  async recipients(
    broadcast: BroadcastRow,
    options: { status?: RecipientView; afterSeq: number; limit: number },
  ): Promise<{ data: Array<Record<string, unknown>>; lastSeq: number | null; more: boolean }> {
    const data: Array<Record<string, unknown>> = [];
    let afterSeq = options.afterSeq;
    // A status sent recipients reach is found through their records: those records' recipients only.
    const byRecord = options.status && !['skipped', 'deferred'].includes(options.status);
    const states: RecipientRow['state'][] | undefined = options.status
      ? (({ queued: ['queued'], skipped: ['skipped'], deferred: ['deferred'] } as const)[
          options.status as 'queued'
        ]?.slice() ?? [])
      : undefined;
    let messageIds: string[] | undefined;
    if (byRecord) {
      const wanted = options.status === 'queued' ? ['pending', 'failed'] : [options.status!];
      const records = await this.messages.broadcastRecords(broadcast.id, wanted);
      messageIds = records
        .filter((r) => (options.status === 'queued' ? r.status === 'pending' || r.unknown : !r.unknown))
        .map((r) => r.id);
    }
    for (let scanned = 0; data.length < options.limit && scanned < 20_000;) {
      const rows = await this.repository.recipients(broadcast.id, {
        afterSeq,
        limit: Math.min(500, options.limit + 1 - data.length),
        states,
        messageIds,
      });
      if (rows.length === 0) return { data, lastSeq: null, more: false };
      scanned += rows.length;
      const records = await this.messages.recordsByIds(rows.flatMap((row) => (row.message_id ? [row.message_id] : [])));
      for (const row of rows) {
        const view = recipientView(row, row.message_id ? records.get(row.message_id) : undefined);
        if (options.status && view.status !== options.status) {
          afterSeq = row.seq;
          continue;
        }
        if (data.length === options.limit) return { data, lastSeq: afterSeq, more: true };
        data.push(view);
        afterSeq = row.seq;
      }
    }
    return { data, lastSeq: afterSeq, more: data.length === options.limit };
  }

  /** Pause (running or scheduled), resume (paused), cancel (anything not finished). */
  async act(
    tenantId: string,
    phoneNumberId: string,
    id: string,
    action: 'pause' | 'resume' | 'cancel',
  ): Promise<BroadcastRow> {
    const broadcast = await this.get(tenantId, phoneNumberId, id);
    const moves: Record<typeof action, { from: BroadcastStatus[]; to: BroadcastStatus }> = {
      pause: { from: ['running', 'scheduled'], to: 'paused' },
      resume: { from: ['paused'], to: 'running' },
      cancel: { from: ['running', 'scheduled', 'paused'], to: 'cancelled' },
    };
    const { from, to } = moves[action];
    const moved = await this.lifecycle.move(id, from, to, action === 'pause' ? 'requested' : null);
    if (!moved) throw broadcastStateConflict(id, broadcast.status, action);
    this.dispatcher.forget(id);
    if (to === 'cancelled')
      await this.repository.skipUnsent(id, {
        message: 'The broadcast was cancelled before this recipient was sent',
        type: 'GraphMethodException',
        code: 131000,
        error_data: { reason: 'broadcast_cancelled' },
      });
    if (to === 'running') this.dispatcher.wake(phoneNumberId);
    return moved;
  }

  /**
   * Sends again the recipients that failed where Meta's error allows it (throttling and transient
   * errors: RETRYABLE_SEND_CODES), each as a new try. A finished broadcast runs again for them.
   */
  async retry(
    tenantId: string,
    phoneNumberId: string,
    id: string,
  ): Promise<{ broadcast: BroadcastRow; retried: number }> {
    const broadcast = await this.get(tenantId, phoneNumberId, id);
    if (broadcast.status === 'cancelled') throw broadcastStateConflict(id, broadcast.status, 'retry');
    const failed = await this.messages.broadcastRecords(id, ['failed']);
    const retryable = failed
      .filter((record) => !record.unknown && RETRYABLE_SEND_CODES.has(Number(record.error?.code)))
      .map((record) => record.id);
    const retried = await this.repository.requeueRecords(id, retryable);
    let current = broadcast;
    if (retried > 0 && broadcast.status === 'completed')
      current = (await this.lifecycle.move(id, ['completed'], 'running')) ?? broadcast;
    if (current.status === 'running') this.dispatcher.wake(phoneNumberId);
    return { broadcast: current, retried };
  }

  /** The catalog's APPROVED template; 132001 (as a send answers it) naming `template` otherwise. */
  private async findTemplate(businessAccountId: string, reference: TemplateReference) {
    try {
      return await this.templates.findForSend(businessAccountId, {
        name: reference.name,
        language: reference.language.code,
      });
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      const details = typeof error.options.data?.details === 'string' ? error.options.data.details : error.message;
      throw new GraphError(error.code, error.message, {
        ...error.options,
        data: { ...error.options.data, details: `template: ${details}` },
      });
    }
  }

  /**
   * Recipients on the organization's blacklist (and, on a live number, test mode's magic recipients):
   * kept as skipped, with the error their send would get.
   */
  private async screen(
    tenantId: string,
    checked: CheckedRecipient[],
    firstIndex = 0,
  ): Promise<{ recipients: NewRecipient[]; refused: RefusedRecipient[] }> {
    const listed = await this.blacklist.listedAmong(
      tenantId,
      checked.map((c) => c.recipient),
    );
    // Test mode's magic recipients answer only at the simulator: a live number's broadcast skips them.
    const magicRefused = checked.some((c) => magicRecipient(c.recipient)) && !(await this.tenancy.isTest(tenantId));
    const refused: RefusedRecipient[] = [];
    const recipients = checked.map((c, i): NewRecipient => {
      const magic = magicRefused && magicRecipient(c.recipient) !== undefined;
      if (!listed.has(c.recipient) && !magic)
        return { recipient: c.recipient, components: c.components, refusal: null };
      const body = refusalBody(magic ? magicRecipientOnLive(c.recipient) : recipientBlacklisted());
      refused.push({ index: firstIndex + i, to: c.recipient, error: body });
      return { recipient: c.recipient, components: c.components, refusal: body };
    });
    return { recipients, refused };
  }

  /**
   * When it will finish at the number's pace (from its start, or now), and how many recipients the
   * messaging limit would defer: those not in an open service window, not reached in the rolling 24
   * hours already, beyond what the tier has left.
   */
  private async estimate(
    phone: BroadcastNumber,
    start: Date,
    recipients: NewRecipient[],
  ): Promise<Record<string, unknown>> {
    const sendable = recipients.filter((r) => r.refusal === null).map((r) => r.recipient);
    const pace = throughputMps(phone.limits) * this.marginFactor;
    let deferred = 0;
    const users = tierUsers(phone.limits.messagingLimitTier);
    if (users !== undefined && sendable.length > 0) {
      const open = await this.windows.openAmong(phone.phoneNumberId, sendable);
      const outside = sendable.filter((r) => !open.has(r));
      const usage = await this.pace.tierUsage(phone, outside);
      const fresh = outside.length - usage.reachedAmong;
      deferred = Math.max(0, fresh - Math.max(0, users - usage.reached));
    }
    const seconds = (sendable.length - deferred) / pace;
    return {
      rate_per_second: Math.round(pace * 10) / 10,
      recipients_sendable: sendable.length,
      deferred_by_messaging_limit: deferred,
      finishes_at: new Date(start.getTime() + seconds * 1000).toISOString(),
      messaging_limit_tier: phone.limits.messagingLimitTier,
    };
  }
}

/** When a broadcast starts sending: its schedule while scheduled, else now. */
function startOf(broadcast: BroadcastRow, now: Date): Date {
  return broadcast.scheduled_at && broadcast.status === 'scheduled' ? broadcast.scheduled_at : now;
}

/** A recipient as its list shows it. */
function recipientView(
  row: RecipientRow,
  record: { status: string; wamid: string | null; error: Record<string, unknown> | null; unknown: boolean } | undefined,
): Record<string, unknown> {
  let status: RecipientView = row.state === 'sending' ? 'queued' : row.state;
  if (record && !record.unknown) status = record.status === 'pending' ? 'queued' : (record.status as RecipientView);
  return {
    index: row.seq,
    to: row.recipient,
    status,
    message_id: row.message_id,
    wamid: record?.wamid ?? null,
    error: record && !record.unknown && record.status === 'failed' ? record.error : row.error,
    ...(row.not_before && status === 'deferred' && { not_before: row.not_before.toISOString() }),
    updated_at: row.updated_at.toISOString(),
  };
}
