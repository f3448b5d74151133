import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { UpstreamWebhooksController } from './upstream-webhooks.controller';
import { UnprocessableWebhook } from './unprocessable-webhook.entity';
import { WebhookEvent } from './webhook-event.entity';
import { WebhookIngestService } from './webhook-ingest.service';

@Module({
  imports: [TypeOrmModule.forFeature([WebhookEvent, UnprocessableWebhook]), TenancyModule, TenantWebhooksModule],
  controllers: [UpstreamWebhooksController],
  providers: [WebhookIngestService],
  exports: [WebhookIngestService],
})
export class WebhooksModule {}
