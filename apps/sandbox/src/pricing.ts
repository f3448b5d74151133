import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';
import Papa from 'papaparse';
import { analyticsFilters, filterList } from './analytics-fields';
import { GraphApiError } from './graph-error';

/** The rate card the sandbox charges by when told none: the repository's sample (Meta's layout). */
const SAMPLE = join('docs', 'rate-cards', 'sample-rate-card.csv');
const OTHER = 'Other';
const HALF_HOUR = 1800;
const DAY = 86_400;

/**
 * Meta's price list as the sandbox charges by: a market per row with its countries (ISO codes separated
 * by spaces), then a price per pricing category, in Meta's published CSV layout (`market,countries,
 * marketing,utility,authentication,authentication_international,service`). Countries no market names
 * are priced as `Other`.
 */
export class RateTable {
  private readonly marketOf = new Map<string, string>();
  private readonly prices = new Map<string, number>();

  constructor(csv: string) {
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true, skipEmptyLines: true });
    for (const row of parsed.data) {
      const market = (row.market ?? '').trim();
      if (!market) continue;
      for (const country of (row.countries ?? '').split(/\s+/).filter(Boolean))
        this.marketOf.set(country.toUpperCase(), market);
      for (const [column, value] of Object.entries(row)) {
        if (column === 'market' || column === 'countries' || value === undefined || value.trim() === '') continue;
        this.prices.set(`${market}\u0000${column.trim().toLowerCase()}`, Number(value));
      }
    }
  }

  /** The sample rate card of the repository the sandbox runs from (found upwards from here), or an empty table. */
  static sample(): RateTable {
    for (let dir = __dirname; ; dir = dirname(dir)) {
      const file = join(dir, SAMPLE);
      if (existsSync(file)) return new RateTable(readFileSync(file, 'utf8'));
      if (dirname(dir) === dir) return new RateTable('market,countries\n');
    }
  }

  /** What one billable message of `category` to a number of `country` costs (0 when the table has no price). */
  price(country: string | undefined, category: string): number {
    const market = (country && this.marketOf.get(country)) ?? OTHER;
    return this.prices.get(`${market}\u0000${category}`) ?? this.prices.get(`${OTHER}\u0000${category}`) ?? 0;
  }
}

const countriesOfCallingCode = metadata.country_calling_codes as Record<string, string[]>;

/**
 * The market country of a WhatsApp id, as Meta bills: the country of the number's plan, else its
 * calling code's main country (a NANP number outside any assigned area code is the US's).
 */
export function countryOfWaId(waId: string): string | undefined {
  const parsed = parsePhoneNumberFromString(`+${waId}`);
  return parsed ? (parsed.country ?? countriesOfCallingCode[parsed.countryCallingCode]?.[0]) : undefined;
}

/** One charge, as Meta's billing sees a message: the account, number, when, market and what it cost. */
export interface Charge {
  wabaId: string;
  displayPhoneNumber: string;
  atSeconds: number;
  country: string;
  /** Meta's pricing category, upper case (`MARKETING`). */
  category: string;
  /** `REGULAR` when billable, else Meta's free type (`FREE_CUSTOMER_SERVICE`). */
  type: string;
  cost: number;
}

type Dimension = 'PHONE' | 'COUNTRY' | 'PRICING_TYPE' | 'PRICING_CATEGORY';
const DIMENSIONS: readonly Dimension[] = ['PHONE', 'COUNTRY', 'PRICING_TYPE', 'PRICING_CATEGORY'];
const GRANULARITIES = { HALF_HOUR, DAILY: DAY, MONTHLY: 0 } as const;

/**
 * What the sandbox charged, kept in half-hour buckets per account, number, country, category and type,
 * and read back as Meta's `pricing_analytics` on a business account
 * (`?fields=pricing_analytics.start(…).end(…).granularity(DAILY).dimensions([…])`).
 */
export class Charges {
  private readonly buckets = new Map<string, { charge: Omit<Charge, 'cost'>; volume: number; cost: number }>();

  record(charge: Charge): void {
    const slot = Math.floor(charge.atSeconds / HALF_HOUR) * HALF_HOUR;
    const key = [charge.wabaId, charge.displayPhoneNumber, slot, charge.country, charge.category, charge.type].join(
      '|',
    );
    const bucket = this.buckets.get(key) ?? { charge: { ...charge, atSeconds: slot }, volume: 0, cost: 0 };
    bucket.volume += 1;
    bucket.cost += charge.cost;
    this.buckets.set(key, bucket);
  }

  /**
   * `pricing_analytics` of `wabaId` for a field expression such as
   * `pricing_analytics.start(1750057200).end(1750143600).granularity(DAILY).dimensions(["COUNTRY"])`.
   */
  analytics(wabaId: string, expression: string): Record<string, unknown> {
    const { filters, start, end } = analyticsFilters(expression);
    const granularity = filters.get('granularity') ?? '';
    if (!(granularity in GRANULARITIES))
      throw GraphApiError.invalidParameter('Param granularity must be one of {HALF_HOUR, DAILY, MONTHLY}');
    const dimensions = filterList(filters.get('dimensions')).map((d) => d.toUpperCase());
    for (const dimension of dimensions)
      if (!(DIMENSIONS as readonly string[]).includes(dimension))
        throw GraphApiError.invalidParameter(`Param dimensions[] must be one of {${DIMENSIONS.join(', ')}}`);
    const points = new Map<
      string,
      { start: number; end: number; volume: number; cost: number } & Record<string, unknown>
    >();
    for (const { charge, volume, cost } of this.buckets.values()) {
      if (charge.wabaId !== wabaId || charge.atSeconds < start || charge.atSeconds >= end) continue;
      const [from, to] = period(charge.atSeconds, granularity as keyof typeof GRANULARITIES);
      const point: { start: number; end: number } & Record<string, unknown> = { start: from, end: to };
      if (dimensions.includes('PHONE')) point.phone_number = charge.displayPhoneNumber;
      if (dimensions.includes('COUNTRY')) point.country = charge.country;
      if (dimensions.includes('PRICING_TYPE')) point.pricing_type = charge.type;
      if (dimensions.includes('PRICING_CATEGORY')) point.pricing_category = charge.category;
      const key = JSON.stringify(point);
      const sum = points.get(key) ?? { ...point, volume: 0, cost: 0 };
      sum.volume += volume;
      sum.cost += cost;
      points.set(key, sum);
    }
    const dataPoints = [...points.values()]
      .map((p) => ({ ...p, cost: Math.round(p.cost * 1e6) / 1e6 }))
      .sort((a, b) => a.start - b.start);
    return { pricing_analytics: { data: [{ data_points: dataPoints }] }, id: wabaId };
  }
}

/** The period of a granularity holding `at` (UTC): a half hour, a day, or a calendar month. */
function period(at: number, granularity: keyof typeof GRANULARITIES): [number, number] {
  if (granularity !== 'MONTHLY') {
    const size = GRANULARITIES[granularity];
    const from = Math.floor(at / size) * size;
    return [from, from + size];
  }
  const date = new Date(at * 1000);
  const from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  const to = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
  return [from, to];
}
