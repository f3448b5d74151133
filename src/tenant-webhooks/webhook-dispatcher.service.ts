import { MODE_HEADER, modeOfBody } from './delivery-mode';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { SecretBox } from '../common/secret-box';
import { deadline } from '../core/deadline';
import type { Environment } from '../config/environment';
import { MetricsService } from '../metrics/metrics.service';
import { GroupCommit } from '../database/group-commit';
import { PeriodicJobs } from '../jobs/periodic-jobs';
import { DeliveryJob, DeliveryQueue } from './delivery-queue';
import { leaseMsOf, type DeliveryRow, type LeasedDelivery } from './delivery-row';
import { nextRetryDelayMs, type RetryPolicy } from './retry-schedule';
import type { WebhookAttempt } from './webhook-delivery.entity';
import { TenantWebhooksRepository } from './tenant-webhooks.repository';
import { signedHeaders } from './webhook-signing';
import { guardedLookup, webhookUrlProblem, type UrlPolicy } from './webhook-url-policy';

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

/** The end of a delivery, as the batched write takes it. */
interface Finish {
  id: string;
  status: 'delivered' | 'failed';
  outcome: AttemptOutcome;
  attempted: boolean;
}

/** Bytes of a response body kept as the error of a failed attempt. */
const ERROR_BODY_BYTES = 200;
/**
 * A delivery written leased is sent without taking its lease anew only while the lease has at least
 * this long left beyond an attempt's timeout.
 */
const LEASE_MARGIN_MS = 1_000;
/** Claims wait this long for company when none is being written (GroupCommit's linger). */
const CLAIM_LINGER_MS = 10;
/**
 * Ends of attempts wait this long for company: nobody waits on them (the tenant has its answer, the
 * row stays leased meanwhile, for the attempt timeout and more), so at low rates they can gather many
 * more per statement than claims: about 60 a statement at 100 messages/s (docs/performance.md).
 */
const FINISH_LINGER_MS = 200;
/**
 * An attempt's end that could not be written (a connection lost, a statement timed out) is tried
 * again after these pauses before it is left to the sweep: a lost end means the tenant receives the
 * event a second time once the lease has passed.
 */
const FINISH_RETRY_MS = [250, 1_000, 3_000];

/**
 * Attempts deliveries: at-least-once, each attempt signed and bounded by WEBHOOK_ATTEMPT_TIMEOUT_MS,
 * retried with exponential backoff and jitter until delivered or until the retry window is spent
 * (then `failed`, kept for manual redelivery).
 *
 * - No two attempts of a delivery at once, across instances: an attempt first takes the row's lease
 *   (`locked_until`, longer than the attempt timeout) with a conditional UPDATE.
 * - 2xx delivers; 410 Gone disables the endpoint (its pending deliveries fail); anything else,
 *   a timeout or a refused connection is retried.
 * - An endpoint that keeps failing is slowed, not allowed to hold up others: after
 *   WEBHOOK_ENDPOINT_FAILURE_THRESHOLD failures in a row it is paused, and while paused its
 *   deliveries wait without attempting, except one probe per pause; a success ends the pause.
 * - The sweep: every WEBHOOK_SWEEP_INTERVAL_MS one instance (a periodic job) queues again the pending
 *   deliveries that are overdue and not leased (a job the engine lost, an instance killed mid-attempt), and
 *   deletes delivered and failed deliveries past the retention (skipping rows locked just then).
 * - Lock order: see TenantWebhooksRepository (every statement is there).
 */
@Injectable()
export class WebhookDispatcher implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDispatcher');
  private readonly agent: Agent;
  private readonly policy: RetryPolicy;
  private readonly urlPolicy: UrlPolicy;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly failureThreshold: number;
  private readonly sweepIntervalMs: number;
  private closed = false;
  /**
   * The attempts that start together take their leases in one statement, and the deliveries that
   * end together are written in one (group commit, as the ingestion does): a delivery's database
   * work is one share of two statements, not four round trips.
   */
  private readonly claims = new GroupCommit<string, DeliveryRow | undefined>(
    (ids) => this.claimDue(ids),
    256,
    2,
    CLAIM_LINGER_MS,
  );
  private readonly finishes = new GroupCommit<Finish, void>(
    (items) => this.writeFinishes(items),
    256,
    2,
    FINISH_LINGER_MS,
  );

  constructor(
    private readonly repository: TenantWebhooksRepository,
    private readonly queue: DeliveryQueue,
    private readonly jobs: PeriodicJobs,
    private readonly secretBox: SecretBox,
    private readonly metrics: MetricsService,
    adapterHost: HttpAdapterHost,
    config: ConfigService<Environment, true>,
  ) {
    this.timeoutMs = config.get('WEBHOOK_ATTEMPT_TIMEOUT_MS', { infer: true });
    this.leaseMs = leaseMsOf(this.timeoutMs);
    this.failureThreshold = config.get('WEBHOOK_ENDPOINT_FAILURE_THRESHOLD', { infer: true });
    this.sweepIntervalMs = config.get('WEBHOOK_SWEEP_INTERVAL_MS', { infer: true });
    this.policy = {
      baseDelayMs: config.get('WEBHOOK_RETRY_BASE_MS', { infer: true }),
      maxDelayMs: config.get('WEBHOOK_RETRY_MAX_DELAY_MS', { infer: true }),
      windowMs: config.get('WEBHOOK_RETRY_WINDOW_SECONDS', { infer: true }) * 1000,
      jitter: 0.2,
    };
    this.urlPolicy = webhookUrlPolicy(config, adapterHost);
    this.agent = new Agent({
      connections: 16,
      keepAliveTimeout: 10_000,
      connect: { timeout: Math.min(this.timeoutMs, 5_000), lookup: guardedLookup(this.urlPolicy) },
    });
  }

  get urlRules(): UrlPolicy {
    return this.urlPolicy;
  }

  /**
   * The pooled client of deliveries (its resolver refuses what the URL rules refuse); the callback handshake uses
   * it too.
   */
  get httpAgent(): Agent {
    return this.agent;
  }

  /** The sweep is a periodic job of the job engine: one instance a tick. */
  onModuleInit(): void {
    this.jobs.every('webhook-sweep', this.sweepIntervalMs, () => this.sweep());
  }

  onApplicationBootstrap(): void {
    this.queue.process((job) => (job.carried ? this.attemptLeased(job.carried) : this.attempt(job.deliveryId)));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.agent.close().catch(() => undefined);
  }

  /** Runs one attempt of a delivery if it is due and no one else is attempting it. */
  async attempt(deliveryId: string): Promise<void> {
    if (this.closed) return;
    // The usual case in one step: due, not leased, endpoint active and healthy; lease taken.
    const due = await this.claims.submit(deliveryId);
    if (due) {
      const outcome = await this.send(due);
      await this.record(due, outcome);
      return;
    }
    // Anything else (not pending, leased, early, a disabled or slowed endpoint) the long way.
    const row = await this.load(deliveryId);
    if (!row || row.status !== 'pending') return;
    if (row.endpoint_status !== 'active') {
      await this.finish(
        row,
        'failed',
        { ok: false, statusCode: null, error: 'endpoint disabled', latencyMs: 0 },
        false,
      );
      return;
    }
    const now = row.now.getTime();
    // A job that came early (its delivery was postponed or rescheduled since): back to the queue.
    if (row.next_attempt_at && row.next_attempt_at.getTime() > now + 50) {
      await this.schedule(row, row.next_attempt_at.getTime() - now);
      return;
    }
    if (row.consecutive_failures >= this.failureThreshold && !(await this.takeProbe(row))) return;
    const claimed = await this.claim(row.id);
    if (!claimed) return;
    const outcome = await this.send(row);
    await this.record(row, outcome);
  }

  /**
   * The first attempt of a delivery the outbox wrote leased to this instance: sent as it came, with
   * no read and no claim. If it waited so long that its lease could pass during the attempt, the lease
   * is first taken anew, and only if no one else has taken it since.
   */
  async attemptLeased(row: LeasedDelivery): Promise<void> {
    if (this.closed) return;
    if (performance.now() + this.timeoutMs + LEASE_MARGIN_MS > row.leaseTakenAt + this.leaseMs) {
      if (!(await this.repository.renewLease(row.id, row.locked_until, this.leaseMs / 1000))) return;
    }
    const outcome = await this.send(row);
    await this.record(row, outcome);
  }

  /** Attempts a delivery once, now, and records it (test events; nothing is retried). */
  async attemptOnce(deliveryId: string): Promise<void> {
    const row = await this.load(deliveryId);
    if (!row || !(await this.claim(row.id))) return;
    const outcome = await this.send(row);
    await this.record({ ...row, is_test: true }, outcome);
  }

  /** Queues the attempt of deliveries made pending again (redelivery, re-enabled endpoint). */
  async requeue(rows: Array<{ id: string; attempts: number }>): Promise<void> {
    await this.queue.enqueue(rows.map((row) => ({ deliveryId: row.id, attempts: row.attempts, delayMs: 0 })));
  }

  /** One pass of the sweep (also called by tests). */
  async sweep(): Promise<void> {
    const due = await this.repository.overdue(Math.min(this.sweepIntervalMs, 5_000) / 1000, 1000);
    if (due.length > 0)
      await this.queue.enqueue(due.map((row) => ({ deliveryId: row.id, attempts: row.attempts, delayMs: 0 })));
  }

  private load(deliveryId: string): Promise<DeliveryRow | undefined> {
    return this.repository.attemptRow(deliveryId);
  }

  /**
   * Takes the lease of each delivery that is pending, due (or at most 50 ms early), not leased, of
   * an active endpoint below the failure threshold; the rows of those taken. The others are left
   * to `attempt`'s long way, which decides each case.
   */
  private async claimDue(ids: string[]): Promise<Array<DeliveryRow | undefined>> {
    const rows = await this.repository.claimDue(ids, this.leaseMs / 1000, this.failureThreshold);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // One lease, one attempt: a delivery submitted twice in one batch (two sweeps queuing it at
    // once) is claimed by its first submission only; the other finds it leased, as it would have in
    // a batch of its own. Handing the row to both sent the tenant the event twice.
    return ids.map((id) => {
      const row = byId.get(id);
      byId.delete(id);
      return row;
    });
  }

  private async writeFinishes(items: Finish[]): Promise<void[]> {
    await this.repository.finish(
      items.map(({ id, status, outcome, attempted }) => ({
        id,
        status,
        statusCode: outcome.statusCode,
        error: outcome.error,
        attempt: toAttempt(outcome),
        attempted,
      })),
    );
    return items.map(() => undefined);
  }

  /** Takes the lease of a pending delivery; false when another attempt holds it. */
  private claim(deliveryId: string): Promise<boolean> {
    return this.repository.claim(deliveryId, this.leaseMs / 1000);
  }

  /**
   * A paused endpoint gets one attempt per pause: the first delivery to find the pause over takes
   * it (moving the pause on by a probe's length); the others wait for the pause's end.
   */
  private async takeProbe(row: DeliveryRow): Promise<boolean> {
    const pause = this.pauseMs(row.consecutive_failures);
    const probe = await this.repository.takeProbe(row.endpoint_id, Math.max(pause, this.leaseMs) / 1000);
    if (probe.taken) return true;
    const waitMs = probe.leftMs + Math.round(Math.random() * 1000);
    await this.repository.postpone(row.id, waitMs / 1000);
    await this.schedule(row, waitMs);
    return false;
  }

  private pauseMs(consecutiveFailures: number): number {
    return Math.min(
      this.policy.baseDelayMs * 2 ** Math.min(Math.max(consecutiveFailures - this.failureThreshold, 0), 30),
      this.policy.maxDelayMs,
    );
  }

  private async send(
    row: Pick<DeliveryRow, 'id' | 'url' | 'secret_encrypted' | 'previous_secret_encrypted' | 'body'>,
  ): Promise<AttemptOutcome> {
    const { id, url, body } = row;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const problem = await webhookUrlProblem(url, this.urlPolicy);
    if (problem) return { ok: false, statusCode: null, error: `URL refused: ${problem}`, latencyMs: elapsed() };
    const timeout = deadline(this.timeoutMs);
    try {
      const response = await request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'whatsapp-gateway-webhooks/1',
          [MODE_HEADER]: modeOfBody(body),
          ...signedHeaders(
            this.secretBox.decrypt(row.secret_encrypted),
            id,
            Math.floor(Date.now() / 1000),
            body,
            row.previous_secret_encrypted === null ? undefined : this.secretBox.decrypt(row.previous_secret_encrypted),
          ),
        },
        body,
        dispatcher: this.agent,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: timeout.signal,
      });
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      const text = ok ? (await response.body.dump(), '') : (await response.body.text()).slice(0, ERROR_BODY_BYTES);
      return {
        ok,
        statusCode: response.statusCode,
        error: ok ? null : `HTTP ${response.statusCode}${text ? `: ${text}` : ''}`,
        latencyMs: elapsed(),
      };
    } catch (error) {
      return { ok: false, statusCode: null, error: describeError(error, this.timeoutMs), latencyMs: elapsed() };
    } finally {
      timeout.clear();
    }
  }

  /** Writes the attempt's outcome and what follows from it: delivered, retried later, or failed. */
  private async record(row: DeliveryRow, outcome: AttemptOutcome): Promise<void> {
    if (outcome.ok) {
      this.metrics.tenantDeliveries.inc({ outcome: 'delivered' });
      if (!row.is_test) this.metrics.deliveryLag.observe((Date.now() - row.created_at.getTime()) / 1000);
      await this.finish(row, 'delivered', outcome, true);
      // A success ends a run of failures (the row says whether there was one: no write otherwise).
      if (row.consecutive_failures !== 0 || row.paused_until !== null) {
        await this.repository.endpointRecovered(row.endpoint_id);
      }
      return;
    }
    // No URL in the line: a tenant's URL may carry its own token.
    this.logger.warn(
      `tenant webhook delivery ${row.id} to endpoint ${row.endpoint_id} failed (retries so far: ${row.retry_count}): ${outcome.error ?? 'no error text'}`,
    );
    if (outcome.statusCode === 410) {
      this.metrics.tenantDeliveries.inc({ outcome: 'gone' });
      await this.finish(row, 'failed', outcome, true);
      await this.disableEndpoint(row.endpoint_id, 'the endpoint answered 410 Gone');
      return;
    }
    await this.repository.endpointFailed(
      row.endpoint_id,
      this.failureThreshold,
      this.pauseMs(row.consecutive_failures + 1) / 1000,
    );
    const elapsedMs = row.now.getTime() - row.retry_started_at.getTime();
    const delayMs = row.is_test ? null : nextRetryDelayMs(this.policy, row.retry_count + 1, elapsedMs);
    this.metrics.tenantDeliveries.inc({ outcome: delayMs === null ? 'failed' : 'retry' });
    if (delayMs === null) {
      await this.finish(row, 'failed', outcome, true);
      return;
    }
    const attempts = await this.repository.retryLater(row.id, delayMs / 1000, {
      statusCode: outcome.statusCode,
      error: outcome.error,
      attempt: toAttempt(outcome),
    });
    if (attempts !== undefined) await this.schedule({ id: row.id, attempts }, delayMs);
  }

  private finish(
    row: Pick<DeliveryRow, 'id'>,
    status: 'delivered' | 'failed',
    outcome: AttemptOutcome,
    attempted: boolean,
  ): Promise<void> {
    return this.finishes.submit({ id: row.id, status, outcome, attempted }).catch(async (error: Error) => {
      for (const pauseMs of FINISH_RETRY_MS) {
        this.logger.warn(`delivery ${row.id}: its end was not written (${error.message}); trying again`);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        if (this.closed) break;
        try {
          return await this.finishes.submit({ id: row.id, status, outcome, attempted });
        } catch (again) {
          error = again as Error;
        }
      }
      throw error;
    });
  }

  /** Disables an endpoint; its pending deliveries fail (they can be redelivered once it is enabled again). */
  async disableEndpoint(endpointId: string, reason: string): Promise<void> {
    this.logger.warn(`tenant webhook endpoint ${endpointId} turned off: ${reason}`);
    await this.repository.disableEndpoint(endpointId, reason);
  }

  private async schedule(row: { id: string; attempts: number }, delayMs: number): Promise<void> {
    const job: DeliveryJob = { deliveryId: row.id, attempts: row.attempts, delayMs };
    // A job the engine does not take now is found by the sweep once it is due.
    await this.queue
      .enqueue([job])
      .catch((error: Error) => this.logger.warn(`delivery ${row.id} left to the sweep: ${error.message}`));
  }
}

function toAttempt(outcome: AttemptOutcome): WebhookAttempt {
  return {
    at: new Date().toISOString(),
    status_code: outcome.statusCode,
    error: outcome.error,
    latency_ms: outcome.latencyMs,
  };
}

/** A failed attempt in words: a timeout, or the connection's error (never the URL: it may carry a token). */
export function describeError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || /timeout/i.test(err.code ?? ''))
    return `no answer within ${timeoutMs} ms`;
  const code = err.code ?? err.cause?.code;
  const message = err.cause?.message ?? err.message ?? String(error);
  return `connection failed${code ? ` (${code})` : ''}: ${message}`.slice(0, 300);
}

/** The URL rules in force: WEBHOOK_ALLOW_PRIVATE_URLS and the gateway's own port. */
export function webhookUrlPolicy(config: ConfigService<Environment, true>, adapterHost: HttpAdapterHost): UrlPolicy {
  return {
    allowPrivate: config.get('WEBHOOK_ALLOW_PRIVATE_URLS', { infer: true }) ?? false,
    ownPort: () => {
      const address = (
        adapterHost.httpAdapter?.getHttpServer() as { address?: () => AddressInfo | string | null } | undefined
      )?.address?.();
      return address && typeof address === 'object' ? address.port : undefined;
    },
  };
}
