import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/** A recipient an organization never sends to when a send asks for `filter_blacklist=true` (spec 4.1). */
@Entity({ name: 'blacklist_entries' })
@Unique('UQ_blacklist_entries_tenant_phone_number', ['tenantId', 'phoneNumber'])
@Index(['tenantId', 'createdAt', 'id'])
export class BlacklistEntry {
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
  reason: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
