import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from './organization.entity';

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
