import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaModule } from '../media/media.module';
import { MessagesModule } from '../messages/messages.module';
import { TemplatesModule } from '../templates/templates.module';
import { PacingModule } from '../pacing/pacing.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { UpstreamWebhooksController } from './upstream-webhooks.controller';
import { UnprocessableWebhook } from './unprocessable-webhook.entity';
import { WebhookEvent } from './webhook-event.entity';
import { WebhooksRepository } from './webhooks.repository';
import { WebhookIngestService } from './webhook-ingest.service';

/**
 * Upstream webhooks: verify, store the raw event, and route each change to the feature that owns what
 * it changes (messages, media, templates appliers) in one group-commit transaction; the tenants'
 * deliveries are written in the same transaction (tenant-webhooks' outbox).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEvent, UnprocessableWebhook]),
    TenancyModule,
    PacingModule,
    TenantWebhooksModule,
    MessagesModule,
    MediaModule,
    TemplatesModule,
  ],
  controllers: [UpstreamWebhooksController],
  providers: [WebhooksRepository, WebhookIngestService],
  exports: [WebhookIngestService],
})
export class WebhooksModule {}
