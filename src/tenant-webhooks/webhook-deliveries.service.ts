import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { decodeCursor, nextPageUrl, toPage, type Page } from '../common/pagination';
import { GraphError } from '../core/graph-error';
import type {
  ListDeliveriesQueryDto,
  RedeliveredDto,
  WebhookDeliveryDto,
  WebhookDeliveryListDto,
} from './dto/webhook-delivery.dto';
import { type DeliveryLogRow, type EndpointRow, TenantWebhooksRepository } from './tenant-webhooks.repository';
import { WebhookDispatcher } from './webhook-dispatcher.service';

/** Most failed deliveries one bulk redelivery makes pending again (`has_more` says when more are left). */
export const REDELIVER_MAX = 10_000;
/** A message's deliveries are looked for within this long from its creation, at most this many. */
const MESSAGE_WINDOW_MS = 7 * 24 * 3600 * 1000;
const MESSAGE_DELIVERIES_MAX = 50;
/**
 * How many of an endpoint's deliveries from the message's creation on are searched for its events:
 * a message's statuses come within minutes (a read within days), and a busy endpoint's week would be
 * millions of bodies to read.
 */
const MESSAGE_DELIVERIES_SCANNED = 20_000;

/**
 * The delivery log of an organization's endpoints: each delivery with its attempts (status code,
 * latency, response excerpt), and redelivery of a delivered or failed one, or of all failed in a
 * time range. Another organization's
 * endpoint or delivery is not found (404 code 100).
 */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly repository: TenantWebhooksRepository,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  async deliveries(
    tenantId: string,
    endpointId: string,
    query: ListDeliveriesQueryDto,
    originalUrl: string,
  ): Promise<Page<WebhookDeliveryDto>> {
    await this.endpoint(tenantId, endpointId);
    const rows = await this.repository.deliveries(
      tenantId,
      endpointId,
      { status: query.status, since: query.since },
      decodeCursor(query.after),
      query.limit + 1,
    );
    return toPage(
      rows,
      query.limit,
      (row) => ({ at: row.cursor_at, id: row.id }),
      toDeliveryDto,
      (cursor) => nextPageUrl(originalUrl, cursor),
    );
  }

  async delivery(tenantId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    if (!isUUID(deliveryId) || !isUUID(endpointId)) throw notFound('Delivery');
    const row = await this.repository.delivery(tenantId, endpointId, deliveryId);
    if (!row) throw notFound('Delivery');
    return toDeliveryDto(row);
  }

  /**
   * The deliveries that carried events of one message (its statuses, or the inbound message),
   * found by its wamid, as Meta writes it, in the bodies sent: within 7 days from `since`, among
   * each endpoint's first 20,000 deliveries from then on.
   */
  async deliveriesOfMessage(tenantId: string, wamid: string, since?: string): Promise<WebhookDeliveryListDto> {
    const from = since ? new Date(since) : new Date(Date.now() - MESSAGE_WINDOW_MS);
    const rows = await this.repository.deliveriesContaining(
      tenantId,
      JSON.stringify(wamid),
      { since: from, until: new Date(from.getTime() + MESSAGE_WINDOW_MS) },
      MESSAGE_DELIVERIES_MAX,
      MESSAGE_DELIVERIES_SCANNED,
    );
    return { data: rows.map(toDeliveryDto) };
  }

  /**
   * Sends a delivered or failed delivery again: the same `webhook-id` and body, a fresh retry
   * schedule. A delivery still pending is already on its way (409 code 100), and so is nothing to
   * a disabled endpoint (enable it first).
   */
  async redeliver(tenantId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    await this.activeEndpoint(tenantId, endpointId);
    const current = await this.delivery(tenantId, endpointId, deliveryId);
    if (current.status === 'pending')
      throw GraphError.conflict(
        'The delivery is still pending',
        'it is retried on its schedule; next_attempt_at says when',
      );
    const rows = await this.repository.makePendingAgain(tenantId, endpointId, deliveryId);
    // If the queue cannot take it now, the sweep will: the row is pending and due.
    await this.dispatcher.requeue(rows).catch(() => undefined);
    return this.delivery(tenantId, endpointId, deliveryId);
  }

  /** Every failed delivery of the endpoint in a time range (at most REDELIVER_MAX a call) sent again. */
  async redeliverFailed(
    tenantId: string,
    endpointId: string,
    range: { since?: string; until?: string },
  ): Promise<RedeliveredDto> {
    await this.activeEndpoint(tenantId, endpointId);
    const since = range.since ? new Date(range.since) : null;
    const until = range.until ? new Date(range.until) : null;
    if (since && until && since >= until) throw GraphError.invalidParameter('`since` must be before `until`');
    const rows = await this.repository.makeFailedPendingAgain(tenantId, endpointId, { since, until }, REDELIVER_MAX);
    // If the queue cannot take them now, the sweep will: the rows are pending and due.
    await this.dispatcher.requeue(rows).catch(() => undefined);
    const hasMore =
      rows.length === REDELIVER_MAX && (await this.repository.hasFailed(tenantId, endpointId, { since, until }));
    return { redelivered: rows.length, has_more: hasMore };
  }

  /** The endpoint, which must be active to redeliver to (409 code 100 otherwise). */
  private async activeEndpoint(tenantId: string, id: string): Promise<void> {
    const endpoint = await this.endpoint(tenantId, id);
    if (endpoint.status !== 'active')
      throw GraphError.conflict(
        'The endpoint is disabled',
        'enable it with PATCH /v1/webhooks/{id} {"status":"active"} first',
      );
  }

  private async endpoint(tenantId: string, id: string): Promise<EndpointRow> {
    const row = isUUID(id) ? await this.repository.endpoint(tenantId, id) : undefined;
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }
}

function toDeliveryDto(row: DeliveryLogRow): WebhookDeliveryDto {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event: row.field,
    event_id: row.event_id,
    test: row.is_test,
    status: row.status,
    attempts: row.attempts,
    attempt_log: row.attempt_log,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    payload: JSON.parse(row.body) as Record<string, unknown>,
  };
}

function notFound(what: string): GraphError {
  return GraphError.notFound(`${what} not found`);
}
