import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One change of an upstream webhook delivery, stored before the delivery is acknowledged. Meta
 * delivers at least once: `dedupe_key` (a hash of the change) makes a repeated change a no-op.
 */
@Entity({ name: 'webhook_events' })
/** A change once per day received; the ingestion also looks for it in the seven days before (Meta's retries). */
@Index('UQ_webhook_events_dedupe', ['dedupeKey', 'receivedOn'], { unique: true })
export class WebhookEvent {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_events' })
  id: string;

  @Column({ name: 'dedupe_key', type: 'text' })
  dedupeKey: string;

  /** Null when the phone number or business account is not registered with the gateway. */
  @Index()
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId: string | null;

  /** The WABA id of the entry. */
  @Column({ name: 'waba_id', type: 'text' })
  wabaId: string;

  /** `messages`, `message_template_status_update`, ... */
  @Column({ type: 'text' })
  field: string;

  /** The whole delivery envelope reduced to this change, as Meta would send it. */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;

  /** The UTC day it was received: the partition key (a week per partition), part of the primary key. */
  @Column({
    name: 'received_on',
    type: 'date',
    // The migration's `(timezone('UTC', now()))::date` as TypeORM reads a default back: without its
    // casts (so the schema check finds nothing to change).
    default: () => "(timezone('UTC', now()))",
    primary: true,
    primaryKeyConstraintName: 'PK_webhook_events',
  })
  receivedOn: string;
}
