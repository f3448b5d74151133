import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment';
import { AssetStore, PostgresAssetStore } from './asset-store';
import { MediaRepository } from './media.repository';
import { S3AssetStore } from './s3-asset-store';

/** The store MEDIA_STORAGE names. */
export const assetStoreProvider = {
  provide: AssetStore,
  inject: [ConfigService, MediaRepository],
  useFactory: (config: ConfigService<Environment, true>, repository: MediaRepository): AssetStore =>
    config.get('MEDIA_STORAGE', { infer: true }) === 's3'
      ? new S3AssetStore(config)
      : new PostgresAssetStore(repository),
};
