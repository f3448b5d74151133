import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { ConfigService } from '@nestjs/config';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentAuth } from '../core/access.decorators';
import { Audited, auditAs } from '../audit/audited.decorator';
import type { Environment } from '../config/environment';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { markUntrustedDownload } from '../core/untrusted-content';
import { MediaNodesService } from '../media/media-nodes.service';
import { PassthroughService } from '../passthrough/passthrough.service';
import { GraphNodesService, type NodeCaller } from './graph-nodes.service';
import { textParameter } from '../core/graph-fields';

const NODE_ID = {
  name: 'nodeId',
  description:
    'A phone number id, a template id, or a media id (from an inbound webhook or POST /v1/{phoneNumberId}/media) of the organization',
  example: '1003383421387256',
};

/**
 * Graph's bare node paths, `/v1/{id}`: what the id names decides what the call does (see
 * GraphNodesService). They match any single path segment, so their module is imported last and the
 * named routes (`/v1/webhooks`, `/v1/tenants`, …) are matched first.
 */
@ApiTags('graph nodes')
@Controller('v1')
export class GraphNodesController {
  private readonly publicBaseUrl: string | undefined;

  constructor(
    private readonly nodes: GraphNodesService,
    private readonly media: MediaNodesService,
    private readonly passthrough: PassthroughService,
    config: ConfigService<Environment, true>,
  ) {
    this.publicBaseUrl = config.get('PUBLIC_BASE_URL', { infer: true })?.replace(/\/+$/, '');
  }

  @Get('media/:mediaId/download')
  @Authenticated({ scopes: ['media:read'], tenant: 'optional' })
  @ApiOperation({
    summary: 'Download a media file',
    description:
      "The `url` of GET /v1/{mediaId}: the bytes, streamed from upstream. Send the same key, as Meta's download URL wants the token " +
      "(a header is best; `?access_token=` is accepted as on Meta's download URLs). The bytes are a third party's, so they always come " +
      "as an attachment (`Content-Disposition: attachment`, the inbound document's own name or `media-<id>.<ext>`), with " +
      "`X-Content-Type-Options: nosniff`, `Content-Security-Policy: sandbox; default-src 'none'`, `Cache-Control: private, no-store` and " +
      '`Referrer-Policy: no-referrer`: a file that holds script never runs it on this origin.',
  })
  @ApiParam({ name: 'mediaId' })
  @ApiProduces('application/octet-stream', 'image/jpeg', 'application/pdf')
  @ApiOkResponse({ description: 'The file, with its Content-Type' })
  @ApiGraphErrors(500)
  async download(
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
    @Param('mediaId') mediaId: string,
  ): Promise<StreamableFile> {
    const file = await this.media.download({ ...this.caller(auth, req), mediaId });
    markUntrustedDownload(res, file.fileName);
    return new StreamableFile(file.body, {
      type: file.contentType,
      ...(file.contentLength && { length: Number(file.contentLength) }),
    });
  }

  @Get(':nodeId')
  @Authenticated({ tenant: 'optional' })
  @ApiOperation({
    summary: 'Read a phone number, a template or a media object, as Graph reads /{id}',
    description:
      "- a **phone number** (scope `business:read`): Meta's record from upstream (`verified_name`, `display_phone_number`, `quality_rating`, …), `fields` honoured;\n" +
      '- a **template** (scope `templates:read`): the catalog record, `fields` honoured;\n' +
      "- a **media object** (scope `media:read`): Meta's `{ messaging_product, url, mime_type, sha256, file_size, id }`, `url` pointing at the gateway's " +
      "download route (same key).\n\nAn unknown id or another organization's is 401 code 190.",
  })
  @ApiParam(NODE_ID)
  @ApiQuery({ name: 'fields', required: false })
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
  async read(
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
    @Param('nodeId') nodeId: string,
    @Query('fields') fields?: unknown,
  ): Promise<Record<string, unknown> | string> {
    if (!(await this.nodes.servesNatively(nodeId, 'GET'))) return this.passthrough.forward(req, res);
    const base = this.publicBaseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    return this.nodes.read(
      this.caller(auth, req),
      nodeId,
      textParameter(fields),
      `${base}/v1/media/${encodeURIComponent(nodeId)}/download`,
    );
  }

  @Post(':nodeId')
  @HttpCode(200)
  @Authenticated({ tenant: 'optional' })
  @Audited(undefined, {
    body: ['webhook_configuration.override_callback_uri', 'components', 'category', 'message_send_ttl_seconds'],
  })
  @ApiOperation({
    summary: "Change a phone number's settings or edit a template, as Graph's POST /{id}",
    description:
      "- a **phone number** (scope `webhooks:write`): `webhook_configuration.override_callback_uri` and `verify_token`, Meta's number-level webhook override. " +
      "The gateway performs Meta's hub.challenge handshake against the URL and refuses it (400 code 100) unless it echoes the challenge; then the number's " +
      "events go there instead of its business account's override. An empty URI removes the override.\n" +
      '- a **template** (scope `templates:write`): an edit (`components`, `category`, `message_send_ttl_seconds`), checked with the same rules as a create, ' +
      'then sent upstream; the catalog follows upstream (an edit goes back to review).',
  })
  @ApiParam(NODE_ID)
  @ApiBody({
    schema: {
      example: {
        webhook_configuration: {
          override_callback_uri: 'https://example.com/number-webhook',
          verify_token: 'my-token',
        },
      },
    },
  })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiGraphErrors(400, 500)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
    @Param('nodeId') nodeId: string,
    @Body() body: Record<string, unknown>,
  ): Promise<Record<string, unknown> | string> {
    if (!(await this.nodes.servesNatively(nodeId, 'POST', body))) return this.passthrough.forward(req, res);
    return this.nodes.update(this.caller(auth, req, true), nodeId, body);
  }

  @Delete(':nodeId')
  @Authenticated({ tenant: 'optional' })
  @Audited(undefined, {})
  @ApiOperation({ summary: "Delete a media object, as Meta's DELETE /{media-id} (scope media:write)" })
  @ApiParam(NODE_ID)
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiGraphErrors(400, 500)
  async remove(
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
    @Param('nodeId') nodeId: string,
  ): Promise<{ success: boolean } | string> {
    if (!(await this.nodes.servesNatively(nodeId, 'DELETE'))) return this.passthrough.forward(req, res);
    return this.nodes.remove(this.caller(auth, req, true), nodeId);
  }

  /** Who calls; for a write, how its audit entry is named once the node is known. */
  private caller(auth: AuthContext, req: GatewayRequest, write = false): NodeCaller {
    // An admin key's organization comes only from X-Svc-Tenant-Id (the tenancy guard checked it).
    return {
      auth,
      headerTenantId: auth.kind === 'admin' ? req.tenant?.tenantId : undefined,
      ...(write && { audit: (action: string, tenantId: string) => auditAs(req, action, tenantId) }),
    };
  }
}
