import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3AssetStore } from '../../src/media/s3-asset-store';

/** An S3-compatible bucket on loopback (s3rver, its objects as files under `directory`). */
export interface TestBucket {
  name: string;
  endpoint: string;
  directory: string;
  /** The media store over the bucket, with the settings an operator gives (MEDIA_S3_*). */
  store(): S3AssetStore;
  close(): Promise<void>;
}

export async function startBucket(name: string): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'gateway-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    name,
    endpoint,
    directory,
    store: () => {
      const settings: Record<string, unknown> = {
        MEDIA_S3_BUCKET: name,
        MEDIA_S3_REGION: 'us-east-1',
        MEDIA_S3_ENDPOINT: endpoint,
        MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
        MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
        MEDIA_S3_PREFIX: 'library/',
        MEDIA_S3_TIMEOUT_MS: 5000,
      };
      return new S3AssetStore({ get: (key: string) => settings[key] } as never);
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
