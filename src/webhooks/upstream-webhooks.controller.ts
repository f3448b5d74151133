import { Controller, Get, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
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
    verifySignedDelivery(req, this.app.appSecret, this.logger, 'upstream webhook');
    return { success: true, ...(await this.ingest.ingest(req.body, req.rawBody, req.id)) };
  }
}

/**
 * Test mode's door: the simulator's webhooks (the sandbox app run as a service beside the gateway,
 * SIMULATOR_BASE_URL), signed with its own secret (SIMULATOR_APP_SECRET). Stored and applied like
 * Meta's, but to test organizations only; Meta's door applies live ones only (WebhookIngestService).
 */
@ApiTags('webhooks')
@Controller('webhooks/simulator')
@Public()
export class SimulatorWebhooksController {
  private readonly logger = new Logger('SimulatorWebhooks');
  private readonly secret: string | undefined;

  constructor(
    private readonly ingest: WebhookIngestService,
    config: ConfigService<Environment, true>,
  ) {
    this.secret = config.get('SIMULATOR_APP_SECRET', { infer: true });
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Event deliveries from the test mode simulator, signed with X-Hub-Signature-256 (test organizations only)',
  })
  @ApiOkResponse({ schema: { example: { success: true, stored: 1, duplicates: 0, unprocessable: 0 } } })
  async receive(@Req() req: GatewayRequest): Promise<{ success: true } & IngestResult> {
    if (this.secret === undefined)
      throw new GraphError(ErrorCode.PermissionDenied, '(#200) This gateway runs no simulator (SIMULATOR_APP_SECRET)', {
        status: 403,
      });
    verifySignedDelivery(req, this.secret, this.logger, 'simulator webhook');
    return { success: true, ...(await this.ingest.ingest(req.body, req.rawBody, req.id, 'simulator')) };
  }
}

/** Refuses a delivery whose X-Hub-Signature-256 is missing (401 code 190) or does not match its bytes (403 code 200). */
function verifySignedDelivery(req: GatewayRequest, secret: string, logger: Logger, what: string): void {
  const header = req.headers[HUB_SIGNATURE_HEADER];
  if (typeof header !== 'string' || header.length === 0) {
    logger.warn(`${what} refused: no X-Hub-Signature-256 [request ${req.id}]`);
    throw new GraphError(ErrorCode.InvalidToken, 'Missing X-Hub-Signature-256', { status: 401 });
  }
  if (!req.rawBody || !verifyHubSignature(secret, req.rawBody, header)) {
    logger.warn(
      `${what} refused: X-Hub-Signature-256 does not match the body (${req.rawBody?.length ?? 0} bytes) [request ${req.id}]`,
    );
    throw new GraphError(ErrorCode.PermissionDenied, '(#200) X-Hub-Signature-256 does not match the body', {
      status: 403,
    });
  }
}
