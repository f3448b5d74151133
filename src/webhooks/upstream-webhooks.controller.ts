import { Controller, Get, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../core/access.decorators';
import { MetaApp } from '../config/meta-app';
import type { GatewayRequest } from '../core/gateway-request';
import { ErrorCode, GraphError } from '../core/graph-error';
import { HUB_SIGNATURE_HEADER, safeEqual, verifyHubSignature } from '../../libs/meta/hub-signature';
import { IngestResult, WebhookIngestService } from './webhook-ingest.service';

/** The receiving end of Meta's webhooks (subscription handshake and event deliveries). */
@ApiTags('webhooks')
@Controller('webhooks/whatsapp')
@Public()
export class UpstreamWebhooksController {
  private readonly logger = new Logger('UpstreamWebhooks');

  constructor(
    private readonly app: MetaApp,
    private readonly ingest: WebhookIngestService,
  ) {}

  @Get()
  @ApiOperation({ summary: "Meta's subscription handshake: answers hub.challenge when hub.verify_token matches" })
  @ApiQuery({ name: 'hub.mode', example: 'subscribe' })
  @ApiQuery({ name: 'hub.verify_token' })
  @ApiQuery({ name: 'hub.challenge' })
  verify(
    @Query('hub.mode') mode: string | undefined,
    @Query('hub.verify_token') token: string | undefined,
    @Query('hub.challenge') challenge: string | undefined,
    @Res() res: Response,
  ): void {
    if (
      mode !== 'subscribe' ||
      typeof token !== 'string' ||
      typeof challenge !== 'string' ||
      !safeEqual(token, this.app.verifyToken)
    ) {
      throw new GraphError(ErrorCode.PermissionDenied, '(#200) Webhook verification failed', { status: 403 });
    }
    res.status(200).type('text/plain').send(challenge);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Event deliveries from Meta, signed with X-Hub-Signature-256 (statuses, inbound messages, template reviews)',
  })
  @ApiOkResponse({
    description:
      'Acknowledged once stored. A signed delivery the gateway cannot apply (a change that is not an object, text PostgreSQL cannot ' +
      'store) is acknowledged too, kept as received and counted in `unprocessable`: Meta must not retry what will never parse.',
    schema: { example: { success: true, stored: 1, duplicates: 0, unprocessable: 0 } },
  })
  async receive(@Req() req: GatewayRequest): Promise<{ success: true } & IngestResult> {
    const header = req.headers[HUB_SIGNATURE_HEADER];
    if (typeof header !== 'string' || header.length === 0) {
      this.logger.warn(`upstream webhook refused: no X-Hub-Signature-256 [request ${req.id}]`);
      throw new GraphError(ErrorCode.InvalidToken, 'Missing X-Hub-Signature-256', { status: 401 });
    }
    if (!req.rawBody || !verifyHubSignature(this.app.appSecret, req.rawBody, header)) {
      this.logger.warn(
        `upstream webhook refused: X-Hub-Signature-256 does not match the body (${req.rawBody?.length ?? 0} bytes) [request ${req.id}]`,
      );
      throw new GraphError(ErrorCode.PermissionDenied, '(#200) X-Hub-Signature-256 does not match the body', {
        status: 403,
      });
    }
    return { success: true, ...(await this.ingest.ingest(req.body, req.rawBody, req.id)) };
  }
}
