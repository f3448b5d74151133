import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { request } from 'undici';
import { MetaApp } from '../config/meta-app';
import { deadline } from '../core/deadline';
import { GraphError } from '../core/graph-error';
import { TenancyService } from '../tenancy/tenancy.service';
import type { SubscribeAppDto, SubscriptionResultDto, WebhookConfigurationDto } from './dto/subscribed-apps.dto';
import { TenantWebhooksRepository } from './tenant-webhooks.repository';
import { type EndpointCaller, WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookDispatcher } from './webhook-dispatcher.service';

/** The callback handshake gives up after this long. */
const HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * Meta's own way of choosing where webhooks go, on the gateway's endpoints: a business account's
 * `subscribed_apps` override and a phone number's `webhook_configuration` override, each verified
 * with Meta's hub.challenge handshake before it is registered (as an endpoint of its kind; at most
 * one per account or number, replaced in one transaction).
 */
@Injectable()
export class MetaWebhookOverridesService {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly repository: TenantWebhooksRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly tenancy: TenancyService,
    private readonly app: MetaApp,
  ) {}

  /**
   * `POST /{wabaId}/subscribed_apps`: with `override_callback_uri`, the business account's callback (after the
   * handshake).
   */
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
    await this.endpoints.checkUrl(input.override_callback_uri, 'override_callback_uri');
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
    const override = await this.repository.wabaOverrideUrl(tenantId, wabaId);
    return {
      data: [
        {
          whatsapp_business_api_data: { id: this.app.appId, name: 'WhatsApp gateway' },
          ...(override !== undefined && { override_callback_uri: override }),
        },
      ],
    };
  }

  /** `DELETE /{wabaId}/subscribed_apps`: removes the business account's callback override. */
  async unsubscribe(tenantId: string, wabaId: string): Promise<{ success: true }> {
    await this.repository.deleteEndpoints({ tenantId, wabaOverride: wabaId });
    return { success: true };
  }

  /** `POST /{phoneNumberId}` `webhook_configuration`: the number's callback override; an empty URI removes it. */
  async configurePhoneNumber(
    caller: EndpointCaller,
    phone: { phoneNumberId: string; businessAccountId: string },
    input: WebhookConfigurationDto,
  ): Promise<SubscriptionResultDto> {
    if (input.override_callback_uri === '') {
      await this.repository.deleteEndpoints({ tenantId: caller.tenantId, phoneOverride: [phone.phoneNumberId] });
      return { success: true };
    }
    if (input.verify_token === undefined) {
      throw GraphError.invalidParameter(
        'verify_token is required with override_callback_uri',
        'webhook_configuration.verify_token: required',
      );
    }
    await this.endpoints.checkUrl(input.override_callback_uri, 'webhook_configuration.override_callback_uri');
    await this.handshake(input.override_callback_uri, input.verify_token);
    const wabaId = (await this.tenancy.wabaIdOf(phone.businessAccountId)) ?? '';
    return this.replaceOverride(
      caller.tenantId,
      'phone_override',
      { wabaId, phoneNumberIds: [phone.phoneNumberId] },
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
    // The old override goes in the same transaction (and under the same lock) as the new one comes,
    // so concurrent registrations of one account's or number's callback leave exactly one.
    const created = await this.endpoints.insert(
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
      kind === 'waba_override'
        ? { tenantId, wabaOverride: scope.wabaId }
        : { tenantId, phoneOverride: scope.phoneNumberIds ?? [] },
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
}
