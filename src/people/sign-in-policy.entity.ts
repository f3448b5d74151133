import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** How an organization's people sign in (no row: a password, and a second factor if they chose one). */
@Entity({ name: 'sign_in_policies' })
export class SignInPolicy {
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_sign_in_policies' })
  tenantId: string;

  @OneToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_sign_in_policies_tenant' })
  tenant?: Organization;

  /** Every member signs in with a second factor (one without it sets it up at sign-in). */
  @Column({ name: 'require_totp', type: 'boolean', default: false })
  requireTotp: boolean;

  /** Members sign in through the operator's OpenID provider only (a password sign-in is refused here). */
  @Column({ name: 'require_sso', type: 'boolean', default: false })
  requireSso: boolean;

  /** The role of a person who joins by their email's domain (sso_domains) at a single sign-on. */
  @Column({ name: 'sso_default_role', type: 'varchar', length: 16, default: 'viewer' })
  ssoDefaultRole: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
