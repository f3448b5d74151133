import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { BlacklistService } from '../blacklist/blacklist.service';
import { decodeCursor, Page, toPage } from '../common/pagination';
import { GroupCommit } from '../database/group-commit';
import { normalizeRecipient } from '../common/recipient';
import { ErrorCode, GraphError } from '../core/graph-error';
import { metaErrorCode } from '../core/meta-error-codes';
import { checkTemplateSend } from '../templates/template-send-rules';
import { TemplatesService } from '../templates/templates.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { MetricsService } from '../metrics/metrics.service';
import { UpstreamNoAnswer } from '../upstream/graph-transport';
import type { PhoneNumberLimits } from '../core/gateway-request';
import { NumberPaceService } from '../pacing/number-pace.service';
import { tierUsers } from '../pacing/throughput';
import { tagCallbackData } from './callback-data';
import { isMarkAsRead, messageTypeOf } from './dto/send-message.dto';
import { ListMessagesQueryDto, MessageRecordDto, toMessageRecord } from './dto/message-record.dto';
import type { MessageStatisticsDto } from './dto/message-statistics.dto';
import { recipientBlacklisted } from '../blacklist/blacklist.errors';
import { sendOutcomeUnknown, serviceWindowClosed } from './messages.errors';
import { MessagesRepository, type PendingRecord } from './messages.repository';
import { MessagesUpstream, type SendResult } from './messages.upstream';
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

/** Meta's refusals for a number's pace: nothing was sent, so the send may be tried again. */
const PACE_REFUSALS = new Set([130429, 131056]);
/** A broadcast send woken this long after its turn takes a new one (the process stalled). */
const LATE_TURN_MS = 25;
/** Times a send Meta refused for its pace is tried again (each in a turn of its own, within PACE_MAX_WAIT_MS). */
const PACE_RETRIES = 2;

/** The `template` object of a send (validated by SendMessageDto: a name or a group, and a language). */
interface TemplateReference extends Record<string, unknown> {
  name?: string;
  group_name?: string;
  language: { code: string };
  components?: unknown[];
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

/** The error of a record failed because its upstream outcome stayed unknown. */
export const OUTCOME_UNKNOWN_ERROR = {
  code: ErrorCode.SendFailure,
  message: 'Send outcome unknown',
  error_data: {
    reason: 'outcome_unknown',
    details:
      'Upstream did not answer the send and no status webhook came for it within SEND_OUTCOME_TIMEOUT_SECONDS; a retry with its Idempotency-Key sends it again',
  },
};

/**
 * Writes of each kind in flight at once: below it a send's write goes at once (a serial committer made
 * sends wait on each other's commits: p99 129 ms against 54 ms at 120 sends/s); at it, they batch.
 */
const SEND_WRITE_CONCURRENCY = 4;
/** The statistics' most frequent error codes. */
const TOP_ERRORS = 5;

/** What became of a broadcast recipient's send (`sendBroadcastTry`). */
export type BroadcastSendOutcome =
  /** A record was written for this try: its status says the rest (accepted, failed, or pending with an unknown outcome). */
  | { kind: 'recorded'; messageId: string }
  /** Meta refused it for its pace (130429, 131056), or for spam (131048): nothing was sent, no record is left. */
  | { kind: 'refused'; code: number };

/** Meta's error codes after which a failed broadcast send may be tried again (throttling, transient). */
export const RETRYABLE_SEND_CODES = new Set([
  1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131049, 131056, 131057, 133004,
]);

@Injectable()
export class MessagesService {
  /**
   * Concurrent sends share their two writes (group commit, as webhook ingestion does): the pending
   * records of the sends that arrive together go in one INSERT, each send calling upstream only once
   * its record is committed; their acceptances go in one UPDATE.
   */
  private readonly pendingWrites = new GroupCommit<PendingRecord, Date | null>(
    (records) => this.repository.insertPending(records),
    256,
    SEND_WRITE_CONCURRENCY,
  );
  private readonly acceptances = new GroupCommit<{ id: string; upstreamId: string }, void>(
    (accepted) => this.accept(accepted),
    256,
    SEND_WRITE_CONCURRENCY,
  );

  /**
   * A broadcast send's acceptance: nobody waits on it (the dispatcher goes on to the next turn), so
   * acceptances linger up to 200 ms (or until 64 wait) and go as one UPDATE; at a number's 80/s, one
   * statement for about sixteen sends instead of one each.
   */
  private readonly broadcastAcceptances = new GroupCommit<{ id: string; upstreamId: string }, void>(
    (accepted) => this.accept(accepted),
    256,
    2,
    200,
    64,
  );
  private readonly outcomeTimeoutMs: number;
  private readonly maxWaitMs: number;
  private readonly idempotencyWindowSeconds: number;

  constructor(
    private readonly repository: MessagesRepository,
    private readonly graph: MessagesUpstream,
    private readonly tenancy: TenancyService,
    private readonly blacklist: BlacklistService,
    private readonly windows: ServiceWindowService,
    private readonly templates: TemplatesService,
    private readonly metrics: MetricsService,
    private readonly pace: NumberPaceService,
    config: ConfigService<Environment, true>,
  ) {
    this.maxWaitMs = config.get('PACE_MAX_WAIT_MS', { infer: true });
    this.outcomeTimeoutMs = config.get('SEND_OUTCOME_TIMEOUT_SECONDS', { infer: true }) * 1000;
    this.idempotencyWindowSeconds = config.get('IDEMPOTENCY_TTL_SECONDS', { infer: true });
  }

  /**
   * Sends a message (or marks one as read). A send with an Idempotency-Key first looks for the
   * earlier record of that key (a send whose answer was lost): it answers that send's message id,
   * or refuses while its outcome is unknown, rather than send twice. Checks that need no upstream
   * call come next and leave nothing behind: the blacklist (422 code 131000), the template's rules,
   * and the 24-hour window (400 code 131026; read with the record's write, which it takes back). Then
   * upstream is called with the record's id in `biz_opaque_callback_data`, and the record gets the
   * upstream id or the error.
   */
  async send(ctx: SendContext, body: Record<string, unknown>, options: SendOptions): Promise<SendAnswer> {
    const token = await this.tenancy.accessToken(ctx.phone.businessAccountId);
    if (isMarkAsRead(body))
      return { body: await this.graph.sendMessage(ctx.phone.phoneNumberId, token, body), replayed: false };

    if (options.idempotencyKey !== undefined) {
      const recovered = await this.recover(ctx, options.idempotencyKey, body);
      if (recovered) return { body: recovered, replayed: true };
    }

    const type = messageTypeOf(body);
    const group = body.recipient_type === 'group';
    const recipient = group ? String(body.to) : normalizeRecipient(body.to);
    if (options.filterBlacklist && !group && (await this.blacklist.isBlacklisted(ctx.tenantId, recipient))) {
      throw recipientBlacklisted();
    }

    const payload: Record<string, unknown> = { ...body, to: recipient };
    if (type === 'template') payload.template = await this.checkTemplate(ctx, body.template as TemplateReference);
    // The 24-hour window decides a free-form send (refused outside it) and whether a template starts a
    // conversation (the messaging limit counts it). Unless this instance knows it open, it is read with
    // the record's write, in the same statement: a refused send then takes its record back.
    const windowMatters =
      !group &&
      (type === 'template'
        ? tierUsers(ctx.phone.limits.messagingLimitTier) !== undefined
        : ctx.phone.enforceServiceWindow);
    const knownOpen = windowMatters && this.windows.knownOpen(ctx.phone.phoneNumberId, recipient);
    // The record must exist before upstream is called: the send waits for its commit.
    const record: PendingRecord = {
      id: randomUUID(),
      tenantId: ctx.tenantId,
      phoneNumberId: ctx.phone.phoneNumberId,
      apiKeyId: ctx.apiKeyId,
      recipient,
      type,
      payload: JSON.stringify(payload),
      idempotencyKey: options.idempotencyKey ?? null,
      broadcastId: null,
      lookUpWindow: windowMatters && !knownOpen,
    };
    const startedAt = Date.now();
    const lastInbound = await this.pendingWrites.submit(record);
    const windowOpen =
      !windowMatters || knownOpen || this.windows.openAfter(ctx.phone.phoneNumberId, recipient, lastInbound);
    if (!windowOpen && type !== 'template') {
      await this.discardPending(record.id);
      throw serviceWindowClosed();
    }
    const businessInitiated = type === 'template' && !windowOpen;
    // The number's turn is taken once the record is written, so the send goes at its turn and not
    // later (a turn taken before the write came late by the write's time, and the sends behind it
    // bunched up at Meta: 83 in one second of an 80/s number). A turn refused takes its record back.
    try {
      await this.pace.waitForTurn(ctx.phone, recipient, { businessInitiated });
    } catch (refusal) {
      await this.discardPending(record.id);
      throw refusal;
    }

    let result: SendResult;
    // The record keeps the client's body; upstream gets the record's id with the client's callback data.
    const upstreamBody = {
      ...payload,
      biz_opaque_callback_data: tagCallbackData(record.id, payload.biz_opaque_callback_data),
    };
    for (let attempt = 0; ; attempt++) {
      try {
        result = await this.graph.sendMessage(ctx.phone.phoneNumberId, token, upstreamBody);
        break;
      } catch (error) {
        if (error instanceof UpstreamNoAnswer) throw await this.outcomeUnknown(record.id, error);
        if (error instanceof GraphError && PACE_REFUSALS.has(error.code)) {
          // Meta refused for its pace (another sender on the number, or jitter): nothing was sent. The
          // pace slows down for everyone, and this send takes a later turn while its wait allows.
          await this.pace.slowDown(ctx.phone, error.code);
          const left = this.maxWaitMs - (Date.now() - startedAt);
          if (attempt < PACE_RETRIES && left > 0) {
            try {
              // Its pair and messaging limit were counted at its first turn: only the number's pace now.
              await this.pace.waitForTurn(ctx.phone, recipient, {
                businessInitiated: false,
                maxWaitMs: left,
                counted: true,
              });
              continue;
            } catch (refusal) {
              await this.recordFailure(record.id, refusal);
              throw refusal;
            }
          }
        }
        await this.recordFailure(record.id, error);
        throw error;
      }
    }
    const upstreamId = result.messages?.[0]?.id;
    if (!upstreamId) {
      const error = new GraphError(ErrorCode.SendFailure, 'Upstream request failed', {
        status: 500,
        data: { details: 'upstream accepted the send without a message id' },
      });
      await this.recordFailure(record.id, error);
      throw error;
    }
    await this.acceptances.submit({ id: record.id, upstreamId });
    return {
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: String(body.to), wa_id: result.contacts?.[0]?.wa_id ?? recipient }],
        messages: result.messages,
      },
      replayed: false,
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
    const failed = await this.failUnknown([earlier.id]);
    // A status webhook reconciled it in between: look again (it now has its upstream id).
    return failed.length === 1 ? undefined : this.recover(ctx, idempotencyKey, body);
  }

  /**
   * Pending records whose outcome stayed unknown past SEND_OUTCOME_TIMEOUT_SECONDS become `failed`
   * (reason `outcome_unknown`); the ids actually failed (a record reconciled meanwhile is left).
   */
  async failUnknown(ids: string[]): Promise<string[]> {
    const failed = await this.repository.failUnknown(ids, OUTCOME_UNKNOWN_ERROR);
    this.metrics.sendRecovery.inc({ outcome: 'failed' }, failed.length);
    return failed;
  }

  /**
   * Upstream got the send and did not answer: it may have been sent. The record stays pending, its
   * outcome marked unknown, for its status webhooks to settle; the caller gets a retryable 500.
   */
  private async outcomeUnknown(id: string, error: UpstreamNoAnswer): Promise<GraphError> {
    this.metrics.sendRecovery.inc({ outcome: 'no_answer' });
    await this.repository.markOutcomeUnknown(id);
    return new GraphError(ErrorCode.SendFailure, error.message, {
      status: 500,
      data: {
        details: `${String(error.options.data?.details)}; the message may have been sent: retry with the same Idempotency-Key to learn its outcome`,
        reason: 'send_outcome_unknown',
        message_id: id,
      },
    });
  }

  /** One message of this phone number and organization, by its id or its upstream id (wamid). */
  async get(tenantId: string, phoneNumberId: string, messageId: string): Promise<MessageRecordDto> {
    const byUpstreamId = messageId.startsWith('wamid.');
    if (!byUpstreamId && !isUUID(messageId)) throw notFound(messageId);
    const record = await this.repository.record(
      tenantId,
      phoneNumberId,
      byUpstreamId ? { wamid: messageId } : { id: messageId },
    );
    if (!record) throw notFound(messageId);
    const statuses = record.upstreamMessageId
      ? await this.repository.statusHistory(tenantId, record.upstreamMessageId)
      : [];
    return toMessageRecord(record, statuses);
  }

  /** Messages of a phone number, newest first, filtered by recipient, status and time. */
  async list(
    tenantId: string,
    phoneNumberId: string,
    query: ListMessagesQueryDto,
    nextUrl: (after: string) => string,
  ): Promise<Page<MessageRecordDto>> {
    const rows = await this.repository.records(
      tenantId,
      phoneNumberId,
      {
        recipient: query.recipient ? normalizeRecipient(query.recipient, 'recipient') : undefined,
        status: query.status,
        errorCode: query.error_code,
        idempotencyKey: query.idempotency_key,
        outcomeUnknown: query.outcome === 'unknown',
        since: query.since,
        until: query.until,
      },
      decodeCursor(query.after),
      query.limit + 1,
    );
    return toPage(
      rows,
      query.limit,
      (m) => ({ at: m.createdAt.toISOString(), id: m.id }),
      (m) => toMessageRecord(m, null),
      nextUrl,
    );
  }

  /** Counts by status and the top error codes of the records created in the last `hours`. */
  async statistics(tenantId: string, hours: number, phoneNumberIds: string[] | null): Promise<MessageStatisticsDto> {
    const since = new Date(Date.now() - hours * 3_600_000);
    const { byStatus, errors } = await this.repository.statistics(tenantId, since, phoneNumberIds, TOP_ERRORS);
    return {
      since: since.toISOString(),
      by_status: Object.fromEntries(byStatus.map((row) => [row.status, row.count])),
      top_errors: errors.map((row) => ({ ...row, title: metaErrorCode(row.code)?.title ?? 'Unknown error code' })),
    };
  }

  /**
   * The send-time template rules, against the catalog, before anything is written or sent: an
   * APPROVED template of that name (or group) and language (132001), parameters in its style
   * (132012) and number (132000), buttons by their index in the template. A send by group goes
   * upstream with the chosen member's name.
   */
  private async checkTemplate(ctx: SendContext, reference: TemplateReference): Promise<TemplateReference> {
    const template = await this.templates.findForSend(ctx.phone.businessAccountId, {
      name: reference.name,
      groupName: reference.group_name,
      language: reference.language.code,
    });
    checkTemplateSend(template, reference);
    if (reference.group_name === undefined) return reference;
    const { group_name: _group, ...rest } = reference;
    return { ...rest, name: template.name };
  }

  /**
   * The records of a batch of broadcast recipients' tries, written in one statement before their
   * turns (at a number's 80/s a record each would be a commit each: nothing else arrives to share
   * it). Each try's key (`broadcast:<id>:<seq>:<try>`) is unique among broadcast records: a try
   * whose record exists already (another instance's, or this one's before a restart) is not written
   * again, and answers `written: false` with that record's id — it must not be sent. A written record
   * is pending until its send (`sendBroadcastTry`), or taken back (`discardBroadcastTry`) if its
   * turn never comes; one left pending by a crash has an unknown outcome like any send's.
   */
  async writeBroadcastTries(
    phoneNumberId: string,
    tries: Array<{
      tenantId: string;
      apiKeyId: string;
      broadcastId: string;
      idempotencyKey: string;
      recipient: string;
      template: Record<string, unknown>;
    }>,
  ): Promise<Array<{ messageId: string; written: boolean; payload: Record<string, unknown> }>> {
    if (tries.length === 0) return [];
    const prepared = tries.map((attempt) => {
      const payload = {
        messaging_product: 'whatsapp',
        to: attempt.recipient,
        type: 'template',
        template: attempt.template,
      };
      const record: PendingRecord = {
        id: randomUUID(),
        tenantId: attempt.tenantId,
        phoneNumberId,
        apiKeyId: attempt.apiKeyId,
        recipient: attempt.recipient,
        type: 'template',
        payload: JSON.stringify(payload),
        idempotencyKey: attempt.idempotencyKey,
        broadcastId: attempt.broadcastId,
      };
      return { record, payload };
    });
    const written = await this.repository.insertBroadcastTries(prepared.map((p) => p.record));
    const existing = prepared.filter((_, i) => !written[i]).map((p) => p.record.idempotencyKey!);
    const earlier = existing.length ? await this.repository.broadcastTries(existing) : new Map<string, string>();
    return prepared.map((p, i) => ({
      messageId: written[i] ? p.record.id : earlier.get(p.record.idempotencyKey!)!,
      written: written[i],
      payload: p.payload,
    }));
  }

  /** A written try whose turn did not come (the broadcast paused, the pair rule, the messaging limit): gone again. */
  async discardBroadcastTries(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.repository.discardBroadcastTries(ids);
  }

  /**
   * A written broadcast try's send, in the turn its dispatcher took for it (`turnAt`, this process's
   * clock). Meta's refusals for its pace or for spam take the record back (nothing was sent) and say
   * so; any other outcome is the record's (accepted, failed, or pending with its outcome unknown).
   */
  async sendBroadcastTry(
    ctx: SendContext,
    attempt: { messageId: string; recipient: string; payload: Record<string, unknown> },
    turnAt: number,
  ): Promise<BroadcastSendOutcome> {
    const token = await this.tenancy.accessToken(ctx.phone.businessAccountId);
    const wait = turnAt - Date.now();
    if (wait > 0) await sleep(wait);
    // Woken late (a stalled process): a new turn rather than a send bunched up with the next ones.
    else if (-wait > LATE_TURN_MS)
      await this.pace.waitForTurn(ctx.phone, attempt.recipient, {
        businessInitiated: false,
        maxWaitMs: 60_000,
        counted: true,
      });
    const id = attempt.messageId;
    try {
      const result = await this.graph.sendMessage(ctx.phone.phoneNumberId, token, {
        ...attempt.payload,
        biz_opaque_callback_data: tagCallbackData(id, undefined),
      });
      const upstreamId = result.messages?.[0]?.id;
      if (!upstreamId) {
        await this.recordFailure(
          id,
          new GraphError(ErrorCode.SendFailure, 'Upstream request failed', {
            status: 500,
            data: { details: 'upstream accepted the send without a message id' },
          }),
        );
      } else await this.broadcastAcceptances.submit({ id, upstreamId });
    } catch (error) {
      if (error instanceof UpstreamNoAnswer) await this.outcomeUnknown(id, error);
      else if (error instanceof GraphError && (PACE_REFUSALS.has(error.code) || error.code === 131048)) {
        if (PACE_REFUSALS.has(error.code)) await this.pace.slowDown(ctx.phone, error.code);
        await this.discardPending(id);
        return { kind: 'refused', code: error.code };
      } else await this.recordFailure(id, error);
    }
    return { kind: 'recorded', messageId: id };
  }

  /**
   * The statuses of a broadcast's current records, `ids` (its recipients' latest tries: a try sent
   * again replaces the one before), for its counts. Records whose outcome stayed unknown are left
   * out: the broadcast sends those recipients again, and their next try's record counts.
   */
  async broadcastStatusCounts(broadcastId: string, ids: string[]): Promise<Record<string, number>> {
    if (ids.length === 0) return {};
    return this.repository.broadcastStatusCounts(broadcastId, ids);
  }

  /** A broadcast's records in one of `statuses` (failed ones with their error), and whether their outcome stayed unknown. */
  async broadcastRecords(
    broadcastId: string,
    statuses: string[],
  ): Promise<Array<{ id: string; status: string; error: Record<string, unknown> | null; unknown: boolean }>> {
    return this.repository.broadcastRecords(broadcastId, statuses);
  }

  /** Records by id, as a broadcast's recipient list shows them: status, wamid, error. */
  async recordsByIds(
    ids: string[],
  ): Promise<
    Map<string, { status: string; wamid: string | null; error: Record<string, unknown> | null; unknown: boolean }>
  > {
    if (ids.length === 0) return new Map();
    const rows = await this.repository.recordStates(ids);
    return new Map(
      rows.map((row) => [
        row.id,
        { status: row.status, wamid: row.upstream_message_id, error: row.error, unknown: row.unknown },
      ]),
    );
  }

  private async accept(batch: Array<{ id: string; upstreamId: string }>): Promise<void[]> {
    await this.repository.accept(batch);
    return batch.map(() => undefined);
  }

  /** A pending record whose send never went (its turn was refused): gone, as if never written. */
  private async discardPending(id: string): Promise<void> {
    await this.repository.discardPending(id);
  }

  private async recordFailure(id: string, error: unknown): Promise<void> {
    const graph = error instanceof GraphError ? error : undefined;
    await this.repository.fail(id, {
      code: graph?.code ?? ErrorCode.SendFailure,
      message: graph?.message ?? 'Upstream request failed',
      ...(graph?.options.subcode !== undefined && { error_subcode: graph.options.subcode }),
      ...(graph?.options.data !== undefined && { error_data: graph.options.data }),
    });
  }
}

function notFound(messageId: string): GraphError {
  return GraphError.notFound(`Message ${messageId} does not exist`);
}
