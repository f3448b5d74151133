import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BlacklistModule } from './blacklist/blacklist.module';
import { BroadcastsModule } from './broadcasts/broadcasts.module';
import { CommonModule } from './common/common.module';
import { EncryptedSecrets } from './common/encrypted-secrets';
import { AppConfigModule } from './config/config.module';
import { ConsoleModule } from './console/console.module';
import { ContactsModule } from './contacts/contacts.module';
import { PassthroughModule } from './passthrough/passthrough.module';
import { PipelineModule } from './pipeline/pipeline.module';
import { DatabaseModule } from './database/database.module';
import { DemoModule } from './demo/demo.module';
import { GraphNodesModule } from './graph-nodes/graph-nodes.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { LoggingModule } from './logging/logging.module';
import { MediaModule } from './media/media.module';
import { MessagesModule } from './messages/messages.module';
import { MetricsModule } from './metrics/metrics.module';
import { RedisModule } from './redis/redis.module';
import { RecordRetentionModule } from './retention/record-retention';
import { SignupModule } from './signup/signup.module';
import { TestModeModule } from './test-mode/test-mode.module';
import { TemplatesModule } from './templates/templates.module';
import { UsageModule } from './usage/usage.module';
import { TenancyModule } from './tenancy/tenancy.module';
import { TenantWebhooksModule } from './tenant-webhooks/tenant-webhooks.module';
import { DataRightsModule } from './data-rights/data-rights.module';
import { InsightsModule } from './insights/insights.module';
import { UpstreamModule } from './upstream/upstream.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    // infrastructure
    AppConfigModule.forRoot('server'),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    CommonModule,
    UpstreamModule,
    MetricsModule,
    // work outside requests: tenant webhook deliveries and periodic sweepers (BullMQ or in process)
    JobsModule.forRoot(),
    // records that age out: the weekly partitions of the tables their owners register
    RecordRetentionModule,
    // the request pipeline
    PipelineModule,
    // features
    AuditModule,
    AuthModule,
    TenancyModule,
    HealthModule,
    WebhooksModule,
    DemoModule,
    MessagesModule,
    TemplatesModule,
    BlacklistModule,
    ContactsModule,
    MediaModule,
    TenantWebhooksModule,
    BroadcastsModule,
    SignupModule,
    TestModeModule,
    UsageModule,
    DataRightsModule,
    InsightsModule,
    ConsoleModule,
    // last: its /v1/{id} routes match any segment
    GraphNodesModule,
    // after every named route: /v1/{id}/{edge} and /v1/{id}/{edge}/{id} of Meta's other operations
    PassthroughModule,
  ],
})
export class AppModule implements OnApplicationBootstrap {
  constructor(private readonly secrets: EncryptedSecrets) {}

  /**
   * A stored secret whose encryption key is not configured stops the start, naming the key and what
   * needs it (key rotation: the old key stays in ENCRYPTION_KEYS until `cli secrets:reencrypt` is done).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.secrets.assertKeysPresent();
  }
}
