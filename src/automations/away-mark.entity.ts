import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * When a customer was last sent the number's away message, and by which job: the claim that makes it
 * at most once per period however many of their messages arrive at once, on however many instances.
 */
@Entity({ name: 'away_marks' })
export class AwayMark {
  @PrimaryColumn({ name: 'phone_number_id', type: 'text', primaryKeyConstraintName: 'PK_away_marks' })
  phoneNumberId: string;

  @PrimaryColumn({ name: 'wa_id', type: 'text', primaryKeyConstraintName: 'PK_away_marks' })
  waId: string;

  @Index('IDX_away_marks_tenant')
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_away_marks_tenant' })
  tenant?: Organization;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'job_id', type: 'uuid' })
  jobId: string;
}
