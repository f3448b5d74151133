import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationMarkup } from './organization-markup.entity';
import { RateCardCountry } from './rate-card-country.entity';
import { RateCardPrice } from './rate-card-price.entity';
import { RateCard } from './rate-card.entity';
import type { RateCardInput } from './rate-card-input';
import { OTHER_MARKET } from './markets';

/** `rate_cards`, `rate_card_prices`, `rate_card_countries` and `organization_markups`: what messages cost. */
@Injectable()
export class RateCardsRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<RateCard[]> {
    return this.dataSource.getRepository(RateCard).find({ order: { effectiveFrom: 'DESC' } });
  }

  find(id: string): Promise<RateCard | null> {
    return this.dataSource.getRepository(RateCard).findOne({ where: { id } });
  }

  prices(rateCardId: string): Promise<RateCardPrice[]> {
    return this.dataSource
      .getRepository(RateCardPrice)
      .find({ where: { rateCardId }, order: { market: 'ASC', category: 'ASC' } });
  }

  countries(rateCardId: string): Promise<RateCardCountry[]> {
    return this.dataSource.getRepository(RateCardCountry).find({ where: { rateCardId }, order: { country: 'ASC' } });
  }

  /** The card in force on `day` (the latest that starts on or before it), if any. */
  inForce(day: string): Promise<RateCard | null> {
    return this.dataSource
      .getRepository(RateCard)
      .createQueryBuilder('card')
      .where('card.effective_from <= :day', { day })
      .orderBy('card.effective_from', 'DESC')
      .limit(1)
      .getOne();
  }

  /** A card, its markets' countries and its prices, in one transaction (all or nothing). */
  async create(input: RateCardInput): Promise<RateCard> {
    return this.dataSource.transaction(async (manager) => {
      const card = await manager.getRepository(RateCard).save(
        manager.getRepository(RateCard).create({
          currency: input.currency,
          effectiveFrom: input.effectiveFrom,
          source: input.source,
        }),
      );
      const countries = input.markets.flatMap(({ market, countries }) =>
        countries.map((country) => ({ rateCardId: card.id, country, market })),
      );
      for (let i = 0; i < countries.length; i += 500)
        await manager.getRepository(RateCardCountry).insert(countries.slice(i, i + 500));
      const prices = input.prices.map((p) => ({ rateCardId: card.id, ...p }));
      for (let i = 0; i < prices.length; i += 500)
        await manager.getRepository(RateCardPrice).insert(prices.slice(i, i + 500));
      return card;
    });
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(RateCard).delete({ id });
    return (result.affected ?? 0) > 0;
  }

  /** The market of `country` in the card (one no market names, or none: the card's Other), and its price there. */
  async price(
    rateCardId: string,
    country: string | undefined,
    category: string,
  ): Promise<{ market: string; price: string | null }> {
    const [placed] = country
      ? await this.dataSource.query<Array<{ market: string }>>(
          `SELECT market FROM rate_card_countries WHERE rate_card_id = $1 AND country = $2`,
          [rateCardId, country],
        )
      : [];
    const market = placed?.market ?? OTHER_MARKET;
    const [row] = await this.dataSource.query<Array<{ price: string }>>(
      `SELECT price::text AS price FROM rate_card_prices WHERE rate_card_id = $1 AND market = $2 AND category = $3`,
      [rateCardId, market, category],
    );
    return { market, price: row?.price ?? null };
  }

  markups(tenantId: string): Promise<OrganizationMarkup[]> {
    return this.dataSource
      .getRepository(OrganizationMarkup)
      .find({ where: { tenantId }, order: { effectiveFrom: 'DESC' } });
  }

  /** The organization's markup in force on `day` (none: 0 %). */
  async markupOn(tenantId: string, day: string): Promise<OrganizationMarkup | null> {
    return this.dataSource
      .getRepository(OrganizationMarkup)
      .createQueryBuilder('m')
      .where('m.tenant_id = :tenantId AND m.effective_from <= :day', { tenantId, day })
      .orderBy('m.effective_from', 'DESC')
      .limit(1)
      .getOne();
  }

  async saveMarkup(tenantId: string, effectiveFrom: string, percent: string): Promise<void> {
    await this.dataSource
      .getRepository(OrganizationMarkup)
      .upsert({ tenantId, effectiveFrom, percent }, ['tenantId', 'effectiveFrom']);
  }
}
