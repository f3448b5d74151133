import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { SuccessDto } from '../common/pagination';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { SubscribeAppDto, SubscriptionResultDto } from './dto/subscribed-apps.dto';
import { MetaWebhookOverridesService } from './meta-webhook-overrides.service';

/** Meta's `subscribed_apps` edge of a business account: the way existing tooling sets a callback. */
@ApiTags('tenant webhooks')
@Controller('v1/:wabaId/subscribed_apps')
export class SubscribedAppsController {
  constructor(private readonly overrides: MetaWebhookOverridesService) {}

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('subscribed_apps.create', { body: ['override_callback_uri'] })
  @ApiOperation({
    summary: "Set the business account's callback, Meta's way",
    description:
      'With `override_callback_uri` and `verify_token`, the gateway first calls the URL like Meta (`GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`) ' +
      'and refuses the registration (400 code 100) unless it answers 2xx with the challenge. Then every event of the business account goes there, ' +
      "signed as /v1/webhooks describes, except the events of numbers that have their own override. It replaces the account's earlier override; " +
      'the endpoint also shows in /v1/webhooks. Without a URI the call is a no-op success (the gateway is always subscribed).',
  })
  @ApiParam({ name: 'wabaId', description: 'Upstream business account id of the organization' })
  @ApiOkResponse({ type: SubscriptionResultDto })
  @ApiGraphErrors(400)
  subscribe(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
    @Body() body: SubscribeAppDto,
  ): Promise<SubscriptionResultDto> {
    return this.overrides.subscribe({ tenantId, auth }, req.tenant!.businessAccount!, body);
  }

  @Get()
  @Authenticated({ scopes: ['webhooks:read'] })
  @ApiOperation({ summary: "The subscribed app (the gateway) with its override, Meta's shape" })
  @ApiParam({ name: 'wabaId', description: 'Upstream business account id of the organization' })
  @ApiOkResponse({
    schema: {
      example: {
        data: [
          {
            whatsapp_business_api_data: { id: '1000000000000001', name: 'WhatsApp gateway' },
            override_callback_uri: 'https://example.com/webhook',
          },
        ],
      },
    },
  })
  list(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<{ data: Array<Record<string, unknown>> }> {
    return this.overrides.subscriptions(tenantId, req.tenant!.businessAccount!.wabaId);
  }

  @Delete()
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('subscribed_apps.delete', {})
  @ApiOperation({ summary: "Remove the business account's callback override" })
  @ApiParam({ name: 'wabaId', description: 'Upstream business account id of the organization' })
  @ApiOkResponse({ type: SuccessDto })
  remove(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<{ success: true }> {
    return this.overrides.unsubscribe(tenantId, req.tenant!.businessAccount!.wabaId);
  }
}
