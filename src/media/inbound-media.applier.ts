import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MediaRepository, type ReceivedMedia } from './media.repository';

export type { ReceivedMedia } from './media.repository';

/**
 * Registers the media of inbound messages (table `inbound_media`, owned here) inside the caller's
 * transaction, so that `GET /v1/{media-id}` knows whose it is: once per media id.
 */
@Injectable()
export class InboundMediaApplier {
  constructor(private readonly repository: MediaRepository) {}

  apply(manager: EntityManager, media: ReceivedMedia): Promise<void> {
    return this.repository.addInbound(manager, media);
  }
}
