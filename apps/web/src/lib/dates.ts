import { SCHOOL_TIME_ZONE, type Locale } from '@klase/core/constants';
import { i18next } from '../i18n/i18n.ts';

/**
 * Every date and time the app shows goes through here: in the user's language (en-us → en-US,
 * ph → fil-PH, zh → zh-CN) and in the schools' time zone (Asia/Manila), whatever the device says.
 * English keeps the spec's formats ("Nov 27, 2026 1:58 PM", long "Nov 27, 2026 13:58:09").
 */
export type DateInput = string | number | Date | null | undefined;
/** short: date and time; long: date and time with seconds (24 h); day: the date; time: the time. */
export type DateKind = 'short' | 'long' | 'day' | 'time';

const INTL_LOCALE: Record<Locale, string> = { 'en-us': 'en-US', ph: 'fil-PH', zh: 'zh-CN' };

/** The Intl locale of an i18n language (English when unknown). */
export const intlLocale = (lng: string = i18next.language): string => INTL_LOCALE[lng as Locale] ?? INTL_LOCALE['en-us'];

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DAY_2_DIGIT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const TIME_SECONDS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

/** Each kind is its date part and time part, joined by a space (so English reads as the spec). */
const PARTS: Record<DateKind, Intl.DateTimeFormatOptions[]> = {
  short: [DAY, TIME],
  long: [DAY_2_DIGIT, TIME_SECONDS],
  day: [DAY],
  time: [TIME],
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (locale: string, options: Intl.DateTimeFormatOptions, timeZone: string = SCHOOL_TIME_ZONE) => {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
};

/** The instant of a value, or null when it is empty or not a date. */
export const toDate = (value: DateInput): Date | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A date in the user's language and the school's time zone; null when empty or invalid. */
export const formatDateTime = (value: DateInput, kind: DateKind = 'short', lng: string = i18next.language): string | null => {
  const d = toDate(value);
  if (!d) return null;
  const locale = intlLocale(lng);
  return PARTS[kind].map((options) => formatter(locale, options).format(d)).join(' ');
};

/**
 * A wall-clock text of the calendar API (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`, already the school's
 * time) in the app's formats, shown as it is (never converted to a zone): 'day' for a date alone.
 */
export const formatWallClock = (value: string, kind: DateKind | null = null, lng: string = i18next.language): string | null => {
  const d = toDate(value.length === 10 ? `${value}T00:00:00Z` : `${value}:00Z`);
  if (!d) return null;
  kind ??= value.length === 10 ? 'day' : 'short';
  const locale = intlLocale(lng);
  return PARTS[kind].map((options) => formatter(locale, options, 'UTC').format(d)).join(' ');
};

/** The calendar date (YYYY-MM-DD) of an instant in the school's time zone. */
export const schoolDay = (d: Date): string => formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** Whole calendar days from `from` to `to` in the school's time zone (tomorrow is 1, yesterday -1). */
export const calendarDaysBetween = (from: Date, to: Date): number => Math.round((Date.parse(schoolDay(to)) - Date.parse(schoolDay(from))) / 86_400_000);

/** The dayjs locale of the Mantine date pickers for an i18n language. */
export const dayjsLocale = (lng: string = i18next.language): string => (lng === 'ph' ? 'tl-ph' : lng === 'zh' ? 'zh-cn' : 'en');
