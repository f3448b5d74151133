import { Module } from '@nestjs/common';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { UpstreamWebhooksController } from './upstream-webhooks.controller';
import { WebhookIngestService } from './webhook-ingest.service';

@Module({
  imports: [TenancyModule, TenantWebhooksModule],
  controllers: [UpstreamWebhooksController],
  providers: [WebhookIngestService],
  exports: [WebhookIngestService],
})
export class WebhooksModule {}
