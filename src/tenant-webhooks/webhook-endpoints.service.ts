import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { request } from 'undici';
import { decodeCursor, nextPageUrl, toPage, type Page } from '../common/pagination';
import { SecretBox } from '../common/secret-box';
import { MetaApp } from '../config/meta-app';
import { deadline } from '../core/deadline';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import type { ListDeliveriesQueryDto, WebhookDeliveryDto } from './dto/webhook-delivery.dto';
import type {
  CreateWebhookEndpointDto,
  ListWebhookEndpointsQueryDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from './dto/webhook-endpoint.dto';
import type { SubscribeAppDto, SubscriptionResultDto, WebhookConfigurationDto } from './dto/subscribed-apps.dto';
import type { WebhookEndpointKind } from './webhook-endpoint.entity';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { generateWebhookSecret, isUsableSecret, secretHint } from './webhook-signing';
import { webhookUrlProblem } from './webhook-url-policy';
import { metaJson } from '../../libs/meta/meta-json';

/**
 * Deletes the endpoints `where` selects (a condition on `webhook_endpoints` with its parameters),
 * with their deliveries; how many endpoints. Locks are taken in the order every writer of several
 * deliveries follows, so that a delete never deadlocks with deliveries being claimed, finished or
 * added: the endpoints first (`FOR UPDATE`: the ingestion, which takes `FOR KEY SHARE` on the
 * endpoints it adds deliveries to, waits, then skips them), then their deliveries in id order
 * (as the dispatcher's batched claims and finishes lock theirs), then the rows go. A plain
 * `DELETE` would cascade to the deliveries in index order, and could meet a batched claim holding
 * some of them while it waits for others (seen: `deadlock detected`).
 */
export function deleteEndpoints(dataSource: DataSource, where: string, params: unknown[]): Promise<number> {
  return dataSource.transaction((manager) => deleteEndpointsIn(manager, where, params));
}

/** `deleteEndpoints` inside a transaction the caller holds. */
async function deleteEndpointsIn(manager: EntityManager, where: string, params: unknown[]): Promise<number> {
  const endpoints = await manager.query<Array<{ id: string }>>(
    `SELECT id FROM webhook_endpoints WHERE ${where} ORDER BY id FOR UPDATE`,
    params,
  );
  if (endpoints.length === 0) return 0;
  const ids = endpoints.map((row) => row.id);
  await manager.query(
    `DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE)`,
    [ids],
  );
  await manager.query(`DELETE FROM webhook_endpoints WHERE id = ANY ($1::uuid[])`, [ids]);
  return ids.length;
}

/** Endpoints an organization may register (Meta-style overrides included). */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 25;
/** The callback handshake gives up after this long. */
const HANDSHAKE_TIMEOUT_MS = 5_000;

interface EndpointRow {
  id: string;
  tenant_id: string;
  kind: WebhookEndpointKind;
  url: string;
  description: string | null;
  events: string[] | null;
  phone_number_ids: string[] | null;
  waba_id: string | null;
  secret_encrypted: string;
  status: string;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: Date;
  updated_at: Date;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string | null;
  field: string;
  body: string;
  is_test: boolean;
  status: string;
  attempts: number;
  attempt_log: WebhookDeliveryDto['attempt_log'];
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

/** The caller of an endpoint-management route: its organization and what its key may reach. */
export interface EndpointCaller {
  tenantId: string;
  auth: Pick<AuthContext, 'allowedPhoneNumberIds'>;
}

/**
 * Tenant webhook endpoints: registration (`/v1/webhooks`, and Meta's `subscribed_apps` and
 * `webhook_configuration` overrides with their hub.challenge handshake), secrets, the delivery log
 * and redelivery. Every query is scoped by the organization; another organization's endpoint or
 * delivery is not found (404 code 100).
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly secretBox: SecretBox,
    private readonly dispatcher: WebhookDispatcher,
    private readonly app: MetaApp,
  ) {}

  async create(caller: EndpointCaller, input: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretDto> {
    await this.checkUrl(input.url, 'url');
    const phoneNumberIds = await this.checkPhoneNumbers(caller, input.phone_number_ids);
    return this.insert(caller.tenantId, {
      kind: 'custom',
      url: input.url,
      description: input.description ?? null,
      events: input.events ? [...new Set(input.events)] : null,
      phoneNumberIds,
      wabaId: null,
      secret: input.secret,
    });
  }

  async list(
    tenantId: string,
    query: ListWebhookEndpointsQueryDto,
    originalUrl: string,
  ): Promise<Page<WebhookEndpointDto>> {
    const after = decodeCursor(query.after);
    const rows: Array<EndpointRow & { cursor_at: string }> = await this.dataSource.query(
      `SELECT *, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cursor_at FROM webhook_endpoints
       WHERE tenant_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
       ORDER BY created_at, id LIMIT $4`,
      [tenantId, after?.at ?? null, after?.id ?? null, query.limit + 1],
    );
    return toPage(
      rows,
      query.limit,
      (row) => ({ at: row.cursor_at, id: row.id }),
      (row) => this.toDto(row),
      (cursor) => nextPageUrl(originalUrl, cursor),
    );
  }

  async get(tenantId: string, id: string): Promise<WebhookEndpointDto> {
    return this.toDto(await this.find(tenantId, id));
  }

  async update(caller: EndpointCaller, id: string, input: UpdateWebhookEndpointDto): Promise<WebhookEndpointDto> {
    const current = await this.find(caller.tenantId, id);
    if (input.url !== undefined) await this.checkUrl(input.url, 'url');
    const phoneNumberIds =
      input.phone_number_ids === undefined
        ? current.phone_number_ids
        : await this.checkPhoneNumbers(caller, input.phone_number_ids ?? undefined);
    const events =
      input.events === undefined ? current.events : input.events === null ? null : [...new Set(input.events)];
    const description = input.description === undefined ? current.description : input.description;
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET url = $3, events = $4, phone_number_ids = $5, description = $6, updated_at = now() WHERE id = $1 AND tenant_id = $2`,
      [id, caller.tenantId, input.url ?? current.url, events, phoneNumberIds, description],
    );
    if (input.status === 'disabled' && current.status !== 'disabled')
      await this.dispatcher.disableEndpoint(id, 'disabled by the organization');
    if (input.status === 'active' && current.status !== 'active') {
      await this.dataSource.query(
        `UPDATE webhook_endpoints SET status = 'active', disabled_reason = NULL, consecutive_failures = 0, paused_until = NULL, updated_at = now() WHERE id = $1`,
        [id],
      );
    }
    return this.get(caller.tenantId, id);
  }

  async remove(tenantId: string, id: string): Promise<void> {
    if (!isUUID(id)) throw notFound('Webhook endpoint');
    if (!(await deleteEndpoints(this.dataSource, `id = $1 AND tenant_id = $2`, [id, tenantId])))
      throw notFound('Webhook endpoint');
  }

  async rotateSecret(tenantId: string, id: string, secret?: string): Promise<WebhookEndpointWithSecretDto> {
    await this.find(tenantId, id);
    const next = this.checkSecret(secret);
    await this.dataSource.query(
      `UPDATE webhook_endpoints SET secret_encrypted = $3, updated_at = now() WHERE id = $1 AND tenant_id = $2`,
      [id, tenantId, this.secretBox.encrypt(next)],
    );
    return { ...(await this.get(tenantId, id)), secret: next };
  }

  /** Sends a signed sample event to the endpoint now, once, and answers the delivery with its outcome. */
  async test(
    tenantId: string,
    id: string,
    field: 'messages' | 'message_template_status_update',
  ): Promise<WebhookDeliveryDto> {
    const endpoint = await this.find(tenantId, id);
    const body = metaJson(await this.sampleEvent(endpoint, field));
    const [row] = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO webhook_deliveries (tenant_id, endpoint_id, field, body, is_test, next_attempt_at) VALUES ($1, $2, $3, $4, true, NULL) RETURNING id`,
      [tenantId, id, field, body],
    );
    await this.dispatcher.attemptOnce(row.id);
    return this.delivery(tenantId, id, row.id);
  }

  async deliveries(
    tenantId: string,
    endpointId: string,
    query: ListDeliveriesQueryDto,
    originalUrl: string,
  ): Promise<Page<WebhookDeliveryDto>> {
    await this.find(tenantId, endpointId);
    const after = decodeCursor(query.after);
    const rows: Array<DeliveryRow & { cursor_at: string }> = await this.dataSource.query(
      `SELECT *, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cursor_at FROM webhook_deliveries
       WHERE endpoint_id = $1 AND tenant_id = $2 AND ($3::text IS NULL OR status = $3) AND ($4::timestamptz IS NULL OR created_at >= $4)
         AND ($5::timestamptz IS NULL OR (created_at, id) < ($5::timestamptz, $6::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $7`,
      [
        endpointId,
        tenantId,
        query.status ?? null,
        query.since ?? null,
        after?.at ?? null,
        after?.id ?? null,
        query.limit + 1,
      ],
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
    const [row] = await this.dataSource.query<DeliveryRow[]>(
      `SELECT * FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2 AND tenant_id = $3`,
      [deliveryId, endpointId, tenantId],
    );
    if (!row) throw notFound('Delivery');
    return toDeliveryDto(row);
  }

  /**
   * Sends a delivered or failed delivery again: the same `webhook-id` and body, a fresh retry
   * schedule. A delivery still pending is already on its way (409 code 100), and so is nothing to
   * a disabled endpoint (enable it first).
   */
  async redeliver(tenantId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    const endpoint = await this.find(tenantId, endpointId);
    const current = await this.delivery(tenantId, endpointId, deliveryId);
    if (endpoint.status !== 'active')
      throw GraphError.conflict(
        'The endpoint is disabled',
        'enable it with PATCH /v1/webhooks/{id} {"status":"active"} first',
      );
    if (current.status === 'pending')
      throw GraphError.conflict(
        'The delivery is still pending',
        'it is retried on its schedule; next_attempt_at says when',
      );
    const [rows] = await this.dataSource.query<[Array<{ id: string; attempts: number }>, number]>(
      `UPDATE webhook_deliveries SET status = 'pending', retry_count = 0, retry_started_at = now(), next_attempt_at = now(), is_test = false
       WHERE id = $1 AND endpoint_id = $2 AND tenant_id = $3 AND status <> 'pending' RETURNING id, attempts`,
      [deliveryId, endpointId, tenantId],
    );
    // If the queue cannot take it now, the sweep will: the row is pending and due.
    await this.dispatcher.requeue(rows).catch(() => undefined);
    return this.delivery(tenantId, endpointId, deliveryId);
  }

  // Meta's own way: subscribed_apps and the phone number's webhook_configuration.

  /** `POST /{wabaId}/subscribed_apps`: with `override_callback_uri`, the business account's callback (after the handshake). */
  async subscribe(
    caller: EndpointCaller,
    waba: { wabaId: string },
    input: SubscribeAppDto,
  ): Promise<SubscriptionResultDto> {
    if (input.override_callback_uri === undefined) return { success: true };
    if (input.verify_token === undefined) {
      throw GraphError.invalidParameter(
        'verify_token is required with override_callback_uri',
        'verify_token: required with override_callback_uri',
      );
    }
    await this.checkUrl(input.override_callback_uri, 'override_callback_uri');
    await this.handshake(input.override_callback_uri, input.verify_token);
    return this.replaceOverride(
      caller.tenantId,
      'waba_override',
      { wabaId: waba.wabaId, phoneNumberIds: null },
      input.override_callback_uri,
      input.secret,
    );
  }

  /** `GET /{wabaId}/subscribed_apps`: the gateway's app, with the override when one is set. */
  async subscriptions(tenantId: string, wabaId: string): Promise<{ data: Array<Record<string, unknown>> }> {
    const [override] = await this.dataSource.query<Array<{ url: string }>>(
      `SELECT url FROM webhook_endpoints WHERE tenant_id = $1 AND kind = 'waba_override' AND waba_id = $2 LIMIT 1`,
      [tenantId, wabaId],
    );
    return {
      data: [
        {
          whatsapp_business_api_data: { id: this.app.appId, name: 'WhatsApp gateway' },
          ...(override && { override_callback_uri: override.url }),
        },
      ],
    };
  }

  /** `DELETE /{wabaId}/subscribed_apps`: removes the business account's callback override. */
  async unsubscribe(tenantId: string, wabaId: string): Promise<{ success: true }> {
    await deleteEndpoints(this.dataSource, `tenant_id = $1 AND kind = 'waba_override' AND waba_id = $2`, [
      tenantId,
      wabaId,
    ]);
    return { success: true };
  }

  /** `POST /{phoneNumberId}` `webhook_configuration`: the number's callback override; an empty URI removes it. */
  async configurePhoneNumber(
    caller: EndpointCaller,
    phone: { phoneNumberId: string; businessAccountId: string },
    input: WebhookConfigurationDto,
  ): Promise<SubscriptionResultDto> {
    if (input.override_callback_uri === '') {
      await deleteEndpoints(
        this.dataSource,
        `tenant_id = $1 AND kind = 'phone_override' AND phone_number_ids = ARRAY[$2::text]`,
        [caller.tenantId, phone.phoneNumberId],
      );
      return { success: true };
    }
    if (input.verify_token === undefined) {
      throw GraphError.invalidParameter(
        'verify_token is required with override_callback_uri',
        'webhook_configuration.verify_token: required',
      );
    }
    await this.checkUrl(input.override_callback_uri, 'webhook_configuration.override_callback_uri');
    await this.handshake(input.override_callback_uri, input.verify_token);
    const [account] = await this.dataSource.query<Array<{ waba_id: string }>>(
      `SELECT waba_id FROM business_accounts WHERE id = $1`,
      [phone.businessAccountId],
    );
    return this.replaceOverride(
      caller.tenantId,
      'phone_override',
      { wabaId: account.waba_id, phoneNumberIds: [phone.phoneNumberId] },
      input.override_callback_uri,
      input.secret,
    );
  }

  private async replaceOverride(
    tenantId: string,
    kind: 'waba_override' | 'phone_override',
    scope: { wabaId: string; phoneNumberIds: string[] | null },
    url: string,
    secret: string | undefined,
  ): Promise<SubscriptionResultDto> {
    const matches =
      kind === 'waba_override'
        ? `tenant_id = $1 AND kind = 'waba_override' AND waba_id = $2`
        : `tenant_id = $1 AND kind = 'phone_override' AND phone_number_ids = $2::text[]`;
    // The old override goes in the same transaction (and under the same lock) as the new one comes,
    // so concurrent registrations of one account's or number's callback leave exactly one.
    const created = await this.insert(
      tenantId,
      {
        kind,
        url,
        description: null,
        events: null,
        phoneNumberIds: scope.phoneNumberIds,
        wabaId: scope.wabaId,
        secret,
      },
      { where: matches, params: [tenantId, kind === 'waba_override' ? scope.wabaId : scope.phoneNumberIds] },
    );
    return { success: true, webhook_id: created.id, ...(secret === undefined && { secret: created.secret }) };
  }

  /**
   * Meta's verification request: GET the callback with hub.mode=subscribe, the verify token and a
   * random challenge; the callback must answer 2xx with the challenge as its body.
   */
  private async handshake(url: string, verifyToken: string): Promise<void> {
    const challenge = String(randomBytes(6).readUIntBE(0, 6));
    const target = new URL(url);
    target.searchParams.set('hub.mode', 'subscribe');
    target.searchParams.set('hub.verify_token', verifyToken);
    target.searchParams.set('hub.challenge', challenge);
    let failure: string;
    const timeout = deadline(HANDSHAKE_TIMEOUT_MS);
    try {
      const response = await request(target, {
        method: 'GET',
        dispatcher: this.dispatcher.httpAgent,
        headersTimeout: HANDSHAKE_TIMEOUT_MS,
        bodyTimeout: HANDSHAKE_TIMEOUT_MS,
        signal: timeout.signal,
      });
      const text = (await response.body.text()).trim();
      if (response.statusCode >= 200 && response.statusCode < 300 && text === challenge) return;
      failure =
        response.statusCode >= 300
          ? `the callback answered HTTP ${response.statusCode}`
          : 'the callback did not echo hub.challenge';
    } catch {
      failure = `the callback could not be reached within ${HANDSHAKE_TIMEOUT_MS} ms`;
    } finally {
      timeout.clear();
    }
    throw GraphError.invalidParameter(
      'Callback verification failed',
      `${failure}; it must answer GET hub.mode=subscribe with the hub.challenge value when hub.verify_token matches`,
    );
  }

  private async insert(
    tenantId: string,
    input: {
      kind: WebhookEndpointKind;
      url: string;
      description: string | null;
      events: string[] | null;
      phoneNumberIds: string[] | null;
      wabaId: string | null;
      secret?: string;
    },
    replacing?: { where: string; params: unknown[] },
  ): Promise<WebhookEndpointWithSecretDto> {
    const secret = this.checkSecret(input.secret);
    // One transaction with an advisory lock per organization, so concurrent creates cannot pass the
    // cap together, and a replaced endpoint is gone exactly when its successor comes.
    const row = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || $1))`, [tenantId]);
      if (replacing) await deleteEndpointsIn(manager, replacing.where, replacing.params);
      const [{ n }] = await manager.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM webhook_endpoints WHERE tenant_id = $1`,
        [tenantId],
      );
      if (n >= MAX_ENDPOINTS_PER_ORGANIZATION) {
        throw GraphError.conflict(
          `An organization can have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`,
          'delete one first',
        );
      }
      const [inserted] = await manager.query<EndpointRow[]>(
        `INSERT INTO webhook_endpoints (tenant_id, kind, url, description, events, phone_number_ids, waba_id, secret_encrypted)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
        [
          tenantId,
          input.kind,
          input.url,
          input.description,
          input.events,
          input.phoneNumberIds,
          input.wabaId,
          this.secretBox.encrypt(secret),
        ],
      );
      return inserted;
    });
    return { ...this.toDto(row), secret };
  }

  private checkSecret(secret: string | undefined): string {
    if (secret === undefined) return generateWebhookSecret();
    if (!isUsableSecret(secret)) {
      throw GraphError.invalidParameter(
        'Invalid secret',
        'secret: 16 to 512 characters without spaces; a whsec_ secret must carry at least 16 bytes of base64 after the prefix',
      );
    }
    return secret;
  }

  private async checkUrl(url: string, field: string): Promise<void> {
    const problem = await webhookUrlProblem(url, this.dispatcher.urlRules);
    if (problem) throw GraphError.invalidParameter('Invalid callback URL', `${field}: ${problem}`);
  }

  /**
   * The numbers an endpoint may select: the organization's, within the key's allow-list. A key
   * limited to some numbers gets exactly those when it names none.
   */
  private async checkPhoneNumbers(caller: EndpointCaller, requested: string[] | undefined): Promise<string[] | null> {
    const allowed = caller.auth.allowedPhoneNumberIds;
    if (requested === undefined) return allowed ? [...allowed].sort() : null;
    const unique = [...new Set(requested)];
    const outside = allowed ? unique.filter((id) => !allowed.has(id)) : [];
    if (outside.length) throw GraphError.permissionDenied(`The API key may not reach phone number ${outside[0]}`);
    const rows: Array<{ phone_number_id: string }> = await this.dataSource.query(
      `SELECT phone_number_id FROM phone_numbers WHERE tenant_id = $1 AND phone_number_id = ANY ($2::text[])`,
      [caller.tenantId, unique],
    );
    const known = new Set(rows.map((row) => row.phone_number_id));
    const unknown = unique.find((id) => !known.has(id));
    if (unknown)
      throw GraphError.invalidParameter(
        'Unknown phone number',
        `phone_number_ids: ${unknown} is not a phone number of this organization`,
      );
    return unique.sort();
  }

  private async find(tenantId: string, id: string): Promise<EndpointRow> {
    if (!isUUID(id)) throw notFound('Webhook endpoint');
    const [row] = await this.dataSource.query<EndpointRow[]>(
      `SELECT * FROM webhook_endpoints WHERE id = $1 AND tenant_id = $2`,
      [id, tenantId],
    );
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }

  /** A Meta-shaped sample of `field` for the endpoint's organization (a number it selects when it can). */
  private async sampleEvent(
    endpoint: EndpointRow,
    field: 'messages' | 'message_template_status_update',
  ): Promise<Record<string, unknown>> {
    const [phone] = await this.dataSource.query<
      Array<{ phone_number_id: string; display_phone_number: string; waba_id: string }>
    >(
      `SELECT p.phone_number_id, p.display_phone_number, b.waba_id FROM phone_numbers p JOIN business_accounts b ON b.id = p.business_account_id
       WHERE p.tenant_id = $1 AND ($2::text[] IS NULL OR p.phone_number_id = ANY ($2::text[])) ORDER BY p.created_at LIMIT 1`,
      [endpoint.tenant_id, endpoint.phone_number_ids],
    );
    const wabaId = phone?.waba_id ?? endpoint.waba_id ?? '0';
    const now = Math.floor(Date.now() / 1000);
    const value =
      field === 'messages'
        ? {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: (phone?.display_phone_number ?? '').replace(/\D/g, ''),
              phone_number_id: phone?.phone_number_id ?? '0',
            },
            statuses: [
              {
                id: `wamid.TEST${randomBytes(12).toString('hex').toUpperCase()}`,
                status: 'delivered',
                timestamp: String(now),
                recipient_id: '16505550100',
                conversation: { id: 'TEST_CONVERSATION', origin: { type: 'service' } },
                pricing: { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
              },
            ],
          }
        : {
            event: 'APPROVED',
            message_template_id: 0,
            message_template_name: 'gateway_test_event',
            message_template_language: 'en_US',
            reason: 'NONE',
          };
    return { object: 'whatsapp_business_account', entry: [{ id: wabaId, time: now, changes: [{ value, field }] }] };
  }

  private toDto(row: EndpointRow): WebhookEndpointDto {
    return {
      id: row.id,
      kind: row.kind,
      url: row.url,
      description: row.description,
      events: row.events,
      phone_number_ids: row.phone_number_ids,
      waba_id: row.waba_id,
      status: row.status,
      disabled_reason: row.disabled_reason,
      consecutive_failures: row.consecutive_failures,
      secret_hint: secretHint(this.secretBox.decrypt(row.secret_encrypted)),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }
}

function toDeliveryDto(row: DeliveryRow): WebhookDeliveryDto {
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
