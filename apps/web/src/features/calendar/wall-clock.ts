import { wallClockFields } from '@klase/core/calendar/wall-clock';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Now in the school's time zone as a wall-clock string (`YYYY-MM-DDTHH:mm:ss`), which the calendar
 * (running in UTC, holding wall-clock times) reads as its "now": its first day, the Today button and
 * the day view's current-time line follow the school's clock, not UTC's (from midnight to 8 a.m. in
 * Manila, UTC's date is still yesterday's).
 */
export const wallClockNowIn = (timeZone: string, at: Date = new Date()): string => {
  const w = wallClockFields(at, timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
};
