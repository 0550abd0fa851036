import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { eventForm, type CalendarOccurrence, type EventDetails, type EventType, type Repeat } from '@klase/core/calendar/contracts';
import { issuesOf } from '../../lib/zod-form.ts';

/** What the event form edits: the schema's fields as typed text, plus "without duration". */
export interface EventFormState {
  title: string;
  description: string;
  location: string;
  meetingUrl: string;
  date: string;
  allDay: boolean;
  time: string;
  noDuration: boolean;
  /** Minutes, as typed. */
  duration: string;
  type: EventType | '';
  classId: string;
  courseId: string;
  groupId: string;
  repeat: Repeat;
  count: string;
  until: string;
}

export const DEFAULT_DURATION = '60';

export const emptyEvent = (date: string, type: EventType | ''): EventFormState => ({
  title: '',
  description: '',
  location: '',
  meetingUrl: '',
  date,
  allDay: false,
  time: '08:00',
  noDuration: false,
  duration: DEFAULT_DURATION,
  type,
  classId: '',
  courseId: '',
  groupId: '',
  repeat: 'never',
  count: '',
  until: '',
});

/**
 * The stored event as form state. For one occurrence of a series (`occurrence`), its date and
 * time are where that occurrence is now, so "This event only" edits what the user clicked.
 */
export const eventToState = (d: EventDetails['form'], occurrence: CalendarOccurrence | null): EventFormState => {
  const start = occurrence && occurrence.repeat !== 'never' ? occurrence.start : null;
  return {
    title: d.title,
    description: d.description,
    location: d.location,
    meetingUrl: d.meetingUrl,
    date: start ? start.slice(0, 10) : d.date,
    allDay: d.allDay,
    time: start && start.length > 10 ? start.slice(11, 16) : (d.time ?? ''),
    noDuration: !d.allDay && d.durationMinutes === null,
    duration: d.durationMinutes === null ? DEFAULT_DURATION : String(d.durationMinutes),
    type: d.type,
    classId: d.classId ?? '',
    courseId: d.courseId ?? '',
    groupId: d.groupId ?? '',
    repeat: d.repeat,
    count: d.count === null ? '' : String(d.count),
    until: d.until ?? '',
  };
};

/** Typed digits as a number; blank is null; anything else goes on as NaN so the schema refuses it. */
const numberOf = (s: string): number | null => (s.trim() === '' ? null : /^\d+$/.test(s.trim()) ? Number(s) : Number.NaN);
const idOf = (s: string) => (s === '' ? null : s);

/** The form state as the schema's input (`eventForm`): only the context id of the chosen type. */
export const stateToInput = (v: EventFormState): Record<string, unknown> => ({
  title: v.title,
  description: v.description,
  location: v.location,
  meetingUrl: v.meetingUrl,
  date: v.date,
  allDay: v.allDay,
  time: v.allDay ? null : idOf(v.time.trim()),
  durationMinutes: v.allDay || v.noDuration ? null : numberOf(v.duration),
  type: v.type === '' ? undefined : v.type,
  classId: v.type === 'class' ? idOf(v.classId) : null,
  courseId: v.type === 'course' ? idOf(v.courseId) : null,
  groupId: v.type === 'group' ? idOf(v.groupId) : null,
  repeat: v.repeat,
  count: v.repeat === 'weekly' ? numberOf(v.count) : null,
  until: v.repeat === 'never' ? null : idOf(v.until),
});

/** The schema's field names that the form shows under another field. */
const FIELD_OF: Record<string, string> = { durationMinutes: 'duration' };
export const formFieldOf = (path: string) => FIELD_OF[path] ?? path;

/** Client validation with the API's schema, translated; the errors sit under the form's fields. */
export const useEventValidate = () => {
  const { t } = useTranslation('validation');
  return useCallback(
    (values: EventFormState): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const [path, issue] of Object.entries(issuesOf(eventForm, stateToInput(values)))) {
        const field = formFieldOf(path);
        if (!(field in out)) out[field] = t(issue.key, issue.params ?? {});
      }
      return out;
    },
    [t],
  );
};
