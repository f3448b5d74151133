import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomerData } from '../retention/customer-data';
import { TenancyModule } from '../tenancy/tenancy.module';
import { TenantWebhooksModule } from '../tenant-webhooks/tenant-webhooks.module';
import { OrganizationMarkup } from './organization-markup.entity';
import { RateCardCountry } from './rate-card-country.entity';
import { RateCardPrice } from './rate-card-price.entity';
import { RateCard } from './rate-card.entity';
import { RateCardsController } from './rate-cards.controller';
import { RateCardsRepository } from './rate-cards.repository';
import { RateCardsService } from './rate-cards.service';
import { SpendingLimit } from './spending-limit.entity';
import { SpendingLimitsController } from './spending-limits.controller';
import { SpendingLimitsRepository } from './spending-limits.repository';
import { SpendingLimits } from './spending-limits.service';
import { SpendingThreshold } from './spending-threshold.entity';
import { PricingAnalyticsUpstream } from './pricing-analytics.upstream';
import { UsageReconciliations } from './reconciliation.service';
import { ReconciliationsRepository } from './reconciliations.repository';
import { UsageReconciliation } from './usage-reconciliation.entity';
import { UsageMonth } from './usage-month.entity';
import { UsageMeter } from './usage-meter';
import { UsageController } from './usage.controller';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';
import { UsageDay } from './usage-day.entity';
import { UsageEntry } from './usage-entry.entity';
import { OrganizationData } from '../retention/organization-data';

/**
 * What messages cost (issue 46): Meta's rate cards and the operator's markups, each dated, and the
 * price of a message on its day; metering, the usage report, and spending limits (held across
 * instances on the shared store, reserved by the send path and settled by Meta's pricing).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      RateCard,
      RateCardPrice,
      RateCardCountry,
      OrganizationMarkup,
      UsageEntry,
      UsageDay,
      SpendingLimit,
      SpendingThreshold,
      UsageReconciliation,
      UsageMonth,
    ]),
    TenancyModule,
    TenantWebhooksModule,
  ],
  controllers: [RateCardsController, UsageController, SpendingLimitsController],
  providers: [
    RateCardsRepository,
    RateCardsService,
    UsageMeter,
    UsageRepository,
    UsageService,
    SpendingLimitsRepository,
    SpendingLimits,
    ReconciliationsRepository,
    UsageReconciliations,
    PricingAnalyticsUpstream,
  ],
  exports: [RateCardsService, UsageMeter, SpendingLimits],
})
export class UsageModule {
  constructor(customers: CustomerData, repository: UsageRepository, organization: OrganizationData) {
    organization.registerTables(repository.exportedTables());
    // An organization deleted: its usage figures stay for billing, the wamids (they carry numbers) digested.
    organization.registerDeletion('usage_entries', (tenantId, limit) => repository.digestWamids(tenantId, limit));
    // A customer's erasure: their messages' usage is kept for billing, the wamid (it carries the number) digested.
    customers.registerWamidEraser('usage_entries', (e, page) => repository.eraseCustomerWamids(e, page.wamids));
  }
}
