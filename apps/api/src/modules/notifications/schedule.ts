import { SCHOOL_TIME_ZONE } from '@klase/core/constants';
import type { NotificationSettings } from '@klase/core/notifications/contracts';

/**
 * When notification mails may leave, in the school's time zone (Asia/Manila, no daylight saving):
 * the end of the recipient's quiet hours, and the digest's last slot (daily 18:00, weekly Friday 18:00).
 */

const DAY_MIN = 1440;
/** The digest goes at 18:00. */
const DIGEST_MIN = 18 * 60;
/** Friday (0 = Sunday). */
const DIGEST_WEEKDAY = 5;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const fmt = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The local weekday, minute of the day and the milliseconds into that minute. */
const local = (now: Date): { weekday: number; minute: number; intoMinuteMs: number } => {
  const parts = Object.fromEntries(fmt.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    intoMinuteMs: Number(parts.second) * 1000 + now.getUTCMilliseconds(),
  };
};

const toMin = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The end of the quiet hours when `now` falls inside them (a mail waits until then), else null. */
export const quietHoursEnd = (now: Date, q: NotificationSettings['quietHours']): Date | null => {
  if (!q.enabled) return null;
  const from = toMin(q.from);
  const to = toMin(q.to);
  if (from === to) return null;
  const { minute, intoMinuteMs } = local(now);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return null;
  const wait = (to - minute + DAY_MIN) % DAY_MIN;
  return new Date(now.getTime() + wait * 60_000 - intoMinuteMs);
};

/** The latest digest time at or before `now`: today's (or yesterday's) 18:00, or the last Friday's 18:00. */
export const lastDigestSlot = (now: Date, digest: 'daily' | 'weekly'): Date => {
  const { weekday, minute, intoMinuteMs } = local(now);
  let since = minute - DIGEST_MIN;
  if (digest === 'daily') since = (since + DAY_MIN) % DAY_MIN;
  else {
    since += ((weekday - DIGEST_WEEKDAY + 7) % 7) * DAY_MIN;
    if (since < 0) since += 7 * DAY_MIN;
  }
  return new Date(now.getTime() - since * 60_000 - intoMinuteMs);
};
