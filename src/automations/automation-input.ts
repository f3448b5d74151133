import { GraphError } from '../core/graph-error';
import {
  HHMM,
  knownTimeZone,
  minutesOf,
  WEEKDAYS,
  type AutomaticReply,
  type OpenSpan,
  type WeeklyHours,
} from './business-hours';

/** Most spans in one day, holidays in a list, characters in a reply's text (Meta's text limit). */
const MAX_SPANS = 6;
const MAX_HOLIDAYS = 366;
const MAX_TEXT = 4096;
/** The away message's period: at least an hour, at most a month. */
const MIN_PERIOD_HOURS = 1;
const MAX_PERIOD_HOURS = 720;
export const DEFAULT_PERIOD_HOURS = 24;

export interface BusinessHoursInput {
  timeZone: string;
  weekly: WeeklyHours;
  holidays: string[];
}

const invalid = (details: string) => GraphError.invalidParameter('Invalid parameter', details);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKnown = (value: Record<string, unknown>, known: string[], at: string) => {
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown !== undefined) throw invalid(`${at}${unknown}: not a field here (${known.join(', ')})`);
};

/**
 * `PUT /v1/{phone-number-id}/business_hours`: `time_zone` (IANA), `weekly` (`monday` … `sunday`, each
 * a list of `{ open, close }` "HH:MM", close after open, spans apart; a day left out is closed),
 * `holidays` (YYYY-MM-DD dates in the time zone). A 400 code 100 naming the field otherwise.
 */
export function parseBusinessHours(body: unknown): BusinessHoursInput {
  if (!isObject(body)) throw invalid('body: must be a JSON object');
  onlyKnown(body, ['time_zone', 'weekly', 'holidays'], '');
  if (typeof body.time_zone !== 'string' || !knownTimeZone(body.time_zone))
    throw invalid('time_zone: must be an IANA time zone such as Europe/Madrid');
  if (!isObject(body.weekly)) throw invalid('weekly: must be an object of weekdays (monday … sunday)');
  const weekly: WeeklyHours = {};
  for (const [day, spans] of Object.entries(body.weekly)) {
    if (!(WEEKDAYS as readonly string[]).includes(day)) throw invalid(`weekly.${day}: not a weekday (monday … sunday)`);
    if (!Array.isArray(spans) || spans.length > MAX_SPANS)
      throw invalid(`weekly.${day}: must be a list of at most ${MAX_SPANS} { open, close }`);
    const parsed = spans.map((span, i) => parseSpan(span, `weekly.${day}[${i}]`));
    parsed.sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (let i = 1; i < parsed.length; i++)
      if (minutesOf(parsed[i].open) < minutesOf(parsed[i - 1].close))
        throw invalid(`weekly.${day}: ${spanText(parsed[i - 1])} and ${spanText(parsed[i])} overlap`);
    if (parsed.length > 0) weekly[day as keyof WeeklyHours] = parsed;
  }
  const holidays = body.holidays ?? [];
  if (!Array.isArray(holidays) || holidays.length > MAX_HOLIDAYS)
    throw invalid(`holidays: must be a list of at most ${MAX_HOLIDAYS} dates`);
  holidays.forEach((date, i) => {
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !validDate(date))
      throw invalid(`holidays[${i}]: must be a date YYYY-MM-DD`);
  });
  return { timeZone: body.time_zone, weekly, holidays: [...new Set(holidays as string[])].sort() };
}

const spanText = (span: OpenSpan) => `${span.open}–${span.close}`;

function parseSpan(span: unknown, at: string): OpenSpan {
  if (!isObject(span)) throw invalid(`${at}: must be { open, close }`);
  onlyKnown(span, ['open', 'close'], `${at}.`);
  for (const field of ['open', 'close'] as const)
    if (typeof span[field] !== 'string' || !HHMM.test(span[field]))
      throw invalid(`${at}.${field}: must be a time HH:MM (00:00 to 24:00)`);
  const open = span.open as string;
  const close = span.close as string;
  if (minutesOf(close) <= minutesOf(open)) throw invalid(`${at}.close: ${close} is not after open ${open}`);
  return { open, close };
}

function validDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * `PUT /v1/{phone-number-id}/automatic_replies`: `away` and `welcome`, each `{ enabled, text }` or
 * `{ enabled, template: { name, language: { code }, components? } }` (one of the two), the away one
 * with `once_every_hours` (1–720, default 24). One left out keeps its value; null removes it.
 */
export function parseAutomaticReplies(body: unknown): {
  away?: AutomaticReply | null;
  welcome?: AutomaticReply | null;
} {
  if (!isObject(body)) throw invalid('body: must be a JSON object');
  onlyKnown(body, ['away', 'welcome'], '');
  const result: { away?: AutomaticReply | null; welcome?: AutomaticReply | null } = {};
  for (const kind of ['away', 'welcome'] as const) {
    const value = body[kind];
    if (value === undefined) continue;
    result[kind] = value === null ? null : parseReply(value, kind);
  }
  return result;
}

function parseReply(value: unknown, kind: 'away' | 'welcome'): AutomaticReply {
  if (!isObject(value)) throw invalid(`${kind}: must be an object { enabled, text } or { enabled, template }`);
  onlyKnown(
    value,
    kind === 'away' ? ['enabled', 'text', 'template', 'once_every_hours'] : ['enabled', 'text', 'template'],
    `${kind}.`,
  );
  const reply: AutomaticReply = { enabled: value.enabled === undefined ? true : (value.enabled as boolean) };
  if (typeof reply.enabled !== 'boolean') throw invalid(`${kind}.enabled: must be true or false`);
  if ((value.text === undefined) === (value.template === undefined))
    throw invalid(`${kind}: give one of text and template`);
  if (value.text !== undefined) {
    if (typeof value.text !== 'string' || value.text.trim() === '' || value.text.length > MAX_TEXT)
      throw invalid(`${kind}.text: must be a non-empty text of at most ${MAX_TEXT} characters`);
    reply.text = value.text;
  } else {
    const template = value.template;
    if (!isObject(template)) throw invalid(`${kind}.template: must be { name, language: { code }, components? }`);
    onlyKnown(template, ['name', 'language', 'components'], `${kind}.template.`);
    if (typeof template.name !== 'string' || template.name === '')
      throw invalid(`${kind}.template.name: must be a non-empty string`);
    const language = template.language;
    if (!isObject(language) || typeof language.code !== 'string' || language.code === '')
      throw invalid(`${kind}.template.language.code: must be a non-empty string`);
    if (template.components !== undefined && !Array.isArray(template.components))
      throw invalid(`${kind}.template.components: must be a list`);
    reply.template = {
      name: template.name,
      language: { code: language.code },
      ...(template.components !== undefined && { components: template.components as unknown[] }),
    };
  }
  if (kind === 'away') {
    const hours = value.once_every_hours ?? DEFAULT_PERIOD_HOURS;
    if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < MIN_PERIOD_HOURS || hours > MAX_PERIOD_HOURS)
      throw invalid(
        `away.once_every_hours: must be a whole number of hours from ${MIN_PERIOD_HOURS} to ${MAX_PERIOD_HOURS}`,
      );
    reply.once_every_hours = hours;
  }
  return reply;
}
