import Papa from 'papaparse';
import { GraphError } from '../core/graph-error';
import { isCountry, OTHER_MARKET, PRICING_CATEGORIES, type PricingCategory } from './markets';

/** A rate card as imported, checked: its markets (with their countries) and prices. */
export interface RateCardInput {
  currency: string;
  effectiveFrom: string;
  source: string;
  markets: Array<{ market: string; countries: string[] }>;
  prices: Array<{ market: string; category: PricingCategory; price: string }>;
}

const MAX_PRICE = 1000;
const invalid = (details: string) => GraphError.invalidParameter('Invalid rate card', details);

/** A UTC day, `YYYY-MM-DD`, that exists. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A price as text with at most 6 decimals (numeric in PostgreSQL: exact), or the reason it is not one. */
function priceText(value: unknown, where: string): string {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw invalid(`${where}: not a number`);
  if (number < 0) throw invalid(`${where}: a price cannot be negative`);
  if (number > MAX_PRICE) throw invalid(`${where}: over ${MAX_PRICE} a message`);
  const text = typeof value === 'string' ? value.trim() : String(number);
  if (!/^\d+(\.\d{1,6})?$/.test(text)) throw invalid(`${where}: a decimal with at most 6 decimals`);
  return text;
}

/**
 * A card in JSON: `{ currency, effective_from, source?, markets: [{ market, countries: [ISO…] }],
 * prices: [{ market, category, price }] }`. Every problem names its row (`prices[3].market`, …).
 */
export function rateCardFromJson(body: unknown): RateCardInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body: a JSON object');
  const input = body as Record<string, unknown>;
  const markets = Array.isArray(input.markets) ? input.markets : undefined;
  const prices = Array.isArray(input.prices) ? input.prices : undefined;
  if (!markets) throw invalid('markets: an array of { market, countries }');
  if (!prices) throw invalid('prices: an array of { market, category, price }');
  return checked({
    currency: input.currency,
    effectiveFrom: input.effective_from,
    source: input.source,
    markets: markets.map((row, i) => {
      const m = (row ?? {}) as Record<string, unknown>;
      if (!Array.isArray(m.countries ?? [])) throw invalid(`markets[${i}].countries: an array of ISO 3166 codes`);
      return { market: m.market, countries: (m.countries ?? []) as unknown[], where: `markets[${i}]` };
    }),
    prices: prices.map((row, i) => {
      const p = (row ?? {}) as Record<string, unknown>;
      return { market: p.market, category: p.category, price: p.price, where: `prices[${i}]` };
    }),
  });
}

/**
 * A card in CSV, laid out as Meta's rate card is: one row a market, its countries (ISO codes
 * separated by spaces; none for Other) and a column a category (an empty cell: not priced there):
 * `market,countries,marketing,utility,authentication,authentication_international,service`. The
 * currency and effective date come with it (the query). Problems name the line (`line 4`).
 */
export function rateCardFromCsv(text: string, meta: { currency?: unknown; effectiveFrom?: unknown; source?: unknown }) {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  const first = parsed.errors[0];
  if (first) throw invalid(`line ${(first.row ?? 0) + 2}: ${first.message}`);
  const columns = parsed.meta.fields ?? [];
  for (const column of columns)
    if (column !== 'market' && column !== 'countries' && !(PRICING_CATEGORIES as readonly string[]).includes(column))
      throw invalid(`header: unknown column ${column} (market, countries, ${PRICING_CATEGORIES.join(', ')})`);
  if (!columns.includes('market')) throw invalid('header: the market column is required');
  const markets: Array<{ market: unknown; countries: unknown[]; where: string }> = [];
  const prices: Array<{ market: unknown; category: unknown; price: unknown; where: string }> = [];
  parsed.data.forEach((row, index) => {
    const where = `line ${index + 2}`;
    const countries = (row.countries ?? '').split(/[\s;|]+/).filter(Boolean);
    markets.push({ market: row.market, countries, where });
    for (const category of PRICING_CATEGORIES) {
      const cell = row[category];
      if (cell !== undefined && cell.trim() !== '')
        prices.push({ market: row.market, category, price: cell, where: `${where} ${category}` });
    }
  });
  return checked({ currency: meta.currency, effectiveFrom: meta.effectiveFrom, source: meta.source, markets, prices });
}

function checked(raw: {
  currency: unknown;
  effectiveFrom: unknown;
  source: unknown;
  markets: Array<{ market: unknown; countries: unknown[]; where: string }>;
  prices: Array<{ market: unknown; category: unknown; price: unknown; where: string }>;
}): RateCardInput {
  if (typeof raw.currency !== 'string' || !/^[A-Za-z]{3}$/.test(raw.currency))
    throw invalid('currency: an ISO 4217 code such as USD');
  if (!isDay(raw.effectiveFrom)) throw invalid('effective_from: a day, YYYY-MM-DD');
  if (raw.source !== undefined && (typeof raw.source !== 'string' || raw.source.length > 500))
    throw invalid('source: a text of at most 500 characters');
  const known = new Map<string, string>();
  const placed = new Map<string, string>();
  for (const { market, countries, where } of raw.markets) {
    if (typeof market !== 'string' || market.trim() === '' || market.length > 80)
      throw invalid(`${where}.market: a name of 1 to 80 characters`);
    // Other is spelled one way, whatever the file says: lookups of unlisted countries find it.
    const name = market.trim().toLowerCase() === OTHER_MARKET.toLowerCase() ? OTHER_MARKET : market.trim();
    if (known.has(name.toLowerCase())) throw invalid(`${where}.market: ${name} is listed twice`);
    known.set(name.toLowerCase(), name);
    for (const country of countries) {
      const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
      if (!isCountry(code)) throw invalid(`${where}.countries: ${String(country)} is not an ISO 3166 country code`);
      const earlier = placed.get(code);
      if (earlier) throw invalid(`${where}.countries: ${code} is in ${earlier} already`);
      placed.set(code, name);
    }
  }
  if (!known.has(OTHER_MARKET.toLowerCase()))
    throw invalid(`markets: the card needs an ${OTHER_MARKET} market (every country no market names)`);
  const seen = new Set<string>();
  const prices = raw.prices.map(({ market, category, price, where }) => {
    const name = typeof market === 'string' ? known.get(market.trim().toLowerCase()) : undefined;
    if (!name) throw invalid(`${where}.market: unknown market ${String(market)} (not among the card's markets)`);
    if (typeof category !== 'string' || !(PRICING_CATEGORIES as readonly string[]).includes(category))
      throw invalid(`${where}.category: unknown category ${String(category)} (${PRICING_CATEGORIES.join(', ')})`);
    const key = `${name}\u0000${category}`;
    if (seen.has(key)) throw invalid(`${where}: ${name} ${category} is priced twice`);
    seen.add(key);
    return { market: name, category: category as PricingCategory, price: priceText(price, `${where}.price`) };
  });
  if (prices.length === 0) throw invalid('prices: the card prices nothing');
  return {
    currency: raw.currency.toUpperCase(),
    effectiveFrom: raw.effectiveFrom,
    source: typeof raw.source === 'string' ? raw.source : '',
    markets: [...known.values()].map((market) => ({
      market,
      countries: [...placed].filter(([, m]) => m === market).map(([code]) => code),
    })),
    prices,
  };
}
