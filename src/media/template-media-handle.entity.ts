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
import { Organization } from '../tenancy/organization.entity';

/**
 * A template header sample uploaded through `POST /v1/{wabaId}/template_media` (resumable upload),
 * and the handle upstream gave it. A handle serves one template: `used_at` is set when a template
 * create claims it (MediaService.claimHeaderHandle).
 */
@Entity({ name: 'template_media_handles' })
@Unique('UQ_template_media_handles_handle', ['handle'])
@Index(['tenantId', 'createdAt'])
export class TemplateMediaHandle {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Organization;

  @Column({ name: 'business_account_id', type: 'uuid' })
  businessAccountId: string;

  @ManyToOne(() => BusinessAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_account_id' })
  businessAccount?: BusinessAccount;

  /** Upstream WABA id the handle was obtained for. */
  @Column({ name: 'waba_id', type: 'text' })
  wabaId: string;

  /** The handle (`h`) the resumable upload returned: what `example.header_handle` takes. */
  @Column({ type: 'text' })
  handle: string;

  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  /** When a template create claimed the handle; null while unused. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
