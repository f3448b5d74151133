import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A person who signs in to the console (API keys stay, for machines). The password is kept only as
 * an argon2id hash (passwords.ts); it is never logged, cached or answered.
 */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_users' })
  id: string;

  /** Lower case; one account per address. */
  @Index('UQ_users_email', { unique: true })
  @Column({ type: 'text' })
  email: string;

  /** None for a person who signs in only through single sign-on (a password sign-in is refused). */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  /** The TOTP secret (RFC 6238), encrypted (common/secret-box.ts); set at enrollment, kept while in use. */
  @Column({ name: 'totp_secret_encrypted', type: 'text', nullable: true })
  totpSecretEncrypted: string | null;

  /** When the second factor was confirmed: from then on a sign-in needs its code. */
  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true })
  totpEnabledAt: Date | null;

  /**
   * The 30-second step of the last code accepted: a code is taken once (a code seen over a shoulder or
   * in a proxy's log cannot sign in again within its step).
   */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true })
  totpLastStep: string | null;

  /**
   * A platform operator's key (kind platform, `member_user_id` this person), never shown: their
   * sessions as operator act as it, as a member's act as their membership's key. Made and ended by the
   * CLI (`person:operator`).
   */
  @Column({ name: 'platform_key_id', type: 'uuid', nullable: true })
  platformKeyId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
