import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stamps } from '../columns.ts';
import { classes } from './classes.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * The course tables class progress and class materials read (issue 4 creates them; the courses
 * issue adds images, assignees, copy/delete jobs and the forms). A catalogue course has no class
 * and no school.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id').references(() => schools.id),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    gradeLevel: text('grade_level'),
    subject: text('subject'),
    published: boolean('published').notNull().default(false),
    sequential: boolean('sequential').notNull().default(true),
    ...stamps(),
  },
  (t) => [index('courses_class_idx').on(t.classId), index('courses_school_idx').on(t.schoolId)],
);

/** Course elements (sections): basic or lesson, ordered by `position`. */
export const courseElements = pgTable(
  'course_elements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['basic', 'lesson'] }).notNull().default('basic'),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    ...stamps(),
  },
  (t) => [index('course_elements_course_idx').on(t.courseId, t.position)],
);

/** Materials inside elements. */
export const courseMaterials = pgTable(
  'course_materials',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    elementId: uuid('element_id')
      .notNull()
      .references(() => courseElements.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['page', 'file', 'link', 'video', 'assignment', 'quiz', 'activity'] }).notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [index('course_materials_course_idx').on(t.courseId, t.position), index('course_materials_element_idx').on(t.elementId, t.position)],
);

/** A student's access to and completion of a material: feeds class progress and reports. */
export const materialProgress = pgTable(
  'material_progress',
  {
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstAccessAt: timestamp('first_access_at', { withTimezone: true }).notNull().defaultNow(),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    timeSpentSeconds: integer('time_spent_seconds').notNull().default(0),
    submissions: integer('submissions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.studentId] }), index('material_progress_student_idx').on(t.studentId)],
);
