import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ComponentWeights, DescriptorBounds, SubjectGroup, TransmutationRow } from '@klase/core/deped/contracts';
import { editVersion, stamps } from '../columns.ts';
import { classes } from './classes.ts';
import { courses } from './courses.ts';
import { gradeCategories } from './gradebook.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * DepEd K to 12 grading and report cards (issue 19, `@klase/core/deped/contracts`). A school without
 * a row in `school_grading_policies` is on the custom (Moodle-style) policy.
 */

/** The school's grading policy: kind, quarters, presets per subject group, transmutation table, descriptor bounds. */
export const schoolGradingPolicies = pgTable('school_grading_policies', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['custom', 'deped'] })
    .notNull()
    .default('custom'),
  schoolYearFrom: integer('school_year_from').notNull(),
  /** Four `{quarter, startsOn, endsOn}` in order. */
  quarters: jsonb('quarters').$type<{ quarter: 1 | 2 | 3 | 4; startsOn: string; endsOn: string }[]>().notNull(),
  presets: jsonb('presets').$type<Record<SubjectGroup, ComponentWeights>>().notNull(),
  transmutation: jsonb('transmutation').$type<TransmutationRow[]>().notNull(),
  descriptors: jsonb('descriptors').$type<DescriptorBounds>().notNull(),
  ...stamps(),
  ...editVersion(),
});

/** A class course that is a DepEd learning area: its subject group, MAPEH part, and its three component categories. */
export const courseDeped = pgTable('course_deped', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  subjectGroup: text('subject_group').$type<SubjectGroup>().notNull(),
  mapehPart: text('mapeh_part', { enum: ['music', 'arts', 'pe', 'health'] }),
  wwCategoryId: uuid('ww_category_id').references(() => gradeCategories.id, { onDelete: 'set null' }),
  ptCategoryId: uuid('pt_category_id').references(() => gradeCategories.id, { onDelete: 'set null' }),
  qaCategoryId: uuid('qa_category_id').references(() => gradeCategories.id, { onDelete: 'set null' }),
  ...stamps(),
});

/** Learner fields for DepEd forms (students): LRN unique per school, sex, birth date. */
export const learnerProfiles = pgTable(
  'learner_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    lrn: text('lrn'),
    sex: text('sex', { enum: ['male', 'female'] }),
    birthDate: date('birth_date', { mode: 'string' }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('learner_profiles_lrn_idx')
      .on(t.schoolId, t.lrn)
      .where(sql`${t.lrn} is not null`),
  ],
);

/** The adviser of a section (a class): one teacher of the class. */
export const classAdvisers = pgTable('class_advisers', {
  classId: uuid('class_id')
    .primaryKey()
    .references(() => classes.id, { onDelete: 'cascade' }),
  teacherId: uuid('teacher_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...stamps(),
});

/** School days per month of a class (`month`: YYYY-MM). */
export const attendanceMonths = pgTable(
  'attendance_months',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    schoolDays: smallint('school_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.month] })],
);

/** Days present per learner and month. */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    daysPresent: smallint('days_present').notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId, t.month] })],
);

/** Observed values: a mark (AO, SO, RO, NO) per learner, quarter and behaviour statement. */
export const observedValues = pgTable(
  'observed_values',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quarter: smallint('quarter').notNull(),
    statement: text('statement').notNull(),
    mark: text('mark', { enum: ['AO', 'SO', 'RO', 'NO'] }).notNull(),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId, t.quarter, t.statement] })],
);

/** A section's report cards as one PDF, built in the background (progress `done` of `total`); the file in storage under `fileKey`. */
export const reportCardJobs = pgTable(
  'report_card_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    quarter: smallint('quarter').notNull(),
    paper: text('paper', { enum: ['a4', 'folio'] }).notNull(),
    lang: text('lang').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    fileKey: text('file_key'),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('report_card_jobs_state_idx').on(t.state, t.createdAt), index('report_card_jobs_class_idx').on(t.classId, t.createdAt)],
);
