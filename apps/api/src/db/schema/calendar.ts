import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stamps } from '../columns.ts';
import { classGroups, classes } from './classes.ts';
import { courses } from './courses.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Calendar events (issue 17). Dates and times are the school's wall-clock time (`schools.time_zone`):
 * `start_date` a date, `start_time` `HH:mm` (null: all-day). A repeating event keeps its RFC 5545
 * rule in `rrule` (the RRULE value, without DTSTART: the start is `start_date`/`start_time`).
 * `class_id` is the class of class, course and group events (for a course or group event: the
 * course's or group's class, so who sees and edits it is one join); `owner_id` the user of a user event.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    type: text('type', { enum: ['school', 'class', 'course', 'group', 'user'] }).notNull(),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    meetingUrl: text('meeting_url').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    allDay: boolean('all_day').notNull().default(false),
    durationMinutes: integer('duration_minutes'),
    repeat: text('repeat', { enum: ['never', 'daily', 'weekdays', 'monthly', 'weekly'] })
      .notNull()
      .default('never'),
    rrule: text('rrule'),
    count: integer('count'),
    until: date('until', { mode: 'string' }),
    ...stamps(),
  },
  (t) => [
    index('calendar_events_school_idx').on(t.schoolId, t.type),
    index('calendar_events_class_idx').on(t.classId),
    index('calendar_events_owner_idx').on(t.ownerId),
  ],
);

/**
 * One changed or deleted occurrence of a series (RECURRENCE-ID / EXDATE). `occurrence`: the
 * original start as a wall-clock key (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`). A deleted one has
 * `deleted` and no fields; a changed one carries every field of the occurrence as it is now.
 */
export const calendarEventExceptions = pgTable(
  'calendar_event_exceptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    occurrence: text('occurrence').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    date: date('date', { mode: 'string' }),
    time: text('time'),
    allDay: boolean('all_day'),
    durationMinutes: integer('duration_minutes'),
    title: text('title'),
    description: text('description'),
    location: text('location'),
    meetingUrl: text('meeting_url'),
    ...stamps(),
  },
  (t) => [uniqueIndex('calendar_event_exceptions_key_idx').on(t.eventId, t.occurrence), index('calendar_event_exceptions_date_idx').on(t.date)],
);

/** A user's private iCalendar subscription: only the SHA-256 of the secret token is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
