import { calendarDaysBetween, formatDateTime } from '../../lib/dates.ts';

/**
 * The relative texts of the dashboard's lists, as keys of the `dashboard` namespace with their
 * values (pure, so the day boundaries are tested without a clock).
 */
export interface Phrase {
  key: string;
  params: Record<string, string | number>;
}

/**
 * "Due tomorrow 5:00 PM", "Due in 3 days, 5:00 PM"; past the due date "Was due yesterday 5:00 PM",
 * "Overdue by 4 days". Days are calendar days, and the time is written, in the school's time zone;
 * the time in the language `lng` (the current one unless given).
 */
export const dueText = (dueAt: string, now: Date, lng?: string): Phrase => {
  const due = new Date(dueAt);
  const days = calendarDaysBetween(now, due);
  const time = formatDateTime(due, 'time', lng) ?? '';
  if (due.getTime() < now.getTime()) {
    if (days === 0) return { key: 'due.wasToday', params: { time } };
    if (days === -1) return { key: 'due.yesterday', params: { time } };
    return { key: 'due.daysAgo', params: { count: Math.abs(days) } };
  }
  if (days === 0) return { key: 'due.today', params: { time } };
  if (days === 1) return { key: 'due.tomorrow', params: { time } };
  return { key: 'due.inDays', params: { count: days, time } };
};

const MINUTE_MS = 60_000;

/** How long the oldest work has waited: minutes (at least one), hours, then days. */
export const waitingText = (since: string, now: Date): Phrase => {
  const minutes = Math.max(1, Math.floor((now.getTime() - Date.parse(since)) / MINUTE_MS));
  if (minutes < 60) return { key: 'waiting.minutes', params: { count: minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'waiting.hours', params: { count: hours } };
  return { key: 'waiting.days', params: { count: Math.floor(hours / 24) } };
};
