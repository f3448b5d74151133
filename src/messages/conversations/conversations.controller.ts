import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { nextPageUrl } from '../../common/pagination';
import { Audited } from '../../audit/audited.decorator';
import { Authenticated, CurrentAuth, TenantId } from '../../core/access.decorators';
import { ApiGraphErrors } from '../../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../../core/gateway-request';
import {
  AssignConversationDto,
  ConversationDto,
  ConversationPageDto,
  ListConversationsQueryDto,
  MarkConversationReadDto,
  MarkReadResultDto,
  SetConversationStatusDto,
  ThreadPageDto,
  ThreadQueryDto,
} from './conversation.dto';
import { ConversationWork } from './conversation-work.service';
import { ConversationsService } from './conversations.service';

/** The Inbox over the API: a number's conversations with its customers, their threads, the read mark. */
@ApiTags('conversations')
@Controller('v1/:phoneNumberId/conversations')
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly work: ConversationWork,
  ) {}

  @Get()
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: "The number's conversations, one per customer, newest activity first",
    description:
      'Each with the last message, the unread count, the 24-hour window and whether the customer opted out. ' +
      'Filters: `unread`, `window=open|closed`, `opted_out`, `q` (a wa_id prefix or part of the profile name), ' +
      '`status`, `assignee_id`, `team_id`, and the views `mine`, `unassigned`, `team` and `all`. An agent of an ' +
      'organization whose agents see only theirs sees theirs and the unassigned.',
  })
  @ApiOkResponse({ type: ConversationPageDto })
  @ApiGraphErrors(400)
  async list(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Query() query: ListConversationsQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<ConversationPageDto> {
    const viewer = await this.work.viewer(auth, tenantId);
    return this.conversations.list(viewer, tenantId, phoneNumberId, query, (after) =>
      nextPageUrl(req.originalUrl, after),
    );
  }

  @Get(':waId')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: 'One conversation' })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: ConversationDto })
  @ApiGraphErrors(400, 404)
  async get(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
  ): Promise<ConversationDto> {
    return this.conversations.get(await this.work.viewer(auth, tenantId), tenantId, phoneNumberId, waId);
  }

  @Post(':waId/assignments')
  @HttpCode(200)
  @Authenticated({ scopes: ['conversations:write'] })
  @Audited('conversations.assign', { body: ['assignee_id', 'team_id'] })
  @ApiOperation({
    summary: 'Give the conversation to a member or a team, or take it back',
    description:
      '`assignee_id`: a member who works conversations (null: nobody); `team_id`: a team (null: none); a field ' +
      'left out keeps its value. The organization’s endpoints get `conversation.assigned` (field ' +
      '`conversation_update`).',
  })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: ConversationDto })
  @ApiGraphErrors(400, 403, 404)
  async assign(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
    @Body() body: AssignConversationDto,
  ): Promise<ConversationDto> {
    const row = await this.work.assign(auth, { tenantId, phoneNumberId, waId }, body);
    return this.conversations.get({ userId: auth.userId, restricted: false }, tenantId, phoneNumberId, row.wa_id);
  }

  @Post(':waId/status')
  @HttpCode(200)
  @Authenticated({ scopes: ['conversations:write'] })
  @Audited('conversations.status', { body: ['status', 'snoozed_until'] })
  @ApiOperation({
    summary: 'Open, pend (waiting on the customer), snooze until a time, or resolve the conversation',
    description:
      'A customer’s new message opens a pending, snoozed or resolved conversation again (to its last assignee); ' +
      'a snooze opens it at its time. The organization’s endpoints get `conversation.status_changed`.',
  })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: ConversationDto })
  @ApiGraphErrors(400, 404)
  async setStatus(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
    @Body() body: SetConversationStatusDto,
  ): Promise<ConversationDto> {
    const row = await this.work.setStatus(auth, { tenantId, phoneNumberId, waId }, body);
    return this.conversations.get({ userId: auth.userId, restricted: false }, tenantId, phoneNumberId, row.wa_id);
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
  async thread(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
    @Query() query: ThreadQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<ThreadPageDto> {
    const viewer = await this.work.viewer(auth, tenantId);
    return this.conversations.thread(viewer, tenantId, phoneNumberId, waId, query, (cursor) => {
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
  async read(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('waId') waId: string,
    @Body() body: MarkConversationReadDto,
    @Req() req: GatewayRequest,
  ): Promise<MarkReadResultDto> {
    const viewer = await this.work.viewer(auth, tenantId);
    return this.conversations.markRead(
      viewer,
      tenantId,
      req.tenant!.phoneNumber!,
      waId,
      body.typing_indicator === true,
    );
  }
}
