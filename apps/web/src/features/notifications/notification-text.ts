import type { TFunction } from 'i18next';
import type { NotificationRow } from '@klase/core/notifications/contracts';
import { formatDateTime, intlLocale } from '../../lib/dates.ts';

/**
 * A notification's sentence in the reader's language: `notifications:type.<type>` with its
 * params (`dueAt` as a date in the school's time zone; `classJoined` has a teacher's form when a
 * student is named).
 */
export const notificationText = (t: TFunction<'notifications'>, n: Pick<NotificationRow, 'type' | 'params'>, lng?: string): string => {
  const params: Record<string, string | number> = { ...n.params };
  if (typeof params.dueAt === 'string') params.dueAt = formatDateTime(params.dueAt, 'short', lng) ?? params.dueAt;
  const key = n.type === 'classJoined' && params.studentName ? 'type.classJoinedTeacher' : `type.${n.type}`;
  return t(key, { ...params, interpolation: { escapeValue: false } });
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago" in the reader's language; under a minute: "now". */
export const relativeTime = (iso: string, now: number, lng?: string): string => {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(lng), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(0, 'second');
};
