import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { KeysetCursor } from '../../common/pagination';
import type { ConversationKey } from './conversations.repository';
import { type Customer, type CustomerPage, cursor, pageOf } from '../../retention/customer-data';

export interface NoteRow {
  id: string;
  phone_number_id: string;
  wa_id: string;
  author_id: string | null;
  author_key_id: string | null;
  body: string;
  mentions: string[];
  created_at: Date;
}

export interface MentionRow {
  note_id: string;
  phone_number_id: string;
  wa_id: string;
  author_id: string | null;
  body: string;
  created_at: Date;
  read_at: Date | null;
}

const NOTE_COLUMNS = 'id, phone_number_id, wa_id, author_id, author_key_id, body, mentions, created_at';

/** Every statement on conversations' notes and the mentions they make. */
@Injectable()
export class NotesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The note and a mention row per member it mentions, in the caller's transaction. */
  async add(
    manager: EntityManager,
    key: ConversationKey,
    note: { authorId: string | null; authorKeyId: string | null; body: string; mentions: string[] },
  ): Promise<NoteRow> {
    const [row] = await manager.query<NoteRow[]>(
      `INSERT INTO conversation_notes (tenant_id, phone_number_id, wa_id, author_id, author_key_id, body, mentions)
       VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[]) RETURNING ${NOTE_COLUMNS}`,
      [key.tenantId, key.phoneNumberId, key.waId, note.authorId, note.authorKeyId, note.body, note.mentions],
    );
    if (note.mentions.length > 0)
      await manager.query(
        `INSERT INTO note_mentions (note_id, user_id, tenant_id, created_at)
         SELECT $1, m, $2, $3 FROM unnest($4::uuid[]) AS m`,
        [row.id, key.tenantId, row.created_at, note.mentions],
      );
    return row;
  }

  /** A conversation's notes, newest first, after `cursor`; `limit + 1` rows (the page's next). */
  notes(key: ConversationKey, limit: number, cursor: KeysetCursor | undefined): Promise<NoteRow[]> {
    return this.dataSource.query(
      `SELECT ${NOTE_COLUMNS} FROM conversation_notes
       WHERE tenant_id = $1 AND phone_number_id = $2 AND wa_id = $3
         AND ($5::timestamptz IS NULL OR (created_at, id) < ($5::timestamptz, $6::uuid))
       ORDER BY created_at DESC, id DESC LIMIT $4`,
      [key.tenantId, key.phoneNumberId, key.waId, limit + 1, cursor?.at ?? null, cursor?.id ?? null],
    );
  }

  /** The member's mentions, newest first (only the unread ones when `unread`). */
  mentions(
    tenantId: string,
    userId: string,
    unread: boolean,
    limit: number,
    cursor: KeysetCursor | undefined,
  ): Promise<MentionRow[]> {
    return this.dataSource.query(
      `SELECT m.note_id, n.phone_number_id, n.wa_id, n.author_id, n.body, m.created_at, m.read_at
       FROM note_mentions m JOIN conversation_notes n ON n.id = m.note_id
       WHERE m.tenant_id = $1 AND m.user_id = $2 AND (NOT $3 OR m.read_at IS NULL)
         AND ($5::timestamptz IS NULL OR (m.created_at, m.note_id) < ($5::timestamptz, $6::uuid))
       ORDER BY m.created_at DESC, m.note_id DESC LIMIT $4`,
      [tenantId, userId, unread, limit + 1, cursor?.at ?? null, cursor?.id ?? null],
    );
  }

  /** Marks the member's mentions read (those of `noteIds`, or all); answers how many were unread. */
  async markRead(tenantId: string, userId: string, noteIds: string[] | undefined): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `UPDATE note_mentions SET read_at = now()
       WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL AND ($3::uuid[] IS NULL OR note_id = ANY ($3::uuid[]))`,
      [tenantId, userId, noteIds ?? null],
    );
    return count;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async markMailed(noteId: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE note_mentions SET mailed_at = now() WHERE note_id = $1 AND user_id = ANY ($2::uuid[])`,
      [noteId, userIds],
    );
  }

  /** The organization's notes on the customer's conversations (data-rights/: an export), oldest first. */
  async customerNotes(c: Customer, after: string | null, limit: number): Promise<CustomerPage> {
    const from = cursor.parse(after);
    const rows = await this.dataSource.query<Array<Record<string, unknown> & { at: Date; id: string }>>(
      `SELECT id, created_at AS at, phone_number_id, author_id, author_key_id, body, mentions
       FROM conversation_notes WHERE tenant_id = $1 AND wa_id = $2
         AND ($3::timestamptz IS NULL OR (created_at, id) > ($3::timestamptz, $4::uuid))
       ORDER BY created_at, id LIMIT $5`,
      [c.tenantId, c.waId, from.at, from.id, limit + 1],
    );
    return pageOf(rows, limit, ({ at, ...row }) => ({ ...row, created_at: at }));
  }
}
