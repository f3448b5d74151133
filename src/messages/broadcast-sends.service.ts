import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { GraphError } from '../core/graph-error';
import { NumberPaceService } from '../pacing/number-pace.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { UpstreamNoAnswer } from '../upstream/graph-transport';
import { SpendingLimits } from '../usage/spending-limits.service';
import { tagBroadcastCallbackData } from './callback-data';
import { MessagesRepository, type PendingRecord } from './messages.repository';
import { MessagesUpstream } from './messages.upstream';
import { PACE_REFUSALS, type SendContext } from './send-message.use-case';
import { SendRecords } from './send-records';

/** A broadcast send woken this long after its turn takes a new one (the process stalled). */
const LATE_TURN_MS = 25;

/** What became of a broadcast recipient's send (`sendBroadcastTry`). */
export type BroadcastSendOutcome =
  /**
   * A record was written for this try: its status says the rest (accepted, failed, or pending with an unknown
   * outcome).
   */
  | { kind: 'recorded'; messageId: string }
  /** Meta refused it for its pace (130429, 131056), or for spam (131048): nothing was sent, no record is left. */
  | { kind: 'refused'; code: number };

/** Meta's error codes after which a failed broadcast send may be tried again (throttling, transient). */
export const RETRYABLE_SEND_CODES = new Set([
  1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131049, 131056, 131057, 133004,
]);

/**
 * The message records of broadcasts (the broadcasts folder's dispatcher and counts ask here): each
 * recipient's try written before its turn, its send in that turn, and the records' states for the
 * broadcast's counts and recipient list. Each send is an ordinary message record (`broadcast_id`).
 */
@Injectable()
export class BroadcastSendsService {
  constructor(
    private readonly records: SendRecords,
    private readonly repository: MessagesRepository,
    private readonly graph: MessagesUpstream,
    private readonly tenancy: TenancyService,
    private readonly pace: NumberPaceService,
    private readonly spending: SpendingLimits,
  ) {}

  /**
   * The records of a batch of broadcast recipients' tries, written in one statement before their
   * turns (at a number's 80/s a record each would be a commit each: nothing else arrives to share
   * it). Each try's key (`broadcast:<id>:<seq>:<try>`) is unique among broadcast records: a try
   * whose record exists already (another instance's, or this one's before a restart) is not written
   * again, and answers `written: false` with that record's id — it must not be sent. A written record
   * is pending until its send (`sendBroadcastTry`), or taken back (`discardBroadcastTries`) if its
   * turn never comes; one left pending by a crash has an unknown outcome like any send's. A try whose
   * record existed at the insert and was gone at the lookup (its writer gave it back in between)
   * answers `written: false` with no id: nothing was sent, and its recipient goes again.
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
  ): Promise<Array<{ messageId: string | null; written: boolean; payload: Record<string, unknown> }>> {
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
      messageId: written[i] ? p.record.id : (earlier.get(p.record.idempotencyKey!) ?? null),
      written: written[i],
      payload: p.payload,
    }));
  }

  /**
   * Written tries of `tenantId`'s broadcasts whose turn did not come (the broadcast paused, the pair
   * rule, the messaging limit, the spending limit): gone again, with their reservations.
   */
  async discardBroadcastTries(tenantId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.repository.discardBroadcastTries(ids);
    await this.spending.release(tenantId, ids);
  }

  /**
   * A written broadcast try's send, in the turn its dispatcher took for it (`turnAt`, this process's
   * clock). Meta's refusals for its pace or for spam take the record back (nothing was sent) and say
   * so; any other outcome is the record's (accepted, failed, or pending with its outcome unknown).
   */
  async sendBroadcastTry(
    ctx: SendContext,
    attempt: { messageId: string; broadcastId: string; recipient: string; payload: Record<string, unknown> },
    turnAt: number,
  ): Promise<BroadcastSendOutcome> {
    const id = attempt.messageId;
    let token: string;
    try {
      token = await this.tenancy.accessToken(ctx.phone.businessAccountId);
      const wait = turnAt - Date.now();
      if (wait > 0) await sleep(wait);
      // Woken late (a stalled process): a new turn rather than a send bunched up with the next ones.
      else if (-wait > LATE_TURN_MS)
        await this.pace.waitForTurn(ctx.phone, attempt.recipient, {
          businessInitiated: false,
          maxWaitMs: 60_000,
          counted: true,
        });
    } catch (error) {
      // Nothing went upstream: the try is taken back, so that the recipient's next claim writes it
      // again rather than finding a pending record nobody sends (left until the sweeper's timeout).
      await this.discardBroadcastTries(ctx.tenantId, [id]);
      throw error;
    }
    try {
      const result = await this.graph.sendMessage(ctx.phone.phoneNumberId, token, {
        ...attempt.payload,
        biz_opaque_callback_data: tagBroadcastCallbackData(id, attempt.broadcastId),
      });
      const upstreamId = result.messages?.[0]?.id;
      if (!upstreamId) await this.records.noMessageId(id);
      else await this.records.acceptLingering(id, upstreamId);
    } catch (error) {
      // Not sent, its reservation goes back (one that may have reached Meta stays, for its statuses).
      if (error instanceof UpstreamNoAnswer) await this.records.outcomeUnknown(id, error);
      else if (error instanceof GraphError && (PACE_REFUSALS.has(error.code) || error.code === 131048)) {
        if (PACE_REFUSALS.has(error.code)) await this.pace.slowDown(ctx.phone, error.code);
        await this.records.discardPending(id);
        await this.spending.release(ctx.tenantId, [id]);
        return { kind: 'refused', code: error.code };
      } else {
        await this.records.recordFailure(id, error);
        await this.spending.release(ctx.tenantId, [id]);
      }
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

  /**
   * A broadcast's records in one of `statuses` (failed ones with their error), and whether their outcome stayed
   * unknown.
   */
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
}
