import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { MessagesRepository } from './messages.repository';
import { SendRecords } from './send-records';

/**
 * Past the upstream timeout, a send still pending is no longer waiting for an answer; this allows
 * for the writes around the call (a record accepted after being marked only keeps the mark).
 */
const PENDING_GRACE_MS = 2_000;
/** Records failed per statement (the rest on the next tick). */
const BATCH = 1_000;

/**
 * No orphan records. Every SEND_SWEEP_INTERVAL_MS, on one instance at a time (the job engine's
 * periodic jobs), sends still `pending` past the upstream timeout are marked outcome unknown (the
 * instance that made them died, or its accept write failed): their status webhooks, which carry the
 * record's id, will reconcile them. Those still pending SEND_OUTCOME_TIMEOUT_SECONDS after they were
 * written are failed with reason `outcome_unknown`, and a retry with their Idempotency-Key may send.
 */
@Injectable()
export class SendOutcomeSweeper implements OnModuleInit {
  private readonly logger = new Logger('SendOutcomeSweeper');
  private readonly intervalMs: number;
  private readonly unknownAfterMs: number;
  private readonly failAfterMs: number;

  constructor(
    private readonly jobs: PeriodicJobs,
    private readonly repository: MessagesRepository,
    private readonly records: SendRecords,
    config: ConfigService<Environment, true>,
  ) {
    this.intervalMs = config.get('SEND_SWEEP_INTERVAL_MS', { infer: true });
    this.unknownAfterMs = config.get('UPSTREAM_TIMEOUT_MS', { infer: true }) + PENDING_GRACE_MS;
    this.failAfterMs = config.get('SEND_OUTCOME_TIMEOUT_SECONDS', { infer: true }) * 1000;
  }

  onModuleInit(): void {
    this.jobs.every('send-outcome-sweep', this.intervalMs, async () => {
      await this.sweep();
    });
  }

  /** One pass; what it marked and failed. */
  async sweep(): Promise<{ unknown: number; failed: number }> {
    const unknown = await this.repository.markStale(this.unknownAfterMs / 1000, BATCH);
    const expired = await this.repository.expired(this.failAfterMs / 1000, BATCH);
    const failed = expired.length ? await this.records.failUnknown(expired) : [];
    if (unknown.length || failed.length) {
      this.logger.warn(
        `sends with an unknown outcome: ${unknown.length} marked, ${failed.length} failed (outcome_unknown)`,
      );
    }
    return { unknown: unknown.length, failed: failed.length };
  }
}
