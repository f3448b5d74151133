import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * An email domain an organization claims: a person whose verified email (from the operator's OpenID
 * provider) is at it joins the organization at their single sign-on, with its default role. One
 * organization per domain.
 */
@Entity({ name: 'sso_domains' })
export class SsoDomain {
  /** Lower case, without `@`. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_sso_domains' })
  domain: string;

  @Index('IDX_sso_domains_tenant')
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_sso_domains_tenant' })
  tenant?: Organization;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
