import { Module } from '@nestjs/common';
import { CustomerData } from '../retention/customer-data';
import { OrganizationData } from '../retention/organization-data';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenancyService } from '../tenancy/tenancy.service';
import { NumberLimitsService } from './number-limits.service';
import { NumberPaceService } from './number-pace.service';

/** Meta's limits per phone number, honoured before Meta refuses: the shared pace and what it is learned from. */
@Module({
  imports: [TenancyModule],
  providers: [NumberPaceService, NumberLimitsService],
  exports: [NumberPaceService, NumberLimitsService],
})
export class PacingModule {
  constructor(
    customers: CustomerData,
    pace: NumberPaceService,
    tenancy: TenancyService,
    organization: OrganizationData,
  ) {
    // An organization deleted: the pace of its accounts' numbers.
    organization.registerDeletion('pacing', async (tenantId) =>
      pace.forgetAccounts((await tenancy.accountsWithNumbers([tenantId])).map((account) => account.id)),
    );
    // A customer's erasure: their pair turns and their place in the messaging limit's window.
    customers.registerEraser('pacing', async (e) => ({
      removed: await pace.eraseCustomer(e.waId, e.digest, await tenancy.accountsWithNumbers([e.tenantId])),
      next: null,
    }));
  }
}
