import { Injectable, Logger } from '@nestjs/common';
import { decodeCursor, type Page, toPage } from '../../common/pagination';
import type { AuthContext } from '../../core/gateway-request';
import { InboxService } from '../../inbox/inbox.service';
import { ConversationLive } from './conversation-live';
import { ConversationWork } from './conversation-work.service';
import type { ConversationKey } from './conversations.repository';
import { type MentionRow, type NoteRow, NotesRepository } from './notes.repository';

/** The most members one note may mention. */
export const NOTE_MENTIONS_MAX = 20;

export interface NoteJson {
  id: string;
  wa_id: string;
  body: string;
  author: { user_id: string | null; key_id: string | null };
  mentions: string[];
  created_at: string;
}

export interface MentionJson {
  note_id: string;
  phone_number_id: string;
  wa_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
  read: boolean;
}

/**
 * Private notes in a conversation's thread: written by a member (or a machine's key) who may see the
 * conversation, kept apart from messages and never sent to Meta. A note's mentions are members of
 * the organization; each is told in the console (`/v1/inbox/mentions`) and by mail when the gateway
 * has SMTP (after the note is committed: a refused mail never loses the note). An agent's note on a
 * conversation nobody has takes it, as a reply does, when the organization says so.
 */
@Injectable()
export class ConversationNotes {
  private readonly logger = new Logger('Inbox');

  constructor(
    private readonly repository: NotesRepository,
    private readonly work: ConversationWork,
    private readonly inbox: InboxService,
    private readonly liveUpdates: ConversationLive,
  ) {}

  async add(auth: AuthContext, key: ConversationKey, input: { body: string; mentions?: string[] }): Promise<NoteJson> {
    const viewer = await this.work.viewer(auth, key.tenantId);
    await this.work.visible(viewer, key.tenantId, key.phoneNumberId, key.waId);
    const mentions = [...new Set(input.mentions ?? [])];
    if (mentions.length > 0) await this.inbox.requireMembers(key.tenantId, mentions, 'mentions');
    const row = await this.repository.transaction((manager) =>
      this.repository.add(manager, key, {
        authorId: auth.userId,
        authorKeyId: auth.userId === null ? auth.keyId : null,
        body: input.body,
        mentions,
      }),
    );
    const note = noteJson(row);
    this.liveUpdates.noted(key.tenantId, key.phoneNumberId, key.waId, note.id, mentions);
    await this.work.takeOnReply(auth, key);
    if (mentions.length > 0) void this.mail(key, row, auth);
    return note;
  }

  async list(
    auth: AuthContext,
    key: ConversationKey,
    limit: number,
    after: string | undefined,
    nextUrl: (after: string) => string,
  ): Promise<Page<NoteJson>> {
    const viewer = await this.work.viewer(auth, key.tenantId);
    await this.work.visible(viewer, key.tenantId, key.phoneNumberId, key.waId);
    const rows = await this.repository.notes(key, limit, decodeCursor(after));
    return toPage(rows, limit, (r) => ({ at: r.created_at.toISOString(), id: r.id }), noteJson, nextUrl);
  }

  async mentions(
    tenantId: string,
    userId: string,
    query: { unread: boolean; limit: number; after?: string },
    nextUrl: (after: string) => string,
  ): Promise<Page<MentionJson>> {
    const rows = await this.repository.mentions(tenantId, userId, query.unread, query.limit, decodeCursor(query.after));
    return toPage(rows, query.limit, (r) => ({ at: r.created_at.toISOString(), id: r.note_id }), mentionJson, nextUrl);
  }

  markRead(tenantId: string, userId: string, noteIds: string[] | undefined): Promise<number> {
    return this.repository.markRead(tenantId, userId, noteIds);
  }

  /** Each mentioned member's mail, after the commit; what was mailed is recorded on their mention. */
  private async mail(key: ConversationKey, note: NoteRow, auth: AuthContext): Promise<void> {
    try {
      const by = auth.userId
        ? (await this.inbox.membersAmong(key.tenantId, [auth.userId])).get(auth.userId)
        : undefined;
      const link = this.inbox.consoleUrl(
        `/console/#/inbox/${encodeURIComponent(key.phoneNumberId)}/${encodeURIComponent(key.waId)}`,
      );
      const mailed = await this.inbox.mailMembers(key.tenantId, note.mentions, {
        subject: `${by?.email ?? 'A colleague'} mentioned you in a conversation with ${key.waId}`,
        text:
          `${by?.email ?? 'A colleague'} mentioned you in a private note on the conversation with ${key.waId}:\n\n` +
          `${note.body}\n\nOpen the conversation: ${link}\n`,
      });
      await this.repository.markMailed(note.id, mailed);
    } catch (error) {
      this.logger.warn(`a note's mentions not mailed: ${(error as Error).message}`);
    }
  }
}

function noteJson(row: NoteRow): NoteJson {
  return {
    id: row.id,
    wa_id: row.wa_id,
    body: row.body,
    author: { user_id: row.author_id, key_id: row.author_key_id },
    mentions: row.mentions,
    created_at: row.created_at.toISOString(),
  };
}

function mentionJson(row: MentionRow): MentionJson {
  return {
    note_id: row.note_id,
    phone_number_id: row.phone_number_id,
    wa_id: row.wa_id,
    author_id: row.author_id,
    body: row.body,
    created_at: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}
