import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { COPY_SHIFT_MAX_DAYS, type CourseCopyDates } from '@klase/core/courses/contracts';
import { apiFetch } from '../api/http.ts';
import { isValidDateText } from '../components/text-mask.ts';

dayjs.extend(customParseFormat);

/** `GET /api/courses/:courseId/copy-dates`: the course's first date, the "old start" of a copy. */
export const useCopyDates = (courseId: string) =>
  useQuery({
    queryKey: ['courses', courseId, 'copy-dates'] as const,
    queryFn: ({ signal }) => apiFetch<CourseCopyDates>(`/api/courses/${encodeURIComponent(courseId)}/copy-dates`, { signal }),
  });

/** The old start as the form shows it (YYYY-MM-DD in the browser's time zone). */
export const startDateOf = (firstDate: string | null): string | null => (firstDate ? dayjs(firstDate).format('YYYY-MM-DD') : null);

/**
 * The whole days from the old start to the new start the teacher typed (as Canvas shifts dates):
 * null while nothing usable is typed; 'tooFar' past the server's limit.
 */
export const shiftDaysOf = (oldStart: string | null, newStart: string): number | 'tooFar' | null => {
  if (!oldStart || !isValidDateText(newStart.trim())) return null;
  const days = Math.round(dayjs(newStart.trim(), 'YYYY-MM-DD', true).diff(dayjs(oldStart, 'YYYY-MM-DD', true), 'day', true));
  return Math.abs(days) > COPY_SHIFT_MAX_DAYS ? 'tooFar' : days;
};
