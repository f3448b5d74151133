import { keyIdOf } from '../common/encrypted-secrets';
import { TablePages } from '../database/table-pages';
import { EncryptedColumnStatements } from '../database/encrypted-column-statements';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { KeysetCursor } from '../common/pagination';
import type { Columns } from '../database/columns';
import type { ComposedStatement } from '../database/composed-statement';
import { rowExists } from '../database/exists';
import { HotPathSql } from '../database/hot-path-sql';
import type { DeliveryRow } from './delivery-row';
import type { WebhookAttempt, WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookEndpoint, WebhookEndpointKind } from './webhook-endpoint.entity';
import type { TimePartitioned } from '../database/partitions';
import { type Erasure, numberInJson } from '../retention/customer-data';

/** An endpoint as the statements below return it (its pause is the dispatcher's, read with its deliveries). */
export type EndpointRow = Omit<Columns<WebhookEndpoint>, 'tenant' | 'paused_until'>;

/** A delivery's row (`DeliveryRow`, in delivery-row.ts, is the part of it and its endpoint an attempt reads). */
export type DeliveryLogRow = Omit<Columns<WebhookDelivery>, 'endpoint'>;

/** A new endpoint's columns. */
export interface NewEndpoint {
  kind: WebhookEndpointKind;
  url: string;
  description: string | null;
  events: string[] | null;
  phoneNumberIds: string[] | null;
  wabaId: string | null;
  secretEncrypted: string;
}

/** Which endpoints a delete takes: one by id, all of an organization, or the override of an account or a number. */
export type EndpointSelection =
  | { id: string; tenantId: string }
  | { tenantId: string }
  | { tenantId: string; wabaOverride: string }
  | { tenantId: string; phoneOverride: string[] }
  | 'all';

/** The end of a delivery, as the batched write takes it. */
export interface DeliveryEnd {
  id: string;
  status: 'delivered' | 'failed';
  statusCode: number | null;
  error: string | null;
  attempt: WebhookAttempt;
  attempted: boolean;
}

/**
 * An upstream event tenants may have to receive, as the ingestion's statement adds its deliveries
 * (`addDeliveries`).
 */
export interface DeliveryEvent {
  tenantId: string;
  /** The event's key in webhook_events (the part of the statement that stores events returns it). */
  dedupeKey: string;
  wabaId: string;
  /** Meta's webhook field. */
  field: string;
  /** The phone number the event is about; null for business-account events (template reviews). */
  phoneNumberId: string | null;
  /** The envelope, exactly as it will be sent and signed. */
  body: string;
}

/** The columns of a `DeliveryRow`, from a delivery `d` and its endpoint `e`. */
const DELIVERY_COLUMNS = `d.id, d.status, d.body, d.is_test, d.attempts, d.retry_count, d.retry_started_at,
  d.next_attempt_at, d.locked_until, d.created_at,
  e.id AS endpoint_id, e.url, e.secret_encrypted,
  CASE WHEN e.previous_secret_expires_at > now()
  THEN e.previous_secret_encrypted END AS previous_secret_encrypted, e.status AS endpoint_status,
  e.consecutive_failures, e.paused_until, now() AS now`;

const CURSOR_AT = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cursor_at`;

function selectionWhere(selection: EndpointSelection): { where: string; params: unknown[] } {
  if (selection === 'all') return { where: 'TRUE', params: [] };
  if ('id' in selection) return { where: 'id = $1 AND tenant_id = $2', params: [selection.id, selection.tenantId] };
  if ('wabaOverride' in selection)
    return {
      where: `tenant_id = $1 AND kind = 'waba_override' AND waba_id = $2`,
      params: [selection.tenantId, selection.wabaOverride],
    };
  if ('phoneOverride' in selection)
    return {
      where: `tenant_id = $1 AND kind = 'phone_override' AND phone_number_ids = $2::text[]`,
      params: [selection.tenantId, selection.phoneOverride],
    };
  return { where: 'tenant_id = $1', params: [selection.tenantId] };
}

/**
 * Every statement on webhook_endpoints and webhook_deliveries: the endpoints' registry, the delivery
 * log, the dispatcher's claims and ends (prepared, on the hot path), and the deliveries the upstream
 * ingestion adds to its own statement.
 *
 * Lock order: a statement that locks several deliveries locks them in id order first (the batched
 * claims and ends, a disabled endpoint's pending ones), as an endpoint delete does: two such
 * statements wait for one another instead of deadlocking.
 */
/**
 * Deliveries, partitioned by when they were written (a week per partition, dropped past its
 * retention): a week that still holds a pending delivery stays until none is (nothing a tenant must
 * receive is dropped).
 */
export function deliveriesPartitions(retentionDays: number): TimePartitioned[] {
  return [
    {
      table: 'webhook_deliveries',
      column: 'created_at',
      keyType: 'timestamptz',
      retentionDays,
      keepWhile: `status = 'pending'`,
    },
  ];
}

@Injectable()
export class TenantWebhooksRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: HotPathSql,
  ) {}

  /**
   * The endpoints' signing secrets (and a rotated one still signing), for key rotation
   * (common/encrypted-secrets.ts).
   */
  encryptedSecrets(): EncryptedColumnStatements {
    return new EncryptedColumnStatements(
      this.dataSource,
      'webhook_endpoints',
      ['secret_encrypted', 'previous_secret_encrypted'],
      keyIdOf,
    );
  }

  /**
   * The organization's delivery logs created before `before` and finished (delivered or failed: a
   * pending one is still to be tried), deleted (data-rights/); at most `limit`.
   */
  async deleteFinishedBefore(tenantId: string, before: Date, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM webhook_deliveries d USING (SELECT id, created_at FROM webhook_deliveries
         WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE tenant_id = $1)
           AND created_at < $2 AND status <> 'pending' ORDER BY created_at LIMIT $3) old
       WHERE d.id = old.id AND d.created_at = old.created_at`,
      [tenantId, before, limit],
    );
    return count;
  }

  // ---- endpoints -------------------------------------------------------------------------------

  async endpoint(tenantId: string, id: string): Promise<EndpointRow | undefined> {
    const [row] = await this.dataSource.query<EndpointRow[]>(
      `SELECT * FROM webhook_endpoints WHERE id = $1 AND tenant_id = $2`,
      [id, tenantId],
    );
    return row;
  }

  /** A page of an organization's endpoints, oldest first, after `after`. */
  endpoints(tenantId: string, after: KeysetCursor | undefined, limit: number) {
    return this.dataSource.query<Array<EndpointRow & { cursor_at: string }>>(
      `SELECT *, ${CURSOR_AT} FROM webhook_endpoints
       WHERE tenant_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
       ORDER BY created_at, id LIMIT $4`,
      [tenantId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  async updateEndpoint(
    tenantId: string,
    id: string,
    change: { url: string; events: string[] | null; phoneNumberIds: string[] | null; description: string | null },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET url = $3, events = $4, phone_number_ids = $5, description = $6, updated_at = now()
        WHERE id = $1 AND tenant_id = $2`,
      [id, tenantId, change.url, change.events, change.phoneNumberIds, change.description],
    );
  }

  /** Active again, with its run of failures and its pause forgotten. */
  async enableEndpoint(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_endpoints
        SET status = 'active', disabled_reason = NULL, consecutive_failures = 0, paused_until = NULL,
        updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  /**
   * The new secret; with an overlap, the current one keeps signing beside it for `overlapSeconds`
   * (a rotation during an earlier overlap ends that one: only the secret just replaced stays).
   */
  async replaceSecret(tenantId: string, id: string, secretEncrypted: string, overlapSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET secret_encrypted = $3,
         previous_secret_encrypted = CASE WHEN $4 > 0 THEN secret_encrypted END,
         previous_secret_expires_at = CASE WHEN $4 > 0 THEN now() + make_interval(secs => $4) END,
         updated_at = now()
       WHERE id = $1 AND tenant_id = $2`,
      [id, tenantId, secretEncrypted, overlapSeconds],
    );
  }

  /** The URL of an account's `subscribed_apps` override, if any. */
  async wabaOverrideUrl(tenantId: string, wabaId: string): Promise<string | undefined> {
    const [override] = await this.dataSource.query<Array<{ url: string }>>(
      `SELECT url FROM webhook_endpoints WHERE tenant_id = $1 AND kind = 'waba_override' AND waba_id = $2 LIMIT 1`,
      [tenantId, wabaId],
    );
    return override?.url;
  }

  /**
   * Inserts an endpoint under a per-organization advisory lock, so concurrent creates cannot pass
   * `max` together; `replacing` goes in the same transaction, so a replaced override is gone exactly
   * when its successor comes. Null when the organization is at `max`.
   */
  insertEndpoint(
    tenantId: string,
    endpoint: NewEndpoint,
    max: number,
    replacing?: EndpointSelection,
  ): Promise<EndpointRow | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || $1))`, [tenantId]);
      if (replacing) await deleteEndpointsIn(manager, replacing);
      const [{ n }] = await manager.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM webhook_endpoints WHERE tenant_id = $1`,
        [tenantId],
      );
      if (n >= max) return null;
      const [inserted] = await manager.query<EndpointRow[]>(
        `INSERT INTO webhook_endpoints (tenant_id, kind, url, description, events, phone_number_ids, waba_id,
          secret_encrypted)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
        [
          tenantId,
          endpoint.kind,
          endpoint.url,
          endpoint.description,
          endpoint.events,
          endpoint.phoneNumberIds,
          endpoint.wabaId,
          endpoint.secretEncrypted,
        ],
      );
      return inserted;
    });
  }

  /** Deletes the endpoints `selection` takes, with their deliveries (see `deleteEndpointsIn`); how many. */
  deleteEndpoints(selection: EndpointSelection): Promise<number> {
    return this.dataSource.transaction((manager) => deleteEndpointsIn(manager, selection));
  }

  /** Whether the organization has endpoints (its delete is refused while it does). */
  hasEndpoints(manager: EntityManager, tenantId: string): Promise<boolean> {
    return rowExists(manager, 'SELECT 1 FROM webhook_endpoints WHERE tenant_id = $1', [tenantId]);
  }

  // ---- the delivery log ------------------------------------------------------------------------

  async delivery(tenantId: string, endpointId: string, deliveryId: string): Promise<DeliveryLogRow | undefined> {
    const [row] = await this.dataSource.query<DeliveryLogRow[]>(
      `SELECT * FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2 AND tenant_id = $3`,
      [deliveryId, endpointId, tenantId],
    );
    return row;
  }

  /** A page of an endpoint's deliveries, newest first, before `after`. */
  deliveries(
    tenantId: string,
    endpointId: string,
    filter: { status?: string; since?: string },
    after: KeysetCursor | undefined,
    limit: number,
  ) {
    return this.dataSource.query<Array<DeliveryLogRow & { cursor_at: string }>>(
      `SELECT *, ${CURSOR_AT} FROM webhook_deliveries
       WHERE endpoint_id = $1 AND tenant_id = $2 AND ($3::text IS NULL OR status = $3) AND ($4::timestamptz IS NULL
       OR created_at >= $4)
         AND ($5::timestamptz IS NULL OR (created_at, id) < ($5::timestamptz, $6::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $7`,
      [endpointId, tenantId, filter.status ?? null, filter.since ?? null, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /**
   * The organization's deliveries (tests aside) created in [since, until) whose body contains
   * `text`, oldest first, at most `limit`, among the first `scanned` deliveries of each endpoint
   * from `since` on: each endpoint's own index bounds what is read, however busy it is.
   */
  deliveriesContaining(
    tenantId: string,
    text: string,
    range: { since: Date; until: Date },
    limit: number,
    scanned: number,
  ) {
    return this.dataSource.query<DeliveryLogRow[]>(
      `SELECT d.* FROM webhook_endpoints e
       CROSS JOIN LATERAL (
         SELECT * FROM (
           SELECT * FROM webhook_deliveries d
           WHERE d.endpoint_id = e.id AND d.created_at >= $2 AND d.created_at < $3
           ORDER BY d.created_at, d.id LIMIT $6) first
         WHERE NOT first.is_test AND strpos(first.body, $4) > 0
         ORDER BY first.created_at, first.id LIMIT $5) d
       WHERE e.tenant_id = $1
       ORDER BY d.created_at, d.id LIMIT $5`,
      [tenantId, range.since, range.until, text, limit, scanned],
    );
  }

  /** A test delivery, written unscheduled (it is attempted once, at once). */
  async insertTestDelivery(tenantId: string, endpointId: string, field: string, body: string): Promise<string> {
    const [row] = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, field, body, is_test, next_attempt_at)
        VALUES ($1, $2, $3, $4, true, NULL) RETURNING id`,
      [tenantId, endpointId, field, body],
    );
    return row.id;
  }

  /** A delivered or failed delivery pending again, on a fresh schedule; the rows made pending. */
  async makePendingAgain(
    tenantId: string,
    endpointId: string,
    deliveryId: string,
  ): Promise<Array<{ id: string; attempts: number }>> {
    const [rows] = await this.dataSource.query<[Array<{ id: string; attempts: number }>, number]>(
      `UPDATE webhook_deliveries
        SET status = 'pending', retry_count = 0, retry_started_at = now(), next_attempt_at = now(), is_test = false
       WHERE id = $1 AND endpoint_id = $2 AND tenant_id = $3 AND status <> 'pending' RETURNING id, attempts`,
      [deliveryId, endpointId, tenantId],
    );
    return rows;
  }

  /**
   * The endpoint's failed deliveries created in [since, until), oldest first, at most `limit`, made
   * pending and due again with a fresh retry schedule (test events are not among them).
   */
  async makeFailedPendingAgain(
    tenantId: string,
    endpointId: string,
    range: { since: Date | null; until: Date | null },
    limit: number,
  ): Promise<Array<{ id: string; attempts: number }>> {
    const [rows] = await this.dataSource.query<[Array<{ id: string; attempts: number }>, number]>(
      `UPDATE webhook_deliveries
        SET status = 'pending', retry_count = 0, retry_started_at = now(), next_attempt_at = now()
       WHERE id IN (
         SELECT id FROM webhook_deliveries
         WHERE endpoint_id = $1 AND tenant_id = $2 AND status = 'failed' AND NOT is_test
           AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at < $4)
         ORDER BY created_at, id LIMIT $5 FOR UPDATE)
       AND status = 'failed' RETURNING id, attempts`,
      [endpointId, tenantId, range.since, range.until, limit],
    );
    return rows;
  }

  /** Whether the endpoint has a failed delivery (not a test) created in [since, until). */
  async hasFailed(
    tenantId: string,
    endpointId: string,
    range: { since: Date | null; until: Date | null },
  ): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND tenant_id = $2 AND status = 'failed' AND NOT is_test
         AND ($3::timestamptz IS NULL OR created_at >= $3) AND ($4::timestamptz IS NULL OR created_at < $4) LIMIT 1`,
      [endpointId, tenantId, range.since, range.until],
    );
    return rows.length > 0;
  }

  // ---- attempts (the dispatcher) ---------------------------------------------------------------

  /** A delivery with what its attempt needs. */
  async attemptRow(deliveryId: string): Promise<DeliveryRow | undefined> {
    const [row] = await this.dataSource.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1`,
      [deliveryId],
    );
    return row;
  }

  /**
   * Takes the lease of each delivery of `ids` that is pending, due (or at most 50 ms early), not
   * leased, of an active endpoint below `failureThreshold`: the rows of those taken.
   */
  claimDue(ids: string[], leaseSeconds: number, failureThreshold: number): Promise<DeliveryRow[]> {
    return this.sql.query<DeliveryRow>(
      'webhook_deliveries_claim_due',
      `WITH locked AS (SELECT id FROM webhook_deliveries WHERE id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE)
       UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2), attempts = d.attempts + 1
       FROM locked, webhook_endpoints e
       WHERE d.id = locked.id AND e.id = d.endpoint_id AND d.status = 'pending'
         AND (d.locked_until IS NULL OR d.locked_until < now())
         AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= now() + interval '50 milliseconds')
         AND e.status = 'active' AND e.consecutive_failures < $3
       RETURNING ${DELIVERY_COLUMNS}`,
      [ids, leaseSeconds, failureThreshold],
    );
  }

  /** Takes the lease of a pending delivery; false when another attempt holds it. */
  async claim(deliveryId: string, leaseSeconds: number): Promise<boolean> {
    const [rows] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
       WHERE id = $1 AND status = 'pending' AND (locked_until IS NULL OR locked_until < now()) RETURNING id`,
      [deliveryId, leaseSeconds],
    );
    return rows.length > 0;
  }

  /** Takes a lease written with the row anew, unless someone took it since; false then. */
  async renewLease(deliveryId: string, lockedUntil: Date | null, leaseSeconds: number): Promise<boolean> {
    const renewed = await this.sql.query(
      'webhook_deliveries_renew_lease',
      `UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => $3)
       WHERE id = $1 AND status = 'pending' AND locked_until = $2 RETURNING id`,
      [deliveryId, lockedUntil, leaseSeconds],
    );
    return renewed.length > 0;
  }

  /** Writes the ends of attempts in one statement. */
  async finish(ends: DeliveryEnd[]): Promise<void> {
    await this.sql.query(
      'webhook_deliveries_finish',
      `WITH locked AS (SELECT id FROM webhook_deliveries WHERE id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE)
       UPDATE webhook_deliveries d SET status = v.status, locked_until = NULL, next_attempt_at = NULL,
         delivered_at = CASE WHEN v.status = 'delivered' THEN now() ELSE d.delivered_at END,
         last_status_code = CASE WHEN v.attempted THEN v.code ELSE d.last_status_code END, last_error = v.error,
         attempt_log = CASE WHEN v.attempted THEN d.attempt_log || v.attempt ELSE d.attempt_log END
       FROM locked, unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::jsonb[], $6::bool[]) AS v(id, status,
       code, error, attempt, attempted)
       WHERE d.id = locked.id AND d.id = v.id`,
      [
        ends.map((end) => end.id),
        ends.map((end) => end.status),
        ends.map((end) => end.statusCode),
        ends.map((end) => end.error),
        ends.map((end) => JSON.stringify([end.attempt])),
        ends.map((end) => end.attempted),
      ],
      // Lost in a server crash, an end leaves its row leased: the sweep attempts it again after the
      // lease (at least once), so its commit need not wait for the disk.
      'relaxed',
    );
  }

  /**
   * A failed attempt to be retried after `delaySeconds`; the delivery's attempts, or undefined when it is no longer
   * pending.
   */
  async retryLater(
    deliveryId: string,
    delaySeconds: number,
    outcome: { statusCode: number | null; error: string | null; attempt: WebhookAttempt },
  ): Promise<number | undefined> {
    const [rows] = await this.dataSource.query<[Array<{ attempts: number }>, number]>(
      `UPDATE webhook_deliveries
        SET retry_count = retry_count + 1, next_attempt_at = now() + make_interval(secs => $2), locked_until = NULL,
         last_status_code = $3, last_error = $4, attempt_log = attempt_log || $5::jsonb
       WHERE id = $1 AND status = 'pending' RETURNING attempts`,
      [deliveryId, delaySeconds, outcome.statusCode, outcome.error, JSON.stringify([outcome.attempt])],
    );
    return rows[0]?.attempts;
  }

  /** A pending delivery put off by `delaySeconds`. */
  async postpone(deliveryId: string, delaySeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1
        AND status = 'pending'`,
      [deliveryId, delaySeconds],
    );
  }

  /**
   * A paused endpoint's probe: the first to find the pause over takes it, moving the pause on by
   * `seconds`; otherwise how long the pause has left (ms).
   */
  async takeProbe(endpointId: string, seconds: number): Promise<{ taken: true } | { taken: false; leftMs: number }> {
    const [taken] = await this.dataSource.query<[Array<{ paused_until: Date }>, number]>(
      `UPDATE webhook_endpoints SET paused_until = now() + make_interval(secs => $2)
       WHERE id = $1 AND (paused_until IS NULL OR paused_until <= now()) RETURNING paused_until`,
      [endpointId, seconds],
    );
    if (taken.length > 0) return { taken: true };
    const [current] = await this.dataSource.query<Array<{ paused_until: Date | null; now: Date }>>(
      `SELECT paused_until, now() AS now FROM webhook_endpoints WHERE id = $1`,
      [endpointId],
    );
    return {
      taken: false,
      leftMs: Math.max((current?.paused_until?.getTime() ?? 0) - (current?.now.getTime() ?? 0), 0),
    };
  }

  /** A success ends an endpoint's run of failures. */
  async endpointRecovered(endpointId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET consecutive_failures = 0, paused_until = NULL WHERE id = $1`,
      [endpointId],
    );
  }

  /** One more failure in a row; from `threshold` on, the endpoint pauses for `pauseSeconds`. */
  async endpointFailed(endpointId: string, threshold: number, pauseSeconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1,
         paused_until = CASE WHEN consecutive_failures + 1 >= $2 THEN now() + make_interval(secs => $3)
         ELSE paused_until END
       WHERE id = $1`,
      [endpointId, threshold, pauseSeconds],
    );
  }

  /** Disables an endpoint; its pending deliveries that no attempt holds fail. */
  async disableEndpoint(endpointId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $2, updated_at = now() WHERE id = $1`,
      [endpointId, reason],
    );
    await this.dataSource.query(
      `UPDATE webhook_deliveries
        SET status = 'failed', next_attempt_at = NULL, last_error = coalesce(last_error, 'endpoint disabled')
       WHERE id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' ORDER BY id
       FOR UPDATE)
         AND status = 'pending' AND (locked_until IS NULL OR locked_until < now())`,
      [endpointId],
    );
  }

  /** Pending deliveries overdue by `graceSeconds` that no attempt holds, oldest first. */
  overdue(graceSeconds: number, limit: number): Promise<Array<{ id: string; attempts: number }>> {
    return this.dataSource.query(
      `SELECT id, attempts FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= now() - make_interval(secs => $1)
         AND (locked_until IS NULL OR locked_until < now())
       ORDER BY next_attempt_at LIMIT $2`,
      [graceSeconds, limit],
    );
  }

  // ---- deliveries written by others' statements ------------------------------------------------

  /**
   * The deliveries of a batch of upstream events, as two parts of the ingestion's statement (see
   * WebhookOutbox for which endpoints select an event); the name of the part whose rows are the
   * deliveries written (a `DeliveryRow` each, with its `event_id`).
   */
  addDeliveries(
    statement: ComposedStatement,
    stored: string,
    events: DeliveryEvent[],
    lease: { local: boolean; failureThreshold: number; seconds: number },
  ): string {
    const local = statement.param(lease.local, 'bool');
    const threshold = statement.param(lease.failureThreshold, 'int');
    const leased = `${local} AND e.consecutive_failures < ${threshold}`;
    const leaseSeconds = statement.param(lease.seconds, 'float8');
    const leaseEnds = `date_trunc('milliseconds', clock_timestamp()) + make_interval(secs => ${leaseSeconds})`;
    const added = statement.with(
      'webhook_deliveries_added',
      `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, field, body, attempts, locked_until)
       SELECT e.tenant_id, e.id, s.id, v.field, v.body,
         CASE WHEN ${leased} THEN 1 ELSE 0 END,
         CASE WHEN ${leased} THEN ${leaseEnds} END
       FROM ${statement.unnest(
         [events.map((e) => e.tenantId), 'uuid[]'],
         [events.map((e) => e.dedupeKey), 'text[]'],
         [events.map((e) => e.field), 'text[]'],
         [events.map((e) => e.body), 'text[]'],
         [events.map((e) => e.phoneNumberId), 'text[]'],
         [events.map((e) => e.wabaId), 'text[]'],
       )} AS v(tenant_id, dedupe_key, field, body, phone, waba)
       JOIN ${stored} s ON s.dedupe_key = v.dedupe_key
       JOIN webhook_endpoints e ON e.tenant_id = v.tenant_id
       WHERE e.status = 'active'
         AND (e.events IS NULL OR v.field = ANY (e.events))
         AND (v.phone IS NULL OR e.phone_number_ids IS NULL OR v.phone = ANY (e.phone_number_ids))
         AND (e.waba_id IS NULL OR e.waba_id = v.waba)
         AND NOT (e.kind = 'phone_override' AND v.phone IS NULL)
         AND NOT (e.kind = 'waba_override' AND v.phone IS NOT NULL AND EXISTS (
           SELECT 1 FROM webhook_endpoints p
           WHERE p.tenant_id = v.tenant_id AND p.kind = 'phone_override' AND p.status = 'active'
           AND v.phone = ANY (p.phone_number_ids)))
       FOR KEY SHARE OF e
       RETURNING *`,
    );
    return statement.with(
      'webhook_deliveries_written',
      `SELECT ${DELIVERY_COLUMNS}, d.event_id FROM ${added} d JOIN webhook_endpoints e ON e.id = d.endpoint_id`,
    );
  }

  /**
   * A gateway event's deliveries, one per active `/v1/webhooks` endpoint that selects its field (and its
   * number and business account, when the endpoint is bound to one), in the caller's transaction (that
   * of the change the event tells of). An event of the whole organization (`wabaId` null: a usage
   * threshold) goes to every endpoint that selects the field.
   */
  insertGatewayEvent(
    event: Omit<DeliveryEvent, 'dedupeKey' | 'wabaId'> & { wabaId: string | null },
    manager: EntityManager,
  ): Promise<DeliveryRow[]> {
    return manager.query<DeliveryRow[]>(
      `WITH added AS (
         INSERT INTO webhook_deliveries (tenant_id, endpoint_id, field, body)
         SELECT e.tenant_id, e.id, $2, $3 FROM webhook_endpoints e
         WHERE e.tenant_id = $1 AND e.status = 'active' AND e.kind = 'custom'
           AND (e.events IS NULL OR $2 = ANY (e.events))
           AND ($4::text IS NULL OR e.phone_number_ids IS NULL OR $4 = ANY (e.phone_number_ids))
           AND ($5::text IS NULL OR e.waba_id IS NULL OR e.waba_id = $5)
         FOR KEY SHARE OF e
         RETURNING *)
       SELECT ${DELIVERY_COLUMNS} FROM added d JOIN webhook_endpoints e ON e.id = d.endpoint_id`,
      [event.tenantId, event.field, event.body, event.phoneNumberId, event.wabaId],
    );
  }

  /**
   * A day of the organization's deliveries whose body names the customer's number, made before the
   * erasure began, deleted (one still pending is not delivered: the dispatcher finds it gone).
   */
  async eraseCustomerDeliveries(e: Erasure, from: Date, to: Date, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM webhook_deliveries d USING (SELECT id, created_at FROM webhook_deliveries
         WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE tenant_id = $1)
           AND created_at >= $2 AND created_at < $3 AND body LIKE $4 LIMIT $5) hit
       WHERE d.id = hit.id AND d.created_at = hit.created_at AND d.created_at >= $2 AND d.created_at < $3`,
      [e.tenantId, from, to, numberInJson(e.waId), limit],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its endpoints (not their secrets) and delivery logs. */
  exportedTables(): Record<string, TablePages> {
    return {
      webhook_endpoints: new TablePages(this.dataSource, {
        table: 'webhook_endpoints',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
        omit: ['secret_encrypted', 'previous_secret_encrypted'],
      }),
      webhook_deliveries: new TablePages(this.dataSource, {
        table: 'webhook_deliveries',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
    };
  }
}

/**
 * Deletes the endpoints `selection` takes, with their deliveries, in the caller's transaction; how
 * many endpoints. Locks are taken in the order every writer of several deliveries follows, so that a
 * delete never deadlocks with deliveries being claimed, finished or added: the endpoints first (`FOR
 * UPDATE`: the ingestion, which takes `FOR KEY SHARE` on the endpoints it adds deliveries to, waits,
 * then skips them), then their deliveries in id order (as the dispatcher's batched claims and ends
 * lock theirs), then the rows go. A plain `DELETE` would cascade to the deliveries in index order,
 * and could meet a batched claim holding some of them while it waits for others (seen: `deadlock
 * detected`).
 */
async function deleteEndpointsIn(manager: EntityManager, selection: EndpointSelection): Promise<number> {
  const { where, params } = selectionWhere(selection);
  const endpoints = await manager.query<Array<{ id: string }>>(
    `SELECT id FROM webhook_endpoints WHERE ${where} ORDER BY id FOR UPDATE`,
    params,
  );
  if (endpoints.length === 0) return 0;
  const ids = endpoints.map((row) => row.id);
  await manager.query(
    `DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries
      WHERE endpoint_id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE)`,
    [ids],
  );
  await manager.query(`DELETE FROM webhook_endpoints WHERE id = ANY ($1::uuid[])`, [ids]);
  return ids.length;
}

/** For specs: deletes endpoints (and their deliveries) as the gateway does, on a data source of their own. */
export function deleteEndpoints(dataSource: DataSource, selection: EndpointSelection): Promise<number> {
  return dataSource.transaction((manager) => deleteEndpointsIn(manager, selection));
}
