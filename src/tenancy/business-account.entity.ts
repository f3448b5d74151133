import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from './organization.entity';

export const APP_SUBSCRIPTION_STATES = ['subscribed', 'missing', 'check_failed', 'unknown'] as const;
export type AppSubscriptionState = (typeof APP_SUBSCRIPTION_STATES)[number];

/** A WhatsApp Business Account (WABA). Its upstream id is global, so it belongs to exactly one tenant. */
@Entity({ name: 'business_accounts' })
export class BusinessAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Organization;

  /** Meta's WABA id, as it appears in `/v1/{wabaId}/...` paths. */
  @Index({ unique: true })
  @Column({ name: 'waba_id', type: 'text' })
  wabaId: string;

  @Column({ type: 'text', default: '' })
  name: string;

  /** Upstream access token, AES-256-GCM encrypted (SecretBox). */
  @Column({ name: 'access_token_encrypted', type: 'text' })
  accessTokenEncrypted: string;

  /**
   * Whether the gateway's Meta app is subscribed to the account's webhooks (`subscribed_apps`), as
   * last checked: `subscribed`, `missing` (Meta lists no subscription of the app: no webhook of the
   * account arrives), `check_failed` (Meta did not answer the check; `subscriptionError` says why) or
   * `unknown` (not checked yet).
   */
  @Column({ name: 'app_subscription', type: 'text', default: 'unknown' })
  appSubscription: AppSubscriptionState;

  @Column({ name: 'app_subscription_checked_at', type: 'timestamptz', nullable: true })
  appSubscriptionCheckedAt: Date | null;

  /** Why the last check failed (Meta's error, never the token). */
  @Column({ name: 'app_subscription_error', type: 'text', nullable: true })
  appSubscriptionError: string | null;

  /**
   * When the business removed the gateway's app from the account (Meta's `account_update`,
   * `PARTNER_REMOVED`): its numbers send nothing until it is connected again (a new token).
   */
  @Column({ name: 'partner_removed_at', type: 'timestamptz', nullable: true })
  partnerRemovedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
