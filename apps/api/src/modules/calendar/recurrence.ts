import { createRequire } from 'node:module';
import type { Repeat } from '@klase/core/calendar/contracts';
import { addDays, daysBetween, floating, keyOf } from './zone.ts';

// rrule 2.8.1 ships CommonJS to Node (its ESM build has no "exports" map Node would use).
const require = createRequire(import.meta.url);
const { RRule } = require('rrule') as typeof import('rrule');
type Options = NonNullable<ConstructorParameters<typeof RRule>[0]>;

/**
 * Repeating events as RFC 5545 rules (issue 17), expanded by `rrule` in floating wall-clock time:
 * the school's wall-clock date and time are handled as UTC fields, so a series at 07:30 stays at
 * 07:30 whatever the zone's offset does. Nothing here expands a series by hand.
 */

/** What makes a series: its first start and its repeat. */
export interface SeriesShape {
  date: string;
  time: string | null;
  allDay: boolean;
  repeat: Repeat;
  count: number | null;
  until: string | null;
}

/** rrule's weekdays are Monday first; JavaScript's `getUTCDay` is Sunday first. */
const weekdayOf = (date: string) => [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA][floating(date).getUTCDay()];

/**
 * The monthly rule's days: the start's day, and after the 28th the last of 28…day (month-end).
 * The 31st is written BYMONTHDAY=-1 (the same days), which every iCalendar client expands;
 * some (ical.js, so Thunderbird) ignore BYSETPOS with BYMONTHDAY.
 */
const monthDays = (date: string): Partial<Options> => {
  const day = Number(date.slice(8, 10));
  if (day <= 28) return { bymonthday: [day] };
  if (day === 31) return { bymonthday: [-1] };
  return { bymonthday: Array.from({ length: day - 27 }, (_, i) => 28 + i), bysetpos: [-1] };
};

/** The rule's options without DTSTART and UNTIL (null: the event does not repeat). */
const baseOptions = (s: SeriesShape): Partial<Options> | null => {
  switch (s.repeat) {
    case 'never':
      return null;
    case 'daily':
      return { freq: RRule.DAILY };
    case 'weekdays':
      return { freq: RRule.WEEKLY, byweekday: [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR] };
    case 'monthly':
      return { freq: RRule.MONTHLY, ...monthDays(s.date) };
    case 'weekly':
      return { freq: RRule.WEEKLY, byweekday: [weekdayOf(s.date) ?? RRule.MO], ...(s.count ? { count: s.count } : {}) };
  }
};

/** The last floating moment of the inclusive `until` day. */
const untilEnd = (until: string): Date => new Date(floating(until).getTime() + 86_399_000);

/**
 * The RRULE value stored with a series (no DTSTART; UNTIL as the floating end of the until day),
 * or null when it does not repeat. `untilValue` lets the iCal feed write UNTIL its own way.
 */
export const ruleText = (s: SeriesShape, untilValue?: (until: string) => string): string | null => {
  const base = baseOptions(s);
  if (!base) return null;
  const text = new RRule({ ...base, ...(s.until ? { until: untilEnd(s.until) } : {}) }).toString().replace(/^RRULE:/, '');
  if (!s.until || !untilValue) return text;
  return text.replace(/UNTIL=[0-9TZ]+/, `UNTIL=${untilValue(s.until)}`);
};

/**
 * The series' rule, started no earlier than a month before `from` when it has no count: every
 * rule names its days (BYDAY, BYMONTHDAY) or repeats daily, so a later start aligned to the same
 * time gives the same occurrences in the range, and a series started long ago (or dated in the year
 * 1000) is not walked from its first day.
 */
const ruleOf = (s: SeriesShape, from: string): InstanceType<typeof RRule> | null => {
  const base = baseOptions(s);
  if (!base) return null;
  const early = addDays(from, -31);
  const start = s.count === null && early > s.date ? early : s.date;
  return new RRule({ ...base, dtstart: floating(start, s.allDay ? null : s.time), ...(s.until ? { until: untilEnd(s.until) } : {}) });
};

/** The key of the series' first start. */
export const firstKey = (s: SeriesShape): string => keyOf(floating(s.date, s.allDay ? null : s.time), s.allDay);

/** Keys (original starts) of the occurrences starting on a day in [from, to]. */
export const occurrenceKeys = (s: SeriesShape, from: string, to: string): string[] => {
  const rule = ruleOf(s, from);
  if (!rule) {
    const key = firstKey(s);
    return s.date >= from && s.date <= to ? [key] : [];
  }
  return rule.between(floating(from), untilEnd(to), true).map((d) => keyOf(d, s.allDay));
};

/** Whether `key` is one of the series' original starts. */
export const isOccurrence = (s: SeriesShape, key: string): boolean => {
  const date = key.slice(0, 10);
  return occurrenceKeys(s, date, date).includes(key);
};

/**
 * Where an exception's key goes when an "all events" edit moves the series' start from `before`
 * to `after`: by the same number of days, at the new time (or date only for all-day). Exceptions
 * stay attached to the same occurrence (a deleted one stays deleted, an edited one as edited).
 */
export const shiftedKey = (key: string, before: SeriesShape, after: SeriesShape): string => {
  const date = addDays(key.slice(0, 10), daysBetween(before.date, after.date));
  return after.allDay || after.time === null ? date : `${date}T${after.time}`;
};
