/** What one attempt of a delivery needs: the row and its endpoint, read (or written) in one statement. */
export interface DeliveryRow {
  id: string;
  status: string;
  body: string;
  is_test: boolean;
  attempts: number;
  retry_count: number;
  retry_started_at: Date;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  created_at: Date;
  endpoint_id: string;
  url: string;
  secret_encrypted: string;
  endpoint_status: string;
  consecutive_failures: number;
  paused_until: Date | null;
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

/** The columns of a `DeliveryRow`, from a delivery `d` and its endpoint `e`. */
export const DELIVERY_COLUMNS = `d.id, d.status, d.body, d.is_test, d.attempts, d.retry_count, d.retry_started_at, d.next_attempt_at, d.locked_until, d.created_at,
  e.id AS endpoint_id, e.url, e.secret_encrypted, e.status AS endpoint_status, e.consecutive_failures, e.paused_until, now() AS now`;

/** A delivery's lease: no second attempt starts before it passes. Longer than an attempt may last. */
export const leaseMsOf = (attemptTimeoutMs: number) => attemptTimeoutMs + 5_000;
