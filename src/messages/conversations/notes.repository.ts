import { Injectable } from '@nestjs/common';
import { TablePages } from '../../database/table-pages';
import { DataSource, type EntityManager } from 'typeorm';
import type { KeysetCursor } from '../../common/pagination';
import type { ConversationKey } from './conversations.repository';
import { type Customer, type CustomerPage, cursor, type Erasure, pageOf } from '../../retention/customer-data';

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
  mailed_at: Date | null;
  mail_attempts: number;
  mail_next_at: Date | null;
}

/** A mention whose mail is due again, with its note: what the mail says. */
export interface DueMentionMail {
  note_id: string;
  user_id: string;
  tenant_id: string;
  phone_number_id: string;
  wa_id: string;
  author_id: string | null;
  body: string;
  mail_attempts: number;
}

/** Tries of a mention's mail, at most. */
export const MENTION_MAIL_TRIES = 5;

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
    /** Seconds after which a mention's first mail is due again if its instance never tried it (null: no mail). */
    mailDueIn: number | null,
  ): Promise<NoteRow> {
    const [row] = await manager.query<NoteRow[]>(
      `INSERT INTO conversation_notes (tenant_id, phone_number_id, wa_id, author_id, author_key_id, body, mentions)
       VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[]) RETURNING ${NOTE_COLUMNS}`,
      [key.tenantId, key.phoneNumberId, key.waId, note.authorId, note.authorKeyId, note.body, note.mentions],
    );
    if (note.mentions.length > 0)
      await manager.query(
        `INSERT INTO note_mentions (note_id, user_id, tenant_id, created_at, mail_next_at)
         SELECT $1, m, $2, $3, now() + make_interval(secs => $5) FROM unnest($4::uuid[]) AS m`,
        [row.id, key.tenantId, row.created_at, note.mentions, mailDueIn],
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
      `SELECT m.note_id, n.phone_number_id, n.wa_id, n.author_id, n.body, m.created_at, m.read_at, m.mailed_at,
         m.mail_attempts, m.mail_next_at
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

  /**
   * A try of the note's mentions' mail: `mailed` are mailed now; the others are due again after
   * `retrySeconds` doubled by their tries so far, or given up (their mail `failed`) at the last try.
   */
  async recordMailTry(noteId: string, userIds: string[], mailed: string[], retrySeconds: number): Promise<void> {
    if (userIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE note_mentions SET mail_attempts = mail_attempts + 1,
         mailed_at = CASE WHEN user_id = ANY ($3::uuid[]) THEN now() END,
         mail_next_at = CASE WHEN user_id = ANY ($3::uuid[]) OR mail_attempts + 1 >= $5 THEN NULL
           ELSE now() + make_interval(secs => $4 * power(2, mail_attempts)) END
       WHERE note_id = $1 AND user_id = ANY ($2::uuid[]) AND mailed_at IS NULL`,
      [noteId, userIds, mailed, retrySeconds, MENTION_MAIL_TRIES],
    );
  }

  /**
   * Mentions whose mail is due (again), oldest first, claimed for `claimSeconds` (another instance's
   * sweep skips them meanwhile; the try records when they are next due).
   */
  dueMentionMails(limit: number, claimSeconds: number): Promise<DueMentionMail[]> {
    return this.dataSource
      .query<[DueMentionMail[], number]>(
        `WITH due AS (
           SELECT note_id, user_id FROM note_mentions
           WHERE mail_next_at <= now() AND mailed_at IS NULL ORDER BY mail_next_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         UPDATE note_mentions m SET mail_next_at = now() + make_interval(secs => $2)
         FROM due, conversation_notes n
         WHERE m.note_id = due.note_id AND m.user_id = due.user_id AND n.id = m.note_id
         RETURNING m.note_id, m.user_id, m.tenant_id, n.phone_number_id, n.wa_id, n.author_id, n.body, m.mail_attempts`,
        [limit, claimSeconds],
      )
      .then(([rows]) => rows);
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

  /** The notes on the customer's conversations written before the erasure began (their mentions with them). */
  async eraseCustomerNotes(e: Erasure): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM conversation_notes WHERE tenant_id = $1 AND wa_id = $2 AND created_at < $3`,
      [e.tenantId, e.waId, e.before],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its notes and their mentions. */
  exportedTables(): Record<string, TablePages> {
    return {
      notes: new TablePages(this.dataSource, {
        table: 'conversation_notes',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      note_mentions: new TablePages(this.dataSource, {
        table: 'note_mentions',
        key: [
          ['note_id', 'uuid'],
          ['user_id', 'uuid'],
        ],
      }),
    };
  }
}
