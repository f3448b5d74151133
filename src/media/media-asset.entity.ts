import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../tenancy/organization.entity';

/**
 * A file in an organization's media library. The bytes live in the store every instance shares
 * (MEDIA_STORAGE: `media_asset_chunks`, or a bucket at `storage_key`); the client's file name is only
 * metadata.
 */
@Entity({ name: 'media_assets' })
@Index(['tenantId', 'createdAt', 'id'])
export class MediaAsset {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Organization;

  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  /** Lower-case hex SHA-256 of the bytes. */
  @Column({ type: 'text' })
  sha256: string;

  /** The asset's key in the store: `<tenant id>/<asset id>` (a bucket's object key after MEDIA_S3_PREFIX). */
  @Column({ name: 'storage_key', type: 'text' })
  storageKey: string;

  /** Millisecond precision, so the (created_at, id) paging cursor round-trips through a JS Date exactly. */
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt: Date;
}
