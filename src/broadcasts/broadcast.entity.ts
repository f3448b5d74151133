import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A broadcast: one approved template sent to a list of recipients from one phone number, at the
 * number's pace and behind its API sends. `scheduled` (waiting for `scheduled_at`; recipients may be
 * added) → `running` ⇄ `paused` → `completed`, or `cancelled` from any state before completed.
 */
@Entity({ name: 'broadcasts' })
@Index('IDX_broadcasts_list', ['tenantId', 'phoneNumberId', 'createdAt', 'id'])
@Index('IDX_broadcasts_active', ['status'], { where: `status IN ('scheduled', 'running')` })
export class Broadcast {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  /** Meta's id of the number it sends from. */
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  @Column({ name: 'business_account_id', type: 'uuid' })
  businessAccountId: string;

  /** The key that created it: its sends are recorded under it. */
  @Column({ name: 'api_key_id', type: 'uuid' })
  apiKeyId: string;

  @Column({ type: 'text' })
  name: string;

  /** `{ name, language: { code } }`, as in a Cloud API template send. */
  @Column({ type: 'jsonb' })
  template: Record<string, unknown>;

  @Column({ type: 'text' })
  status: string;

  /** Why it is paused: `requested`, `quality_red`, `spam_rate_limit`. */
  @Column({ name: 'pause_reason', type: 'text', nullable: true })
  pauseReason: string | null;

  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true })
  scheduledAt: Date | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ name: 'recipient_count', type: 'integer', default: 0 })
  recipientCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
