/** The days of the week as the API names them, Sunday first (as `Date#getUTCDay` counts). */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One stretch of open hours within a day, "HH:MM" to "HH:MM" (24:00: midnight at the day's end). */
export interface OpenSpan {
  open: string;
  close: string;
}

export type WeeklyHours = Partial<Record<Weekday, OpenSpan[]>>;

/** An automatic reply: free text (inside the window the customer's message opened) or an approved template. */
export interface AutomaticReply {
  enabled: boolean;
  text?: string;
  template?: { name: string; language: { code: string }; components?: unknown[] };
  /** The away message: at most once per customer in this many hours. */
  once_every_hours?: number;
}

export interface BusinessHours {
  timeZone: string;
  weekly: WeeklyHours;
  holidays: readonly string[];
}

export const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of an "HH:MM" (24:00 is 1440). */
export function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Whether `zone` is a time zone this runtime knows (IANA names and their aliases, `UTC`). */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `zone` at `at`: its date (YYYY-MM-DD), weekday and minutes since midnight. */
export function wallClock(at: Date, zone: string): { date: string; weekday: Weekday; minutes: number } {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = value;
  const date = `${part.year}-${part.month}-${part.day}`;
  // The weekday of the wall-clock date itself (not of the instant in UTC).
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return { date, weekday, minutes: Number(part.hour) * 60 + Number(part.minute) };
}

/** Whether the number is open at `at`: not a holiday, and within one of the day's spans (close excluded). */
export function isOpen(hours: BusinessHours, at: Date): boolean {
  const { date, weekday, minutes } = wallClock(at, hours.timeZone);
  if (hours.holidays.includes(date)) return false;
  return (hours.weekly[weekday] ?? []).some(
    (span) => minutes >= minutesOf(span.open) && minutes < minutesOf(span.close),
  );
}
