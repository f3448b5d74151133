import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlacklistModule } from '../blacklist/blacklist.module';
import { MessagesModule } from '../messages/messages.module';
import { PacingModule } from '../pacing/pacing.module';
import { TemplatesModule } from '../templates/templates.module';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { UsageModule } from '../usage/usage.module';
import { BroadcastDispatcher } from './broadcast-dispatcher.service';
import { BroadcastLifecycle } from './broadcast-lifecycle';
import { BroadcastRecipient } from './broadcast-recipient.entity';
import { Broadcast } from './broadcast.entity';
import { BroadcastsController } from './broadcasts.controller';
import { BroadcastsRepository } from './broadcasts.repository';
import { BroadcastsService } from './broadcasts.service';
import { CustomerData } from '../retention/customer-data';
import { OrganizationData } from '../retention/organization-data';

/** Broadcasts: a template to many recipients at the number's pace (the resource, its dispatcher, its events). */
@Module({
  imports: [
    TypeOrmModule.forFeature([Broadcast, BroadcastRecipient]),
    TenancyModule,
    PacingModule,
    MessagesModule,
    TemplatesModule,
    BlacklistModule,
    TenantWebhooksModule,
    UsageModule,
  ],
  controllers: [BroadcastsController],
  providers: [BroadcastsRepository, BroadcastLifecycle, BroadcastDispatcher, BroadcastsService],
  exports: [BroadcastsService],
})
export class BroadcastsModule {
  constructor(customers: CustomerData, repository: BroadcastsRepository, organization: OrganizationData) {
    organization.registerTables(repository.exportedTables(), ['broadcast_recipients', 'broadcasts']);
    // A customer's data, for an export (data-rights/).
    customers.register('broadcast_recipients', (c) => repository.customerRecipients(c));
    customers.registerEraser('broadcast_recipients', async (e) => ({
      removed: await repository.eraseCustomerRecipients(e),
      next: null,
    }));
  }
}
