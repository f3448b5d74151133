import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { BlacklistService } from '../blacklist/blacklist.service';
import { OptOutsService } from '../blacklist/opt-outs.service';
import { recipientBlacklisted } from '../blacklist/blacklist.errors';
import { normalizeRecipient } from '../common/recipient';
import { magicRecipient } from '../../libs/meta/magic-recipients';
import type { Environment } from '../config/environment';
import type { PhoneNumberLimits } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { MetricsService } from '../metrics/metrics.service';
import { NumberPaceService } from '../pacing/number-pace.service';
import { tierUsers } from '../pacing/throughput';
import { checkTemplateSend } from '../templates/template-send-rules';
import { TemplatesService } from '../templates/templates.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { UpstreamNoAnswer } from '../upstream/graph-transport';
import { SpendingLimits } from '../usage/spending-limits.service';
import { spendingLimitReached } from '../usage/usage.errors';
import { tagCallbackData } from './callback-data';
import { ConversationsService } from './conversations/conversations.service';
import { isMarkAsRead, messageTypeOf } from './dto/send-message.dto';
import { magicRecipientOnLive, sendOutcomeUnknown, serviceWindowClosed } from './messages.errors';
import { MessagesRepository, type PendingRecord } from './messages.repository';
import { MessagesUpstream, type SendResult } from './messages.upstream';
import { SendRecords } from './send-records';
import { ServiceWindowService } from './service-window.service';

export interface SendContext {
  tenantId: string;
  apiKeyId: string;
  phone: {
    phoneNumberId: string;
    businessAccountId: string;
    enforceServiceWindow: boolean;
    limits: PhoneNumberLimits;
  };
}

export interface SendOptions {
  filterBlacklist: boolean;
  idempotencyKey?: string;
}

/** What a send answers; `replayed` when it is an earlier send's answer, recovered from its record. */
export interface SendAnswer {
  body: SendResult | { success: boolean };
  replayed: boolean;
}

/** Meta's refusals for a number's pace: nothing was sent, so the send may be tried again. */
export const PACE_REFUSALS = new Set([130429, 131056]);
/** Times a send Meta refused for its pace is tried again (each in a turn of its own, within PACE_MAX_WAIT_MS). */
const PACE_RETRIES = 2;

/** The `template` object of a send (validated by SendMessageDto: a name or a group, and a language). */
interface TemplateReference extends Record<string, unknown> {
  name?: string;
  group_name?: string;
  language: { code: string };
  components?: unknown[];
}

/** A send once checked: what goes upstream, to whom, and whether the 24-hour window decides it. */
interface CheckedSend {
  type: string;
  recipient: string;
  payload: Record<string, unknown>;
  /** The window refuses a free-form send outside it, and makes a template count against the messaging limit. */
  windowMatters: boolean;
  /** This instance saw the window open (no read needed). */
  knownOpen: boolean;
  /** A template's category in the catalog (`MARKETING`, …): what a spending limit reserves for. */
  category?: string;
}

/**
 * `POST /v1/{phone-number-id}/messages`: one send, from the request to Meta's answer, in its steps.
 * A send with an Idempotency-Key first looks for the earlier record of that key (a send whose answer
 * was lost): it answers that send's message id, or refuses while its outcome is unknown, rather than
 * send twice. Checks that need no upstream call come next and leave nothing behind: the blacklist (422
 * code 131000), the template's rules, and the 24-hour window (400 code 131026; read with the record's
 * write, which it takes back). Then the number's turn, the upstream call with the record's id in
 * `biz_opaque_callback_data`, and the record gets the upstream id or the error.
 */
@Injectable()
export class SendMessageUseCase {
  private readonly maxWaitMs: number;
  private readonly outcomeTimeoutMs: number;
  private readonly idempotencyWindowSeconds: number;

  constructor(
    private readonly records: SendRecords,
    private readonly repository: MessagesRepository,
    private readonly graph: MessagesUpstream,
    private readonly tenancy: TenancyService,
    private readonly blacklist: BlacklistService,
    private readonly optOuts: OptOutsService,
    private readonly conversations: ConversationsService,
    private readonly windows: ServiceWindowService,
    private readonly templates: TemplatesService,
    private readonly pace: NumberPaceService,
    private readonly metrics: MetricsService,
    private readonly spending: SpendingLimits,
    config: ConfigService<Environment, true>,
  ) {
    this.maxWaitMs = config.get('PACE_MAX_WAIT_MS', { infer: true });
    this.outcomeTimeoutMs = config.get('SEND_OUTCOME_TIMEOUT_SECONDS', { infer: true }) * 1000;
    this.idempotencyWindowSeconds = config.get('IDEMPOTENCY_TTL_SECONDS', { infer: true });
  }

  async send(ctx: SendContext, body: Record<string, unknown>, options: SendOptions): Promise<SendAnswer> {
    const token = await this.tenancy.accessToken(ctx.phone.businessAccountId);
    if (isMarkAsRead(body)) {
      const answer = await this.graph.sendMessage(ctx.phone.phoneNumberId, token, body);
      // The conversation here is read up to it too (the Inbox's unread count).
      await this.conversations.readThrough(ctx.tenantId, ctx.phone.phoneNumberId, String(body.message_id));
      return { body: answer, replayed: false };
    }
    if (options.idempotencyKey !== undefined) {
      const recovered = await this.recover(ctx, options.idempotencyKey, body);
      if (recovered) return { body: recovered, replayed: true };
    }
    const send = await this.check(ctx, body, options);
    const { record, businessInitiated, startedAt } = await this.record(ctx, send, options);
    const reserved = await this.reserve(ctx, send, record, businessInitiated);
    let reachedMeta = false;
    try {
      await this.takeTurn(ctx, send, record, businessInitiated);
      const result = await this.callMeta(ctx, token, send, record, startedAt);
      reachedMeta = true;
      return { body: await this.settle(body, send, record, result), replayed: false };
    } catch (error) {
      // Not sent (refused, failed): the reservation goes back. One that may have reached Meta (no
      // answer) stays, for its statuses to settle.
      if (reserved && !reachedMeta && !maybeSent(error)) await this.spending.release(ctx.tenantId, [record.id]);
      throw error;
    }
  }

  /**
   * A template's estimated cost reserved against the organization's spending limit, if it has one,
   * once its record is written (the reservation is the record's): past the limit it is refused here
   * (400 code 131042), its record taken back, nothing sent. A utility template inside an open window
   * is free at Meta: it reserves nothing, but is kept for Meta's pricing to settle.
   */
  private async reserve(
    ctx: SendContext,
    send: CheckedSend,
    record: PendingRecord,
    businessInitiated: boolean,
  ): Promise<boolean> {
    if (send.category === undefined) return false;
    const granted = await this.spending.reserve(ctx.tenantId, [
      {
        id: record.id,
        recipient: send.recipient,
        category: send.category,
        free: send.category === 'UTILITY' && send.windowMatters && !businessInitiated,
      },
    ]);
    if (granted === null) return false;
    if (granted === 0) {
      await this.records.discardPending(record.id);
      throw spendingLimitReached();
    }
    return true;
  }

  /** The recipient, the blacklist, the template's rules: refused here, nothing is written or sent. */
  private async check(ctx: SendContext, body: Record<string, unknown>, options: SendOptions): Promise<CheckedSend> {
    const type = messageTypeOf(body);
    const group = body.recipient_type === 'group';
    const recipient = group ? String(body.to) : normalizeRecipient(body.to);
    // Test mode's magic recipients answer only at the simulator: a live number never sends to them.
    if (!group && magicRecipient(recipient) && !(await this.tenancy.isTest(ctx.tenantId)))
      throw magicRecipientOnLive(recipient);
    if (options.filterBlacklist && !group && (await this.blacklist.isBlacklisted(ctx.tenantId, recipient))) {
      throw recipientBlacklisted();
    }
    const payload: Record<string, unknown> = { ...body, to: recipient };
    let category: string | undefined;
    if (type === 'template') {
      const checked = await this.checkTemplate(ctx, body.template as TemplateReference, group ? null : recipient);
      payload.template = checked.reference;
      if (!group) category = checked.category;
    }
    // The 24-hour window decides a free-form send (refused outside it) and whether a template starts a
    // conversation (the messaging limit counts it). Unless this instance knows it open, it is read with
    // the record's write, in the same statement: a refused send then takes its record back.
    const windowMatters =
      !group &&
      (type === 'template'
        ? tierUsers(ctx.phone.limits.messagingLimitTier) !== undefined
        : ctx.phone.enforceServiceWindow);
    const knownOpen = windowMatters && this.windows.knownOpen(ctx.phone.phoneNumberId, recipient);
    return { type, recipient, payload, windowMatters, knownOpen, category };
  }

  /**
   * The pending record, written (and committed) before upstream is called, with the user's window read
   * in the same statement; a free-form send outside the window takes it back and is refused (131026).
   */
  private async record(
    ctx: SendContext,
    send: CheckedSend,
    options: SendOptions,
  ): Promise<{ record: PendingRecord; businessInitiated: boolean; startedAt: number }> {
    const record: PendingRecord = {
      id: randomUUID(),
      tenantId: ctx.tenantId,
      phoneNumberId: ctx.phone.phoneNumberId,
      apiKeyId: ctx.apiKeyId,
      recipient: send.recipient,
      type: send.type,
      payload: JSON.stringify(send.payload),
      idempotencyKey: options.idempotencyKey ?? null,
      broadcastId: null,
      lookUpWindow: send.windowMatters && !send.knownOpen,
    };
    // The send's wait for its turn (PACE_MAX_WAIT_MS) counts from here.
    const startedAt = Date.now();
    const lastInbound = await this.records.writePending(record);
    const windowOpen =
      !send.windowMatters ||
      send.knownOpen ||
      this.windows.openAfter(ctx.phone.phoneNumberId, send.recipient, lastInbound);
    if (!windowOpen && send.type !== 'template') {
      await this.records.discardPending(record.id);
      throw serviceWindowClosed();
    }
    return { record, businessInitiated: send.type === 'template' && !windowOpen, startedAt };
  }

  /**
   * The number's turn, taken once the record is written, so the send goes at its turn and not later (a
   * turn taken before the write came late by the write's time, and the sends behind it bunched up at
   * Meta: 83 in one second of an 80/s number). A turn refused takes its record back.
   */
  private async takeTurn(
    ctx: SendContext,
    send: CheckedSend,
    record: PendingRecord,
    businessInitiated: boolean,
  ): Promise<void> {
    try {
      await this.pace.waitForTurn(ctx.phone, send.recipient, { businessInitiated });
    } catch (refusal) {
      await this.records.discardPending(record.id);
      throw refusal;
    }
  }

  /**
   * The upstream call, with the record's id in `biz_opaque_callback_data` (the record keeps the
   * client's body). Meta's refusal for its pace (another sender on the number, or jitter: nothing was
   * sent) slows the pace down for everyone, and the send takes a later turn while its wait allows.
   * No answer leaves the record pending with its outcome unknown; any other error fails it.
   */
  private async callMeta(
    ctx: SendContext,
    token: string,
    send: CheckedSend,
    record: PendingRecord,
    startedAt: number,
  ): Promise<SendResult> {
    const upstreamBody = {
      ...send.payload,
      biz_opaque_callback_data: tagCallbackData(record.id, send.payload.biz_opaque_callback_data),
    };
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.graph.sendMessage(ctx.phone.phoneNumberId, token, upstreamBody);
      } catch (error) {
        if (error instanceof UpstreamNoAnswer) throw await this.records.outcomeUnknown(record.id, error);
        if (error instanceof GraphError && PACE_REFUSALS.has(error.code)) {
          await this.pace.slowDown(ctx.phone, error.code);
          const left = this.maxWaitMs - (Date.now() - startedAt);
          if (attempt < PACE_RETRIES && left > 0) {
            try {
              // Its pair and messaging limit were counted at its first turn: only the number's pace now.
              await this.pace.waitForTurn(ctx.phone, send.recipient, {
                businessInitiated: false,
                maxWaitMs: left,
                counted: true,
              });
              continue;
            } catch (refusal) {
              await this.records.recordFailure(record.id, refusal);
              throw refusal;
            }
          }
        }
        await this.records.recordFailure(record.id, error);
        throw error;
      }
    }
  }

  /** The record accepted with Meta's id (written before the client has the answer), and the answer. */
  private async settle(
    body: Record<string, unknown>,
    send: CheckedSend,
    record: PendingRecord,
    result: SendResult,
  ): Promise<SendResult> {
    const upstreamId = result.messages?.[0]?.id;
    if (!upstreamId) throw await this.records.noMessageId(record.id);
    await this.records.accept(record.id, upstreamId);
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: result.contacts?.[0]?.wa_id ?? send.recipient }],
      messages: result.messages,
    };
  }

  /**
   * The recovery point: the newest record of this Idempotency-Key within the idempotency window.
   * Its upstream id known (from the answer or, when that was lost, from its status webhooks): the
   * original answer. Failed without one: nothing to recover, the send runs. Pending: its outcome is
   * unknown, so 409 `send_outcome_unknown` until its webhooks come or SEND_OUTCOME_TIMEOUT_SECONDS
   * have passed since it was written; then it is failed here (if the sweeper has not yet) and the
   * send runs again.
   */
  private async recover(
    ctx: SendContext,
    idempotencyKey: string,
    body: Record<string, unknown>,
  ): Promise<SendResult | undefined> {
    const earlier = await this.repository.recoveryPoint(
      ctx.apiKeyId,
      idempotencyKey,
      ctx.tenantId,
      this.idempotencyWindowSeconds,
    );
    if (!earlier) return undefined;
    if (earlier.upstream_message_id) {
      this.metrics.sendRecovery.inc({ outcome: 'retry_replayed' });
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: String(body.to), wa_id: earlier.recipient }],
        messages: [
          earlier.type === 'template'
            ? { id: earlier.upstream_message_id, message_status: 'accepted' }
            : { id: earlier.upstream_message_id },
        ],
      };
    }
    if (earlier.status !== 'pending') return undefined;
    if (earlier.age_ms < this.outcomeTimeoutMs) {
      this.metrics.sendRecovery.inc({ outcome: 'retry_refused' });
      const retryAfter = Math.min(30, Math.max(1, Math.ceil((this.outcomeTimeoutMs - earlier.age_ms) / 1000)));
      throw sendOutcomeUnknown(earlier.id, retryAfter);
    }
    const failed = await this.records.failUnknown([earlier.id]);
    // A status webhook reconciled it in between: look again (it now has its upstream id).
    return failed.length === 1 ? undefined : this.recover(ctx, idempotencyKey, body);
  }

  /**
   * The send-time template rules, against the catalog, before anything is written or sent: an
   * APPROVED template of that name (or group) and language (132001), parameters in its style
   * (132012) and number (132000), buttons by their index in the template; not to a customer who opted
   * out, for a marketing template (or a category the organization's settings add). A send by group goes
   * upstream with the chosen member's name.
   */
  private async checkTemplate(
    ctx: SendContext,
    reference: TemplateReference,
    recipient: string | null,
  ): Promise<{ reference: TemplateReference; category: string }> {
    const template = await this.templates.findForSend(ctx.phone.businessAccountId, {
      name: reference.name,
      groupName: reference.group_name,
      language: reference.language.code,
    });
    checkTemplateSend(template, reference);
    if (recipient !== null) await this.optOuts.checkTemplateSend(ctx.tenantId, recipient, template.category);
    if (reference.group_name === undefined) return { reference, category: template.category };
    const { group_name: _group, ...rest } = reference;
    return { reference: { ...rest, name: template.name }, category: template.category };
  }
}

/** A send's error that leaves its outcome unknown (no answer from Meta: it may have been sent). */
function maybeSent(error: unknown): boolean {
  return error instanceof GraphError && error.options.data?.reason === 'send_outcome_unknown';
}
