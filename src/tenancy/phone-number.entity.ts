import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { BusinessAccount } from './business-account.entity';

/** A business phone number registered with Meta; its upstream id addresses sends. */
@Entity({ name: 'phone_numbers' })
export class PhoneNumber {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'business_account_id', type: 'uuid' })
  businessAccountId: string;

  @ManyToOne(() => BusinessAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_account_id' })
  businessAccount?: BusinessAccount;

  /** Meta's phone number id, as it appears in `/v1/{phoneNumberId}/...` paths. */
  @Index({ unique: true })
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  @Column({ name: 'display_phone_number', type: 'text' })
  displayPhoneNumber: string;

  /**
   * Enforce the 24-hour customer-service window locally (131026 without an upstream call). Off for
   * numbers whose webhooks do not flow through the gateway: the gateway cannot see inbound messages,
   * so it leaves the check to Meta.
   */
  @Column({ name: 'enforce_service_window', type: 'boolean', default: true })
  enforceServiceWindow: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
