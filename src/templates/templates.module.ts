import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaModule } from '../media/media.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { MessageTemplate } from './message-template.entity';
import { TemplateSyncJob } from './template-sync.job';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';
import { TemplatesUpstream } from './templates.upstream';
import { TemplateStatusApplier } from './template-status.applier';
import { OrganizationData } from '../retention/organization-data';

@Module({
  imports: [TypeOrmModule.forFeature([MessageTemplate]), TenancyModule, MediaModule],
  controllers: [TemplatesController],
  providers: [TemplatesRepository, TemplatesUpstream, TemplatesService, TemplateSyncJob, TemplateStatusApplier],
  exports: [TemplatesService, TemplateStatusApplier],
})
export class TemplatesModule {
  constructor(organization: OrganizationData, repository: TemplatesRepository) {
    // The organization's archive (data-rights/).
    organization.registerTables(repository.exportedTables(), ['templates']);
  }
}
