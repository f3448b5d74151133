import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

/** Meta's pricing categories, as its rate cards and its status webhooks' `pricing.category` name them. */
export const PRICING_CATEGORIES = [
  'marketing',
  'utility',
  'authentication',
  'authentication_international',
  'service',
] as const;
export type PricingCategory = (typeof PRICING_CATEGORIES)[number];

/** The market every country a card does not name belongs to. */
export const OTHER_MARKET = 'Other';

/** Whether `code` is an ISO 3166-1 alpha-2 country libphonenumber-js knows (its numbering plans). */
export const isCountry = (code: string): boolean => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);

const mainCountryOf = metadata.country_calling_codes as Record<string, string[]>;

/**
 * The country of a WhatsApp user, as Meta prices it: by the number's country calling code
 * (libphonenumber-js: the country of the number's plan, else the calling code's main country, as
 * for a NANP number outside any assigned area code). Undefined for a number no plan knows.
 */
export function countryOf(waId: string): string | undefined {
  const digits = waId.replace(/\D/g, '');
  if (digits === '') return undefined;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed) return undefined;
  return parsed.country ?? mainCountryOf[parsed.countryCallingCode]?.[0];
}
