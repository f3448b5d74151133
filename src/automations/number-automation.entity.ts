import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import type { AutomaticReply, WeeklyHours } from './business-hours';

/**
 * A number's automations settings: its business hours (a time zone, weekly hours, holidays) and its
 * automatic replies (the away message outside those hours, the welcome message on a customer's first
 * message).
 */
@Entity({ name: 'number_automations' })
export class NumberAutomation {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_number_automations' })
  phoneNumberId: string;

  @Index('IDX_number_automations_tenant')
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_number_automations_tenant' })
  tenant?: Organization;

  /** An IANA time zone (null: no business hours set). */
  @Column({ name: 'time_zone', type: 'text', nullable: true })
  timeZone: string | null;

  /** Open hours per weekday (`monday` … `sunday`), each a list of `{ open, close }` ("HH:MM"). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  weekly: WeeklyHours;

  /** Dates (YYYY-MM-DD, in the time zone) the number is closed all day. */
  @Column({ type: 'date', array: true, default: () => `'{}'` })
  holidays: string[];

  @Column({ type: 'jsonb', nullable: true })
  away: AutomaticReply | null;

  @Column({ type: 'jsonb', nullable: true })
  welcome: AutomaticReply | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
