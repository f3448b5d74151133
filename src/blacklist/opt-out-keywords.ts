/** The keywords an organization starts with (Meta's own opt-out button replies "Stop promotions"). */
export const DEFAULT_OPT_OUT_KEYWORDS = ['STOP', 'UNSUBSCRIBE', 'STOP PROMOTIONS'];
export const DEFAULT_OPT_IN_KEYWORDS = ['START', 'SUBSCRIBE'];

/** At most this many keywords in a list, each at most this long (characters, as given). */
export const MAX_KEYWORDS = 50;
export const MAX_KEYWORD_LENGTH = 30;

/**
 * A message or keyword as they are compared: accents and case gone (NFKD without its combining
 * marks, then lower case), runs of spaces one space, the ends trimmed, and punctuation at the end
 * dropped ("Stop." and "stop!" are STOP). Whole message only: "please stop calling" is not STOP.
 */
export function normalizeKeyword(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!¡?¿,;:]+$/u, '')
    .trim();
}

/** The text a customer's message says, for the keywords: its text, or the button or list reply tapped. */
export function keywordTextOf(message: Record<string, unknown>): string | undefined {
  const at = (...path: string[]): unknown =>
    path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], message);
  const text =
    at('text', 'body') ??
    at('button', 'text') ??
    at('interactive', 'button_reply', 'title') ??
    at('interactive', 'list_reply', 'title');
  return typeof text === 'string' ? text : undefined;
}

/** The keyword lists, normalized once: what a message is looked up in. */
export class KeywordMatcher {
  private readonly optOut: Set<string>;
  private readonly optIn: Set<string>;
  private readonly longest: number;

  constructor(optOut: readonly string[], optIn: readonly string[]) {
    this.optOut = new Set(optOut.map(normalizeKeyword));
    this.optIn = new Set(optIn.map(normalizeKeyword));
    this.longest = Math.max(0, ...[...this.optOut, ...this.optIn].map((k) => k.length));
  }

  /** Whether the message opts the customer out, back in, or neither (with the keyword it matched). */
  match(message: Record<string, unknown>): { change: 'opt_out' | 'opt_in'; keyword: string } | undefined {
    const text = keywordTextOf(message);
    // Most messages are longer than any keyword: no normalizing for them (the inbound path's cost).
    if (text === undefined || text.length > this.longest * 2 + 8) return undefined;
    const keyword = normalizeKeyword(text);
    if (this.optOut.has(keyword)) return { change: 'opt_out', keyword };
    if (this.optIn.has(keyword)) return { change: 'opt_in', keyword };
    return undefined;
  }
}
