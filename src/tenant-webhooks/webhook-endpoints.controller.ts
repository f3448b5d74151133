import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { SuccessDto } from '../common/pagination';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext } from '../core/gateway-request';
import {
  ListDeliveriesQueryDto,
  RedeliverFailedDto,
  RedeliveredDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
} from './dto/webhook-delivery.dto';
import {
  CreateWebhookEndpointDto,
  ListWebhookEndpointsQueryDto,
  RotateWebhookSecretDto,
  TestWebhookDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointPageDto,
  WebhookEndpointWithSecretDto,
} from './dto/webhook-endpoint.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookEndpointsService } from './webhook-endpoints.service';

const ENDPOINT_ID = { name: 'id', description: 'The endpoint id', format: 'uuid' };

const DELIVERY_DESCRIPTION =
  "Each event is POSTed as Meta's own webhook envelope (`object`, `entry[].id` = WABA id, `changes[].field`, `value` with `metadata`), " +
  'exactly as upstream sent it (one change per delivery), so a handler written for Meta parses it unchanged. Headers: ' +
  '`X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, raw body)>` like Meta, and the Standard Webhooks headers ' +
  '`webhook-id` (the delivery id, the same on every retry: dedupe on it), `webhook-timestamp` (unix seconds of the attempt) and ' +
  '`webhook-signature: v1,<base64 HMAC-SHA256(key, id + "." + timestamp + "." + body)>`, where the key is the base64 after `whsec_` ' +
  "for generated secrets (the `standardwebhooks` package's default) and the secret's UTF-8 bytes otherwise (`{ format: 'raw' }`). " +
  'A 2xx answer within 10 s delivers; 410 disables the endpoint; anything else is retried with exponential backoff and jitter ' +
  '(5 s, 10 s, 20 s, … up to 1 h apart) for 24 hours, then the delivery is failed and kept for redelivery. Delivery is at least ' +
  'once and not ordered.';

@ApiTags('tenant webhooks')
@Controller('v1/webhooks')
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveryLog: WebhookDeliveriesService,
  ) {}

  @Post()
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('webhooks.create', { body: ['url', 'events', 'phone_number_ids', 'description'] })
  @ApiOperation({ summary: "Register an endpoint for the organization's events", description: DELIVERY_DESCRIPTION })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretDto })
  @ApiGraphErrors(400, 409)
  create(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<WebhookEndpointWithSecretDto> {
    return this.endpoints.create({ tenantId, auth }, body);
  }

  @Get()
  @Authenticated({ scopes: ['webhooks:read'] })
  @ApiOperation({ summary: "The organization's endpoints, oldest first (secrets are never shown again)" })
  @ApiOkResponse({ type: WebhookEndpointPageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Query() query: ListWebhookEndpointsQueryDto,
    @Req() req: Request,
  ): Promise<WebhookEndpointPageDto> {
    return this.endpoints.list(tenantId, query, req.originalUrl);
  }

  @Get(':id')
  @Authenticated({ scopes: ['webhooks:read'] })
  @ApiOperation({ summary: 'One endpoint' })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiGraphErrors(404)
  get(@TenantId() tenantId: string, @Param('id') id: string): Promise<WebhookEndpointDto> {
    return this.endpoints.get(tenantId, id);
  }

  @Patch(':id')
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('webhooks.update', { body: ['url', 'events', 'phone_number_ids', 'description', 'status'] })
  @ApiOperation({ summary: 'Change the URL, filters or description; disable or enable the endpoint' })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiGraphErrors(400, 404)
  update(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.update({ tenantId, auth }, id, body);
  }

  @Delete(':id')
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('webhooks.delete', {})
  @ApiOperation({
    summary: 'Delete the endpoint and its delivery log',
    description:
      'Deliveries still pending are dropped with it. Safe while events are arriving: an event stored at the same moment is either delivered nowhere or removed with the endpoint.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(404)
  async remove(@TenantId() tenantId: string, @Param('id') id: string): Promise<SuccessDto> {
    await this.endpoints.remove(tenantId, id);
    return { success: true };
  }

  @Post(':id/rotate_secret')
  @HttpCode(200)
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('webhooks.rotate_secret', { body: ['overlap_seconds'] })
  @ApiOperation({
    summary:
      'Replace the signing secret (given, or generated); the old one stops signing at once, or after an overlap window during which both sign',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookEndpointWithSecretDto })
  @ApiGraphErrors(400, 404)
  rotate(
    @TenantId() tenantId: string,
    @Param('id') id: string,
    @Body() body: RotateWebhookSecretDto,
  ): Promise<WebhookEndpointWithSecretDto> {
    return this.endpoints.rotateSecret(tenantId, id, body.secret, body.overlap_seconds);
  }

  @Post(':id/test')
  @HttpCode(200)
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('webhooks.test', { body: ['field'] })
  @ApiOperation({
    summary: 'Send a signed sample event now',
    description:
      'One attempt, signed like every delivery, not retried; the answer is the delivery with its outcome. It also shows in the delivery log.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookDeliveryDto })
  @ApiGraphErrors(400, 404)
  test(
    @TenantId() tenantId: string,
    @Param('id') id: string,
    @Body() body: TestWebhookDto,
  ): Promise<WebhookDeliveryDto> {
    return this.endpoints.test(tenantId, id, body.field ?? 'messages');
  }

  @Get(':id/deliveries')
  @Authenticated({ scopes: ['webhooks:read'] })
  @ApiOperation({
    summary:
      'The delivery log, newest first: every attempt with its status code, error and latency, and the next attempt',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiGraphErrors(400, 404)
  deliveries(
    @TenantId() tenantId: string,
    @Param('id') id: string,
    @Query() query: ListDeliveriesQueryDto,
    @Req() req: Request,
  ): Promise<WebhookDeliveryPageDto> {
    return this.deliveryLog.deliveries(tenantId, id, query, req.originalUrl);
  }

  @Post(':id/deliveries/redeliver')
  @HttpCode(202)
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('webhooks.redeliver_failed', { body: ['since', 'until'] })
  @ApiOperation({
    summary: 'Send every failed delivery of the endpoint in a time range again (oldest first, a fresh retry schedule)',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiResponse({ status: 202, description: 'Queued again', type: RedeliveredDto })
  @ApiGraphErrors(400, 404, 409)
  redeliverFailed(
    @TenantId() tenantId: string,
    @Param('id') id: string,
    @Body() body: RedeliverFailedDto,
  ): Promise<RedeliveredDto> {
    return this.deliveryLog.redeliverFailed(tenantId, id, body);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  @Authenticated({ scopes: ['webhooks:write'] })
  @Audited('webhooks.redeliver', {})
  @ApiOperation({
    summary: 'Send a delivered or failed delivery again (same webhook-id and body, a fresh retry schedule)',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  @ApiResponse({ status: 202, description: 'Queued again', type: WebhookDeliveryDto })
  @ApiGraphErrors(404, 409)
  redeliver(
    @TenantId() tenantId: string,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    return this.deliveryLog.redeliver(tenantId, id, deliveryId);
  }
}
