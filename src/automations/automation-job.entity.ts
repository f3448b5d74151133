import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import type { AutomationStep } from './automation-log';

/**
 * One event automations answer (a customer's message), written in the same transaction that stored
 * the event, so none is lost and none is run twice: `event_id` is unique, the instance that wrote it
 * runs it after the commit (the lease is written with it), and one whose lease ran out unfinished (the
 * instance died) is taken by the sweep. Its `log` says what each automation decided and did: the run
 * log the API shows.
 */
@Entity({ name: 'automation_jobs' })
@Index('UQ_automation_jobs_event', ['eventId'], { unique: true })
@Index('IDX_automation_jobs_number', ['phoneNumberId', 'createdAt'])
@Index('IDX_automation_jobs_unfinished', ['leaseUntil'], { where: 'finished_at IS NULL' })
export class AutomationJob {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_automation_jobs' })
  id: string;

  @Index('IDX_automation_jobs_tenant')
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_automation_jobs_tenant' })
  tenant?: Organization;

  /** The number and the customer (none for an account's event: a template's review). */
  @Column({ name: 'phone_number_id', type: 'text', nullable: true })
  phoneNumberId: string | null;

  @Column({ name: 'wa_id', type: 'text', nullable: true })
  waId: string | null;

  /**
   * What happened: `message` (a customer's message came in), `message_failed` (Meta failed an outbound
   * message), `resolved` (a conversation was resolved), `template_status` (a template's review).
   */
  @Column({ type: 'text' })
  event: string;

  /** The event's own id (`message:<wamid>`): one job per event. */
  @Column({ name: 'event_id', type: 'text' })
  eventId: string;

  /** What the automations judge by: the message's type, when it was sent, whether it was the customer's first. */
  @Column({ type: 'jsonb' })
  facts: Record<string, unknown>;

  @Column({ name: 'lease_until', type: 'timestamptz' })
  leaseUntil: Date;

  @Column({ type: 'integer', default: 1 })
  attempts: number;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  log: AutomationStep[];

  /** Microseconds its run spent judging rules' conditions (a contact read when one asks; not acting). */
  @Column({ name: 'judged_us', type: 'integer', nullable: true })
  judgedUs: number | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
