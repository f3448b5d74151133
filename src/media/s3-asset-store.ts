import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { AssetBytesMissing, AssetStore, type StoredAsset } from './asset-store';
import type { IncomingFile } from './media-library.storage';

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
