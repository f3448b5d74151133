import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * An organization's opt-out rules (no row: the defaults of opt-out-keywords.ts): the keywords by which
 * a customer opts out of its messages and back in, and whether utility and authentication templates
 * are refused to an opted-out customer as marketing ones always are.
 */
@Entity({ name: 'opt_out_settings' })
export class OptOutSettings {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_opt_out_settings' })
  tenantId: string;

  @OneToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_opt_out_settings_tenant' })
  tenant?: Organization;

  @Column({ name: 'opt_out_keywords', type: 'text', array: true })
  optOutKeywords: string[];

  @Column({ name: 'opt_in_keywords', type: 'text', array: true })
  optInKeywords: string[];

  @Column({ name: 'refuse_utility', type: 'boolean', default: false })
  refuseUtility: boolean;

  @Column({ name: 'refuse_authentication', type: 'boolean', default: false })
  refuseAuthentication: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
