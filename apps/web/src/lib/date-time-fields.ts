import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** An ISO date-time in local time → the form's YYYY-MM-DD and HH:mm texts. */
export const splitDateTime = (iso: string | null): { date: string; time: string } => {
  if (!iso) return { date: '', time: '' };
  const d = dayjs(iso);
  return d.isValid() ? { date: d.format('YYYY-MM-DD'), time: d.format('HH:mm') } : { date: '', time: '' };
};

/**
 * The form's date and time texts → an ISO date-time with the browser's offset; null without a
 * date. Text that is not a date is passed on as it is, so the shared schema refuses it.
 */
export const joinDateTime = (date: string, time: string, defaultTime: string): string | null => {
  const d = date.trim();
  if (d === '') return null;
  const text = `${d} ${time.trim() || defaultTime}`;
  const parsed = dayjs(text, 'YYYY-MM-DD HH:mm', true);
  return parsed.isValid() ? parsed.format() : text;
};
