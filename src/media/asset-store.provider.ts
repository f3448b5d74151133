import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { AssetStore, PostgresAssetStore } from './asset-store';
import { MediaRepository } from './media.repository';

/**
 * The store MEDIA_STORAGE names. The AWS SDK (some thirty modules, a megabyte of source) is loaded
 * only when it is S3: an instance that keeps its media in PostgreSQL never loads it.
 */
export const assetStoreProvider = {
  provide: AssetStore,
  inject: [ConfigService, MediaRepository],
  useFactory: async (config: ConfigService<Environment, true>, repository: MediaRepository): Promise<AssetStore> =>
    config.get('MEDIA_STORAGE', { infer: true }) === 's3'
      ? new (await import('./s3-asset-store.js')).S3AssetStore(config)
      : new PostgresAssetStore(repository),
};
