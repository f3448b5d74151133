import { CustomerData } from '../retention/customer-data';
import { OrganizationPurges } from '../retention/organization-purges';
import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { FormTokenMiddleware } from './form-token.middleware';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { InboundMediaApplier } from './inbound-media.applier';
import { InboundMedia } from './inbound-media.entity';
import { assetStoreProvider } from './asset-store.provider';
import { MediaAsset } from './media-asset.entity';
import { MediaAssetChunk } from './media-asset-chunk.entity';
import { MediaLibraryController } from './media-library.controller';
import { MediaLibraryService } from './media-library.service';
import { MediaLibraryStorage } from './media-library.storage';
import { MediaUpload } from './media-upload.entity';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaUpstream } from './media.upstream';
import { MediaService } from './media.service';
import { MediaNodesService } from './media-nodes.service';
import { TemplateMediaHandle } from './template-media-handle.entity';
import { TemplateMediaController } from './template-media.controller';
import { OrganizationData } from '../retention/organization-data';

/**
 * Media: uploads for sends (`/{phoneNumberId}/media`), template header samples
 * (`/{wabaId}/template_media`) and the organization media library (`/media_library`). The
 * templates module uses MediaService (media id vs header handle, one use per handle) and
 * MediaLibraryService.read (`header_media_file_id`).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MediaUpload, TemplateMediaHandle, MediaAsset, MediaAssetChunk, InboundMedia]),
    TenancyModule,
  ],
  controllers: [MediaController, TemplateMediaController, MediaLibraryController],
  providers: [
    MediaRepository,
    MediaUpstream,
    MediaService,
    MediaLibraryService,
    MediaLibraryStorage,
    assetStoreProvider,
    MediaNodesService,
    InboundMediaApplier,
  ],
  exports: [MediaService, MediaUpstream, MediaLibraryService, MediaNodesService, InboundMediaApplier],
})
export class MediaModule implements NestModule {
  constructor(
    purges: OrganizationPurges,
    customers: CustomerData,
    repository: MediaRepository,
    organization: OrganizationData,
    library: MediaLibraryService,
  ) {
    // The organization's archive (data-rights/): the library's rows, and its files' bytes.
    organization.registerTables(repository.exportedTables());
    organization.registerFiles('media_library', (tenantId) => library.files(tenantId));
    // ... and its deletion: the library's bytes with its rows (wherever they are kept).
    organization.registerDeletion('media_library', (tenantId, limit) => library.removeBatch(tenantId, limit));
    organization.registerDeletion('inbound_media', (tenantId, limit) => repository.forgetInbound(tenantId, limit));
    // An organization that keeps the media its customers sent for less time (data-rights/).
    purges.register('media', 'inbound_media', (tenantId, range, limit) =>
      repository.forgetInboundBefore(tenantId, range.before, limit),
    );
    customers.registerWamidEraser('inbound_media', (e, page) => repository.eraseCustomerMedia(e, page.mediaIds));
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(FormTokenMiddleware)
      .forRoutes(
        { path: 'v1/:phoneNumberId/media', method: RequestMethod.POST },
        { path: 'v1/:wabaId/template_media', method: RequestMethod.POST },
      );
  }
}
