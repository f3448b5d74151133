import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { decodeCursor, decodeKeyset, encodeCursor, encodeKeyset, nextPageUrl } from '../common/pagination';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import type { BroadcastRow } from './broadcasts.repository';
import { BroadcastsService } from './broadcasts.service';
import {
  AppendRecipientsDto,
  BroadcastDto,
  BroadcastPageDto,
  CreateBroadcastDto,
  CreatedBroadcastDto,
  PreflightDto,
  ListBroadcastsQueryDto,
  ListRecipientsQueryDto,
  RecipientPageDto,
  RetriedDto,
  toBroadcastDto,
} from './dto/broadcast.dto';

const READ = { scopes: ['broadcasts:read' as const] };
const WRITE = { scopes: ['broadcasts:write' as const] };
const BROADCAST_ID = { name: 'broadcastId', description: "The broadcast's id" };

/**
 * `/v1/{phone-number-id}/broadcasts`: the gateway's own resource (Meta has none). A broadcast of
 * another organization or number answers like one that does not exist.
 */
@ApiTags('broadcasts')
@Controller('v1/:phoneNumberId/broadcasts')
export class BroadcastsController {
  constructor(private readonly broadcasts: BroadcastsService) {}

  @Post()
  @Authenticated(WRITE)
  @Audited('broadcasts.create', { body: ['name', 'template', 'recipients', 'scheduled_at'] })
  @ApiOperation({
    summary: 'Send an approved template to up to 10,000 recipients at the number’s pace',
    description:
      'Each recipient is checked now, as its send would be: its number, a recipient twice, and its parameters by the ' +
      "template's send-time rules are errors of the request (naming the recipient: nothing is created); a blacklisted " +
      'recipient is kept as skipped and listed in `refused`. Sent behind the API sends of the number, within Meta’s ' +
      'throughput, pair rule and messaging limit (recipients over it are deferred until the rolling 24 hours free room). ' +
      'Each send is a message record naming the broadcast. The Idempotency-Key header is honoured.',
  })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiBody({ type: CreateBroadcastDto })
  @ApiCreatedResponse({ type: CreatedBroadcastDto })
  @ApiGraphErrors(400, 404)
  async create(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
  ): Promise<CreatedBroadcastDto> {
    const phone = req.tenant!.phoneNumber!;
    const created = await this.broadcasts.create({ tenantId, apiKeyId: auth.keyId, phone }, req.body);
    return {
      ...(await this.view(created.broadcast)),
      refused: created.refused,
      estimate: created.estimate as unknown as CreatedBroadcastDto['estimate'],
    };
  }

  @Post('preflight')
  @HttpCode(200)
  @Authenticated(WRITE)
  @ApiOperation({
    summary: 'What creating this broadcast would answer, with nothing written or sent',
    description:
      'The same body and checks as the create (a request error is the same 400): the recipients that would be ' +
      'refused, how many would be sent, when it would finish at the number’s pace, and how many the messaging limit ' +
      'would defer.',
  })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiBody({ type: CreateBroadcastDto })
  @ApiOkResponse({ type: PreflightDto })
  @ApiGraphErrors(400, 404)
  async preflight(@TenantId() tenantId: string, @Req() req: GatewayRequest): Promise<PreflightDto> {
    const checked = await this.broadcasts.preflight({ tenantId, phone: req.tenant!.phoneNumber! }, req.body);
    return checked as unknown as PreflightDto;
  }

  @Get()
  @Authenticated(READ)
  @ApiOperation({ summary: "The number's broadcasts, newest first" })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiOkResponse({ type: BroadcastPageDto })
  @ApiGraphErrors(400)
  async list(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Query() query: ListBroadcastsQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<BroadcastPageDto> {
    const rows = await this.broadcasts.list(tenantId, phoneNumberId, {
      status: query.status,
      after: decodeCursor(query.after),
      limit: query.limit,
    });
    const page = rows.slice(0, query.limit);
    const data = await Promise.all(page.map((row) => this.view(row)));
    const last = page[page.length - 1];
    const after = last ? encodeCursor({ at: last.cursor_at, id: last.id }) : undefined;
    return {
      data,
      paging: {
        cursors: after ? { after } : {},
        ...(rows.length > query.limit && after && { next: nextPageUrl(req.originalUrl, after) }),
      },
    };
  }

  @Get(':broadcastId')
  @Authenticated(READ)
  @ApiOperation({ summary: 'A broadcast: its status, counts per recipient state, times and rate' })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiParam(BROADCAST_ID)
  @ApiOkResponse({ type: BroadcastDto })
  @ApiGraphErrors(404)
  async get(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('broadcastId') id: string,
  ): Promise<BroadcastDto> {
    return this.view(await this.broadcasts.get(tenantId, phoneNumberId, id));
  }

  @Get(':broadcastId/recipients')
  @Authenticated(READ)
  @ApiOperation({ summary: "A broadcast's recipients in list order, each with its state, wamid and error" })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiParam(BROADCAST_ID)
  @ApiOkResponse({ type: RecipientPageDto })
  @ApiGraphErrors(400, 404)
  async recipients(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('broadcastId') id: string,
    @Query() query: ListRecipientsQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<RecipientPageDto> {
    const broadcast = await this.broadcasts.get(tenantId, phoneNumberId, id);
    const afterSeq =
      query.after === undefined ? -1 : Number(decodeKeyset(query.after, 1, ([seq]) => /^\d{1,9}$/.test(seq))[0]);
    const page = await this.broadcasts.recipients(broadcast, { status: query.status, afterSeq, limit: query.limit });
    const after = page.lastSeq === null ? undefined : encodeKeyset([String(page.lastSeq)]);
    return {
      data: page.data as unknown as RecipientPageDto['data'],
      paging: {
        cursors: after ? { after } : {},
        ...(page.more && after && { next: nextPageUrl(req.originalUrl, after) }),
      },
    };
  }

  @Post(':broadcastId/recipients')
  @HttpCode(200)
  @Authenticated(WRITE)
  @Audited('broadcasts.add_recipients', { body: ['recipients'] })
  @ApiOperation({
    summary: 'Add recipients to a broadcast that has not started (scheduled), checked as at create time',
  })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiParam(BROADCAST_ID)
  @ApiBody({ type: AppendRecipientsDto })
  @ApiOkResponse({ type: CreatedBroadcastDto })
  @ApiGraphErrors(400, 404, 409)
  async append(
    @TenantId() tenantId: string,
    @Param('broadcastId') id: string,
    @Req() req: GatewayRequest,
  ): Promise<CreatedBroadcastDto> {
    const appended = await this.broadcasts.append({ tenantId, phone: req.tenant!.phoneNumber! }, id, req.body);
    return {
      ...(await this.view(appended.broadcast)),
      refused: appended.refused,
      estimate: appended.estimate as unknown as CreatedBroadcastDto['estimate'],
    };
  }

  @Post(':broadcastId/pause')
  @HttpCode(200)
  @Authenticated(WRITE)
  @Audited('broadcasts.pause', {})
  @ApiOperation({ summary: 'Pause: no further upstream call within a second; resume picks up where it stopped' })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiParam(BROADCAST_ID)
  @ApiOkResponse({ type: BroadcastDto })
  @ApiGraphErrors(404, 409)
  pause(@TenantId() tenantId: string, @Param('phoneNumberId') phone: string, @Param('broadcastId') id: string) {
    return this.act(tenantId, phone, id, 'pause');
  }

  @Post(':broadcastId/resume')
  @HttpCode(200)
  @Authenticated(WRITE)
  @Audited('broadcasts.resume', {})
  @ApiOperation({ summary: 'Resume a paused broadcast' })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiParam(BROADCAST_ID)
  @ApiOkResponse({ type: BroadcastDto })
  @ApiGraphErrors(404, 409)
  resume(@TenantId() tenantId: string, @Param('phoneNumberId') phone: string, @Param('broadcastId') id: string) {
    return this.act(tenantId, phone, id, 'resume');
  }

  @Post(':broadcastId/cancel')
  @HttpCode(200)
  @Authenticated(WRITE)
  @Audited('broadcasts.cancel', {})
  @ApiOperation({ summary: 'Cancel: recipients not sent yet are skipped' })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiParam(BROADCAST_ID)
  @ApiOkResponse({ type: BroadcastDto })
  @ApiGraphErrors(404, 409)
  cancel(@TenantId() tenantId: string, @Param('phoneNumberId') phone: string, @Param('broadcastId') id: string) {
    return this.act(tenantId, phone, id, 'cancel');
  }

  @Post(':broadcastId/retry')
  @HttpCode(200)
  @Authenticated(WRITE)
  @Audited('broadcasts.retry', {})
  @ApiOperation({
    summary: "Send the failed recipients again where Meta's error allows it (throttling, transient errors)",
  })
  @ApiParam({ name: 'phoneNumberId' })
  @ApiParam(BROADCAST_ID)
  @ApiOkResponse({ type: RetriedDto })
  @ApiGraphErrors(404, 409)
  async retry(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phone: string,
    @Param('broadcastId') id: string,
  ): Promise<RetriedDto> {
    const { broadcast, retried } = await this.broadcasts.retry(tenantId, phone, id);
    return { ...(await this.view(broadcast)), retried };
  }

  private async act(
    tenantId: string,
    phone: string,
    id: string,
    action: 'pause' | 'resume' | 'cancel',
  ): Promise<BroadcastDto> {
    return this.view(await this.broadcasts.act(tenantId, phone, id, action));
  }

  private async view(row: BroadcastRow): Promise<BroadcastDto> {
    const counts = await this.broadcasts.counts(row);
    const recorded = counts.accepted + counts.sent + counts.delivered + counts.read + counts.failed;
    const end = row.finished_at ?? new Date();
    const seconds = row.started_at ? (end.getTime() - row.started_at.getTime()) / 1000 : 0;
    return toBroadcastDto(row, counts, seconds > 0 ? Math.round((recorded / seconds) * 10) / 10 : null);
  }
}
