import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The media of an inbound message (`image: { id, mime_type, sha256 }` and the like). */
export interface ReceivedMedia {
  tenantId: string;
  phoneNumberId: string;
  messageId: string;
  mediaId: string;
  mimeType: string | null;
  sha256: string | null;
}

/**
 * Registers the media of inbound messages (table `inbound_media`, owned here) inside the caller's
 * transaction, so that `GET /v1/{media-id}` knows whose it is: once per media id.
 */
@Injectable()
export class InboundMediaApplier {
  async apply(manager: EntityManager, media: ReceivedMedia): Promise<void> {
    await manager.query(
      `INSERT INTO inbound_media (media_id, tenant_id, phone_number_id, message_id, mime_type, sha256)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (media_id) DO NOTHING`,
      [media.mediaId, media.tenantId, media.phoneNumberId, media.messageId, media.mimeType, media.sha256],
    );
  }
}
