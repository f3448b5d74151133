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

  /** Meta's `throughput.level` (STANDARD, HIGH), as last learned; null until learned. */
  @Column({ name: 'throughput_level', type: 'text', nullable: true })
  throughputLevel: string | null;

  /** Meta's `is_on_biz_app`: shared with the WhatsApp Business app (a fixed 20 messages per second). */
  @Column({ name: 'is_on_biz_app', type: 'boolean', nullable: true })
  isOnBizApp: boolean | null;

  /** Meta's `messaging_limit_tier` (TIER_250 … TIER_UNLIMITED). */
  @Column({ name: 'messaging_limit_tier', type: 'text', nullable: true })
  messagingLimitTier: string | null;

  /** Meta's `quality_rating` (GREEN, YELLOW, RED, NA). */
  @Column({ name: 'quality_rating', type: 'text', nullable: true })
  qualityRating: string | null;

  @Column({ name: 'limits_learned_at', type: 'timestamptz', nullable: true })
  limitsLearnedAt: Date | null;

  /** An operator's messages per second for this number, in place of what Meta's level gives. */
  @Column({ name: 'throughput_override_mps', type: 'integer', nullable: true })
  throughputOverrideMps: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
