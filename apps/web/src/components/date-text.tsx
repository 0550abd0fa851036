import { useTranslation } from 'react-i18next';
import { formatDateTime, toDate, type DateInput, type DateKind } from '../lib/dates.ts';
import { EmptyLabel } from './empty-label.tsx';

export type { DateInput };
export type DateFormatKind = DateKind;

/**
 * Formats a date in the user's language and the school's time zone (English: the spec's
 * 'MMM D, YYYY h:mm A' or 'MMM DD, YYYY HH:mm:ss'); null when empty or invalid.
 */
export const formatDate = (value: DateInput, kind: DateFormatKind = 'short'): string | null => formatDateTime(value, kind);

/** A `<time>` element with the formatted date, or '- -' when there is none; follows language changes. */
export const DateText = ({ value, format = 'short' }: { value: DateInput; format?: DateFormatKind }) => {
  const { i18n } = useTranslation();
  const d = toDate(value);
  if (d === null) return <EmptyLabel />;
  return <time dateTime={d.toISOString()}>{formatDateTime(d, format, i18n.language)}</time>;
};
