import { Module } from '@nestjs/common';
import { SubscribedAppsController } from './subscribed-apps.controller';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookOutbox } from './webhook-outbox';

/**
 * Webhooks to tenants: endpoints (ours and Meta's way), the outbox the upstream ingestion writes
 * into, and the dispatcher that delivers from it through the job engine (`DeliveryQueue`, global:
 * provided by `JobsModule`).
 */
@Module({
  controllers: [WebhookEndpointsController, SubscribedAppsController],
  providers: [WebhookEndpointsService, WebhookDispatcher, WebhookOutbox],
  exports: [WebhookEndpointsService, WebhookOutbox, WebhookDispatcher],
})
export class TenantWebhooksModule {}
