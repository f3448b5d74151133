import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { BlacklistEntry } from './blacklist-entry.entity';
import { BlacklistController } from './blacklist.controller';
import { BlacklistRepository } from './blacklist.repository';
import { BlacklistService } from './blacklist.service';
import { OptOutSettings } from './opt-out-settings.entity';
import { OptOutSettingsController } from './opt-out-settings.controller';
import { OptOutsService } from './opt-outs.service';
import { CustomerData } from '../retention/customer-data';
import { OrganizationData } from '../retention/organization-data';

/**
 * The per-organization recipient blacklist (BlacklistService.isBlacklisted serves the send path), and
 * the customers' own opt-outs and opt-ins by keyword (OptOutsService, applied with inbound messages).
 */
@Module({
  imports: [TypeOrmModule.forFeature([BlacklistEntry, OptOutSettings]), TenancyModule],
  controllers: [BlacklistController, OptOutSettingsController],
  providers: [BlacklistRepository, BlacklistService, OptOutsService],
  exports: [BlacklistService, OptOutsService],
})
export class BlacklistModule {
  constructor(customers: CustomerData, repository: BlacklistRepository, organization: OrganizationData) {
    organization.registerTables(repository.exportedTables(), ['blacklist']);
    // A customer's data, for an export (data-rights/).
    customers.register('blacklist', (c) => repository.customerEntries(c));
    // Erased, an entry keeps its opt-out under the number's digest (blacklist.repository.ts).
    customers.registerEraser('blacklist', async (e) => ({ removed: await repository.eraseCustomer(e), next: null }));
  }
}
