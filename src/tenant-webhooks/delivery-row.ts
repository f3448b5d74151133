import type { Columns } from '../database/columns';
import type { DeliveryLogRow } from './tenant-webhooks.repository';
import type { WebhookEndpoint } from './webhook-endpoint.entity';

/** What one attempt of a delivery needs: the row and its endpoint, read (or written) in one statement. */
export interface DeliveryRow
  extends
    Pick<
      DeliveryLogRow,
      | 'id'
      | 'status'
      | 'body'
      | 'is_test'
      | 'attempts'
      | 'retry_count'
      | 'retry_started_at'
      | 'next_attempt_at'
      | 'locked_until'
      | 'created_at'
      | 'endpoint_id'
    >,
    Pick<
      Columns<WebhookEndpoint>,
      'url' | 'secret_encrypted' | 'previous_secret_encrypted' | 'consecutive_failures' | 'paused_until'
    > {
  /** Its endpoint's status. */
  endpoint_status: WebhookEndpoint['status'];
  /** The database's clock when the row was read. */
  now: Date;
}

/**
 * A delivery written already leased to the instance that wrote it, with all its first attempt needs
 * (the outbox's insert returns it): that instance attempts it without reading or claiming the row.
 */
export interface LeasedDelivery extends DeliveryRow {
  /**
   * This process's `performance.now()` just before the statement that took the lease was sent: the
   * lease cannot end before this moment plus the lease's length, whatever the two clocks say.
   */
  leaseTakenAt: number;
}

/** A delivery's lease: no second attempt starts before it passes. Longer than an attempt may last. */
export const leaseMsOf = (attemptTimeoutMs: number) => attemptTimeoutMs + 5_000;
