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

/** The steps the gateway finishes after Meta's Embedded Signup, in order. */
export const SIGNUP_STEPS = ['exchange_code', 'subscribe_app', 'register_number', 'add_number'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/**
 * A number connected through Embedded Signup: which organization connected it, how far the gateway's
 * steps got (the last failure and why), and its two-step verification PIN (encrypted: the number
 * registers with it again after a deregistration, and Meta asks for it). One row per number, so
 * running the flow again for it finds what was done and does not register it twice.
 */
@Entity({ name: 'number_signups' })
export class NumberSignup {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_number_signups' })
  id: string;

  /** Meta's phone number id: one row per number. */
  @Index('UQ_number_signups_phone', { unique: true })
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  @Index('IDX_number_signups_tenant')
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id', foreignKeyConstraintName: 'FK_number_signups_tenant' })
  tenant?: Organization;

  @Column({ name: 'waba_id', type: 'text' })
  wabaId: string;

  /** The six-digit PIN, AES-256-GCM encrypted (SecretBox); never shown. */
  @Column({ name: 'pin_encrypted', type: 'text' })
  pinEncrypted: string;

  /** When Meta registered the number for the Cloud API with the PIN (none: not yet). */
  @Column({ name: 'registered_at', type: 'timestamptz', nullable: true })
  registeredAt: Date | null;

  /** `connected` once every step is done; `failed` with the step and Meta's reason otherwise. */
  @Column({ type: 'text', default: 'pending' })
  status: 'pending' | 'connected' | 'failed';

  @Column({ name: 'failed_step', type: 'text', nullable: true })
  failedStep: SignupStep | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
