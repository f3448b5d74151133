import { Injectable } from '@nestjs/common';
import { GroupCommit } from '../database/group-commit';
import { ErrorCode, GraphError } from '../core/graph-error';
import { MetricsService } from '../metrics/metrics.service';
import type { UpstreamNoAnswer } from '../upstream/graph-transport';
import { MessagesRepository, type PendingRecord } from './messages.repository';

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

/**
 * A send's record, from its write to its end, for the API's sends (send-message.use-case.ts) and the
 * broadcasts' (broadcast-sends.service.ts) alike: the pending record written before upstream is
 * called, then accepted with Meta's id, failed with Meta's error, taken back when nothing was sent, or
 * left pending with its outcome unknown when Meta did not answer.
 */
@Injectable()
export class SendRecords {
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
    (accepted) => this.acceptBatch(accepted),
    256,
    SEND_WRITE_CONCURRENCY,
  );

  /**
   * A broadcast send's acceptance: nobody waits on it (the dispatcher goes on to the next turn), so
   * acceptances linger up to 200 ms (or until 64 wait) and go as one UPDATE; at a number's 80/s, one
   * statement for about sixteen sends instead of one each.
   */
  private readonly lingeringAcceptances = new GroupCommit<{ id: string; upstreamId: string }, void>(
    (accepted) => this.acceptBatch(accepted),
    256,
    2,
    200,
    64,
  );

  constructor(
    private readonly repository: MessagesRepository,
    private readonly metrics: MetricsService,
  ) {}

  /** Writes a pending record (with others arriving together); the user's last inbound time when asked for. */
  writePending(record: PendingRecord): Promise<Date | null> {
    return this.pendingWrites.submit(record);
  }

  /** Meta's id for the record: it is accepted (the caller waits for the write). */
  accept(id: string, upstreamId: string): Promise<void> {
    return this.acceptances.submit({ id, upstreamId });
  }

  /** The same, written with the acceptances of the next 200 ms (a broadcast's: nobody waits on it). */
  acceptLingering(id: string, upstreamId: string): Promise<void> {
    return this.lingeringAcceptances.submit({ id, upstreamId });
  }

  /** A pending record whose send never went (its turn was refused): gone, as if never written. */
  async discardPending(id: string): Promise<void> {
    await this.repository.discardPending(id);
  }

  /** The record failed with this error (Meta's, or the gateway's for anything else). */
  async recordFailure(id: string, error: unknown): Promise<void> {
    const graph = error instanceof GraphError ? error : undefined;
    await this.repository.fail(id, {
      code: graph?.code ?? ErrorCode.SendFailure,
      message: graph?.message ?? 'Upstream request failed',
      ...(graph?.options.subcode !== undefined && { error_subcode: graph.options.subcode }),
      ...(graph?.options.data !== undefined && { error_data: graph.options.data }),
    });
  }

  /** Meta accepted the send without a message id: the record fails with the error the caller gets. */
  async noMessageId(id: string): Promise<GraphError> {
    const error = new GraphError(ErrorCode.SendFailure, 'Upstream request failed', {
      status: 500,
      data: { details: 'upstream accepted the send without a message id' },
    });
    await this.recordFailure(id, error);
    return error;
  }

  /**
   * Upstream got the send and did not answer: it may have been sent. The record stays pending, its
   * outcome marked unknown, for its status webhooks to settle; the caller gets a retryable 500.
   */
  async outcomeUnknown(id: string, error: UpstreamNoAnswer): Promise<GraphError> {
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

  /**
   * Pending records whose outcome stayed unknown past SEND_OUTCOME_TIMEOUT_SECONDS become `failed`
   * (reason `outcome_unknown`); the ids actually failed (a record reconciled meanwhile is left).
   */
  async failUnknown(ids: string[]): Promise<string[]> {
    const failed = await this.repository.failUnknown(ids, OUTCOME_UNKNOWN_ERROR);
    this.metrics.sendRecovery.inc({ outcome: 'failed' }, failed.length);
    return failed;
  }

  private async acceptBatch(batch: Array<{ id: string; upstreamId: string }>): Promise<void[]> {
    await this.repository.accept(batch);
    return batch.map(() => undefined);
  }
}
