import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stamps } from '../columns.ts';
import { classes } from './classes.ts';
import { courses } from './courses.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Announcements (issue 18): to a class, a course (`class_id` is then the course's class, so one
 * index serves both) or the whole school. Shown from `starts_at` until `ends_at` (null: until
 * deleted). `notified_at`: when its readers were notified (null: not yet; the worker picks up
 * the ones whose start has come). `body_html` is sanitized before it is stored.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['class', 'course', 'school'] }).notNull(),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    email: boolean('email').notNull().default(false),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [
    index('announcements_class_idx').on(t.classId, t.startsAt),
    index('announcements_school_idx').on(t.schoolId, t.audience, t.startsAt),
    index('announcements_author_idx').on(t.authorId, t.startsAt),
    index('announcements_course_idx').on(t.courseId),
    index('announcements_unnotified_idx')
      .on(t.startsAt)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/** Who opened which announcement (the dashboard's read state). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] }), index('announcement_reads_announcement_idx').on(t.announcementId)],
);
