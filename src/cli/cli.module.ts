import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CommonModule } from '../common/common.module';
import { AppConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { MetricsService } from '../metrics/metrics.service';
import { PeopleModule } from '../people/people.module';
import { MemoryStore } from '../redis/memory-store';
import { SharedStore } from '../redis/shared-store';
import { SignupModule } from '../signup/signup.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { EndpointSecretsModule } from '../tenant-webhooks/endpoint-secrets.module';
import { AutomationSecretsModule } from '../automations/automation-secrets.module';
import { UpstreamModule } from '../upstream/upstream.module';

/**
 * The CLI's metrics: its Graph calls are counted as the gateway's are (the transport records them),
 * and never served (the CLI has no listener and no Redis or database gauges).
 */
@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
class CliMetricsModule {}

/**
 * The CLI's shared store: this process's memory. Nothing the CLI runs counts across instances (the
 * people service's sign-in lockout is there, unused: the CLI signs nobody in).
 */
@Global()
@Module({ providers: [{ provide: SharedStore, useValue: new MemoryStore() }], exports: [SharedStore] })
class CliStoreModule {}

/**
 * What the administration CLI needs: configuration, the database, encryption, the key and tenancy
 * services, people (platform operators) and signups (their encrypted PINs), and the Graph transport (onboarding subscribes the app to an account's webhooks and reads
 * a number's limits from Meta). No HTTP pipeline, no Redis, no periodic work, no demo seed.
 */
@Module({
  imports: [
    AppConfigModule.forRoot('cli'),
    DatabaseModule,
    CommonModule,
    CliMetricsModule,
    UpstreamModule,
    AuthModule,
    TenancyModule,
    CliStoreModule,
    PeopleModule,
    SignupModule,
    // Every encrypted column, for secrets:reencrypt (the endpoints' and the automations' without their machinery).
    EndpointSecretsModule,
    AutomationSecretsModule,
  ],
})
export class CliModule {}
