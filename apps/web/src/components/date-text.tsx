import dayjs from 'dayjs';
import { DATE_FORMAT_LONG, DATE_FORMAT_SHORT } from '@klase/core/constants';
import { EmptyLabel, isEmptyValue } from './empty-label.tsx';

export type DateInput = string | number | Date | null | undefined;
export type DateFormatKind = 'short' | 'long';

const FORMATS: Record<DateFormatKind, string> = { short: DATE_FORMAT_SHORT, long: DATE_FORMAT_LONG };

/** Formats a date with the spec's formats ('MMM D, YYYY h:mm A' or 'MMM DD, YYYY HH:mm:ss'); null when empty or invalid. */
export const formatDate = (value: DateInput, kind: DateFormatKind = 'short'): string | null => {
  if (isEmptyValue(value)) return null;
  const d = dayjs(value);
  return d.isValid() ? d.format(FORMATS[kind]) : null;
};

/** A `<time>` element with the formatted date, or '- -' when there is none. */
export const DateText = ({ value, format = 'short' }: { value: DateInput; format?: DateFormatKind }) => {
  const text = formatDate(value, format);
  if (text === null) return <EmptyLabel />;
  return <time dateTime={dayjs(value).toISOString()}>{text}</time>;
};
