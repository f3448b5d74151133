import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One attempt of a delivery, as the delivery log shows it. */
export interface WebhookAttempt {
  at: string;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
}

/**
 * One event for one endpoint: the outbox row. Written in the transaction that stores the upstream
 * event (before Meta's 200), then attempted until delivered or failed. `id` is the `webhook-id`
 * the tenant sees on every attempt, so retries can be told apart from new events.
 */
@Entity({ name: 'webhook_deliveries' })
@Index(['endpointId', 'createdAt', 'id'])
@Index('IDX_webhook_deliveries_due', ['nextAttemptAt'], { where: `status = 'pending'` })
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_deliveries' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id' })
  endpoint?: WebhookEndpoint;

  /** The upstream event it forwards (null for test events). */
  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId: string | null;

  /** Meta's webhook field (`messages`, `message_template_status_update`, ...). */
  @Column({ type: 'text' })
  field: string;

  /** The exact bytes sent (and signed) on every attempt. */
  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'is_test', type: 'boolean', default: false })
  isTest: boolean;

  @Column({ type: 'text', default: 'pending' })
  status: WebhookDeliveryStatus;

  /** Attempts made, all told. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Failed attempts since the retry schedule (re)started; picks the next backoff. */
  @Column({ name: 'retry_count', type: 'integer', default: 0 })
  retryCount: number;

  /** When the retry schedule started (creation, or a manual redelivery): retries stop after the retry window. */
  @Column({ name: 'retry_started_at', type: 'timestamptz', default: () => 'now()' })
  retryStartedAt: Date;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true, default: () => 'now()' })
  nextAttemptAt: Date | null;

  /** Set while an instance attempts it: no second attempt starts before it passes. */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'attempt_log', type: 'jsonb', default: () => `'[]'` })
  attemptLog: WebhookAttempt[];

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  /** When the upstream event reached the gateway (the start of the delivery lag). */
  /** The partition key (a week per partition), so part of the primary key. */
  @CreateDateColumn({
    name: 'created_at',
    type: 'timestamptz',
    precision: 3,
    primary: true,
    primaryKeyConstraintName: 'PK_webhook_deliveries',
  })
  createdAt: Date;
}
