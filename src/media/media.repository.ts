import { Injectable } from '@nestjs/common';
import { TablePages } from '../database/table-pages';
import { DataSource, type EntityManager } from 'typeorm';
import type { KeysetCursor } from '../common/pagination';
import { rowExists } from '../database/exists';
import type { Erasure } from '../retention/customer-data';
import { MediaAsset } from './media-asset.entity';
import { MediaUpload } from './media-upload.entity';
import { TemplateMediaHandle } from './template-media-handle.entity';

/** The media of an inbound message (`image: { id, mime_type, sha256 }` and the like). */
export interface ReceivedMedia {
  tenantId: string;
  phoneNumberId: string;
  messageId: string;
  mediaId: string;
  mimeType: string | null;
  sha256: string | null;
  /** The file name Meta gave a document, if any. */
  fileName: string | null;
}

/** Who a media id belongs to: a customer's inbound media, or an upload for sends. */
export interface MediaOwner {
  tenantId: string;
  phoneNumberId: string;
  source: 'inbound' | 'upload';
}

/**
 * Every statement on media's tables: inbound media (`inbound_media`), uploads for sends
 * (`media_uploads`), template header handles (`template_media_handles`) and the library
 * (`media_assets`).
 */
@Injectable()
export class MediaRepository {
  constructor(private readonly dataSource: DataSource) {}

  // ---- inbound media and uploads (media ids) ----------------------------------------------------

  /** Registers an inbound message's media, once per media id, in the ingestion's transaction. */
  async addInbound(manager: EntityManager, media: ReceivedMedia): Promise<void> {
    await manager.query(
      `INSERT INTO inbound_media (media_id, tenant_id, phone_number_id, message_id, mime_type, sha256, file_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (media_id) DO NOTHING`,
      [
        media.mediaId,
        media.tenantId,
        media.phoneNumberId,
        media.messageId,
        media.mimeType,
        media.sha256,
        media.fileName,
      ],
    );
  }

  /** Who a media id belongs to, if the gateway knows it. */
  async owner(mediaId: string): Promise<MediaOwner | undefined> {
    const [row] = await this.dataSource.query<
      Array<{ tenant_id: string; phone_number_id: string; source: 'inbound' | 'upload' }>
    >(
      `SELECT tenant_id, phone_number_id, 'inbound' AS source FROM inbound_media WHERE media_id = $1
        AND deleted_at IS NULL
       UNION ALL
       SELECT tenant_id, phone_number_id, 'upload' AS source FROM media_uploads WHERE upstream_media_id = $1
       LIMIT 1`,
      [mediaId],
    );
    return row && { tenantId: row.tenant_id, phoneNumberId: row.phone_number_id, source: row.source };
  }

  /** The file name Meta gave an inbound document, if any. */
  async inboundFileName(mediaId: string): Promise<string | undefined> {
    const [row] = await this.dataSource.query<Array<{ file_name: string | null }>>(
      `SELECT file_name FROM inbound_media WHERE media_id = $1`,
      [mediaId],
    );
    return row?.file_name ?? undefined;
  }

  /**
   * Media the organization's customers sent before `before`, forgotten (data-rights/: the gateway
   * serves them no more, as for a media id it never had); at most `limit`.
   */
  async forgetInboundBefore(tenantId: string, before: Date, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM inbound_media WHERE media_id IN (SELECT media_id FROM inbound_media
         WHERE tenant_id = $1 AND created_at < $2 ORDER BY created_at LIMIT $3)`,
      [tenantId, before, limit],
    );
    return count;
  }

  async markInboundDeleted(mediaId: string): Promise<void> {
    await this.dataSource.query(`UPDATE inbound_media SET deleted_at = now() WHERE media_id = $1`, [mediaId]);
  }

  async addUpload(
    row: Pick<MediaUpload, 'tenantId' | 'phoneNumberId' | 'upstreamMediaId' | 'mimeType' | 'sizeBytes' | 'fileName'>,
  ): Promise<void> {
    await this.dataSource.getRepository(MediaUpload).insert(row);
  }

  uploadExists(tenantId: string, upstreamMediaId: string): Promise<boolean> {
    return this.dataSource.getRepository(MediaUpload).exists({ where: { tenantId, upstreamMediaId } });
  }

  async removeUpload(tenantId: string, upstreamMediaId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM media_uploads WHERE upstream_media_id = $1 AND tenant_id = $2`, [
      upstreamMediaId,
      tenantId,
    ]);
  }

  // ---- template header handles ------------------------------------------------------------------

  async addHandle(
    row: Pick<
      TemplateMediaHandle,
      'tenantId' | 'businessAccountId' | 'wabaId' | 'handle' | 'mimeType' | 'sizeBytes' | 'usedAt'
    >,
  ): Promise<void> {
    await this.dataSource.getRepository(TemplateMediaHandle).insert(row);
  }

  /** Marks a handle used if it is unused; false when it is not (used, or not this organization's). */
  async claimHandle(tenantId: string, wabaId: string, handle: string): Promise<boolean> {
    // UPDATE through the pg driver answers [rows, affected].
    const [claimed] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE template_media_handles SET used_at = now()
       WHERE handle = $1 AND tenant_id = $2 AND waba_id = $3 AND used_at IS NULL
       RETURNING id`,
      [handle, tenantId, wabaId],
    );
    return claimed.length > 0;
  }

  handleExists(tenantId: string, wabaId: string, handle: string): Promise<boolean> {
    return this.dataSource.getRepository(TemplateMediaHandle).exists({ where: { handle, tenantId, wabaId } });
  }

  async releaseHandle(tenantId: string, handle: string): Promise<void> {
    await this.dataSource.getRepository(TemplateMediaHandle).update({ handle, tenantId }, { usedAt: null });
  }

  // ---- the library ------------------------------------------------------------------------------

  /**
   * Inserts an asset and runs `place` (its file moved into place) in one transaction, so the asset
   * becomes visible only once its file is complete; the row as stored.
   */
  addAsset(
    row: Pick<MediaAsset, 'id' | 'tenantId' | 'fileName' | 'mimeType' | 'sizeBytes' | 'sha256' | 'storageKey'>,
    place: (manager: EntityManager) => Promise<void>,
  ): Promise<MediaAsset> {
    return this.dataSource.transaction(async (manager) => {
      await manager.insert(MediaAsset, row);
      await place(manager);
      return manager.findOneByOrFail(MediaAsset, { id: row.id });
    });
  }

  /** One chunk of an asset's bytes (MEDIA_STORAGE=postgres), in the asset row's transaction. */
  async addChunk(manager: EntityManager, assetId: string, seq: number, bytes: Buffer): Promise<void> {
    await manager.query('INSERT INTO media_asset_chunks (asset_id, seq, bytes) VALUES ($1, $2, $3)', [
      assetId,
      seq,
      bytes,
    ]);
  }

  /** How many chunks an asset's bytes are in (0: none stored, or the asset is gone). */
  async chunkCount(assetId: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM media_asset_chunks WHERE asset_id = $1',
      [assetId],
    );
    return row.n;
  }

  /** One chunk's bytes, or undefined when it is gone (the asset deleted meanwhile). */
  async chunk(assetId: string, seq: number): Promise<Buffer | undefined> {
    const [row] = await this.dataSource.query<Array<{ bytes: Buffer }>>(
      'SELECT bytes FROM media_asset_chunks WHERE asset_id = $1 AND seq = $2',
      [assetId, seq],
    );
    return row?.bytes;
  }

  /** A page of an organization's assets, newest first, before `after`. */
  assets(tenantId: string, after: KeysetCursor | undefined, limit: number): Promise<MediaAsset[]> {
    const qb = this.dataSource
      .getRepository(MediaAsset)
      .createQueryBuilder('a')
      .where('a.tenant_id = :tenantId', { tenantId })
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .limit(limit);
    if (after) qb.andWhere('(a.created_at, a.id) < (:at::timestamptz, :id::uuid)', { at: after.at, id: after.id });
    return qb.getMany();
  }

  asset(tenantId: string, id: string): Promise<MediaAsset | null> {
    return this.dataSource.getRepository(MediaAsset).findOne({ where: { id, tenantId } });
  }

  /** Deletes an asset's row (its chunks with it); its storage key, or undefined when there was none. */
  async removeAsset(tenantId: string, id: string): Promise<string | undefined> {
    const [rows] = await this.dataSource.query<[Array<{ storage_key: string }>, number]>(
      'DELETE FROM media_assets WHERE id = $1 AND tenant_id = $2 RETURNING storage_key',
      [id, tenantId],
    );
    return rows[0]?.storage_key;
  }

  /** Whether the organization has library assets (its delete is refused while it does). */
  hasAssets(manager: EntityManager, tenantId: string): Promise<boolean> {
    return rowExists(manager, 'SELECT 1 FROM media_assets WHERE tenant_id = $1', [tenantId]);
  }

  /**
   * What the gateway knows of the media in the customer's messages (the bytes stay at Meta, fetched when
   * asked for): the rows that say whose they are, with their file names, deleted.
   */
  async eraseCustomerMedia(e: Erasure, mediaIds: string[]): Promise<number> {
    if (mediaIds.length === 0) return 0;
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM inbound_media WHERE media_id = ANY ($2::text[]) AND tenant_id = $1`,
      [e.tenantId, mediaIds],
    );
    return count;
  }

  /** The organization's archive (data-rights/): its library (the bytes are files of their own) and what it knows of its customers' media. */
  exportedTables(): Record<string, TablePages> {
    return {
      media_library: new TablePages(this.dataSource, {
        table: 'media_assets',
        key: [
          ['created_at', 'timestamptz'],
          ['id', 'uuid'],
        ],
      }),
      inbound_media: new TablePages(this.dataSource, {
        table: 'inbound_media',
        key: [
          ['created_at', 'timestamptz'],
          ['media_id', 'text'],
        ],
      }),
    };
  }

  /** At most `limit` of what the organization knows of its customers' media, deleted. */
  async forgetInbound(tenantId: string, limit: number): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM inbound_media WHERE media_id IN (SELECT media_id FROM inbound_media WHERE tenant_id = $1 LIMIT $2)`,
      [tenantId, limit],
    );
    return count;
  }
}
