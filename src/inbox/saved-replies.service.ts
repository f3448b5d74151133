import { Injectable } from '@nestjs/common';
import { isUuid } from '../common/uuid';
import type { AuthContext } from '../core/gateway-request';
import { GraphError } from '../core/graph-error';
import type { SavedReplyDto, SavedReplyListDto } from './dto/saved-reply.dto';
import { type SavedReplyRow, SavedRepliesRepository } from './saved-replies.repository';
import { checkVariables } from './saved-reply-text';

/** Saved replies one owner (the organization, or a member) may keep. */
export const SAVED_REPLIES_MAX = 500;

/**
 * Saved replies: the organization's, kept by those who manage its members (`members:write`), and each
 * member's own, which only they see. A reply's variables are checked when it is written, so using one
 * never fails on an unknown variable. Another member's own reply answers like a missing one.
 */
@Injectable()
export class SavedReplies {
  constructor(private readonly repository: SavedRepliesRepository) {}

  async list(auth: AuthContext, tenantId: string): Promise<SavedReplyListDto> {
    return { data: (await this.repository.list(tenantId, auth.userId)).map(savedReplyJson) };
  }

  async create(
    auth: AuthContext,
    tenantId: string,
    input: { name: string; body: string; private?: boolean },
  ): Promise<SavedReplyDto> {
    const ownerId = this.ownerFor(auth, input.private === true);
    checkVariables(input.body);
    if ((await this.repository.count(tenantId, ownerId)) >= SAVED_REPLIES_MAX)
      throw GraphError.invalidParameter('Too many saved replies', `name: ${SAVED_REPLIES_MAX} saved replies at most`);
    const row = await this.repository.create(tenantId, ownerId, input.name, input.body);
    if (!row) throw GraphError.conflict(`A saved reply named "${input.name}" exists`, 'name: another reply has it');
    return savedReplyJson(row);
  }

  async update(
    auth: AuthContext,
    tenantId: string,
    id: string,
    input: { name?: string; body?: string },
  ): Promise<SavedReplyDto> {
    await this.writable(auth, tenantId, id);
    if (input.body !== undefined) checkVariables(input.body);
    const row = await this.repository.update(tenantId, id, input);
    if (!row) throw GraphError.conflict(`A saved reply named "${input.name}" exists`, 'name: another reply has it');
    return savedReplyJson(row);
  }

  async remove(auth: AuthContext, tenantId: string, id: string): Promise<void> {
    await this.writable(auth, tenantId, id);
    await this.repository.remove(tenantId, id);
  }

  /** The reply `/name` means for the caller (their own first, then the organization's), else 404. */
  async byName(auth: AuthContext, tenantId: string, name: string): Promise<SavedReplyRow> {
    const row = await this.repository.byName(tenantId, auth.userId, name);
    if (!row) throw GraphError.notFound(`Saved reply /${name} does not exist`);
    return row;
  }

  private ownerFor(auth: AuthContext, own: boolean): string | null {
    if (own) {
      if (auth.userId === null)
        throw GraphError.invalidParameter(
          'Invalid parameter',
          'private: a private reply is a member’s; sign in as one',
        );
      return auth.userId;
    }
    if (!auth.scopes.has('members:write'))
      throw GraphError.permissionDenied('The organization’s saved replies are kept by those who manage its members');
    return null;
  }

  private async writable(auth: AuthContext, tenantId: string, id: string): Promise<SavedReplyRow> {
    const row = isUuid(id) ? await this.repository.one(tenantId, id) : undefined;
    if (!row || (row.owner_id !== null && row.owner_id !== auth.userId))
      throw GraphError.notFound(`Saved reply ${id} does not exist`);
    this.ownerFor(auth, row.owner_id !== null);
    return row;
  }
}

function savedReplyJson(row: SavedReplyRow): SavedReplyDto {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    private: row.owner_id !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
