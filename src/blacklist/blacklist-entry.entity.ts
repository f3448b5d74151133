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

  /**
   * Who made the entry: `api` (the tenant or an operator, by the API or the console) or `opt_out`
   * (the customer's own opt-out keyword). An opt-in removes only an `opt_out` entry.
   */
  @Column({ type: 'text', default: 'api' })
  source: 'api' | 'opt_out';

  /**
   * When the customer opted out (an opt-out keyword), whoever made the entry: marketing templates are
   * then refused whatever a send's `filter_blacklist` says. Cleared by an opt-in.
   */
  @Column({ name: 'opted_out_at', type: 'timestamptz', nullable: true })
  optedOutAt: Date | null;

  /** The customer's message (wamid) that opted them out. */
  @Column({ name: 'opt_out_message_id', type: 'text', nullable: true })
  optOutMessageId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
