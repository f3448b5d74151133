import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { decodeCursor, type KeysetCursor, type Page, toPage } from '../common/pagination';
import { GraphError } from '../core/graph-error';
import type { ListMediaAssetsQueryDto, MediaAssetDto } from './dto/media.dto';
import { OnboardingService } from '../tenancy/onboarding.service';
import type { MediaAsset } from './media-asset.entity';
import { checkLibraryMedia, cleanFileName } from './media-limits';
import { AssetBytesMissing, AssetStore } from './asset-store';
import { type IncomingFile, MediaLibraryStorage } from './media-library.storage';
import { MediaRepository } from './media.repository';
import type { OrganizationFile } from '../retention/organization-data';

/** A file as the library's multer storage engine received it (see MediaLibraryStorage.multerEngine). */
export type ReceivedLibraryFile = Pick<Express.Multer.File, 'originalname' | 'mimetype' | 'path'> & IncomingFile;

/** An asset's bytes opened for streaming. */
export interface AssetContent {
  stream: Readable;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}

function toAsset(row: MediaAsset): MediaAssetDto {
  return {
    id: row.id,
    file_name: row.fileName,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
  };
}

function notFound(assetId: string): GraphError {
  return GraphError.notFound(`Media asset ${assetId} does not exist`);
}

/**
 * The per-organization media library: rows of `media_assets`, their bytes in the store every instance
 * shares (asset-store.ts: PostgreSQL, or an S3-compatible bucket). Every query is scoped by the
 * organization; another organization's asset is as unknown as a missing one (404 code 100).
 */
@Injectable()
export class MediaLibraryService {
  private readonly logger = new Logger('MediaLibraryService');

  constructor(
    private readonly repository: MediaRepository,
    private readonly storage: MediaLibraryStorage,
    private readonly store: AssetStore,
    onboarding: OnboardingService,
  ) {
    onboarding.registerDependent('organization', 'media', (m, id) => repository.hasAssets(m, id));
  }

  /**
   * Turns a received file into an asset. The bytes are already in a temporary file (streamed and
   * hashed by the storage engine); the row is inserted and the bytes stored in one transaction, so the
   * asset becomes visible only once its bytes are complete. Whatever fails, the temporary file is
   * removed (and bytes a bucket took are removed again).
   */
  async upload(
    tenantId: string,
    file: ReceivedLibraryFile | undefined,
    name: string | undefined,
  ): Promise<MediaAssetDto> {
    try {
      if (!file)
        throw GraphError.invalidParameter(
          'The parameter file is required',
          'file: a multipart file part named "file" is required',
        );
      const { mimeType } = checkLibraryMedia(file.mimetype, file.size);
      const id = randomUUID();
      const storageKey = MediaLibraryStorage.keyOf(tenantId, id);
      let placed = false;
      try {
        const row = await this.repository.addAsset(
          {
            id,
            tenantId,
            fileName: cleanFileName(name ?? file.originalname),
            mimeType,
            sizeBytes: file.size,
            sha256: file.sha256,
            storageKey,
          },
          async (manager) => {
            await this.store.put({ id, storageKey }, file, manager);
            placed = true;
          },
        );
        return toAsset(row);
      } catch (error) {
        if (placed) await this.store.remove({ id, storageKey }).catch(() => undefined);
        throw error;
      }
    } finally {
      await this.storage
        .discard(file?.path)
        .catch((error: unknown) => this.logger.warn(`could not remove ${file?.path}: ${String(error)}`));
    }
  }

  /** The organization's assets, newest first. */
  async list(
    tenantId: string,
    query: ListMediaAssetsQueryDto,
    nextUrl: (after: string) => string,
  ): Promise<Page<MediaAssetDto>> {
    const rows = await this.repository.assets(tenantId, decodeCursor(query.after), query.limit + 1);
    return toPage(rows, query.limit, (row) => ({ at: row.createdAt.toISOString(), id: row.id }), toAsset, nextUrl);
  }

  /**
   * Every asset of the organization as a file of its archive (data-rights/): `<id>/<file name>`, its
   * size, and its bytes opened when the archive comes to it (one at a time, newest first).
   */
  async *files(tenantId: string): AsyncIterable<OrganizationFile> {
    let after: KeysetCursor | undefined;
    for (;;) {
      const rows = await this.repository.assets(tenantId, after, 100);
      for (const row of rows)
        yield { name: `${row.id}/${row.fileName}`, size: row.sizeBytes, open: () => this.store.open(row) };
      if (rows.length < 100) return;
      const last = rows[rows.length - 1];
      after = { at: last.createdAt.toISOString(), id: last.id };
    }
  }

  async get(tenantId: string, assetId: string): Promise<MediaAssetDto> {
    return toAsset(await this.find(tenantId, assetId));
  }

  /** The asset's bytes, opened: the caller streams them. */
  async open(tenantId: string, assetId: string): Promise<AssetContent> {
    const row = await this.find(tenantId, assetId);
    try {
      const stream = await this.store.open(row);
      return { stream, fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
    } catch (error) {
      // Deleted between the lookup and the open.
      if (error instanceof AssetBytesMissing) throw notFound(assetId);
      throw error;
    }
  }

  /**
   * The asset's bytes, name and type (for a template's `header_media_file_id`). Unknown, or
   * another organization's: 404 code 100.
   */
  async read(tenantId: string, assetId: string): Promise<{ bytes: Buffer; fileName: string; mimeType: string }> {
    const row = await this.find(tenantId, assetId);
    try {
      return { bytes: await this.store.read(row), fileName: row.fileName, mimeType: row.mimeType };
    } catch (error) {
      if (error instanceof AssetBytesMissing) throw notFound(assetId);
      throw error;
    }
  }

  /** Deletes the row, then the bytes (a reader that already found the row gets 404 once they are gone). */
  async remove(tenantId: string, assetId: string): Promise<void> {
    if (!isUUID(assetId)) throw notFound(assetId);
    const storageKey = await this.repository.removeAsset(tenantId, assetId);
    if (storageKey === undefined) throw notFound(assetId);
    await this.store
      .remove({ id: assetId, storageKey })
      .catch((error: unknown) => this.logger.warn(`could not remove the bytes of asset ${assetId}: ${String(error)}`));
  }

  private async find(tenantId: string, assetId: string): Promise<MediaAsset> {
    if (!isUUID(assetId)) throw notFound(assetId);
    const row = await this.repository.asset(tenantId, assetId);
    if (!row) throw notFound(assetId);
    return row;
  }

  /** At most `limit` of the organization's assets removed, bytes and rows (an organization's deletion). */
  async removeBatch(tenantId: string, limit: number): Promise<number> {
    const rows = await this.repository.assets(tenantId, undefined, limit);
    for (const row of rows) await this.remove(tenantId, row.id);
    return rows.length;
  }
}
