import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ConversationNote } from './conversation-note.entity';

/** A member a note mentions: told in the console (until read) and by mail (when the gateway has SMTP). */
@Entity({ name: 'note_mentions' })
@Index('IDX_note_mentions_member', ['tenantId', 'userId', 'createdAt', 'noteId'])
@Index('IDX_note_mentions_mail_due', ['mailNextAt'], { where: 'mail_next_at IS NOT NULL' })
export class NoteMention {
  @PrimaryColumn({ name: 'note_id', type: 'uuid', primaryKeyConstraintName: 'PK_note_mentions' })
  noteId: string;

  @ManyToOne(() => ConversationNote, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'note_id', foreignKeyConstraintName: 'FK_note_mentions_note' })
  note?: ConversationNote;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_note_mentions' })
  userId: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'mailed_at', type: 'timestamptz', nullable: true })
  mailedAt: Date | null;

  /** Tries of its mail so far. */
  @Column({ name: 'mail_attempts', type: 'integer', default: 0 })
  mailAttempts: number;

  /** When its mail is (tried again) due; null: mailed, given up, or no mail (the gateway has no SMTP). */
  @Column({ name: 'mail_next_at', type: 'timestamptz', nullable: true })
  mailNextAt: Date | null;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
