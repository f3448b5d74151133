import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * An invitation to an organization with a role, by a link that carries its token (only the token's
 * SHA-256 is kept). Used once; expires.
 */
@Entity({ name: 'invitations' })
@Index('IDX_invitations_tenant', ['tenantId', 'createdAt'])
export class Invitation {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_invitations' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_invitations_tenant' })
  tenant?: Organization;

  /** Lower case: who may accept it. */
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  role: string;

  @Index('UQ_invitations_token', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  /**
   * The key that invited (a person's membership key, a machine's, a platform key), or null for the
   * operator's CLI (`member:invite`).
   */
  @Column({ name: 'invited_by_key_id', type: 'uuid', nullable: true })
  invitedByKeyId: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
