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

/**
 * What messages cost (issue 46): Meta's rate cards and the operator's markups, each dated, and the
 * price of a message on its day. Metering, reports and spending limits build on it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RateCard, RateCardPrice, RateCardCountry, OrganizationMarkup]), TenancyModule],
  controllers: [RateCardsController],
  providers: [RateCardsRepository, RateCardsService],
  exports: [RateCardsService],
})
export class UsageModule {}
