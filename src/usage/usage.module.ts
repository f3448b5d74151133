import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenancyModule } from '../tenancy/tenancy.module';
import { OrganizationMarkup } from './organization-markup.entity';
import { RateCardCountry } from './rate-card-country.entity';
import { RateCardPrice } from './rate-card-price.entity';
import { RateCard } from './rate-card.entity';
import { RateCardsController } from './rate-cards.controller';
import { RateCardsRepository } from './rate-cards.repository';
import { RateCardsService } from './rate-cards.service';
import { UsageMeter } from './usage-meter';
import { UsageController } from './usage.controller';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';
import { UsageDay } from './usage-day.entity';
import { UsageEntry } from './usage-entry.entity';

/**
 * What messages cost (issue 46): Meta's rate cards and the operator's markups, each dated, and the
 * price of a message on its day. Metering, reports and spending limits build on it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RateCard, RateCardPrice, RateCardCountry, OrganizationMarkup, UsageEntry, UsageDay]),
    TenancyModule,
  ],
  controllers: [RateCardsController, UsageController],
  providers: [RateCardsRepository, RateCardsService, UsageMeter, UsageRepository, UsageService],
  exports: [RateCardsService, UsageMeter],
})
export class UsageModule {}
