import type { ApiKeyKind } from '../core/gateway-request';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** org: one organization; admin: several; platform: runs the platform (organizations, keys), no organization's data. */

/**
 * An API key. Only the SHA-256 hash of the key text is stored, with a short display prefix.
 * Organization keys have one tenant; admin keys list the tenants they may reach; platform keys none.
 */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text', default: '' })
  name: string;

  @Column({ type: 'text' })
  kind: ApiKeyKind;

  /** Hex SHA-256 of the whole key text. */
  @Index({ unique: true })
  @Column({ name: 'key_hash', type: 'text' })
  keyHash: string;

  /** The first characters of the key, to tell keys apart in listings. */
  @Column({ name: 'key_prefix', type: 'text' })
  keyPrefix: string;

  /**
   * The organizations the key reaches: exactly one for org keys, one or more for admin keys, none for platform
   * keys.
   */
  @Column({ name: 'tenant_ids', type: 'uuid', array: true })
  tenantIds: string[];

  @Column({ type: 'text', array: true })
  scopes: string[];

  /** When set, only these upstream phone number ids may be addressed. */
  @Column({ name: 'allowed_phone_number_ids', type: 'text', array: true, nullable: true })
  allowedPhoneNumberIds: string[] | null;

  /** When set, only calls from these IPs or CIDR ranges are accepted. */
  @Column({ name: 'allowed_ips', type: 'text', array: true, nullable: true })
  allowedIps: string[] | null;

  @Column({ name: 'rate_limit_per_second', type: 'integer', default: 80 })
  rateLimitPerSecond: number;

  /** HMAC signing secret, encrypted; when set every request must be signed. */
  @Column({ name: 'hmac_secret_encrypted', type: 'text', nullable: true })
  hmacSecretEncrypted: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** Set when this key was issued by rotating another one. */
  @Column({ name: 'rotated_from_id', type: 'uuid', nullable: true })
  rotatedFromId: string | null;

  /** The key that issued this one over HTTP (/v1/keys); null when the CLI issued it. */
  @Column({ name: 'issued_by_key_id', type: 'uuid', nullable: true })
  issuedByKeyId: string | null;

  /**
   * Set on the key a person's console sessions act as in one organization (src/people: their
   * membership; the key's name is their email). Such a key is never shown and is managed only as a
   * membership, not through /v1/keys.
   */
  @Column({ name: 'member_user_id', type: 'uuid', nullable: true })
  memberUserId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
