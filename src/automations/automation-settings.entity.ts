import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * An organization's automations settings: the key its automatic replies and actions are made as (one
 * per organization, its text never shown, so records and the audit name it), how many automatic
 * replies a conversation may get per hour, and the secret that signs its rules' calls.
 */
@Entity({ name: 'automation_settings' })
export class AutomationSettings {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_automation_settings' })
  tenantId: string;

  @OneToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_automation_settings_tenant' })
  tenant?: Organization;

  @Column({ name: 'acting_key_id', type: 'uuid' })
  actingKeyId: string;

  @Column({ name: 'replies_per_hour', type: 'integer', default: 10 })
  repliesPerHour: number;

  /** What signs its rules' calls (`call_url`), encrypted at rest; shown once, when made. */
  @Column({ name: 'signing_secret_encrypted', type: 'text', nullable: true })
  signingSecretEncrypted: string | null;
}

/**
 * Automatic replies a customer got from a number in one clock hour: the loop's cap, claimed one
 * reply at a time (a reply past the cap is not sent).
 */
@Entity({ name: 'automation_reply_counts' })
export class AutomationReplyCount {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_automation_reply_counts' })
  phoneNumberId: string;

  @PrimaryColumn({ name: 'wa_id', type: 'text', primaryKeyConstraintName: 'PK_automation_reply_counts' })
  waId: string;

  @PrimaryColumn({ type: 'timestamptz', primaryKeyConstraintName: 'PK_automation_reply_counts' })
  hour: Date;

  @Index('IDX_automation_reply_counts_tenant')
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_automation_reply_counts_tenant' })
  tenant?: Organization;

  @Column({ type: 'integer' })
  replies: number;
}
