import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique, UpdateDateColumn } from 'typeorm';
import { Broadcast } from './broadcast.entity';

/**
 * One recipient of a broadcast. `state`: `queued` (to send; `not_before` may hold it back),
 * `deferred` (over the messaging limit until `not_before`), `sending` (its message record, named by
 * `message_id`, says the rest: accepted, sent, delivered, read or failed), `skipped` (refused at
 * create time, or left when the broadcast was cancelled). A recipient is never failed before its
 * record: Meta's refusals hold it back. `tries` counts the records written for it: a record whose outcome stayed unknown is
 * replaced by the next try (each try's record is unique: messages' broadcast send key).
 */
@Entity({ name: 'broadcast_recipients' })
@Unique('UQ_broadcast_recipients_recipient', ['broadcastId', 'recipient'])
@Index('IDX_broadcast_recipients_todo', ['broadcastId', 'seq'], { where: `state IN ('queued', 'deferred')` })
export class BroadcastRecipient {
  @PrimaryColumn({ name: 'broadcast_id', type: 'uuid' })
  broadcastId: string;

  @ManyToOne(() => Broadcast, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'broadcast_id', foreignKeyConstraintName: 'FK_broadcast_recipients_broadcast' })
  broadcast?: Broadcast;

  /** Its place in the list (sends go in this order). */
  @PrimaryColumn({ type: 'integer' })
  seq: number;

  /** Normalized like a send's `to`. */
  @Column({ type: 'text' })
  recipient: string;

  /** Its own template components (parameters), as in a Cloud API template send. */
  @Column({ type: 'jsonb', nullable: true })
  components: unknown[] | null;

  @Column({ type: 'text' })
  state: string;

  @Column({ type: 'integer', default: 0 })
  tries: number;

  @Column({ name: 'not_before', type: 'timestamptz', nullable: true })
  notBefore: Date | null;

  /** Taken by an instance's dispatcher until then. */
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil: Date | null;

  @Column({ name: 'message_id', type: 'uuid', nullable: true })
  messageId: string | null;

  /** Why it was skipped or failed before a record was written (a Graph error body). */
  @Column({ type: 'jsonb', nullable: true })
  error: Record<string, unknown> | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
