import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A message sent through the gateway. Written before the upstream call (status `pending`), then
 * given the upstream id (`accepted`) or the upstream error (`failed`); status webhooks move it on
 * (sent, delivered, read, failed), never backwards. A record still `pending` once its upstream call
 * has had its time has an unknown outcome (`outcome_unknown_at`): its status webhooks reconcile it
 * (they carry its id in `biz_opaque_callback_data`), or SEND_OUTCOME_TIMEOUT_SECONDS fails it.
 */
@Entity({ name: 'messages' })
@Index(['tenantId', 'createdAt', 'id'])
/** A recipient's records, newest first: the record list's `recipient` filter, and a conversation's thread. */
@Index('IDX_messages_thread', ['tenantId', 'recipient', 'createdAt', 'id'])
/** Reactions the business sent, by the message they react to (a thread attaches them to it). */
@Index('IDX_messages_reactions', { synchronize: false })
/** A retry finds the earlier record of its Idempotency-Key (the recovery point of a send). */
@Index('IDX_messages_idempotency', ['apiKeyId', 'idempotencyKey', 'createdAt'], {
  where: 'idempotency_key IS NOT NULL',
})
/**
 * The sweeper finds the sends still pending: neither an upstream id nor a failure. Not `status`: a
 * column a partial index reads cannot change in a HOT update, and status webhooks change status.
 */
@Index('IDX_messages_unanswered', ['createdAt'], { where: 'upstream_message_id IS NULL AND failed_at IS NULL' })
/** A broadcast's records, for its counts (neither column changes after the insert: updates stay HOT). */
@Index('IDX_messages_broadcast', ['broadcastId'], { where: 'broadcast_id IS NOT NULL' })
/**
 * A broadcast recipient's try, by its key (broadcast, recipient, try): written once, whichever instance
 * tries, under a lock on the key (a unique index of a partitioned table would have to hold the time).
 */
@Index('IDX_messages_broadcast_send', ['idempotencyKey'], { where: 'broadcast_id IS NOT NULL' })
/** A record by its wamid (Meta gives each send its own; not unique: the table is partitioned by time). */
@Index('IDX_messages_upstream', ['upstreamMessageId'])
export class Message {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_messages' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  /** Upstream phone number id the message was sent from. */
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  @Column({ name: 'api_key_id', type: 'uuid' })
  apiKeyId: string;

  /** Normalized recipient (wa_id), or the group id for group sends. */
  @Column({ type: 'text' })
  recipient: string;

  @Column({ type: 'text' })
  type: string;

  /** The body as sent upstream. */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  /** The upstream message id (wamid), once upstream accepted the message. */
  @Column({ name: 'upstream_message_id', type: 'text', nullable: true })
  upstreamMessageId: string | null;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey: string | null;

  @Column({ type: 'text' })
  status: string;

  /** The broadcast this message was sent for (its key is then `broadcast:<id>:<seq>:<try>`). */
  @Column({ name: 'broadcast_id', type: 'uuid', nullable: true })
  broadcastId: string | null;

  /** The upstream error of a failed send: { code, message, error_subcode?, error_data? }. */
  @Column({ type: 'jsonb', nullable: true })
  error: Record<string, unknown> | null;

  /**
   * Millisecond precision, so the (created_at, id) paging cursor round-trips through a JS Date exactly.
   * The partition key (a week per partition, database/partitions.ts), so part of the primary key.
   */
  @CreateDateColumn({
    name: 'created_at',
    type: 'timestamptz',
    precision: 3,
    primary: true,
    primaryKeyConstraintName: 'PK_messages',
  })
  createdAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt: Date | null;

  /** When the upstream outcome of this pending send became unknown (no answer in time, or the process died). */
  @Column({ name: 'outcome_unknown_at', type: 'timestamptz', nullable: true })
  outcomeUnknownAt: Date | null;

  /**
   * The status the record had before the last status webhook moved it: the update returns both, so
   * the funnels count each step a message crossed once (funnels/funnels.repository.ts).
   */
  @Column({ name: 'status_before', type: 'text', nullable: true })
  statusBefore: string | null;

  /** When the customer first wrote back within 24 hours of the message (its funnel's `replied`, once). */
  @Column({ name: 'replied_at', type: 'timestamptz', nullable: true })
  repliedAt: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
