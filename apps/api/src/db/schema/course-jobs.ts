import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { users } from './users.ts';

/**
 * Course copy and delete jobs (durable background work): any API node claims a waiting job with
 * FOR UPDATE SKIP LOCKED under a lease (`lease_until`), woken by a NOTIFY on `klase_course_jobs`
 * and by a poll; a job whose node died is taken again once its lease runs out. A waiting job that
 * is retried after a transient error waits until `lease_until` too.
 */
export const courseJobs = pgTable(
  'course_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ['copy', 'delete'] }).notNull(),
    /** The course a copy creates, or the course being deleted (gone once a delete is done). */
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The course a copy reads (null once that course is deleted). */
    sourceCourseId: uuid('source_course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** A copy moves every date of the course (due, available, open and close) by this many days (issue 13). */
    shiftDays: integer('shift_days').notNull().default(0),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Claims so far (a node that died mid-job counts too); the job fails after the third. */
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('course_jobs_status_idx').on(t.status, t.createdAt), index('course_jobs_course_idx').on(t.courseId)],
);
