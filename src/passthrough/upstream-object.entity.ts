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
import { BusinessAccount } from '../tenancy/business-account.entity';

/**
 * An id Meta created or listed under one of an organization's business accounts (a flow, a group, a
 * QR code, a message history, an intent), learned from Meta's own answers to that organization's
 * calls. The pass-through forwards a call on such an id only for the organization that owns it.
 */
@Entity({ name: 'upstream_objects' })
@Unique('UQ_upstream_objects_account_kind_object', ['businessAccountId', 'kind', 'objectId'])
@Index('IDX_upstream_objects_object', ['objectId'])
export class UpstreamObject {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'business_account_id', type: 'uuid' })
  businessAccountId: string;

  @ManyToOne(() => BusinessAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_account_id' })
  businessAccount?: BusinessAccount;

  /** The number it lives under (groups, QR codes, message histories), or null for the account's own. */
  @Column({ name: 'phone_number_id', type: 'text', nullable: true })
  phoneNumberId: string | null;

  /** What Meta's description calls it: flow, group, qr_code, message_history, migration_intent, obo_mobility_intent. */
  @Column({ type: 'text' })
  kind: string;

  /** Meta's id. */
  @Column({ name: 'object_id', type: 'text' })
  objectId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
