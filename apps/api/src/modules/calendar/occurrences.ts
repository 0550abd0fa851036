import { workState } from '@klase/core/assignments/contracts';
import type { CalendarOccurrence } from '@klase/core/calendar/contracts';
import type { DueCandidate } from '../dashboard/dashboard.service.ts';
import type { EventRecord, ExceptionRecord, VisibleEvent } from './calendar.repo.ts';
import { isOccurrence, occurrenceKeys, type SeriesShape } from './recurrence.ts';
import { floating, keyOf, wallClockOf } from './zone.ts';

/** Series and due dates turned into the occurrences of a range (pure; the services load the rows). */

export const shapeOf = (e: EventRecord): SeriesShape => ({
  date: e.startDate,
  time: e.startTime,
  allDay: e.allDay,
  repeat: e.repeat,
  count: e.count,
  until: e.until,
});

/** The fields of an exception that changes nothing (a deleted occurrence's). */
export const NO_OVERRIDE = {
  date: null,
  time: null,
  allDay: null,
  durationMinutes: null,
  title: null,
  description: null,
  location: null,
  meetingUrl: null,
} as const;

/** Where one occurrence is and what it says: the series' fields, or an edited exception's. */
interface Placed {
  date: string;
  time: string | null;
  allDay: boolean;
  durationMinutes: number | null;
  title: string;
  description: string;
  location: string;
  meetingUrl: string;
}

const placedOfSeries = (e: EventRecord, key: string): Placed => ({
  date: key.slice(0, 10),
  time: e.allDay ? null : e.startTime,
  allDay: e.allDay,
  durationMinutes: e.durationMinutes,
  title: e.title,
  description: e.description,
  location: e.location,
  meetingUrl: e.meetingUrl,
});

const placedOfException = (e: EventRecord, x: ExceptionRecord): Placed => ({
  date: x.date ?? x.occurrence.slice(0, 10),
  time: x.allDay ? null : (x.time ?? e.startTime),
  allDay: x.allDay ?? e.allDay,
  durationMinutes: x.allDay ? null : x.durationMinutes,
  title: x.title ?? e.title,
  description: x.description ?? e.description,
  location: x.location ?? e.location,
  meetingUrl: x.meetingUrl ?? e.meetingUrl,
});

/** `start` and `end` of a placed occurrence (all-day: dates, `end` = `start`; without duration: no end). */
export const startEnd = (p: Placed): { start: string; end: string | null } => {
  if (p.allDay) return { start: p.date, end: p.date };
  const start = floating(p.date, p.time);
  const end = p.durationMinutes === null ? null : keyOf(new Date(start.getTime() + p.durationMinutes * 60_000), false);
  return { start: keyOf(start, false), end };
};

const eventItem = (v: VisibleEvent, key: string, p: Placed, exception: boolean, canEdit: boolean): CalendarOccurrence => ({
  kind: 'event',
  id: v.event.id,
  occurrence: key,
  title: p.title,
  description: p.description,
  location: p.location,
  meetingUrl: p.meetingUrl,
  ...startEnd(p),
  allDay: p.allDay,
  type: v.event.type,
  repeat: v.event.repeat,
  exception,
  context: {
    classId: v.event.classId,
    className: v.className,
    courseId: v.event.courseId,
    courseName: v.courseName,
    groupId: v.event.groupId,
    groupName: v.groupName,
  },
  canEdit,
  due: null,
});

const inRange = (date: string, from: string, to: string) => date >= from && date <= to;

/**
 * The occurrences of one series starting on a day in [from, to]: its own starts less deleted
 * ones, edited ones where they are now (also when moved in from outside the range).
 */
export const seriesOccurrences = (v: VisibleEvent, exceptions: ExceptionRecord[], from: string, to: string, canEdit: boolean): CalendarOccurrence[] => {
  const shape = shapeOf(v.event);
  const byKey = new Map(exceptions.map((x) => [x.occurrence, x]));
  const items: CalendarOccurrence[] = [];
  const keys = occurrenceKeys(shape, from, to);
  for (const key of keys) {
    const x = byKey.get(key);
    if (!x) items.push(eventItem(v, key, placedOfSeries(v.event, key), false, canEdit));
    else if (!x.deleted && inRange(placedOfException(v.event, x).date, from, to)) items.push(eventItem(v, key, placedOfException(v.event, x), true, canEdit));
  }
  const listed = new Set(keys);
  for (const x of exceptions) {
    if (x.deleted || listed.has(x.occurrence)) continue;
    const p = placedOfException(v.event, x);
    if (inRange(p.date, from, to) && isOccurrence(shape, x.occurrence)) items.push(eventItem(v, x.occurrence, p, true, canEdit));
  }
  return items;
};

/** A material's hash route (the class's course element with the material open). */
export const materialLink = (r: Pick<DueCandidate, 'classId' | 'courseId' | 'elementId' | 'materialId'>): string =>
  `/classes/${r.classId}/courses/${r.courseId}/element/${r.elementId}?material=${r.materialId}`;

/** A due date as an occurrence: at its due time in the school's zone, linked to the material. */
export const dueItem = (r: DueCandidate, timeZone: string, now: Date): CalendarOccurrence | null => {
  if (!r.dueAt) return null;
  const start = wallClockOf(r.dueAt, timeZone);
  const state = workState(r.work, r.dueAt, now);
  return {
    kind: 'due',
    id: r.materialId,
    occurrence: start,
    title: r.name,
    description: '',
    location: '',
    meetingUrl: '',
    start,
    end: null,
    allDay: false,
    type: null,
    repeat: 'never',
    exception: false,
    context: { classId: r.classId, className: r.className, courseId: r.courseId, courseName: r.courseName, groupId: null, groupName: null },
    canEdit: false,
    due: { materialType: r.type, state, overdue: state === 'missing', link: materialLink(r) },
  };
};

/** By start, then title. */
export const byStart = (a: CalendarOccurrence, b: CalendarOccurrence): number =>
  a.start.localeCompare(b.start) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
