import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';
import type { ComposedStatement } from '../database/composed-statement';
import { TenancyService } from '../tenancy/tenancy.service';
import { DeliveryQueue } from './delivery-queue';
import { testEnvelope } from './delivery-mode';
import { leaseMsOf, type DeliveryRow, type LeasedDelivery } from './delivery-row';
import { type DeliveryEvent, TenantWebhooksRepository } from './tenant-webhooks.repository';

/** An upstream event, as the ingestion stores it, that tenants may have to receive. */
export type OutboxEvent = DeliveryEvent;

/**
 * The write side of tenant webhooks (a test organization's in test envelopes, delivery-mode.ts): the deliveries of an event are inserted in the caller's
 * transaction (the one that stores the event, before upstream gets its 200), one row per endpoint
 * that selects it; once that transaction has committed, `dispatch` hands them to the job engine.
 *
 * A row whose endpoint is healthy (active, below the failure threshold) is written already leased to
 * this instance, with its first attempt counted, and the insert returns what that attempt sends (the
 * body, the endpoint's URL and secret): the dispatcher sends it without reading or claiming the row,
 * which saves a statement and a lock per delivery. The lease keeps every other instance away as a
 * claim would; if this process dies before attempting, the lease passes and the dispatcher's sweep
 * (any instance's) finds the row and queues it. Rows of a paused endpoint, or written while this
 * instance already holds a full backlog, are written unleased and take the job engine's way.
 *
 * Which endpoints select an event: active ones of the organization whose `events` include the
 * field, whose `phone_number_ids` include the number (events of no number pass this filter) and
 * whose business account matches. Meta-style overrides stand in for one another as at Meta: a
 * number's `webhook_configuration` override takes that number's events from its business account's
 * `subscribed_apps` override, and receives nothing that is not about a number. Endpoints registered
 * with `/v1/webhooks` are independent of all that: each receives what its filters select.
 *
 * The endpoints are read `FOR KEY SHARE` (the lock the foreign key check takes anyway): an endpoint
 * being deleted at that moment is waited for and then skipped, where a plain read would still see
 * it and the insert would fail its foreign key, failing the whole batch of upstream deliveries.
 */
@Injectable()
export class WebhookOutbox {
  private readonly logger = new Logger('WebhookOutbox');
  private readonly leaseSeconds: number;
  private readonly failureThreshold: number;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly repository: TenantWebhooksRepository,
    private readonly tenancy: TenancyService,
    config: ConfigService<Environment, true>,
  ) {
    this.leaseSeconds = leaseMsOf(config.get('WEBHOOK_ATTEMPT_TIMEOUT_MS', { infer: true })) / 1000;
    this.failureThreshold = config.get('WEBHOOK_ENDPOINT_FAILURE_THRESHOLD', { infer: true });
  }

  /**
   * The deliveries of a batch of events, as two parts of the caller's statement: `events` are those
   * the batch may have stored; `stored` names an earlier part whose rows (`id`, `dedupe_key`) are the
   * events stored now, and only those get deliveries. Returns the name of the part whose rows are the
   * deliveries written (a `DeliveryRow` each, with its `event_id`), for the main query to read;
   * `leased` turns them into what `dispatch` takes.
   */
  addTo(statement: ComposedStatement, stored: string, events: Array<OutboxEvent & { test: boolean }>): string {
    // Written leased when this instance takes more attempts itself and the endpoint is healthy.
    const bodies = events.map((event) => (event.test ? { ...event, body: testEnvelope(event.body) } : event));
    return this.repository.addDeliveries(statement, stored, bodies, {
      local: this.queue.takesLocalAttempts(),
      failureThreshold: this.failureThreshold,
      seconds: this.leaseSeconds,
    });
  }

  /**
   * An event of the gateway's own (a broadcast paused or completed, under its own field): a delivery
   * to each active endpoint of the organization registered with `/v1/webhooks` that selects the field
   * and the number, written in the caller's transaction (`manager`) with the change it tells of, so
   * that both commit or neither; the caller hands the rows to `dispatch` once it has committed.
   * Meta's overrides (`subscribed_apps`, `webhook_configuration`) receive only Meta's events.
   */
  async writeGatewayEvent(
    event: Omit<OutboxEvent, 'dedupeKey' | 'wabaId'> & { wabaId: string | null },
    manager: EntityManager,
  ): Promise<DeliveryRow[]> {
    const test = await this.tenancy.isTest(event.tenantId);
    return this.repository.insertGatewayEvent(test ? { ...event, body: testEnvelope(event.body) } : event, manager);
  }

  /**
   * The rows of `addTo`'s part as `dispatch` takes them: those written leased carry the moment their
   * lease was taken, `sentAt` (this process's `performance.now()` just before the statement was sent).
   */
  leased(rows: DeliveryRow[], sentAt: number): Array<DeliveryRow | LeasedDelivery> {
    return rows.map((row) => (row.locked_until ? { ...row, leaseTakenAt: sentAt } : row));
  }

  /**
   * Hands committed deliveries to the job engine: the leased ones to this instance's own attempts,
   * the others to the queue. Never throws and never waits on the job engine: the caller has already
   * committed, and a delivery the engine did not take is picked up by the sweep.
   */
  dispatch(deliveries: Array<DeliveryRow | LeasedDelivery>): void {
    if (deliveries.length === 0) return;
    this.queue
      .enqueue(
        deliveries.map((row) => ({
          deliveryId: row.id,
          attempts: row.attempts,
          delayMs: 0,
          carried: 'leaseTakenAt' in row ? row : undefined,
        })),
      )
      .catch((error: Error) => {
        this.logger.warn(`${deliveries.length} deliveries left to the sweep: ${error.message}`);
      });
  }
}
