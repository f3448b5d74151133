import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BroadcastsModule } from '../broadcasts/broadcasts.module';
import { MessagesModule } from '../messages/messages.module';
import { OrganizationData } from '../retention/organization-data';
import { TemplatesModule } from '../templates/templates.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';
import { TemplateAnalyticsDay } from './template-analytics-day.entity';
import { TemplateAnalyticsRepository } from './template-analytics.repository';
import { TemplateAnalytics } from './template-analytics.service';
import { TemplateAnalyticsUpstream } from './template-analytics.upstream';

/**
 * How messages perform (issue 59): the funnels' API over the rollups messages/ writes with the statuses
 * and replies, Meta's template analytics read daily beside them, and the team's figures for the
 * Insights page. Writes nothing on a message's path.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([TemplateAnalyticsDay]),
    MessagesModule,
    BroadcastsModule,
    TemplatesModule,
    TenancyModule,
  ],
  controllers: [InsightsController],
  providers: [InsightsService, TemplateAnalytics, TemplateAnalyticsRepository, TemplateAnalyticsUpstream],
})
export class InsightsModule {
  constructor(organization: OrganizationData, repository: TemplateAnalyticsRepository) {
    // The organization's archive (data-rights/); the rows go with the organization (their foreign key).
    organization.registerTables(repository.exportedTables());
  }
}
