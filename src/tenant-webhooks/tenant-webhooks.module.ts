import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment';
import { MetricsService } from '../metrics/metrics.service';
import { CustomerData, eraseByDay } from '../retention/customer-data';
import { OrganizationPurges } from '../retention/organization-purges';
import { RecordRetention } from '../retention/record-retention';
import { TenancyModule } from '../tenancy/tenancy.module';
import { DeliveryQueue } from './delivery-queue';
import { DeliveryQueueModule } from './delivery-queue.module';
import { EndpointSecretsModule } from './endpoint-secrets.module';
import { MetaWebhookOverridesService } from './meta-webhook-overrides.service';
import { deliveriesPartitions, TenantWebhooksRepository } from './tenant-webhooks.repository';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { SubscribedAppsController } from './subscribed-apps.controller';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookDeliveriesController } from './webhook-deliveries.controller';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookOutbox } from './webhook-outbox';
import { OrganizationData } from '../retention/organization-data';

/**
 * Webhooks to tenants: endpoints (ours and Meta's way), the delivery log, the outbox the upstream
 * ingestion writes into, and the dispatcher that delivers from it through its queue
 * (`DeliveryQueueModule`: BullMQ on the job engine's connection, or in process).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery]),
    TenancyModule,
    DeliveryQueueModule.forRoot(),
    EndpointSecretsModule,
  ],
  controllers: [WebhookEndpointsController, WebhookDeliveriesController, SubscribedAppsController],
  providers: [
    TenantWebhooksRepository,
    WebhookEndpointsService,
    WebhookDeliveriesService,
    MetaWebhookOverridesService,
    WebhookDispatcher,
    WebhookOutbox,
  ],
  exports: [WebhookEndpointsService, MetaWebhookOverridesService, WebhookOutbox, WebhookDispatcher],
})
export class TenantWebhooksModule implements OnApplicationBootstrap {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(DeliveryQueue) private readonly queue: DeliveryQueue,
    retention: RecordRetention,
    config: ConfigService<Environment, true>,
    purges: OrganizationPurges,
    repository: TenantWebhooksRepository,
    customers: CustomerData,
    organization: OrganizationData,
  ) {
    organization.registerTables(repository.exportedTables(), ['webhook_deliveries']);
    // ... then its endpoints, as a delete by hand goes (locks in the dispatcher's order).
    organization.registerDeletion('webhook_endpoints', (tenantId) => repository.deleteEndpoints({ tenantId }));
    // An organization that keeps its delivery logs for less time (data-rights/).
    purges.register('webhook_deliveries', 'webhook_deliveries', (tenantId, range, limit) =>
      repository.deleteFinishedBefore(tenantId, range.before, limit),
    );
    for (const table of deliveriesPartitions(config.get('WEBHOOK_DELIVERY_RETENTION_DAYS', { infer: true })))
      retention.register(table);
    // A customer's erasure: the deliveries that carried their data, a day at a time.
    const days = config.get('WEBHOOK_DELIVERY_RETENTION_DAYS', { infer: true }) + 7;
    customers.registerEraser('webhook_deliveries', (e, limit, after) =>
      eraseByDay(e, after, days, limit, (from, to, n) => repository.eraseCustomerDeliveries(e, from, to, n)),
    );
  }

  /** The delivery queue's depth, read when scraped so it is never stale. */
  onApplicationBootstrap(): void {
    const { metrics, queue } = this;
    Object.assign(metrics.queueDepth, {
      async collect() {
        metrics.queueDepth.set(await queue.depth().catch(() => 0));
      },
    });
  }
}
