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
import { Organization } from '../tenancy/organization.entity';

/**
 * A file uploaded for sends through `POST /v1/{phoneNumberId}/media`: the media id upstream gave
 * it. Kept so that such an id can be told from a template header handle (spec 2.4: a media id
 * cannot serve as `header_handle`).
 */
@Entity({ name: 'media_uploads' })
@Unique('UQ_media_uploads_upstream_media_id', ['upstreamMediaId'])
@Index(['tenantId', 'createdAt'])
export class MediaUpload {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Organization;

  /** Upstream phone number id the file was uploaded for. */
  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  /** The media id upstream returned (what a send's `image.id` and the like take). */
  @Column({ name: 'upstream_media_id', type: 'text' })
  upstreamMediaId: string;

  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
