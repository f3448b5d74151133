import { Injectable } from '@nestjs/common';
import { PreallocatedCache } from '../common/bounded-cache';
import { isUuid } from '../common/uuid';
import { GraphError } from '../core/graph-error';
import { OnboardingService } from '../tenancy/onboarding.service';
import type { MarkupDto, PriceQuoteDto, RateCardDto } from './dto/rate-cards.dto';
import { countryOf, PRICING_CATEGORIES } from './markets';
import type { RateCard } from './rate-card.entity';
import { isDay, type RateCardInput } from './rate-card-input';
import { RateCardsRepository } from './rate-cards.repository';

const today = () => new Date().toISOString().slice(0, 10);

/** A price with a markup, in micro-units (6 decimals): exact decimal arithmetic, rounded half up once. */
function withMarkup(price: string, percent: number): bigint {
  const base = BigInt(Math.round(Number(price) * 1e6));
  return (base * BigInt(Math.round((100 + percent) * 1000)) + 50_000n) / 100_000n;
}

/** How long a message's price stays known to an instance (cards and markups change by the day). */
const PRICE_CACHE_MS = 60_000;

const cardJson = (card: RateCard, counts?: { markets: number; prices: number }): RateCardDto => ({
  id: card.id,
  currency: card.currency,
  effective_from: card.effectiveFrom,
  source: card.source,
  ...(counts && { markets: counts.markets, prices: counts.prices }),
  created_at: card.createdAt.toISOString(),
});

/**
 * What a message costs: Meta's price lists (rate cards) as the operator imports them, each in force
 * from its day until the next one's, and the operator's markup per organization, dated the same way.
 * The price of a message is the card's price on the message's UTC day, for the market of the
 * recipient's calling code and the pricing category, plus the organization's markup on that day: a
 * new card or markup never reprices the past.
 */
@Injectable()
export class RateCardsService {
  /** Prices in micro-units by organization, day, country and category (null: no card or no price). */
  private readonly prices = new PreallocatedCache<string, { micros: number | null }>({
    max: 20_000,
    ttl: PRICE_CACHE_MS,
  });

  constructor(
    private readonly repository: RateCardsRepository,
    private readonly onboarding: OnboardingService,
  ) {}

  async list(): Promise<{ data: RateCardDto[] }> {
    return { data: (await this.repository.list()).map((card) => cardJson(card)) };
  }

  /**
   * A new card, after the others: one starting on a card's day overlaps it (409), one starting before
   * the latest card would reprice days that card prices (400); one currency for every card.
   */
  async create(input: RateCardInput): Promise<RateCardDto> {
    const cards = await this.repository.list();
    const same = cards.find((card) => card.effectiveFrom === input.effectiveFrom);
    if (same)
      throw GraphError.conflict(
        `effective_from: the card ${same.id} starts on ${input.effectiveFrom} already (remove it first to replace it)`,
      );
    const latest = cards[0];
    if (latest && input.effectiveFrom < latest.effectiveFrom)
      throw GraphError.invalidParameter(
        'Invalid rate card',
        `effective_from: before ${latest.effectiveFrom}, the start of the latest card: the past keeps its prices`,
      );
    if (latest && latest.currency !== input.currency)
      throw GraphError.invalidParameter(
        'Invalid rate card',
        `currency: the cards are in ${latest.currency}; one currency for every card`,
      );
    const card = await this.repository.create(input);
    return cardJson(card, { markets: input.markets.length, prices: input.prices.length });
  }

  async get(id: string): Promise<RateCardDto & { markets_detail: unknown; prices_detail: unknown }> {
    const card = isUuid(id) ? await this.repository.find(id) : null;
    if (!card) throw GraphError.notFound(`Rate card ${id} does not exist`);
    const [prices, countries] = await Promise.all([this.repository.prices(id), this.repository.countries(id)]);
    const markets = new Map<string, string[]>();
    for (const p of prices) if (!markets.has(p.market)) markets.set(p.market, []);
    for (const c of countries) markets.set(c.market, [...(markets.get(c.market) ?? []), c.country]);
    return {
      ...cardJson(card, { markets: markets.size, prices: prices.length }),
      markets_detail: [...markets].map(([market, list]) => ({ market, countries: list })),
      prices_detail: prices.map((p) => ({ market: p.market, category: p.category, price: p.price })),
    };
  }

  /** A card that starts in the future may be removed (one in force has priced days: it stays). */
  async remove(id: string): Promise<void> {
    const card = isUuid(id) ? await this.repository.find(id) : null;
    if (!card) throw GraphError.notFound(`Rate card ${id} does not exist`);
    if (card.effectiveFrom <= today())
      throw GraphError.conflict(
        `Rate card ${id} has been in force since ${card.effectiveFrom}: the past keeps its prices`,
      );
    await this.repository.remove(id);
  }

  async markups(tenantId: string): Promise<{ data: MarkupDto[] }> {
    await this.onboarding.getOrganization(tenantId);
    const rows = await this.repository.markups(tenantId);
    return { data: rows.map((m) => ({ percent: Number(m.percent), effective_from: m.effectiveFrom })) };
  }

  /** An organization's markup from a day on (today or later: the past keeps its prices). */
  async setMarkup(tenantId: string, input: { percent: number; effective_from?: string }): Promise<MarkupDto> {
    await this.onboarding.getOrganization(tenantId);
    const from = input.effective_from ?? today();
    if (!isDay(from)) throw GraphError.invalidParameter('Invalid markup', 'effective_from: a day, YYYY-MM-DD');
    if (from < today())
      throw GraphError.invalidParameter('Invalid markup', 'effective_from: today or later: the past keeps its prices');
    await this.repository.saveMarkup(tenantId, from, input.percent.toFixed(3));
    return { percent: input.percent, effective_from: from };
  }

  /**
   * What a message of `category` to `waId` costs `tenantId` on `day`: the recipient's market by the
   * calling code, the card in force that day, the organization's markup that day.
   */
  async quote(query: { tenantId: string; waId: string; category: string; day?: string }): Promise<PriceQuoteDto> {
    const day = query.day ?? today();
    if (!isDay(day)) throw GraphError.invalidParameter('Invalid parameter', 'date: a day, YYYY-MM-DD');
    if (!(PRICING_CATEGORIES as readonly string[]).includes(query.category))
      throw GraphError.invalidParameter('Invalid parameter', `category: one of ${PRICING_CATEGORIES.join(', ')}`);
    if (!/^\d{6,15}$/.test(query.waId)) throw GraphError.invalidParameter('Invalid parameter', 'wa_id: 6 to 15 digits');
    await this.onboarding.getOrganization(query.tenantId);
    const card = await this.repository.inForce(day);
    if (!card) throw GraphError.notFound(`No rate card is in force on ${day}`);
    const country = countryOf(query.waId);
    const { market, price } = await this.repository.price(card.id, country, query.category);
    const markup = await this.repository.markupOn(query.tenantId, day);
    const percent = markup ? Number(markup.percent) : 0;
    const total = price === null ? null : withMarkup(price, percent);
    return {
      rate_card_id: card.id,
      currency: card.currency,
      day,
      country: country ?? null,
      market,
      category: query.category,
      base_price: price === null ? null : Number(price),
      markup_percent: percent,
      price: total === null ? null : Number(total) / 1e6,
    };
  }

  /**
   * What one billable message of `category` to a number of `country` costs `tenantId` on `day`, in
   * micro-units of the cards' currency with the markup (null: no card in force or no price): what
   * spending limits reserve and settle. Kept a minute per instance.
   */
  async unitPrice(
    tenantId: string,
    country: string | undefined,
    category: string,
    day: string,
  ): Promise<number | null> {
    const key = `${tenantId}\u0000${day}\u0000${country ?? ''}\u0000${category}`;
    const known = this.prices.get(key);
    if (known) return known.micros;
    const card = await this.repository.inForce(day);
    let micros: number | null = null;
    if (card) {
      const { price } = await this.repository.price(card.id, country, category);
      const markup = await this.repository.markupOn(tenantId, day);
      micros = price === null ? null : Number(withMarkup(price, markup ? Number(markup.percent) : 0));
    }
    this.prices.set(key, { micros });
    return micros;
  }
}
