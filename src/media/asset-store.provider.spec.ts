import { PostgresAssetStore } from './asset-store';
import { assetStoreProvider } from './asset-store.provider';
import type { MediaRepository } from './media.repository';
import { S3AssetStore } from './s3-asset-store';

describe('the media library store MEDIA_STORAGE names', () => {
  const config = (settings: Record<string, unknown>) => ({ get: (name: string) => settings[name] }) as never;

  it('is PostgreSQL by default, and S3 (its SDK loaded then) for MEDIA_STORAGE=s3', async () => {
    const repository = {} as MediaRepository;
    expect(await assetStoreProvider.useFactory(config({ MEDIA_STORAGE: 'postgres' }), repository)).toBeInstanceOf(
      PostgresAssetStore,
    );
    const s3 = await assetStoreProvider.useFactory(
      config({
        MEDIA_STORAGE: 's3',
        MEDIA_S3_BUCKET: 'media',
        MEDIA_S3_REGION: 'us-east-1',
        MEDIA_S3_PREFIX: '',
        MEDIA_S3_TIMEOUT_MS: 1000,
      }),
      repository,
    );
    expect(s3).toBeInstanceOf(S3AssetStore);
    (s3 as S3AssetStore).onApplicationShutdown();
  });
});
