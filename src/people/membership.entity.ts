import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';
import { User } from './user.entity';

/**
 * A person's place in an organization: their role, and the key their sessions act as there (issued
 * with the role's scopes, never shown to anyone: the session holds only its hash). Removing the
 * membership revokes the key, which ends the person's sessions there within seconds.
 */
@Entity({ name: 'memberships' })
@Index('IDX_memberships_tenant', ['tenantId', 'createdAt'])
export class Membership {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_memberships' })
  userId: string;

  @PrimaryColumn({ name: 'tenant_id', type: 'uuid', primaryKeyConstraintName: 'PK_memberships' })
  tenantId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_memberships_user' })
  user?: User;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_memberships_tenant' })
  tenant?: Organization;

  @Column({ type: 'text' })
  role: string;

  /** The key the person's sessions act as in this organization (api_keys, member_user_id set). */
  @Column({ name: 'key_id', type: 'uuid' })
  keyId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
