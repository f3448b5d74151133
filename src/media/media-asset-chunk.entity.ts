import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MediaAsset } from './media-asset.entity';

/**
 * A media library asset's bytes in PostgreSQL (MEDIA_STORAGE=postgres, the default): 1 MiB chunks in
 * order, written in the transaction that writes the asset's row (an asset is never seen half-stored)
 * and gone with it (ON DELETE CASCADE). Every instance reads them: no shared disk needed.
 */
@Entity({ name: 'media_asset_chunks' })
export class MediaAssetChunk {
  @PrimaryColumn({ name: 'asset_id', type: 'uuid' })
  assetId: string;

  @ManyToOne(() => MediaAsset, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'asset_id' })
  asset?: MediaAsset;

  /** 0, 1, 2, …: the chunk's place in the file. */
  @PrimaryColumn({ type: 'integer' })
  seq: number;

  @Column({ type: 'bytea' })
  bytes: Buffer;
}
