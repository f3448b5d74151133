import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { decodeCursor, nextPageUrl, toPage, type Page } from '../common/pagination';
import { SecretBox } from '../common/secret-box';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import { OnboardingService } from '../tenancy/onboarding.service';
import { TenancyService } from '../tenancy/tenancy.service';
import { testEnvelope } from './delivery-mode';
import type { WebhookDeliveryDto } from './dto/webhook-delivery.dto';
import type {
  CreateWebhookEndpointDto,
  ListWebhookEndpointsQueryDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from './dto/webhook-endpoint.dto';
import {
  type EndpointRow,
  type EndpointSelection,
  type NewEndpoint,
  TenantWebhooksRepository,
} from './tenant-webhooks.repository';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { generateWebhookSecret, isUsableSecret, secretHint } from './webhook-signing';
import { webhookUrlProblem } from './webhook-url-policy';
import { metaJson } from '../../libs/meta/meta-json';

/** Endpoints an organization may register (Meta-style overrides included). */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 25;

/** The caller of an endpoint-management route: its organization and what its key may reach. */
export interface EndpointCaller {
  tenantId: string;
  auth: Pick<AuthContext, 'allowedPhoneNumberIds'>;
}

/** A new endpoint, before its secret is checked or made. */
export type EndpointInput = Omit<NewEndpoint, 'secretEncrypted'> & { secret?: string };

/**
 * Tenant webhook endpoints registered with `/v1/webhooks`: create, list, change, disable, delete,
 * rotate the secret, send a test event. The delivery log is WebhookDeliveriesService's, Meta's own
 * overrides MetaWebhookOverridesService's (which registers them here too). Every query is scoped by
 * the organization; another organization's endpoint is not found (404 code 100).
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly repository: TenantWebhooksRepository,
    private readonly secretBox: SecretBox,
    private readonly dispatcher: WebhookDispatcher,
    private readonly deliveryLog: WebhookDeliveriesService,
    private readonly tenancy: TenancyService,
    onboarding: OnboardingService,
  ) {
    onboarding.registerDependent('organization', 'webhook endpoints', (m, id) => repository.hasEndpoints(m, id));
  }

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
    const rows = await this.repository.endpoints(tenantId, decodeCursor(query.after), query.limit + 1);
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
    await this.repository.updateEndpoint(caller.tenantId, id, {
      url: input.url ?? current.url,
      events,
      phoneNumberIds,
      description,
    });
    if (input.status === 'disabled' && current.status !== 'disabled')
      await this.dispatcher.disableEndpoint(id, 'disabled by the organization');
    if (input.status === 'active' && current.status !== 'active') await this.repository.enableEndpoint(id);
    return this.get(caller.tenantId, id);
  }

  async remove(tenantId: string, id: string): Promise<void> {
    if (!isUUID(id)) throw notFound('Webhook endpoint');
    if (!(await this.repository.deleteEndpoints({ id, tenantId }))) throw notFound('Webhook endpoint');
  }

  async rotateSecret(
    tenantId: string,
    id: string,
    secret?: string,
    overlapSeconds = 0,
  ): Promise<WebhookEndpointWithSecretDto> {
    await this.find(tenantId, id);
    const next = this.checkSecret(secret);
    await this.repository.replaceSecret(tenantId, id, this.secretBox.encrypt(next), overlapSeconds);
    return { ...(await this.get(tenantId, id)), secret: next };
  }

  /** Sends a signed sample event to the endpoint now, once, and answers the delivery with its outcome. */
  async test(
    tenantId: string,
    id: string,
    field: 'messages' | 'message_template_status_update',
  ): Promise<WebhookDeliveryDto> {
    const endpoint = await this.find(tenantId, id);
    const sample = metaJson(await this.sampleEvent(endpoint, field));
    const body = (await this.tenancy.isTest(tenantId)) ? testEnvelope(sample) : sample;
    const deliveryId = await this.repository.insertTestDelivery(tenantId, id, field, body);
    await this.dispatcher.attemptOnce(deliveryId);
    return this.deliveryLog.delivery(tenantId, id, deliveryId);
  }

  /**
   * Registers an endpoint (at most MAX_ENDPOINTS_PER_ORGANIZATION an organization); `replacing`
   * goes in the same transaction, so concurrent registrations of one account's or number's override
   * leave exactly one. The secret is the caller's (checked) or a new one, shown this once.
   */
  async insert(
    tenantId: string,
    input: EndpointInput,
    replacing?: EndpointSelection,
  ): Promise<WebhookEndpointWithSecretDto> {
    const secret = this.checkSecret(input.secret);
    const row = await this.repository.insertEndpoint(
      tenantId,
      { ...input, secretEncrypted: this.secretBox.encrypt(secret) },
      MAX_ENDPOINTS_PER_ORGANIZATION,
      replacing,
    );
    if (!row) {
      throw GraphError.conflict(
        `An organization can have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`,
        'delete one first',
      );
    }
    return { ...this.toDto(row), secret };
  }

  /** Refuses a callback URL the rules refuse (400 code 100 naming `field`). */
  async checkUrl(url: string, field: string): Promise<void> {
    const problem = await webhookUrlProblem(url, this.dispatcher.urlRules);
    if (problem) throw GraphError.invalidParameter('Invalid callback URL', `${field}: ${problem}`);
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
    const known = await this.tenancy.numbersOf(caller.tenantId, unique);
    const unknown = unique.find((id) => !known.has(id));
    if (unknown)
      throw GraphError.invalidParameter(
        'Unknown phone number',
        `phone_number_ids: ${unknown} is not a phone number of this organization`,
      );
    return unique.sort();
  }

  private async find(tenantId: string, id: string): Promise<EndpointRow> {
    const row = isUUID(id) ? await this.repository.endpoint(tenantId, id) : undefined;
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }

  /** A Meta-shaped sample of `field` for the endpoint's organization (a number it selects when it can). */
  private async sampleEvent(
    endpoint: EndpointRow,
    field: 'messages' | 'message_template_status_update',
  ): Promise<Record<string, unknown>> {
    const phone = await this.tenancy.firstNumberWithAccount(endpoint.tenant_id, endpoint.phone_number_ids);
    const wabaId = phone?.wabaId ?? endpoint.waba_id ?? '0';
    const now = Math.floor(Date.now() / 1000);
    const value =
      field === 'messages'
        ? {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: (phone?.displayPhoneNumber ?? '').replace(/\D/g, ''),
              phone_number_id: phone?.phoneNumberId ?? '0',
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
      previous_secret_expires_at:
        row.previous_secret_expires_at && row.previous_secret_expires_at > new Date()
          ? row.previous_secret_expires_at.toISOString()
          : null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }
}

function notFound(what: string): GraphError {
  return GraphError.notFound(`${what} not found`);
}
