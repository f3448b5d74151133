import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Media a customer sent (image, document, audio, video, sticker), known from the inbound webhook:
 * its upstream media id belongs to the organization of the receiving number, which may fetch it
 * with `GET /v1/{mediaId}` and download it through the gateway.
 */
@Entity({ name: 'inbound_media' })
@Index(['tenantId', 'createdAt'])
export class InboundMedia {
  @PrimaryColumn({ name: 'media_id', type: 'text' })
  mediaId: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'phone_number_id', type: 'text' })
  phoneNumberId: string;

  /** The inbound message (wamid) that carried it. */
  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  @Column({ name: 'mime_type', type: 'text', nullable: true })
  mimeType: string | null;

  @Column({ type: 'text', nullable: true })
  sha256: string | null;

  /** The file name Meta gave an inbound document (offered by the download). */
  @Column({ name: 'file_name', type: 'text', nullable: true })
  fileName: string | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
