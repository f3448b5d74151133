import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, StreamableFile } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAuth, TenantId } from '../auth/auth.decorators';
import type { Environment } from '../config/environment';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { MediaNodesService, type MediaRequest } from '../media/media-nodes.service';
import { SubscriptionResultDto, UpdatePhoneNumberDto } from '../tenant-webhooks/dto/subscribed-apps.dto';
import { WebhookEndpointsService } from '../tenant-webhooks/webhook-endpoints.service';

const MEDIA_ID = { name: 'mediaId', description: 'Upstream media id: from an inbound webhook (`image.id`, …) or from POST /v1/{phoneNumberId}/media', example: '1003383421387256' };

/**
 * Graph's bare node paths, `/v1/{id}`: a media object (read, download, delete) and a phone number's
 * settings (its webhook override). They match any single path segment, so their module is imported
 * last and the named routes (`/v1/webhooks`, `/v1/tenants`, …) are matched first.
 */
@ApiTags('graph nodes')
@Controller('v1')
export class GraphNodesController {
  private readonly publicBaseUrl: string | undefined;

  constructor(
    private readonly media: MediaNodesService,
    private readonly endpoints: WebhookEndpointsService,
    config: ConfigService<Environment, true>,
  ) {
    this.publicBaseUrl = config.get('PUBLIC_BASE_URL', { infer: true })?.replace(/\/+$/, '');
  }

  @Get('media/:mediaId/download')
  @Authenticated({ scopes: ['media:read'], tenant: 'optional' })
  @ApiOperation({
    summary: 'Download a media file',
    description: "The `url` of GET /v1/{mediaId}: the bytes, streamed from upstream. Send the same key, as Meta's download URL wants the token.",
  })
  @ApiParam(MEDIA_ID)
  @ApiProduces('application/octet-stream', 'image/jpeg', 'application/pdf')
  @ApiOkResponse({ description: 'The file, with its Content-Type' })
  @ApiGraphErrors(500)
  async download(@CurrentAuth() auth: AuthContext, @Req() req: GatewayRequest, @Param('mediaId') mediaId: string): Promise<StreamableFile> {
    const file = await this.media.download(this.mediaRequest(auth, req, mediaId));
    return new StreamableFile(file.body, { type: file.contentType, ...(file.contentLength && { length: Number(file.contentLength) }) });
  }

  @Get(':mediaId')
  @Authenticated({ scopes: ['media:read'], tenant: 'optional' })
  @ApiOperation({
    summary: "A media object, as Meta's GET /{media-id}",
    description:
      'For media a customer sent (its id comes in the inbound webhook) or media uploaded for sends, of the key\'s organizations. ' +
      '`url` points at the gateway\'s download route, which needs the same key. An unknown id or another organization\'s is 401 code 190.',
  })
  @ApiParam(MEDIA_ID)
  @ApiOkResponse({
    schema: {
      example: {
        messaging_product: 'whatsapp',
        url: 'http://localhost:3000/v1/media/1003383421387256/download',
        mime_type: 'image/jpeg',
        sha256: 'f6a1…',
        file_size: '303833',
        id: '1003383421387256',
      },
    },
  })
  @ApiGraphErrors(500)
  describe(@CurrentAuth() auth: AuthContext, @Req() req: GatewayRequest, @Param('mediaId') mediaId: string): Promise<Record<string, unknown>> {
    const base = this.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    return this.media.describe(this.mediaRequest(auth, req, mediaId), `${base}/v1/media/${encodeURIComponent(mediaId)}/download`);
  }

  @Delete(':mediaId')
  @Authenticated({ scopes: ['media:write'], tenant: 'optional' })
  @ApiOperation({ summary: "Delete a media object, as Meta's DELETE /{media-id}" })
  @ApiParam(MEDIA_ID)
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiGraphErrors(500)
  remove(@CurrentAuth() auth: AuthContext, @Req() req: GatewayRequest, @Param('mediaId') mediaId: string): Promise<{ success: boolean }> {
    return this.media.remove(this.mediaRequest(auth, req, mediaId));
  }

  @Post(':phoneNumberId')
  @HttpCode(200)
  @Authenticated({ scopes: ['webhooks:write'] })
  @ApiOperation({
    summary: "A phone number's webhook override, as Meta's POST /{phone-number-id} webhook_configuration",
    description:
      'With `override_callback_uri` and `verify_token`, the gateway performs Meta\'s hub.challenge handshake against the URL and refuses it (400 code 100) ' +
      "unless it echoes the challenge; then the number's events go there instead of its business account's override. An empty URI removes the override.",
  })
  @ApiParam({ name: 'phoneNumberId', description: 'Upstream phone number id of the organization' })
  @ApiOkResponse({ type: SubscriptionResultDto })
  @ApiGraphErrors(400)
  configure(@TenantId() tenantId: string, @CurrentAuth() auth: AuthContext, @Req() req: GatewayRequest, @Body() body: UpdatePhoneNumberDto): Promise<SubscriptionResultDto> {
    const phone = req.tenant!.phoneNumber!;
    return this.endpoints.configurePhoneNumber({ tenantId, auth }, phone, body.webhook_configuration);
  }

  private mediaRequest(auth: AuthContext, req: GatewayRequest, mediaId: string): MediaRequest {
    // An admin key's organization comes only from X-Svc-Tenant-Id (the tenancy guard checked it).
    return { auth, mediaId, headerTenantId: auth.kind === 'admin' ? req.tenant?.tenantId : undefined };
  }
}
