import dayjs from 'dayjs';

/**
 * The relative texts of the dashboard's lists, as keys of the `dashboard` namespace with their
 * values (pure, so the day boundaries are tested without a clock).
 */
export interface Phrase {
  key: string;
  params: Record<string, string | number>;
}

/** The two halves of the spec's short date format ('MMM D, YYYY h:mm A'). */
export const DAY_FORMAT = 'MMM D, YYYY';
export const TIME_FORMAT = 'h:mm A';

/**
 * "Due tomorrow 5:00 PM", "Due in 3 days, 5:00 PM"; past the due date "Was due yesterday 5:00 PM",
 * "Overdue by 4 days". Days are calendar days of the device's time zone.
 */
export const dueText = (dueAt: string, now: Date): Phrase => {
  const due = dayjs(dueAt);
  const days = due.startOf('day').diff(dayjs(now).startOf('day'), 'day');
  const time = due.format(TIME_FORMAT);
  if (due.valueOf() < now.getTime()) {
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
