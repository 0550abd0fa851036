import { useTranslation } from 'react-i18next';
import type { CalendarOccurrence } from '@klase/core/calendar/contracts';
import { formatWallClock } from '../../lib/dates.ts';

/** "Nov 27, 2026 1:58 PM – 2:58 PM" (or the date alone for an all-day event). */
export const useWhenText = () => {
  const { t, i18n } = useTranslation('calendar');
  return (o: Pick<CalendarOccurrence, 'start' | 'end' | 'allDay'>) => {
    const start = formatWallClock(o.start, null, i18n.language) ?? o.start;
    if (o.allDay) return `${start} · ${t('allDay')}`;
    if (!o.end) return start;
    const sameDay = o.end.slice(0, 10) === o.start.slice(0, 10);
    const end = formatWallClock(o.end, sameDay ? 'time' : null, i18n.language);
    return `${start} – ${end ?? o.end}`;
  };
};
