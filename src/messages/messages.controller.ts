import { normalizeRecipient } from '../common/recipient';
import { ConversationLive } from './conversations/conversation-live';
import { ConversationWork } from './conversations/conversation-work.service';
import { SEND_ERROR_EXAMPLES } from './messages.errors';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { nextPageUrl, Page } from '../common/pagination';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../core/gateway-request';
import { markReplayed } from '../idempotency/early-claim';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency.service';
import { ListMessagesQueryDto, MessageRecordDto } from './dto/message-record.dto';
import metaExamples from './meta-send-examples.json';
import { SendMessageDto } from './dto/send-message.dto';
import { MessageReadsService } from './message-reads.service';
import { SendMessageUseCase } from './send-message.use-case';

/**
 * The explorer's request examples: Meta's 50 official examples (every message type, replies,
 * reactions, templates, interactive, and marking as read), named as Meta names them; the plain text
 * message first, so it is the one selected.
 */
type MetaExample = { name: string; title: string; kind: string; type?: string | null; body: Record<string, unknown> };
// Two of Meta's examples leave `type` out (Meta defaults it): named here by the object they carry.
const typeOf = (e: MetaExample) =>
  e.kind === 'mark_as_read' ? 'mark as read' : (e.type ?? ('interactive' in e.body ? 'interactive' : 'text'));
const SEND_EXAMPLES = Object.fromEntries(
  (metaExamples.examples as MetaExample[])
    .map((example) => ({ example, type: typeOf(example) }))
    .sort(
      (a, b) =>
        Number(b.example.name === 'text-message') - Number(a.example.name === 'text-message') ||
        `${a.type} ${a.example.name}`.localeCompare(`${b.type} ${b.example.name}`),
    )
    .map(({ example, type }) => [example.name, { summary: `${type}: ${example.title}`, value: example.body }]),
);

class SendQueryDto {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  )
  @IsBoolean()
  filter_blacklist?: boolean;
}

class SentContactDto {
  @ApiProperty({ example: '+1 555 123 4567', description: '`to` as given' })
  input: string;

  @ApiProperty({ example: '15551234567' })
  wa_id: string;
}

class SentMessageDto {
  @ApiProperty({ example: 'wamid.HBgLMTU1NTEyMzQ1NjcVAgARGBI1' })
  id: string;

  @ApiProperty({ required: false, example: 'accepted', description: "A template's: Meta's `message_status`" })
  message_status?: string;
}

class SendResponseDto {
  @ApiProperty({ example: 'whatsapp' })
  messaging_product: string;

  @ApiProperty({ type: [SentContactDto] })
  contacts: SentContactDto[];

  @ApiProperty({ type: [SentMessageDto] })
  messages: SentMessageDto[];
}

@ApiTags('messages')
@Controller('v1/:phoneNumberId/messages')
export class MessagesController {
  constructor(
    private readonly sending: SendMessageUseCase,
    private readonly reads: MessageReadsService,
    private readonly work: ConversationWork,
    private readonly liveUpdates: ConversationLive,
  ) {}

  @Post()
  @HttpCode(200)
  @Authenticated({ scopes: ['messages:send'] })
  @ApiOperation({
    summary: 'Send a message (any Cloud API type), or mark one as read',
    description:
      'The body is exactly what the Cloud API accepts. `?filter_blacklist=true` checks the organization blacklist first ' +
      '(422 code 131000 reason recipient_blacklisted, nothing sent). Non-template messages outside the 24-hour window: 400 code 131026.',
  })
  @ApiParam({ name: 'phoneNumberId', description: 'Upstream phone number id of the organization' })
  @ApiQuery({ name: 'filter_blacklist', required: false, type: Boolean })
  @ApiBody({ type: SendMessageDto, examples: SEND_EXAMPLES })
  @ApiOkResponse({ type: SendResponseDto, description: 'Send: contacts and messages. Mark as read: { success: true }' })
  @ApiGraphErrors(400, 409, 422, 500, SEND_ERROR_EXAMPLES)
  async send(
    @TenantId() tenantId: string,
    @CurrentAuth() auth: AuthContext,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
    @Query() query: SendQueryDto,
    @Body() _validated: SendMessageDto,
  ) {
    const header = req.headers[IDEMPOTENCY_HEADER];
    // The client's own body goes upstream (the DTO instance only proved it valid).
    const answer = await this.sending.send(
      { tenantId, apiKeyId: auth.keyId, phone: req.tenant!.phoneNumber! },
      req.body as Record<string, unknown>,
      {
        filterBlacklist: query.filter_blacklist === true,
        idempotencyKey: typeof header === 'string' ? header : undefined,
      },
    );
    // An earlier send of this Idempotency-Key whose answer was lost, recovered from its record (step 4
    // of an Idempotency-Key's path: idempotency.module.ts).
    if (answer.replayed) markReplayed(res);
    else this.afterSend(auth, tenantId, req, answer.body);
    return answer.body;
  }

  @Get()
  @Authenticated({ scopes: ['messages:read'] })
  @ApiOperation({ summary: 'Messages sent from this phone number, newest first' })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Query() query: ListMessagesQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<Page<MessageRecordDto>> {
    return this.reads.list(tenantId, phoneNumberId, query, (after) => nextPageUrl(req.originalUrl, after));
  }

  @Get(':messageId')
  @Authenticated({ scopes: ['messages:read'] })
  @ApiOperation({ summary: 'One message with its status history, by gateway id or wamid' })
  @ApiOkResponse({ type: MessageRecordDto })
  @ApiGraphErrors(404)
  get(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('messageId') messageId: string,
  ): Promise<MessageRecordDto> {
    return this.reads.get(tenantId, phoneNumberId, messageId);
  }

  /**
   * After Meta took a send: the organization's open consoles are told, and a person's reply takes the
   * customer's conversation when nobody has it (the organization's setting). A group's send has no
   * customer's conversation. Nothing here can fail the send.
   */
  private afterSend(auth: AuthContext, tenantId: string, req: GatewayRequest, answer: unknown): void {
    const body = req.body as { to?: unknown; recipient_type?: unknown };
    if (typeof body.to !== 'string' || body.recipient_type === 'group') return;
    if (auth.userId === null && !this.liveUpdates.watched(tenantId)) return;
    try {
      const key = {
        tenantId,
        phoneNumberId: req.tenant!.phoneNumber!.phoneNumberId,
        waId: normalizeRecipient(body.to),
      };
      const messageId = (answer as { messages?: Array<{ id?: unknown }> }).messages?.[0]?.id;
      if (typeof messageId === 'string') this.liveUpdates.sent(key.tenantId, key.phoneNumberId, key.waId, messageId);
      if (auth.userId !== null) void this.work.takeOnReply(auth, key);
    } catch {
      // a recipient Meta took but the gateway does not read as a customer's number: nothing to tell
    }
  }
}
