import type { CalendarOptions, EventDetails, EventFormValues, EventType } from '@klase/core/calendar/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import {
  classInSchool,
  courseInSchool,
  deleteEvent,
  deleteExceptions,
  exceptionsOf,
  findEvent,
  groupInSchool,
  insertEvent,
  moveExceptionKeys,
  saveException,
  schoolTimeZone,
  sees,
  taughtClassIds,
  teachingOptions,
  updateEvent,
  type EventRecord,
  type EventValues,
} from './calendar.repo.ts';
import { NO_OVERRIDE, shapeOf } from './occurrences.ts';
import { isOccurrence, ruleText, shiftedKey, type SeriesShape } from './recurrence.ts';
import { editorOf, readingOf, schoolOf } from './views.service.ts';

/** Creating, changing and deleting events (issue 17); the rules are in `@klase/core/calendar/contracts`. */

const STAFF: readonly number[] = [ROLE.teacher, ROLE.assistantTeacher];

const fieldError = (path: string, key: string): DomainError => new DomainError('VALIDATION', { fields: [{ path, key }] });

/** Where an event of the form's type belongs, checked against what the user may do. */
interface Placement {
  type: EventType;
  classId: string | null;
  courseId: string | null;
  groupId: string | null;
  ownerId: string | null;
}

/** The class a class, course or group event is in, if the user teaches it (another school's ids: 404). */
const taughtContext = async (db: Db, user: UserRow, f: EventFormValues): Promise<Placement> => {
  const taught = new Set(await taughtClassIds(db, user.id));
  const check = (found: { schoolId: string | null; classId: string | null } | null, path: string): string => {
    if (!found || found.schoolId !== user.schoolId) throw new DomainError('NOT_FOUND');
    if (!found.classId || !taught.has(found.classId)) throw fieldError(path, 'invalidChoice');
    return found.classId;
  };
  const none = { courseId: null, groupId: null, ownerId: null };
  if (f.type === 'class') {
    const c = await classInSchool(db, f.classId ?? '');
    return { ...none, type: 'class', classId: check(c && { schoolId: c.schoolId, classId: c.id }, 'classId') };
  }
  if (f.type === 'course') {
    const classId = check(await courseInSchool(db, f.courseId ?? ''), 'courseId');
    return { ...none, type: 'course', classId, courseId: f.courseId };
  }
  const classId = check(await groupInSchool(db, f.groupId ?? ''), 'groupId');
  return { ...none, type: 'group', classId, groupId: f.groupId };
};

const placementOf = async (db: Db, user: UserRow, f: EventFormValues): Promise<Placement> => {
  const none = { classId: null, courseId: null, groupId: null, ownerId: null };
  if (f.type === 'user') return { ...none, type: 'user', ownerId: user.id };
  if (f.type === 'school') {
    if (user.roleId !== ROLE.schoolAdmin) throw new DomainError('FORBIDDEN');
    return { ...none, type: 'school' };
  }
  if (!STAFF.includes(user.roleId)) throw new DomainError('FORBIDDEN');
  return taughtContext(db, user, f);
};

const formShape = (f: EventFormValues): SeriesShape => ({
  date: f.date,
  time: f.allDay ? null : f.time,
  allDay: f.allDay,
  repeat: f.repeat,
  count: f.repeat === 'weekly' ? f.count : null,
  until: f.repeat === 'never' ? null : f.until,
});

/** The stored columns of the form's fields (the demo seed writes its events with it too). */
export const seriesValues = (f: EventFormValues) => {
  const shape = formShape(f);
  return {
    title: f.title,
    description: f.description,
    location: f.location,
    meetingUrl: f.meetingUrl,
    startDate: shape.date,
    startTime: shape.time,
    allDay: shape.allDay,
    durationMinutes: f.allDay ? null : f.durationMinutes,
    repeat: shape.repeat,
    rrule: ruleText(shape),
    count: shape.count,
    until: shape.until,
  } satisfies Partial<EventValues>;
};

const detailsOf = (e: EventRecord, canEdit: boolean, timeZone: string): EventDetails => ({
  id: e.id,
  form: {
    title: e.title,
    description: e.description,
    location: e.location,
    meetingUrl: e.meetingUrl,
    date: e.startDate,
    allDay: e.allDay,
    time: e.startTime,
    durationMinutes: e.durationMinutes,
    type: e.type,
    classId: e.classId,
    courseId: e.courseId,
    groupId: e.groupId,
    repeat: e.repeat,
    count: e.count,
    until: e.until,
  },
  canEdit,
  timeZone,
});

/** `POST /api/calendar/events` → the stored event. */
export const createEvent = async (ctx: Ctx, user: UserRow, f: EventFormValues): Promise<EventDetails> => {
  const schoolId = schoolOf(user);
  const placement = await placementOf(ctx.db, user, f);
  const row = await insertEvent(ctx.db, { ...seriesValues(f), ...placement, schoolId, createdBy: user.id, updatedBy: user.id });
  return detailsOf(row, true, await schoolTimeZone(ctx.db, schoolId));
};

/** The event, if the user sees it (else 404); with whether they may change it. */
const loadEvent = async (ctx: Ctx, user: UserRow, id: string): Promise<{ event: EventRecord; canEdit: boolean }> => {
  const event = await findEvent(ctx.db, id);
  if (!event || event.schoolId !== user.schoolId) throw new DomainError('NOT_FOUND');
  const canEdit = (await editorOf(ctx, user))(event);
  if (!canEdit && !(await sees(ctx.db, (await readingOf(ctx, user, undefined, true)).viewer, id))) throw new DomainError('NOT_FOUND');
  return { event, canEdit };
};

/** `GET /api/calendar/events/:id`. */
export const eventDetails = async (ctx: Ctx, user: UserRow, id: string): Promise<EventDetails> => {
  const { event, canEdit } = await loadEvent(ctx, user, id);
  return detailsOf(event, canEdit, await schoolTimeZone(ctx.db, event.schoolId));
};

const editable = async (ctx: Ctx, user: UserRow, id: string): Promise<EventRecord> => {
  const { event, canEdit } = await loadEvent(ctx, user, id);
  if (!canEdit) throw new DomainError('FORBIDDEN');
  return event;
};

/** The occurrence a "this event only" change names (required, and one of the series' starts). */
const occurrenceOf = (event: EventRecord, occurrence: string | null | undefined): string => {
  if (!occurrence) throw fieldError('occurrence', 'required');
  if (!isOccurrence(shapeOf(event), occurrence)) throw fieldError('occurrence', 'invalidChoice');
  return occurrence;
};

/** An "all events" change: the series anew; its exceptions follow the moved start (dropped when it no longer repeats). */
const updateSeries = async (db: Db, user: UserRow, event: EventRecord, f: EventFormValues): Promise<void> => {
  const placement = await placementOf(db, user, f);
  const values = seriesValues(f);
  await updateEvent(db, event.id, { ...values, ...placement, updatedBy: user.id, updatedAt: new Date() });
  if (values.repeat === 'never') return deleteExceptions(db, event.id);
  const before = shapeOf(event);
  const after = formShape(f);
  const moves = (await exceptionsOf(db, [event.id]))
    .map((x): [string, string] => [x.occurrence, shiftedKey(x.occurrence, before, after)])
    .filter(([a, b]) => a !== b);
  if (moves.length) await moveExceptionKeys(db, event.id, moves);
};

/** `PATCH /api/calendar/events/:id`: the series (`all`, or any non-repeating event) or one occurrence (`this`). */
export const changeEvent = async (
  ctx: Ctx,
  user: UserRow,
  id: string,
  body: { event: EventFormValues; scope: 'this' | 'all'; occurrence: string | null },
): Promise<EventDetails> => {
  const event = await editable(ctx, user, id);
  const f = body.event;
  await ctx.db.transaction(async (tx) => {
    if (body.scope === 'all' || event.repeat === 'never') return updateSeries(tx, user, event, f);
    const occurrence = occurrenceOf(event, body.occurrence);
    await saveException(tx, {
      eventId: event.id,
      occurrence,
      deleted: false,
      date: f.date,
      time: f.allDay ? null : f.time,
      allDay: f.allDay,
      durationMinutes: f.allDay ? null : f.durationMinutes,
      title: f.title,
      description: f.description,
      location: f.location,
      meetingUrl: f.meetingUrl,
      createdBy: user.id,
      updatedBy: user.id,
    });
  });
  return eventDetails(ctx, user, id);
};

/** `DELETE /api/calendar/events/:id`: the series (or a non-repeating event), or one occurrence (an EXDATE). */
export const removeEvent = async (ctx: Ctx, user: UserRow, id: string, q: { scope: 'this' | 'all'; occurrence?: string }): Promise<void> => {
  const event = await editable(ctx, user, id);
  if (q.scope === 'all' || event.repeat === 'never') return deleteEvent(ctx.db, event.id);
  const occurrence = occurrenceOf(event, q.occurrence);
  await saveException(ctx.db, {
    eventId: event.id,
    occurrence,
    deleted: true,
    ...NO_OVERRIDE,
    createdBy: user.id,
    updatedBy: user.id,
  });
};

/** `GET /api/calendar/options`: the types the user may create and, for teachers, where. */
export const calendarOptions = async (ctx: Ctx, user: UserRow): Promise<CalendarOptions> => {
  const schoolId = schoolOf(user);
  const timeZone = await schoolTimeZone(ctx.db, schoolId);
  if (STAFF.includes(user.roleId)) return { types: ['class', 'course', 'group', 'user'], ...(await teachingOptions(ctx.db, user.id)), timeZone };
  const types: EventType[] = user.roleId === ROLE.schoolAdmin ? ['school', 'user'] : ['user'];
  return { types, classes: [], courses: [], groups: [], timeZone };
};
