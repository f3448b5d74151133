import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * A saved reply: text a member types as `/name` in the composer, with variables filled for the
 * conversation (`{{contact.name}}`, `{{agent.name}}`…). Shared by the organization (`owner_id` null)
 * or a member's own; a name is unique among the shared ones and among each member's own.
 */
@Entity({ name: 'saved_replies' })
@Index('UQ_saved_replies_shared', ['tenantId', 'name'], { unique: true, where: 'owner_id IS NULL' })
@Index('UQ_saved_replies_own', ['tenantId', 'ownerId', 'name'], { unique: true, where: 'owner_id IS NOT NULL' })
@Check('CHK_saved_replies_body', `char_length("body") BETWEEN 1 AND 4096`)
export class SavedReply {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_saved_replies' })
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_saved_replies_tenant' })
  tenant?: Organization;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId: string | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  body: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
