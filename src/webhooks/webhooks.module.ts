import { UsageModule } from '../usage/usage.module';
import { SignupModule } from '../signup/signup.module';
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlacklistModule } from '../blacklist/blacklist.module';
import type { Environment } from '../config/environment';
import { MediaModule } from '../media/media.module';
import { AutomationsModule } from '../automations/automations.module';
import { MessagesModule } from '../messages/messages.module';
import { CustomerData, eraseByDay } from '../retention/customer-data';
import { OrganizationPurges } from '../retention/organization-purges';
import { RecordRetention } from '../retention/record-retention';
import { TemplatesModule } from '../templates/templates.module';
import { PacingModule } from '../pacing/pacing.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { SimulatorWebhooksController, UpstreamWebhooksController } from './upstream-webhooks.controller';
import { UnprocessableWebhook } from './unprocessable-webhook.entity';
import { WebhookEvent } from './webhook-event.entity';
import { WebhooksRepository, webhookEventsPartitions } from './webhooks.repository';
import { WebhookIngestService } from './webhook-ingest.service';
import { OrganizationData } from '../retention/organization-data';

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
    AutomationsModule,
    MediaModule,
    TemplatesModule,
    BlacklistModule,
    SignupModule,
    UsageModule,
  ],
  controllers: [UpstreamWebhooksController, SimulatorWebhooksController],
  providers: [WebhooksRepository, WebhookIngestService],
  exports: [WebhookIngestService],
})
export class WebhooksModule {
  constructor(
    retention: RecordRetention,
    config: ConfigService<Environment, true>,
    purges: OrganizationPurges,
    repository: WebhooksRepository,
    customers: CustomerData,
    organization: OrganizationData,
  ) {
    organization.registerTables(repository.exportedTables(), ['webhook_events']);
    for (const table of webhookEventsPartitions(config.get('WEBHOOK_EVENT_RETENTION_DAYS', { infer: true })))
      retention.register(table);
    // An organization that keeps message bodies for less time (data-rights/): Meta's copies of them too.
    purges.register('message_bodies', 'webhook_events', (tenantId, range, limit) =>
      repository.redactPayloads(tenantId, range, limit),
    );
    // A customer's erasure: Meta's changes that name them, a day at a time over what the table keeps.
    const days = config.get('WEBHOOK_EVENT_RETENTION_DAYS', { infer: true }) + 7;
    customers.registerEraser('webhook_events', (e, limit, after) =>
      eraseByDay(e, after, days, limit, (from, to, n) => repository.eraseCustomerEvents(e, from, to, n)),
    );
  }
}
