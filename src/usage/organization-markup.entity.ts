import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * The operator's markup on Meta's prices for one organization, in force from `effective_from` (UTC
 * day) until its next one: a change never reprices the past.
 */
@Entity({ name: 'organization_markups' })
export class OrganizationMarkup {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_organization_markups' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_organization_markups_tenant' })
  tenant?: Organization;

  @PrimaryColumn({ name: 'effective_from', type: 'date', primaryKeyConstraintName: 'PK_organization_markups' })
  effectiveFrom: string;

  /** Percent added to Meta's price (−100 to 1,000; 0: cost price). */
  @Column({ type: 'numeric', precision: 7, scale: 3 })
  percent: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
