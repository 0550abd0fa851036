import type { AnnouncementForm, AnnouncementRow, Audience } from '@klase/core/announcements/contracts';
import { joinDateTime, splitDateTime } from '../../lib/date-time-fields.ts';

/** The announcement dialog's fields as the form holds them (dates and times as typed text). */
export interface AnnouncementState {
  title: string;
  bodyHtml: string;
  audience: Audience;
  classId: string;
  courseId: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  email: boolean;
}

export const stateOf = (row: AnnouncementRow | null, firstAudience: Audience): AnnouncementState => {
  const start = row && row.status === 'scheduled' ? splitDateTime(row.startsAt) : { date: '', time: '' };
  const end = splitDateTime(row?.endsAt ?? null);
  return {
    title: row?.title ?? '',
    bodyHtml: row?.bodyHtml ?? '',
    audience: row?.audience ?? firstAudience,
    classId: row?.audience === 'class' ? (row.classId ?? '') : '',
    courseId: row?.courseId ?? '',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    email: row?.email ?? false,
  };
};

/** The request body (the shared `announcementForm` checks it): an empty start is "from now", an empty end "until deleted". */
export const inputOf = (s: AnnouncementState): AnnouncementForm => ({
  title: s.title,
  bodyHtml: s.bodyHtml,
  audience: s.audience,
  classId: s.audience === 'class' && s.classId ? s.classId : null,
  courseId: s.audience === 'course' && s.courseId ? s.courseId : null,
  startsAt: joinDateTime(s.startDate, s.startTime, '00:00'),
  endsAt: joinDateTime(s.endDate, s.endTime, '23:59'),
  email: s.email,
});

const FIELD_OF: Record<string, string> = { startsAt: 'startDate', endsAt: 'endDate' };

/** Moves errors from the request's paths to the form's fields. */
export const toFormErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message]));
