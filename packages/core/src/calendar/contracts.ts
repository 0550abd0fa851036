import { z } from 'zod';
import { V, optionalText, requiredText, urlField } from '../validation/rules.ts';
import { MATERIAL_TYPES } from '../class-work/contracts.ts';
import { WORK_STATES } from '../assignments/contracts.ts';

/**
 * Calendar (issue 17). Page `#/calendar` (day, week, month and year views, an upcoming list, an
 * overdue list, show/hide per event type); the dashboard's "Upcoming events" box reads
 * `GET /api/calendar/upcoming`.
 *
 * Time: every date and time of an event is the school's wall-clock time in the school's time zone
 * (`schools.time_zone`, IANA name, default `Asia/Manila`, set on the school form). The API answers
 * wall-clock strings (`YYYY-MM-DDTHH:mm` for timed, `YYYY-MM-DD` for all-day) plus `timeZone`; a
 * client shows them as they are (never converts them to the device's zone). Instants (due dates,
 * `createdAt`) stored as timestamps are turned into the school's wall-clock time by the server.
 *
 * Recurrence is stored as an RFC 5545 RRULE (the `rrule` package expands it on the server for the
 * asked range, in the school's time zone). Repeat options (spec section 4):
 * - `never`;
 * - `daily` ("Everyday"): FREQ=DAILY;
 * - `weekdays` ("Every weekdays"): FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;
 * - `monthly` ("Every month") on the start's day of the month; a day after the 28th falls on the
 *   last day of shorter months (FREQ=MONTHLY;BYMONTHDAY=28,…,N;BYSETPOS=-1), so "every 31st" is
 *   every month-end and "every 29th" is 28 February in a common year;
 * - `weekly` ("Weekly") on the start's weekday, with a count of events (1–500) or an until date.
 * `until` (a date, inclusive, not before the start date) ends any repeating series; without it
 * `daily`, `weekdays` and `monthly` repeat for ever. `count` is only for `weekly` (others: field
 * error), and `weekly` needs `count` or `until`.
 *
 * Series edits: `scope: 'this'` on an occurrence (named by `occurrence`, its original start as a
 * wall-clock string, `CalendarOccurrence.occurrence`) stores an exception (RECURRENCE-ID) or, for a
 * delete, an EXDATE; `scope: 'all'` changes the series and keeps every exception (a moved or edited
 * single occurrence stays as it was; a deleted one stays deleted). On a non-repeating event `scope`
 * is ignored.
 *
 * Who creates what (else 403 `FORBIDDEN` on the type, or a 400 field error on `classId`/`courseId`/
 * `groupId` the user does not teach, and 404 for another school's ids):
 * - `user`: everyone signed in with a school, for themselves;
 * - `class`, `course`, `group`: teachers and assistant teachers of that class (a course of the
 *   class, a group of the class);
 * - `school`: school administrators of that school.
 * Editing and deleting: the creator, a teacher of the event's class (class, course and group
 * events), a school administrator for school events. `CalendarOccurrence.canEdit` says so.
 *
 * Who sees what (`GET /api/calendar/events`): a student: their school's events, the events of their
 * active classes, of those classes' published courses, of their groups, and their own; teachers and
 * assistant teachers: school events, events of the classes they teach (with their courses and
 * groups), their own; school administrators: school events and their own; a parent with
 * `childId` (a child of theirs, else 404): what that child sees (not the child's `user` events),
 * without: their own and their school's. Due dates come in as `kind: 'due'` for students (and
 * parents of a child): published, assigned, graded materials (assignments, quizzes, activities)
 * with a due date; `overdue` when past due and not done; they link to the material.
 */

export const CALENDAR_PATH = '/api/calendar';
export const EVENT_TITLE_MAX = 255;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 255;
export const WEEKLY_COUNT_MAX = 500;
/** Longest timed event: 7 days. */
export const EVENT_DURATION_MAX_MINUTES = 7 * 24 * 60;
/** Widest range one `GET /api/calendar/events` may ask (a year view: 366 days + a week each side). */
export const CALENDAR_RANGE_MAX_DAYS = 380;
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

export const EVENT_TYPES = ['school', 'class', 'course', 'group', 'user'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const REPEATS = ['never', 'daily', 'weekdays', 'monthly', 'weekly'] as const;
export type Repeat = (typeof REPEATS)[number];
export const EDIT_SCOPES = ['this', 'all'] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];

const dateRe = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const timeRe = /^([01]\d|2[0-3]):[0-5]\d$/;
const realDate = (s: string): boolean => {
  if (!dateRe.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** A calendar date `YYYY-MM-DD` that exists (no 30 February). */
export const calendarDate = z.string({ error: V.required }).refine(realDate, { error: V.invalidChoice });
/** A wall-clock time `HH:mm`. */
export const wallTime = z.string({ error: V.required }).regex(timeRe, { error: V.invalidChoice });
/** A wall-clock start of an occurrence: `YYYY-MM-DD` (all-day) or `YYYY-MM-DDTHH:mm`. */
export const occurrenceKey = z
  .string({ error: V.required })
  .max(16)
  .refine((s) => realDate(s.slice(0, 10)) && (s.length === 10 || (s[10] === 'T' && timeRe.test(s.slice(11)))), { error: V.invalidChoice });

/** An IANA time zone name the runtime knows (`Intl`), e.g. `Asia/Manila`. Else field error `timeZone`. */
export const isTimeZone = (s: string): boolean => {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(s) || s.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: s });
    return true;
  } catch {
    return false;
  }
};
export const timeZoneField = z.string({ error: V.required }).trim().refine(isTimeZone, { error: V.timeZone });

/**
 * `POST /api/calendar/events` and the body of `PATCH /api/calendar/events/:id` (with `scope` and
 * `occurrence`). Field errors: `until` before `date` → `until: notBeforeStart`; `count` 0 or over
 * 500 → `count: greaterThanZero` / `notGreaterThan`; `allDay` with a `time` or a duration →
 * `time: allDayNoTime`; a timed event without `time` → `time: required`; `count` on a repeat other
 * than weekly → `count: invalidChoice`; weekly without count or until → `count: required`; the
 * context id missing for its type → `classId`/`courseId`/`groupId: required`. Ids for other types
 * are ignored (stored null).
 */
export const eventForm = z
  .object({
    title: requiredText(EVENT_TITLE_MAX),
    description: optionalText(EVENT_DESCRIPTION_MAX).default(''),
    location: optionalText(EVENT_LOCATION_MAX).default(''),
    /** An online meeting link (http/https), shown as a link. */
    meetingUrl: urlField.default(''),
    date: calendarDate,
    allDay: z.boolean().default(false),
    /** Start time, wall-clock; null for an all-day event. */
    time: wallTime.nullable().default(null),
    /** Minutes; null: "without duration" (a point in time). Not for all-day events. */
    durationMinutes: z
      .number({ error: V.number })
      .int({ error: V.invalidChoice })
      .gt(0, { error: V.greaterThanZero })
      .max(EVENT_DURATION_MAX_MINUTES, { error: V.notGreaterThan })
      .nullable()
      .default(null),
    type: z.enum(EVENT_TYPES, { error: V.invalidChoice }),
    classId: z.uuid({ error: V.required }).nullable().default(null),
    courseId: z.uuid({ error: V.required }).nullable().default(null),
    groupId: z.uuid({ error: V.required }).nullable().default(null),
    repeat: z.enum(REPEATS, { error: V.invalidChoice }).default('never'),
    count: z
      .number({ error: V.number })
      .int({ error: V.invalidChoice })
      .gt(0, { error: V.greaterThanZero })
      .max(WEEKLY_COUNT_MAX, { error: V.notGreaterThan })
      .nullable()
      .default(null),
    until: calendarDate.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.allDay && (v.time !== null || v.durationMinutes !== null)) at('time', V.allDayNoTime);
    if (!v.allDay && v.time === null) at('time', V.required);
    if (v.until !== null && v.until < v.date) at('until', V.notBeforeStart);
    if (v.count !== null && v.repeat !== 'weekly') at('count', V.invalidChoice);
    if (v.repeat === 'weekly' && v.count === null && v.until === null) at('count', V.required);
    if (v.type === 'class' && v.classId === null) at('classId', V.required);
    if (v.type === 'course' && v.courseId === null) at('courseId', V.required);
    if (v.type === 'group' && v.groupId === null) at('groupId', V.required);
  });
export type EventForm = z.input<typeof eventForm>;
export type EventFormValues = z.output<typeof eventForm>;

/** `PATCH /api/calendar/events/:id`: the whole form plus which part of a series it changes. */
export const eventUpdate = z.object({
  event: eventForm,
  scope: z.enum(EDIT_SCOPES, { error: V.invalidChoice }).default('all'),
  /** Required with `scope: 'this'` on a repeating event (else field error `occurrence: required`). */
  occurrence: occurrenceKey.nullable().default(null),
});
export type EventUpdate = z.input<typeof eventUpdate>;

/** `DELETE /api/calendar/events/:id?scope=this|all&occurrence=` → 204. */
export const eventDeleteQuery = z.object({
  scope: z.enum(EDIT_SCOPES, { error: V.invalidChoice }).default('all'),
  occurrence: occurrenceKey.optional(),
});

/** `GET /api/calendar/events/:id` → the stored event (for the edit form): the form values plus ids. */
export const eventDetails = z.object({
  id: z.string(),
  form: z.object({
    title: z.string(),
    description: z.string(),
    location: z.string(),
    meetingUrl: z.string(),
    date: z.string(),
    allDay: z.boolean(),
    time: z.string().nullable(),
    durationMinutes: z.number().nullable(),
    type: z.enum(EVENT_TYPES),
    classId: z.string().nullable(),
    courseId: z.string().nullable(),
    groupId: z.string().nullable(),
    repeat: z.enum(REPEATS),
    count: z.number().nullable(),
    until: z.string().nullable(),
  }),
  canEdit: z.boolean(),
  timeZone: z.string(),
});
export type EventDetails = z.infer<typeof eventDetails>;

export const eventContext = z.object({
  classId: z.string().nullable(),
  className: z.string().nullable(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
});

/**
 * One occurrence in a range. `kind: 'event'`: `id` is the event (series) id, `occurrence` its
 * original start (wall-clock; pass it back for "this event only"), `start`/`end` where it is now
 * (an edited exception may have moved). `end` null: without duration. All-day: `start` and `end`
 * are dates (`end` = `start`). `kind: 'due'`: `id` is the material id, `start` the due time, `end`
 * null, `due` set, `link` the material's hash route
 * (`/classes/{classId}/courses/{courseId}/element/{elementId}?material={materialId}`).
 */
export const calendarOccurrence = z.object({
  kind: z.enum(['event', 'due']),
  id: z.string(),
  occurrence: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  meetingUrl: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  allDay: z.boolean(),
  /** `due` items: the material's context type is shown instead (class work). */
  type: z.enum(EVENT_TYPES).nullable(),
  repeat: z.enum(REPEATS),
  /** Part of a series that was edited on its own ("this event only"). */
  exception: z.boolean(),
  context: eventContext,
  canEdit: z.boolean(),
  due: z.object({ materialType: z.enum(MATERIAL_TYPES), state: z.enum(WORK_STATES), overdue: z.boolean(), link: z.string() }).nullable(),
});
export type CalendarOccurrence = z.infer<typeof calendarOccurrence>;

/**
 * `GET /api/calendar/events?from=YYYY-MM-DD&to=YYYY-MM-DD&childId=`: every occurrence starting
 * on a day in [from, to] (inclusive, school wall-clock days), sorted by start then title. `to`
 * before `from` → field error `to: notBeforeStart`; a wider range than `CALENDAR_RANGE_MAX_DAYS`
 * → `to: notGreaterThan`.
 */
export const calendarRangeQuery = z.object({ from: calendarDate, to: calendarDate, childId: z.uuid().optional() }).superRefine((v, ctx) => {
  if (!realDate(v.from) || !realDate(v.to)) return;
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: V.notBeforeStart });
  else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > CALENDAR_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: V.notGreaterThan });
  }
});
export const calendarRange = z.object({ items: z.array(calendarOccurrence), timeZone: z.string() });
export type CalendarRange = z.infer<typeof calendarRange>;

/**
 * `GET /api/calendar/upcoming?childId=&days=&limit=`: events and due dates from now through the
 * next `days` (default 14), soonest first, at most `limit` (default 10); the dashboard box and the
 * calendar's upcoming list. `GET /api/calendar/overdue?childId=`: due items past due and not
 * done (students and parents of a child; others an empty list), oldest first.
 */
export const upcomingQuery = z.object({
  childId: z.uuid().optional(),
  days: z.coerce.number().int().min(1).max(60).default(14),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const overdueQuery = z.object({ childId: z.uuid().optional() });

/**
 * `GET /api/calendar/options` → what the signed-in user may create: the types, and for class,
 * course and group events the classes they teach with those classes' courses and groups.
 */
export const calendarOptions = z.object({
  types: z.array(z.enum(EVENT_TYPES)),
  classes: z.array(z.object({ id: z.string(), name: z.string() })),
  courses: z.array(z.object({ id: z.string(), name: z.string(), classId: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string(), classId: z.string() })),
  timeZone: z.string(),
});
export type CalendarOptions = z.infer<typeof calendarOptions>;

/**
 * The private iCalendar subscription. `GET /api/calendar/feed` → `{ url }` (null when none);
 * `POST /api/calendar/feed` makes a new secret URL (any old one stops working) → `{ url }`;
 * `DELETE /api/calendar/feed` revokes it → 204. The URL is absolute and ends in `.ics`:
 * `GET /api/calendar/ical/<token>.ics` — no session, read-only, valid RFC 5545 (VTIMEZONE of the
 * school's zone, series as RRULE with EXDATE and RECURRENCE-ID exceptions, due dates as events),
 * covering what the owner sees (a parent's feed: their own and each child's events and due dates).
 * An unknown or revoked token → 404.
 */
export const calendarFeed = z.object({ url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeed>;
