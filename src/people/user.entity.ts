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

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  /** The TOTP secret (RFC 6238), encrypted (common/secret-box.ts); set at enrollment, kept while in use. */
  @Column({ name: 'totp_secret_encrypted', type: 'text', nullable: true })
  totpSecretEncrypted: string | null;

  /** When the second factor was confirmed: from then on a sign-in needs its code. */
  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true })
  totpEnabledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
