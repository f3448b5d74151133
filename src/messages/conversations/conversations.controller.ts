import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { nextPageUrl } from '../../common/pagination';
import { Authenticated, TenantId } from '../../core/access.decorators';
import { ApiGraphErrors } from '../../core/api-graph-errors.decorator';
import type { GatewayRequest } from '../../core/gateway-request';
import {
  ConversationDto,
  ConversationPageDto,
  ListConversationsQueryDto,
  MarkConversationReadDto,
  MarkReadResultDto,
  ThreadPageDto,
  ThreadQueryDto,
} from './conversation.dto';
import { ConversationsService } from './conversations.service';

/** The Inbox over the API: a number's conversations with its customers, their threads, the read mark. */
@ApiTags('conversations')
@Controller('v1/:phoneNumberId/conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: "The number's conversations, one per customer, newest activity first",
    description:
      'Each with the last message, the unread count, the 24-hour window and whether the customer opted out. ' +
      'Filters: `unread`, `window=open|closed`, `opted_out`, `q` (a wa_id prefix or part of the profile name).',
  })
  @ApiOkResponse({ type: ConversationPageDto })
  @ApiGraphErrors(400)
  list(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Query() query: ListConversationsQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<ConversationPageDto> {
    return this.conversations.list(tenantId, phoneNumberId, query, (after) => nextPageUrl(req.originalUrl, after));
  }

  @Get(':waId')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: 'One conversation' })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: ConversationDto })
  @ApiGraphErrors(400, 404)
  get(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
  ): Promise<ConversationDto> {
    return this.conversations.get(tenantId, phoneNumberId, waId);
  }

  @Get(':waId/messages')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: "A customer's thread: what they sent and what was sent them, newest first",
    description:
      'Outbound messages carry their status, inbound ones whether they were read; replies name the message they ' +
      'quote (`context.id`), reactions join the message they react to, media link to the gateway’s download route. ' +
      '`paging.next` pages older, `paging.previous` newer; `at=<wamid>` starts at a message.',
  })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: ThreadPageDto })
  @ApiGraphErrors(400, 404)
  thread(
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
    @Query() query: ThreadQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<ThreadPageDto> {
    return this.conversations.thread(tenantId, phoneNumberId, waId, query, (cursor) => {
      const url = new URL(req.originalUrl, 'http://gateway.local');
      for (const name of ['after', 'before', 'at']) url.searchParams.delete(name);
      for (const [name, value] of Object.entries(cursor)) url.searchParams.set(name, value);
      return url.pathname + url.search;
    });
  }

  @Post(':waId/read')
  @HttpCode(200)
  @Authenticated({ scopes: ['conversations:write'] })
  @ApiOperation({
    summary: "Mark the customer's messages read, at Meta (blue ticks) and here",
    description: 'Meta gets the read status on the newest message (with the typing indicator when asked).',
  })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: MarkReadResultDto })
  @ApiGraphErrors(400, 404)
  read(
    @TenantId() tenantId: string,
    @Param('waId') waId: string,
    @Body() body: MarkConversationReadDto,
    @Req() req: GatewayRequest,
  ): Promise<MarkReadResultDto> {
    return this.conversations.markRead(tenantId, req.tenant!.phoneNumber!, waId, body.typing_indicator === true);
  }
}
