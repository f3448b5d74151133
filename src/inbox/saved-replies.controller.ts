import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Audited } from '../audit/audited.decorator';
import { SuccessDto } from '../common/pagination';
import { Authenticated, CurrentAuth, TenantId } from '../core/access.decorators';
import { ApiGraphErrors } from '../core/api-graph-errors.decorator';
import type { AuthContext } from '../core/gateway-request';
import { CreateSavedReplyDto, SavedReplyDto, SavedReplyListDto, UpdateSavedReplyDto } from './dto/saved-reply.dto';
import { SavedReplies } from './saved-replies.service';

/** Saved replies: the organization's and each member's own, typed as `/name` in the composer. */
@ApiTags('inbox')
@Controller('v1/inbox/saved_replies')
export class SavedRepliesController {
  constructor(private readonly replies: SavedReplies) {}

  @Get()
  @Authenticated({ scopes: ['conversations:read'] })
  @ApiOperation({ summary: "The organization's saved replies and the caller's own, by name" })
  @ApiOkResponse({ type: SavedReplyListDto })
  list(@CurrentAuth() auth: AuthContext, @TenantId() tenantId: string): Promise<SavedReplyListDto> {
    return this.replies.list(auth, tenantId);
  }

  @Post()
  @Authenticated({ scopes: ['conversations:write'] })
  @Audited('inbox.saved_reply_create', { body: ['name', 'private'] })
  @ApiOperation({
    summary: 'Save a reply (`private`: the member’s own; else the organization’s, for those who manage members)',
    description: 'An unknown variable is refused (400 naming `body`); a name taken among the same owner’s is 409.',
  })
  @ApiCreatedResponse({ type: SavedReplyDto })
  @ApiGraphErrors(400, 403, 409)
  create(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Body() body: CreateSavedReplyDto,
  ): Promise<SavedReplyDto> {
    return this.replies.create(auth, tenantId, body);
  }

  @Patch(':id')
  @Authenticated({ scopes: ['conversations:write'] })
  @Audited('inbox.saved_reply_update', { body: ['name'] })
  @ApiOperation({ summary: 'Rename a saved reply or change its text' })
  @ApiOkResponse({ type: SavedReplyDto })
  @ApiGraphErrors(400, 403, 404, 409)
  update(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('id') id: string,
    @Body() body: UpdateSavedReplyDto,
  ): Promise<SavedReplyDto> {
    return this.replies.update(auth, tenantId, id, body);
  }

  @Delete(':id')
  @Authenticated({ scopes: ['conversations:write'] })
  @Audited('inbox.saved_reply_delete', {})
  @ApiOperation({ summary: 'Delete a saved reply' })
  @ApiOkResponse({ type: SuccessDto })
  @ApiGraphErrors(403, 404)
  async remove(
    @CurrentAuth() auth: AuthContext,
    @TenantId() tenantId: string,
    @Param('id') id: string,
  ): Promise<SuccessDto> {
    await this.replies.remove(auth, tenantId, id);
    return { success: true };
  }
}
