import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** A contact synchronized by an organization: a number with a name, tags and free attributes. */
@Entity({ name: 'contacts' })
@Unique('UQ_contacts_tenant_phone_number', ['tenantId', 'phoneNumber'])
@Index(['tenantId', 'createdAt', 'id'])
@Index('IDX_contacts_tags', ['tags'], { type: 'gin' })
export class Contact {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Organization;

  /** E.164 digits without the leading + (normalizeRecipient). */
  @Column({ name: 'phone_number', type: 'text' })
  phoneNumber: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  /** Normalized tags (trimmed, lowercase, unique), at most MAX_TAGS_PER_CONTACT. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  @Column({ type: 'jsonb', default: () => "'{}'" })
  attributes: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
