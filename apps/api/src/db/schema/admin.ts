import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/** A teacher's assigned load: grade, subject and section, in order. */
export const teacherLoads = pgTable(
  'teacher_loads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    position: smallint('position').notNull().default(0),
    gradeLevel: text('grade_level').notNull(),
    subject: text('subject').notNull(),
    section: text('section').notNull(),
  },
  (t) => [index('teacher_loads_user_idx').on(t.userId, t.position), index('teacher_loads_school_idx').on(t.schoolId)],
);

/** A stored rejected row of a bulk upload (translated when read). */
export interface StoredRowIssue {
  row: number;
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** One data row of an uploaded file, by template column. */
export type BulkInputRow = Record<string, string>;

/**
 * A bulk upload of users, processed in the background by any API node (claimed with FOR UPDATE
 * SKIP LOCKED, leased while running, resumed from `processed` after a crash).
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'checking', 'preview', 'confirmed', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    fileName: text('file_name').notNull(),
    /** The rows read from the file (header checked at upload); when the job ends only the rejected ones stay (their download). */
    input: jsonb('input').$type<BulkInputRow[]>().notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    rejected: jsonb('rejected')
      .$type<StoredRowIssue[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rejectedCount: integer('rejected_count').notNull().default(0),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('bulk_jobs_status_idx').on(t.status, t.createdAt), index('bulk_jobs_school_idx').on(t.schoolId, t.createdAt)],
);
