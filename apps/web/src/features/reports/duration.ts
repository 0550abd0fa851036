import type { TFunction } from 'i18next';

/** Seconds as hours and minutes ("1 h 5 min", "12 min", "40 s"), in the reports' language. */
export const formatDuration = (seconds: number, t: TFunction<'reports'>): string => {
  const s = Math.max(0, Math.round(seconds));
  if (s === 0) return t('duration.zero');
  if (s < 60) return t('duration.seconds', { s });
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h === 0) return t('duration.minutes', { m });
  return m === 0 ? t('duration.hours', { h }) : t('duration.hoursMinutes', { h, m });
};

/** Seconds as minutes with one decimal, for chart axes and their tables. */
export const toMinutes = (seconds: number): number => Math.round(seconds / 6) / 10;
