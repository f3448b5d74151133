import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { decodeCursor, type Page, toPage } from '../../common/pagination';
import type { Environment } from '../../config/environment';
import type { AuthContext } from '../../core/gateway-request';
import { InboxService } from '../../inbox/inbox.service';
import { PeriodicJobs } from '../../jobs/periodic-jobs';
import { ConversationLive } from './conversation-live';
import { ConversationWork } from './conversation-work.service';
import type { ConversationKey } from './conversations.repository';
import { type DueMentionMail, type MentionRow, type NoteRow, NotesRepository } from './notes.repository';

/** How long a mention's mail is left to the instance trying it before the sweep may try it. */
const CLAIM_SECONDS = 300;

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
  mail: 'sent' | 'pending' | 'failed' | 'off';
}

/**
 * Private notes in a conversation's thread: written by a member (or a machine's key) who may see the
 * conversation, kept apart from messages and never sent to Meta. A note's mentions are members of
 * the organization; each is told in the console (`/v1/inbox/mentions`) and by mail when the gateway
 * has SMTP (after the note is committed: a refused mail never loses the note). An agent's note on a
 * conversation nobody has takes it, as a reply does, when the organization says so.
 */
@Injectable()
export class ConversationNotes implements OnModuleInit {
  private readonly logger = new Logger('Inbox');
  private readonly retrySeconds: number;

  constructor(
    private readonly repository: NotesRepository,
    private readonly work: ConversationWork,
    private readonly inbox: InboxService,
    private readonly liveUpdates: ConversationLive,
    private readonly periodic: PeriodicJobs,
    config: ConfigService<Environment, true>,
  ) {
    this.retrySeconds = config.get('MENTION_MAIL_RETRY_SECONDS', { infer: true });
  }

  onModuleInit(): void {
    // Mentions' mails the SMTP server refused (or whose instance died before trying), tried again.
    this.periodic.every('mention-mails', this.retrySeconds * 1000, () => this.retryMails());
  }

  async add(auth: AuthContext, key: ConversationKey, input: { body: string; mentions?: string[] }): Promise<NoteJson> {
    const viewer = await this.work.viewer(auth, key.tenantId);
    await this.work.visible(viewer, key.tenantId, key.phoneNumberId, key.waId);
    const mentions = [...new Set(input.mentions ?? [])];
    if (mentions.length > 0) await this.inbox.requireMembers(key.tenantId, mentions, 'mentions');
    const row = await this.repository.transaction((manager) =>
      this.repository.add(
        manager,
        key,
        {
          authorId: auth.userId,
          authorKeyId: auth.userId === null ? auth.keyId : null,
          body: input.body,
          mentions,
        },
        // Tried at once below; due for the sweep only if this instance never gets to it.
        this.inbox.mails ? CLAIM_SECONDS : null,
      ),
    );
    const note = noteJson(row);
    this.liveUpdates.noted(key.tenantId, key.phoneNumberId, key.waId, note.id, mentions);
    await this.work.takeOnReply(auth, key);
    if (mentions.length > 0 && this.inbox.mails) void this.mail(key.tenantId, { ...row, note_id: row.id }, mentions);
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

  /**
   * The mentioned members' mail about a note (after its commit, or again from the sweep): who was
   * mailed is recorded, the others are due again later or, at the last try, failed.
   */
  private async mail(
    tenantId: string,
    note: Pick<DueMentionMail, 'note_id' | 'phone_number_id' | 'wa_id' | 'author_id' | 'body'>,
    userIds: string[],
  ): Promise<void> {
    let mailed: string[] = [];
    try {
      const by = note.author_id
        ? (await this.inbox.membersAmong(tenantId, [note.author_id])).get(note.author_id)
        : undefined;
      const link = this.inbox.consoleUrl(
        `/console/#/inbox/${encodeURIComponent(note.phone_number_id)}/${encodeURIComponent(note.wa_id)}`,
      );
      mailed = await this.inbox.mailMembers(tenantId, userIds, {
        subject: `${by?.email ?? 'A colleague'} mentioned you in a conversation with ${note.wa_id}`,
        text:
          `${by?.email ?? 'A colleague'} mentioned you in a private note on the conversation with ${note.wa_id}:\n\n` +
          `${note.body}\n\nOpen the conversation: ${link}\n`,
      });
    } catch (error) {
      this.logger.warn(`a note's mentions not mailed: ${(error as Error).message}`);
    }
    await this.repository
      .recordMailTry(note.note_id, userIds, mailed, this.retrySeconds)
      .catch((error: Error) => this.logger.warn(`a note's mail try not recorded: ${error.message}`));
  }

  /** The mentions' mails due again, each note's members in one try. */
  private async retryMails(): Promise<void> {
    const due = await this.repository.dueMentionMails(100, CLAIM_SECONDS);
    const byNote = new Map<string, DueMentionMail[]>();
    for (const row of due) byNote.set(row.note_id, [...(byNote.get(row.note_id) ?? []), row]);
    for (const rows of byNote.values())
      await this.mail(
        rows[0].tenant_id,
        rows[0],
        rows.map((r) => r.user_id),
      );
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
    mail: row.mailed_at ? 'sent' : row.mail_next_at ? 'pending' : row.mail_attempts > 0 ? 'failed' : 'off',
  };
}
