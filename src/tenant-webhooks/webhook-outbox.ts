import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DeliveryQueue } from './delivery-queue';

/** An upstream event, as the ingestion stores it, that tenants may have to receive. */
export interface OutboxEvent {
  tenantId: string;
  eventId: string;
  wabaId: string;
  /** Meta's webhook field. */
  field: string;
  /** The phone number the event is about; null for business-account events (template reviews). */
  phoneNumberId: string | null;
  /** The envelope, exactly as it will be sent and signed. */
  body: string;
}

/**
 * The write side of tenant webhooks: the deliveries of an event are inserted in the caller's
 * transaction (the one that stores the event, before upstream gets its 200), one row per endpoint
 * that selects it; once that transaction has committed, `dispatch` hands them to the job engine.
 * If the process dies in between, the dispatcher's sweep finds the rows and queues them.
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

  constructor(private readonly queue: DeliveryQueue) {}

  /** The deliveries of many events, in one statement (the ingestion's batches). */
  async addMany(manager: EntityManager, events: OutboxEvent[]): Promise<string[]> {
    if (events.length === 0) return [];
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, field, body)
       SELECT e.tenant_id, e.id, v.event_id, v.field, v.body
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) AS v(tenant_id, event_id, field, body, phone, waba)
       JOIN webhook_endpoints e ON e.tenant_id = v.tenant_id
       WHERE e.status = 'active'
         AND (e.events IS NULL OR v.field = ANY (e.events))
         AND (v.phone IS NULL OR e.phone_number_ids IS NULL OR v.phone = ANY (e.phone_number_ids))
         AND (e.waba_id IS NULL OR e.waba_id = v.waba)
         AND NOT (e.kind = 'phone_override' AND v.phone IS NULL)
         AND NOT (e.kind = 'waba_override' AND v.phone IS NOT NULL AND EXISTS (
           SELECT 1 FROM webhook_endpoints p
           WHERE p.tenant_id = v.tenant_id AND p.kind = 'phone_override' AND p.status = 'active' AND v.phone = ANY (p.phone_number_ids)))
       FOR KEY SHARE OF e
       RETURNING id`,
      [
        events.map((e) => e.tenantId),
        events.map((e) => e.eventId),
        events.map((e) => e.field),
        events.map((e) => e.body),
        events.map((e) => e.phoneNumberId),
        events.map((e) => e.wabaId),
      ],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Queues the first attempt of committed deliveries. Never throws and never waits on the job
   * engine: the caller has already committed, and a delivery the engine did not take is picked up
   * by the sweep.
   */
  dispatch(deliveryIds: string[]): void {
    if (deliveryIds.length === 0) return;
    this.queue
      .enqueue(deliveryIds.map((deliveryId) => ({ deliveryId, attempts: 0, delayMs: 0 })))
      .catch((error: Error) => {
        this.logger.warn(`${deliveryIds.length} deliveries left to the sweep: ${error.message}`);
      });
  }
}
