import {
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
 * Where an organization wants its events: registered with `POST /v1/webhooks` (`custom`), or the
 * Meta way, as a business account's `subscribed_apps` override (`waba_override`) or a phone number's
 * `webhook_configuration.override_callback_uri` (`phone_override`).
 */
export type WebhookEndpointKind = 'custom' | 'waba_override' | 'phone_override';
export type WebhookEndpointStatus = 'active' | 'disabled';

@Entity({ name: 'webhook_endpoints' })
@Index(['tenantId', 'createdAt', 'id'])
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Organization;

  @Column({ type: 'text' })
  kind: WebhookEndpointKind;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Meta webhook fields this endpoint receives; null = all. */
  @Column({ type: 'text', array: true, nullable: true })
  events: string[] | null;

  /** Phone numbers (upstream ids) this endpoint receives events of; null = all of the organization's. */
  @Column({ name: 'phone_number_ids', type: 'text', array: true, nullable: true })
  phoneNumberIds: string[] | null;

  /** The business account (upstream id) this endpoint is limited to (Meta-style overrides); null = all. */
  @Column({ name: 'waba_id', type: 'text', nullable: true })
  wabaId: string | null;

  /** The signing secret, encrypted at rest. */
  @Column({ name: 'secret_encrypted', type: 'text' })
  secretEncrypted: string;

  /**
   * After a rotation with an overlap window: the old secret, which signs beside the new one until
   * `previousSecretExpiresAt`.
   */
  @Column({ name: 'previous_secret_encrypted', type: 'text', nullable: true })
  previousSecretEncrypted: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column({ type: 'text', default: 'active' })
  status: WebhookEndpointStatus;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;

  /** Failed attempts in a row; past a threshold the endpoint is slowed (one probe at a time). */
  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures: number;

  /** While slowed: no attempt to this endpoint before this time (except the one probe that takes it). */
  @Column({ name: 'paused_until', type: 'timestamptz', nullable: true })
  pausedUntil: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
