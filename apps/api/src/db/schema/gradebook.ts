import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editVersion, stamps } from '../columns.ts';
import { submissions } from './assessments.ts';
import { courseMaterials, courses } from './courses.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * The gradebook (issue 7, decision 0015). One gradebook per class course. Its setup (settings,
 * categories, items, scales, rubrics, grading periods, letters) is edited by the class's teachers;
 * grades of graded materials come from `submissions.grade` (counted once returned), manual items'
 * grades and every override / excused / hidden / locked flag live in `grade_grades`. Totals are
 * computed by the engine in @klase/core/gradebook and stored in `grade_totals`; any change to a
 * grade or the setup marks the course in `grade_recalc` (database triggers, migration 0009 `gradebook_triggers`) and the
 * next read or the background worker recomputes. `grade_history` keeps every grade change (written
 * by triggers, so no path can skip it).
 */

/** Per course: the options of the whole gradebook, its letters and the final grade settings. */
export const gradebookSettings = pgTable('gradebook_settings', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  /** visible: students and parents see their grades; hidden: the grade tab says grades are not released. */
  status: text('status', { enum: ['visible', 'hidden'] })
    .notNull()
    .default('visible'),
  displayType: text('display_type').notNull().default('real'),
  decimals: integer('decimals').notNull().default(2),
  hiddenPolicy: text('hidden_policy', { enum: ['hideTotals', 'showIncluding', 'showExcluding'] })
    .notNull()
    .default('hideTotals'),
  minMaxToUse: text('min_max_to_use', { enum: ['item', 'grade'] })
    .notNull()
    .default('item'),
  includeScales: boolean('include_scales').notNull().default(true),
  /** Letter boundaries ({letter, boundary}[]); null = the default letters. */
  letters: jsonb('letters').$type<{ letter: string; boundary: number }[] | null>(),
  /** How the final grade is reached: the course total over every item, or the grading periods' totals by their weights. */
  finalMode: text('final_mode', { enum: ['courseTotal', 'periods'] })
    .notNull()
    .default('courseTotal'),
  finalDisplayType: text('final_display_type').notNull().default('realPercentage'),
  finalDecimals: integer('final_decimals').notNull().default(2),
  ...stamps(),
  ...editVersion(),
});

/**
 * Scales: a standard scale belongs to the school (no course; every course of the school may use it);
 * a custom scale belongs to one course. `values` are the words, worst first (their grades are 1..k).
 */
export const gradeScales = pgTable(
  'grade_scales',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
    description: text('description').notNull().default(''),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [
    index('grade_scales_school_idx').on(t.schoolId),
    index('grade_scales_course_idx').on(t.courseId),
    uniqueIndex('grade_scales_course_name_idx')
      .on(t.courseId, sql`lower(${t.name})`)
      .where(sql`${t.courseId} is not null`),
    uniqueIndex('grade_scales_standard_name_idx')
      .on(t.schoolId, sql`lower(${t.name})`)
      .where(sql`${t.courseId} is null`),
  ],
);

/** Rubrics of a course: criteria with levels and points (`criteria`: RubricCriterion[] of @klase/core/gradebook/contracts). */
export const rubrics = pgTable(
  'rubrics',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<{ id: string; title: string; levels: { id: string; label: string; points: number }[] }[]>().notNull(),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [uniqueIndex('rubrics_course_name_idx').on(t.courseId, sql`lower(${t.name})`)],
);

/** Grading periods (quarters, terms) with their date range and their weight in the final grade. */
export const gradingPeriods = pgTable(
  'grading_periods',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    weight: numeric('weight', { precision: 10, scale: 5, mode: 'number' }).notNull().default(0),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [index('grading_periods_course_idx').on(t.courseId, t.startsOn), uniqueIndex('grading_periods_name_idx').on(t.courseId, sql`lower(${t.name})`)],
);

/**
 * Grade categories. The course's root category (`parent_id` null, one per course) holds the course
 * total's aggregation; teachers create the rest. `weight` is read by the parent's method (weighted
 * mean: the weight, default 1; Natural: the weight override in percent, null = automatic; mean
 * with extra credits: the extra-credit weight). `max_grade`: range of a non-Natural total (0..max).
 */
export const gradeCategories = pgTable(
  'grade_categories',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    idNumber: text('id_number'),
    aggregation: text('aggregation').notNull().default('natural'),
    excludeEmpty: boolean('exclude_empty').notNull().default(true),
    dropLowest: integer('drop_lowest').notNull().default(0),
    keepHighest: integer('keep_highest').notNull().default(0),
    includeOutcomes: boolean('include_outcomes').notNull().default(false),
    maxGrade: numeric('max_grade', { precision: 10, scale: 2, mode: 'number' }).notNull().default(100),
    weight: numeric('weight', { precision: 10, scale: 5, mode: 'number' }),
    extraCredit: boolean('extra_credit').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    hiddenUntil: timestamp('hidden_until', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    lockedAfter: timestamp('locked_after', { withTimezone: true }),
    gradePass: numeric('grade_pass', { precision: 10, scale: 2, mode: 'number' }),
    displayType: text('display_type'),
    decimals: integer('decimals'),
    position: integer('position').notNull().default(0),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [
    index('grade_categories_course_idx').on(t.courseId, t.position),
    uniqueIndex('grade_categories_root_idx')
      .on(t.courseId)
      .where(sql`${t.parentId} is null`),
    uniqueIndex('grade_categories_id_number_idx')
      .on(t.courseId, sql`lower(${t.idNumber})`)
      .where(sql`${t.idNumber} is not null`),
  ],
);

/**
 * Grade items: one per graded material (assignment, quiz, activity: `material_id`, created by
 * `syncMaterialItems`; its name and maximum are the material's) and the manual items teachers add
 * (`material_id` null: name and `max_grade` here). A material deleted with "keep its grades" leaves
 * a manual item behind (converted before the material goes; any other removal of the material takes
 * its item and grades with it). Deleting a category, scale or rubric in use is refused by the API
 * (and by the foreign keys, checked at the end of the statement so a course's cascade still works).
 */
export const gradeItems = pgTable(
  'grade_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => gradeCategories.id, { onDelete: 'no action' }),
    materialId: uuid('material_id').references(() => courseMaterials.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    idNumber: text('id_number'),
    gradeType: text('grade_type', { enum: ['value', 'scale', 'text'] })
      .notNull()
      .default('value'),
    maxGrade: numeric('max_grade', { precision: 10, scale: 2, mode: 'number' }).notNull().default(100),
    minGrade: numeric('min_grade', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    scaleId: uuid('scale_id').references(() => gradeScales.id, { onDelete: 'no action' }),
    rubricId: uuid('rubric_id').references(() => rubrics.id, { onDelete: 'no action' }),
    weight: numeric('weight', { precision: 10, scale: 5, mode: 'number' }),
    extraCredit: boolean('extra_credit').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    hiddenUntil: timestamp('hidden_until', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    lockedAfter: timestamp('locked_after', { withTimezone: true }),
    gradePass: numeric('grade_pass', { precision: 10, scale: 2, mode: 'number' }),
    displayType: text('display_type'),
    decimals: integer('decimals'),
    /** An explicit grading period; null = the period whose dates hold the item's date (due date, else creation). */
    gradingPeriodId: uuid('grading_period_id').references(() => gradingPeriods.id, { onDelete: 'set null' }),
    /** A manual item's date (materials use their due date). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [
    index('grade_items_course_idx').on(t.courseId, t.position),
    index('grade_items_category_idx').on(t.categoryId),
    uniqueIndex('grade_items_material_idx')
      .on(t.materialId)
      .where(sql`${t.materialId} is not null`),
    index('grade_items_scale_idx').on(t.scaleId),
    index('grade_items_rubric_idx').on(t.rubricId),
  ],
);

/**
 * A student's grade record in the gradebook: a manual item's grade, or an override of a material's
 * grade (`value` not null), and the flags. No row = the material's grade as is.
 */
export const gradeGrades = pgTable(
  'grade_grades',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => gradeItems.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    value: numeric('value', { precision: 10, scale: 2, mode: 'number' }),
    excused: boolean('excused').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.studentId] }), index('grade_grades_course_student_idx').on(t.courseId, t.studentId)],
);

/**
 * Every change of a grade (who, when, old, new), written by database triggers on `grade_grades`
 * (source gradebook) and `submissions` (source the assignment, quiz or activity). `field`: grade
 * (a material's grade or a manual item's value), override, excused, hidden, locked.
 */
export const gradeHistory = pgTable(
  'grade_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courseId: uuid('course_id').notNull(),
    itemId: uuid('item_id'),
    materialId: uuid('material_id'),
    studentId: uuid('student_id').notNull(),
    field: text('field').notNull(),
    source: text('source', { enum: ['gradebook', 'submission'] }).notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: uuid('changed_by'),
    // The moment of the write itself (`clock_timestamp()`), not of its transaction's start (`now()`):
    // a write that waited on the cell's lock is stamped after the one it waited for.
    changedAt: timestamp('changed_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('grade_history_item_idx').on(t.itemId, t.studentId, t.changedAt),
    index('grade_history_material_idx').on(t.materialId, t.studentId, t.changedAt),
    index('grade_history_course_idx').on(t.courseId, t.changedAt),
  ],
);

/**
 * Stored totals (the server's authority): per course and student, `key` = `cat:<categoryId>` (the
 * root category's is the course total), `period:<periodId>` (the course total over a period's
 * items) or `final`. Value in points of the total's per-student range.
 */
export const gradeTotals = pgTable(
  'grade_totals',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: numeric('value', { precision: 14, scale: 5, mode: 'number' }),
    min: numeric('min', { precision: 14, scale: 5, mode: 'number' }).notNull(),
    max: numeric('max', { precision: 14, scale: 5, mode: 'number' }).notNull(),
    percent: numeric('percent', { precision: 14, scale: 5, mode: 'number' }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.studentId, t.key] })],
);

/** Courses whose stored totals are out of date (set by triggers; cleared by the recompute). */
export const gradeRecalc = pgTable('grade_recalc', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The rubric levels chosen when grading a submission with its item's rubric (the sum is the grade). */
export const submissionRubricScores = pgTable(
  'submission_rubric_scores',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    rubricId: uuid('rubric_id')
      .notNull()
      .references(() => rubrics.id, { onDelete: 'cascade' }),
    /** criterionId → levelId */
    selections: jsonb('selections').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [index('submission_rubric_scores_rubric_idx').on(t.rubricId)],
);
