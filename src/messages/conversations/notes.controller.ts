import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Audited } from '../../audit/audited.decorator';
import { nextPageUrl, PageQueryDto } from '../../common/pagination';
import { Authenticated, CurrentAuth, TenantId } from '../../core/access.decorators';
import { ApiGraphErrors } from '../../core/api-graph-errors.decorator';
import type { AuthContext, GatewayRequest } from '../../core/gateway-request';
import { GraphError } from '../../core/graph-error';
import { FilledSavedReplyDto } from '../../inbox/dto/saved-reply.dto';
import { ConversationNotes } from './conversation-notes.service';
import { SavedReplyFill } from './saved-reply-fill';
import {
  CreateNoteDto,
  MarkMentionsReadDto,
  MarkMentionsReadResultDto,
  MentionPageDto,
  MentionsQueryDto,
  NoteDto,
  NotePageDto,
} from './note.dto';

/** The team's words in a conversation: private notes, the mentions they make, saved replies filled. */
@ApiTags('conversations')
@Controller()
export class NotesController {
  constructor(
    private readonly notes: ConversationNotes,
    private readonly savedReplies: SavedReplyFill,
  ) {}

  @Get('v1/:phoneNumberId/conversations/:waId/saved_replies/:name')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: 'A saved reply filled for this conversation (what `/name` puts in the composer)',
    description: 'The caller’s own reply of that name first, then the organization’s.',
  })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiParam({ name: 'name', description: "The saved reply's name", example: 'thanks' })
  @ApiOkResponse({ type: FilledSavedReplyDto })
  @ApiGraphErrors(400, 404)
  fill(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
    @Param('name') name: string,
  ): Promise<FilledSavedReplyDto> {
    return this.savedReplies.fill(auth, { tenantId, phoneNumberId, waId }, name);
  }

  @Post('v1/:phoneNumberId/conversations/:waId/notes')
  @Authenticated({ scopes: ['conversations:write'] })
  @Audited('conversations.note', { body: ['mentions'] })
  @ApiOperation({
    summary: 'Write a private note in the thread (never sent to the customer)',
    description:
      'Up to 4,096 characters; `mentions` (members’ user ids) are told in the console and by mail. An agent’s ' +
      'note on a conversation nobody has takes it when the organization’s `take_on_reply` is on.',
  })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiCreatedResponse({ type: NoteDto })
  @ApiGraphErrors(400, 404)
  add(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
    @Body() body: CreateNoteDto,
  ): Promise<NoteDto> {
    return this.notes.add(auth, { tenantId, phoneNumberId, waId }, body);
  }

  @Get('v1/:phoneNumberId/conversations/:waId/notes')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The conversation's private notes, newest first" })
  @ApiParam({ name: 'waId', description: "The customer's WhatsApp id", example: '15551234567' })
  @ApiOkResponse({ type: NotePageDto })
  @ApiGraphErrors(400, 404)
  list(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('phoneNumberId') phoneNumberId: string,
    @Param('waId') waId: string,
    @Query() query: PageQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<NotePageDto> {
    return this.notes.list(auth, { tenantId, phoneNumberId, waId }, query.limit, query.after, (after) =>
      nextPageUrl(req.originalUrl, after),
    );
  }

  @Get('v1/inbox/mentions')
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: "A member's mentions in notes, newest first",
    description: 'A person reads their own; a machine’s key names the member (`user_id`).',
  })
  @ApiOkResponse({ type: MentionPageDto })
  @ApiGraphErrors(400, 403)
  mentions(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Query() query: MentionsQueryDto,
    @Req() req: GatewayRequest,
  ): Promise<MentionPageDto> {
    return this.notes.mentions(
      tenantId,
      memberOf(auth, query.user_id),
      { unread: query.unread === true, limit: query.limit, after: query.after },
      (after) => nextPageUrl(req.originalUrl, after),
    );
  }

  @Post('v1/inbox/mentions/read')
  @HttpCode(200)
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({
    summary: "Mark a member's mentions read (those of `note_ids`, or all)",
    description: 'A person marks their own; a machine’s key names the member (`user_id`).',
  })
  @ApiOkResponse({ type: MarkMentionsReadResultDto })
  @ApiGraphErrors(400, 403)
  async markRead(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Body() body: MarkMentionsReadDto,
  ): Promise<MarkMentionsReadResultDto> {
    return { marked: await this.notes.markRead(tenantId, memberOf(auth, body.user_id), body.note_ids) };
  }
}

/** Whose mentions: a person's own (another's is refused); the member a machine's key names. */
function memberOf(auth: AuthContext, userId: string | undefined): string {
  if (auth.userId !== null) {
    if (userId !== undefined && userId !== auth.userId)
      throw GraphError.permissionDenied("A member reads their own mentions, not another's");
    return auth.userId;
  }
  if (userId === undefined)
    throw GraphError.invalidParameter('Invalid parameter', 'user_id: a key names the member whose mentions it reads');
  return userId;
}
