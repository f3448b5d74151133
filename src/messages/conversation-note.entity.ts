import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** The longest note, in characters (Meta's text message limit, for the same kind of words). */
export const NOTE_MAX_LENGTH = 4096;

/**
 * A private note in a conversation's thread: the team's words to each other, never sent to Meta.
 * `author_id` is the member who wrote it (null: a machine's key, `author_key_id`).
 */
@Entity({ name: 'conversation_notes' })
@Index('IDX_conversation_notes_thread', ['tenantId', 'phoneNumberId', 'waId', 'createdAt', 'id'])
@Check('CHK_conversation_notes_body', `char_length("body") BETWEEN 1 AND 4096`)
export class ConversationNote {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_conversation_notes' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_conversation_notes_tenant' })
  tenant?: Organization;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  @Column({ name: 'wa_id', type: 'text' })
  waId: string;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  @Column({ name: 'author_key_id', type: 'uuid', nullable: true })
  authorKeyId: string | null;

  @Column({ type: 'text' })
  body: string;

  /** The members it mentions (their user ids). */
  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  mentions: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
