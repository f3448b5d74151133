import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { Environment } from '../config/environment';
import type { IncomingFile } from './media-library.storage';
import { MediaRepository } from './media.repository';

/** What a store needs of an asset: its id and its key (`<organization id>/<asset id>`). */
export interface StoredAsset {
  id: string;
  storageKey: string;
}

/** An asset's bytes are not in the store (deleted meanwhile). */
export class AssetBytesMissing extends Error {}

/**
 * Where the media library keeps its files, the same for every instance (MEDIA_STORAGE): an asset
 * uploaded through one instance is served by every other. `put` runs inside the transaction that
 * writes the asset's row, so an asset becomes visible only once its bytes are stored.
 */
export abstract class AssetStore {
  /** Stores a received file's bytes for the asset; `manager` is the asset row's transaction. */
  abstract put(asset: StoredAsset, file: IncomingFile, manager: EntityManager): Promise<void>;
  /** The asset's bytes as a stream; AssetBytesMissing when they are gone. */
  abstract open(asset: StoredAsset): Promise<Readable>;
  /** Removes the asset's bytes (after its row is gone), if they are there. */
  abstract remove(asset: StoredAsset): Promise<void>;

  /** The asset's bytes at once (a template's header sample: at most a few MB). */
  async read(asset: StoredAsset): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.open(asset)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** Bytes per chunk: a 100 MB file is 100 rows, each a modest bytea. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * MEDIA_STORAGE=postgres (the default): the bytes in `media_asset_chunks`, 1 MiB a row, inserted in the
 * asset row's transaction and deleted with it (ON DELETE CASCADE); read back a chunk at a time, so a
 * download never holds the whole file.
 */
@Injectable()
export class PostgresAssetStore extends AssetStore {
  constructor(private readonly repository: MediaRepository) {
    super();
  }

  async put(asset: StoredAsset, file: IncomingFile, manager: EntityManager): Promise<void> {
    const handle = await open(file.path, 'r');
    try {
      for (let seq = 0; ; seq++) {
        const buffer = Buffer.alloc(CHUNK_BYTES);
        const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, seq * CHUNK_BYTES);
        if (bytesRead === 0 && seq > 0) break;
        await this.repository.addChunk(manager, asset.id, seq, buffer.subarray(0, bytesRead));
        if (bytesRead < CHUNK_BYTES) break;
      }
    } finally {
      await handle.close();
    }
  }

  async open(asset: StoredAsset): Promise<Readable> {
    const count = await this.repository.chunkCount(asset.id);
    if (count === 0) throw new AssetBytesMissing(asset.id);
    const repository = this.repository;
    return Readable.from(
      (async function* () {
        for (let seq = 0; seq < count; seq++) {
          const bytes = await repository.chunk(asset.id, seq);
          if (bytes === undefined) throw new AssetBytesMissing(asset.id);
          yield bytes;
        }
      })(),
    );
  }

  /** Nothing to do: the chunks went with the asset's row. */
  async remove(): Promise<void> {}
}

/**
 * MEDIA_STORAGE=s3: the bytes in an S3-compatible bucket through the AWS SDK (a well-kept client: its
 * multipart upload streams the file in parts, its retries and signing are its own), at
 * `<MEDIA_S3_PREFIX><organization id>/<asset id>`; every call times out after MEDIA_S3_TIMEOUT_MS.
 */
@Injectable()
export class S3AssetStore extends AssetStore implements OnApplicationShutdown {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: ConfigService<Environment, true>) {
    super();
    const endpoint = config.get('MEDIA_S3_ENDPOINT', { infer: true });
    const accessKeyId = config.get('MEDIA_S3_ACCESS_KEY_ID', { infer: true });
    const secretAccessKey = config.get('MEDIA_S3_SECRET_ACCESS_KEY', { infer: true });
    const timeoutMs = config.get('MEDIA_S3_TIMEOUT_MS', { infer: true });
    this.bucket = config.get('MEDIA_S3_BUCKET', { infer: true })!;
    this.prefix = config.get('MEDIA_S3_PREFIX', { infer: true });
    this.client = new S3Client({
      region: config.get('MEDIA_S3_REGION', { infer: true }),
      ...(endpoint && { endpoint, forcePathStyle: true }),
      ...(accessKeyId && secretAccessKey && { credentials: { accessKeyId, secretAccessKey } }),
      requestHandler: { connectionTimeout: Math.min(timeoutMs, 5000), requestTimeout: timeoutMs },
      maxAttempts: 3,
    });
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }

  private key(asset: StoredAsset): string {
    return `${this.prefix}${asset.storageKey}`;
  }

  async put(asset: StoredAsset, file: IncomingFile): Promise<void> {
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(asset), Body: createReadStream(file.path) },
    }).done();
  }

  async open(asset: StoredAsset): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(asset) }));
      return answer.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey) throw new AssetBytesMissing(asset.id);
      throw error;
    }
  }

  async remove(asset: StoredAsset): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(asset) }));
  }
}

/** The store MEDIA_STORAGE names. */
export const assetStoreProvider = {
  provide: AssetStore,
  inject: [ConfigService, MediaRepository],
  useFactory: (config: ConfigService<Environment, true>, repository: MediaRepository): AssetStore =>
    config.get('MEDIA_STORAGE', { infer: true }) === 's3'
      ? new S3AssetStore(config)
      : new PostgresAssetStore(repository),
};
