import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { StorageEngine } from 'multer';
import type { Environment } from '../config/environment';

/** A file part received into the library's incoming folder, not yet an asset. */
export interface IncomingFile {
  /** Absolute path of the temporary file. */
  path: string;
  size: number;
  /** Lower-case hex SHA-256 of the bytes, computed while they streamed in. */
  sha256: string;
}

/** Temporary files live here, under MEDIA_INCOMING_DIR. */
const INCOMING_FOLDER = '.incoming';
/** A temporary file this old was left by a process that died mid-upload. */
const STALE_INCOMING_MS = 24 * 60 * 60 * 1000;

/**
 * Where a media library upload streams in before it is stored (asset-store.ts): a local scratch folder,
 * MEDIA_INCOMING_DIR, `.incoming/<random>.part`, counted and hashed on the way. Paths come from random
 * ids only, never from a client's file name.
 */
@Injectable()
export class MediaLibraryStorage implements OnApplicationBootstrap {
  private readonly logger = new Logger('MediaLibraryStorage');
  readonly root: string;

  constructor(config: ConfigService<Environment, true>) {
    this.root = resolve(config.get('MEDIA_INCOMING_DIR', { infer: true }));
  }

  /** Removes, in the background, temporary files that a crashed process left behind. */
  onApplicationBootstrap(): void {
    void this.sweepIncoming(STALE_INCOMING_MS).catch((error: unknown) =>
      this.logger.warn(`could not sweep ${INCOMING_FOLDER}: ${String(error)}`),
    );
  }

  /** Removes temporary files older than `olderThanMs`; returns how many. */
  async sweepIncoming(olderThanMs: number): Promise<number> {
    const folder = join(this.root, INCOMING_FOLDER);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names.filter((n) => n.endsWith('.part'))) {
      const path = join(folder, name);
      const info = await stat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** The storage key of an asset (its object key under MEDIA_S3_PREFIX in a bucket). */
  static keyOf(tenantId: string, assetId: string): string {
    return `${tenantId}/${assetId}`;
  }

  /**
   * A multer storage engine: streams the file part to a temporary file, counting and hashing it on
   * the way (nothing is held in memory). multer removes the file again when the request fails
   * (size limit, a second file, a client that goes away).
   */
  multerEngine(): StorageEngine {
    return {
      _handleFile: (_req, file, callback) => {
        this.receive(file.stream).then(
          (incoming) =>
            callback(null, {
              path: incoming.path,
              size: incoming.size,
              sha256: incoming.sha256,
            } as Partial<Express.Multer.File>),
          (error: unknown) => callback(error),
        );
      },
      _removeFile: (_req, file, callback) => {
        this.discard(file.path).then(
          () => callback(null),
          (error: unknown) => callback(error as Error),
        );
      },
    };
  }

  /** Writes a stream to a new temporary file; on failure nothing is left behind. */
  async receive(stream: Readable): Promise<IncomingFile> {
    const folder = join(this.root, INCOMING_FOLDER);
    await mkdir(folder, { recursive: true });
    const path = join(folder, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, meter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return { path, size, sha256: hash.digest('hex') };
  }

  /** Removes a temporary file, if it is still there. */
  async discard(incomingPath: string | undefined): Promise<void> {
    if (incomingPath) await rm(this.checked(incomingPath), { force: true });
  }

  private checked(path: string): string {
    const inside = relative(this.root, path);
    if (!inside || inside.startsWith('..') || inside.startsWith(sep) || resolve(this.root, inside) !== path) {
      throw new Error(`media library path outside ${this.root}: ${path}`);
    }
    return path;
  }
}
