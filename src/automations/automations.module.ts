import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { ContactsModule } from '../contacts/contacts.module';
import { InboxModule } from '../inbox/inbox.module';
import { MessagesModule } from '../messages/messages.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TemplatesModule } from '../templates/templates.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { AutomationCalls } from './automation-calls';
import { AutomationSecretsModule } from './automation-secrets.module';
import { AutomationActions } from './automation-actions';
import { AutomationJob } from './automation-job.entity';
import { AutomationReplyCount, AutomationSettings } from './automation-settings.entity';
import { AutomationRule } from './rule.entity';
import { RulesController } from './rules.controller';
import { RulesService } from './rules.service';
import { AutomationRunner } from './automation-runner';
import { AutomationsController } from './automations.controller';
import { AutomationsRepository } from './automations.repository';
import { AutomationsService } from './automations.service';
import { AwayMark } from './away-mark.entity';
import { NumberAutomation } from './number-automation.entity';
import { batchOf, CustomerData } from '../retention/customer-data';
import { OrganizationData } from '../retention/organization-data';

/**
 * Automations (issue 57): what the gateway does by itself when a customer writes. Business hours and
 * the away and welcome messages per number, the organization's rules (when, if, then); a job per event
 * they answer, written with the event by the ingest (webhooks/), run once across instances and through
 * a crash; replies through messages/' send path, the other actions through their owners; the run log.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      NumberAutomation,
      AutomationJob,
      AwayMark,
      AutomationRule,
      AutomationSettings,
      AutomationReplyCount,
    ]),
    AuthModule,
    ContactsModule,
    InboxModule,
    MessagesModule,
    TenancyModule,
    TemplatesModule,
    TenantWebhooksModule,
    AutomationSecretsModule,
  ],
  controllers: [AutomationsController, RulesController],
  providers: [
    AutomationsRepository,
    AutomationsService,
    RulesService,
    AutomationActions,
    AutomationCalls,
    AutomationRunner,
  ],
  exports: [AutomationRunner],
})
export class AutomationsModule {
  constructor(customers: CustomerData, repository: AutomationsRepository, organization: OrganizationData) {
    organization.registerTables(repository.exportedTables(), ['automation_runs']);
    // A customer's data, for an export (data-rights/).
    customers.register('automation_runs', (c, after, limit) => repository.customerRuns(c, after, limit));
    customers.registerEraser('automation_runs', async (e, limit) =>
      batchOf(await repository.eraseCustomer(e, limit), limit),
    );
  }
}
