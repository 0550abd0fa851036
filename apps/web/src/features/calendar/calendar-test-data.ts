import type { CalendarOccurrence } from '@klase/core/calendar/contracts';

/** An occurrence of the calendar API for tests: a one-hour class event unless told otherwise. */
export const occurrenceFixture = (over: Partial<CalendarOccurrence> = {}): CalendarOccurrence => ({
  kind: 'event',
  id: 'ev1',
  occurrence: '2026-03-10T08:00',
  title: 'Homeroom',
  description: '',
  location: '',
  meetingUrl: '',
  start: '2026-03-10T08:00',
  end: '2026-03-10T09:00',
  allDay: false,
  type: 'class',
  repeat: 'never',
  exception: false,
  context: { classId: null, className: null, courseId: null, courseName: null, groupId: null, groupName: null },
  canEdit: false,
  due: null,
  ...over,
});
