import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Injectable, Logger } from '@nestjs/common';
import { decodeCursor, type Page, toPage } from '../common/pagination';
import { GraphError } from '../core/graph-error';
import type { ListMediaAssetsQueryDto, MediaAssetDto } from './dto/media.dto';
import { OnboardingService } from '../tenancy/onboarding.service';
import type { MediaAsset } from './media-asset.entity';
import { checkLibraryMedia, cleanFileName } from './media-limits';
import { type IncomingFile, MediaLibraryStorage } from './media-library.storage';
import { MediaRepository } from './media.repository';

/** A file as the library's multer storage engine received it (see MediaLibraryStorage.multerEngine). */
export type ReceivedLibraryFile = Pick<Express.Multer.File, 'originalname' | 'mimetype' | 'path'> & IncomingFile;

/** An asset's bytes opened for streaming. */
export interface AssetContent {
  file: FileHandle;
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

function isMissingFile(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/**
 * The per-organization media library: files stored on disk (MEDIA_LIBRARY_DIR), described by rows
 * of `media_assets`. Every query is scoped by the organization; another organization's asset is
 * as unknown as a missing one (404 code 100).
 */
@Injectable()
export class MediaLibraryService {
  private readonly logger = new Logger('MediaLibraryService');

  constructor(
    private readonly repository: MediaRepository,
    private readonly storage: MediaLibraryStorage,
    onboarding: OnboardingService,
  ) {
    onboarding.registerDependent('organization', 'media', (m, id) => repository.hasAssets(m, id));
  }

  /**
   * Turns a received file into an asset. The bytes are already in a temporary file (streamed and
   * hashed by the storage engine); the row is inserted and the file renamed into place in one
   * transaction, so the asset becomes visible only once its file is complete. Whatever fails, the
   * temporary file is removed.
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
          async () => {
            await this.storage.place(file.path, storageKey);
            placed = true;
          },
        );
        return toAsset(row);
      } catch (error) {
        if (placed) await this.storage.remove(storageKey).catch(() => undefined);
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

  async get(tenantId: string, assetId: string): Promise<MediaAssetDto> {
    return toAsset(await this.find(tenantId, assetId));
  }

  /** The asset's file, opened: the caller streams it and closes it. */
  async open(tenantId: string, assetId: string): Promise<AssetContent> {
    const row = await this.find(tenantId, assetId);
    try {
      const file = await this.storage.open(row.storageKey);
      return { file, fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
    } catch (error) {
      // Deleted between the lookup and the open.
      if (isMissingFile(error)) throw notFound(assetId);
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
      return { bytes: await this.storage.read(row.storageKey), fileName: row.fileName, mimeType: row.mimeType };
    } catch (error) {
      if (isMissingFile(error)) throw notFound(assetId);
      throw error;
    }
  }

  /** Deletes the row, then the file (a reader that already found the row gets 404 once it is gone). */
  async remove(tenantId: string, assetId: string): Promise<void> {
    if (!isUUID(assetId)) throw notFound(assetId);
    const storageKey = await this.repository.removeAsset(tenantId, assetId);
    if (storageKey === undefined) throw notFound(assetId);
    await this.storage
      .remove(storageKey)
      .catch((error: unknown) => this.logger.warn(`could not remove the file of asset ${assetId}: ${String(error)}`));
  }

  private async find(tenantId: string, assetId: string): Promise<MediaAsset> {
    if (!isUUID(assetId)) throw notFound(assetId);
    const row = await this.repository.asset(tenantId, assetId);
    if (!row) throw notFound(assetId);
    return row;
  }
}
