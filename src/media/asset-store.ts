import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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
