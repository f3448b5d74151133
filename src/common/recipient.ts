import { GraphError } from '../core/graph-error';

/** Characters a person may type between the digits of a phone number: spaces, dashes, dots, parentheses. */
const SEPARATORS = /[\s\-.()]/g;
/** E.164: a country code that does not start with 0, then the rest; 7 to 15 digits in all. */
const E164_DIGITS = /^[1-9]\d{6,14}$/;

/**
 * Normalizes a recipient phone number to E.164 digits without the leading `+` (the form Meta's
 * `wa_id` takes), for example `+1 (555) 123-4567` -> `15551234567`.
 *
 * Accepts one optional leading `+` and the separators people type (spaces, dashes, dots,
 * parentheses); then requires 7 to 15 ASCII digits, the first not 0 (so `00` international
 * prefixes and trunk zeros are refused rather than guessed at). Anything else, including
 * non-strings, throws a code 100 Graph error naming `field`, so other callers (the blacklist
 * endpoints, for example) can name their own field.
 */
export function normalizeRecipient(input: unknown, field = 'to'): string {
  const invalid = () =>
    GraphError.invalidParameter(
      'Invalid parameter',
      `${field}: must be a phone number in E.164 form (digits, optional leading +)`,
    );
  if (typeof input !== 'string') throw invalid();
  const trimmed = input.trim();
  const unsigned = trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
  if (!/^[\d\s\-.()]+$/.test(unsigned)) throw invalid();
  const digits = unsigned.replace(SEPARATORS, '');
  if (!E164_DIGITS.test(digits)) throw invalid();
  return digits;
}
