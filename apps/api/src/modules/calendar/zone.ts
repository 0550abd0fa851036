/**
 * Wall-clock time in an IANA zone (issue 17). Calendar events are wall-clock strings; instants
 * (due dates, "now") are turned into the school's wall-clock time here, and back for range bounds.
 * A wall-clock value is also handled as a "floating" `Date` whose UTC fields are the wall-clock
 * fields (what `rrule` expands), made by `floating` and read by `keyOf`.
 */

import { wallClockFields } from '@klase/core/calendar/wall-clock';

/** The wall-clock fields of an instant in the zone, as a floating Date (seconds dropped). */
export const floatingOf = (instant: Date, timeZone: string): Date => {
  const w = wallClockFields(instant, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
};

/** Minutes the zone is ahead of UTC at the instant (Manila: 480). */
export const offsetMinutes = (instant: Date, timeZone: string): number => {
  const wall = floatingOf(instant, timeZone).getTime();
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
};

/** A floating wall-clock value: `date` (`YYYY-MM-DD`) at `time` (`HH:mm`, null: midnight). */
export const floating = (date: string, time: string | null = null): Date => new Date(`${date}T${time ?? '00:00'}:00Z`);

/** The key of a floating value: `YYYY-MM-DD` (all-day) or `YYYY-MM-DDTHH:mm`. */
export const keyOf = (d: Date, allDay: boolean): string => d.toISOString().slice(0, allDay ? 10 : 16);

/** The instant a wall-clock value names in the zone (in a skipped hour: the later side). */
export const instantOf = (wall: Date, timeZone: string): Date => {
  const guess = new Date(wall.getTime() - offsetMinutes(wall, timeZone) * 60_000);
  const again = new Date(wall.getTime() - offsetMinutes(guess, timeZone) * 60_000);
  return again;
};

/** Wall-clock `YYYY-MM-DDTHH:mm` of an instant in the zone. */
export const wallClockOf = (instant: Date, timeZone: string): string => keyOf(floatingOf(instant, timeZone), false);

/** `date` moved by `days` days. */
export const addDays = (date: string, days: number): string => new Date(floating(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Whole days from `a` to `b` (dates). */
export const daysBetween = (a: string, b: string): number => Math.round((floating(b).getTime() - floating(a).getTime()) / 86_400_000);
