import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editVersion, stamps } from '../columns.ts';
import { classGroups, classes } from './classes.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Catalogue categories (rex admin, role 12): catalogue courses (no class, no school) are grouped
 * by them and published to every school.
 */
export const catalogueCategories = pgTable(
  'catalogue_categories',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...stamps(),
  },
  (t) => [uniqueIndex('catalogue_categories_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * The course tables class progress and class materials read (issue 4 creates them; the courses
 * issue adds images, assignees, copy/delete jobs and the forms). A catalogue course has no class
 * and no school.
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id').references(() => schools.id),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    gradeLevel: text('grade_level'),
    subject: text('subject'),
    published: boolean('published').notNull().default(false),
    sequential: boolean('sequential').notNull().default(true),
    imageKey: text('image_key'),
    imageMime: text('image_mime'),
    imageVersion: integer('image_version').notNull().default(0),
    /** Background work on the course (copy, delete); null when idle. */
    job: text('job', { enum: ['copying', 'deleting', 'copyFailed'] }),
    /** A catalogue course's category (catalogue courses only). */
    categoryId: uuid('category_id').references(() => catalogueCategories.id),
    /** A class course its teachers share with the other teachers of the school (they may copy it). */
    shared: boolean('shared').notNull().default(false),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [
    index('courses_class_idx').on(t.classId),
    index('courses_category_idx').on(t.categoryId),
    uniqueIndex('courses_catalogue_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.classId} is null`),
    uniqueIndex('courses_catalogue_code_idx')
      .on(sql`upper(${t.code})`)
      .where(sql`${t.classId} is null`),
    index('courses_school_idx').on(t.schoolId),
    uniqueIndex('courses_class_name_idx').on(t.classId, sql`lower(${t.name})`),
    uniqueIndex('courses_class_code_idx').on(t.classId, sql`upper(${t.code})`),
  ],
);

/** Course elements (sections): basic or lesson, ordered by `position`. */
export const courseElements = pgTable(
  'course_elements',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['basic', 'lesson'] })
      .notNull()
      .default('basic'),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    /** Who the element is for: everyone in the class, chosen students, or chosen groups. */
    assignMode: text('assign_mode', { enum: ['everyone', 'students', 'groups'] })
      .notNull()
      .default('everyone'),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [index('course_elements_course_idx').on(t.courseId, t.position), uniqueIndex('course_elements_name_idx').on(t.courseId, sql`lower(${t.name})`)],
);

/** The chosen students or groups of an element whose `assignMode` is not `everyone`. */
export const courseElementAssignees = pgTable(
  'course_element_assignees',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    elementId: uuid('element_id')
      .notNull()
      .references(() => courseElements.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [index('course_element_assignees_element_idx').on(t.elementId)],
);

/** Materials inside elements. */
export const courseMaterials = pgTable(
  'course_materials',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
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
    availableFrom: timestamp('available_from', { withTimezone: true }),
    /** Page: sanitized HTML. */
    contentHtml: text('content_html'),
    /** Link and video. */
    url: text('url'),
    description: text('description'),
    /** Assignment, quiz, activity: sanitized HTML instructions and the points. */
    instructions: text('instructions'),
    maxPoints: integer('max_points'),
    /** File: the stored file. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileMime: text('file_mime'),
    ...stamps(),
    ...editVersion(),
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

/**
 * A file streamed to storage before its material is saved (`POST /api/courses/:courseId/uploads`);
 * the material takes it over (`usedAt`). Unused uploads older than a day are removed.
 */
export const courseUploads = pgTable(
  'course_uploads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('course_uploads_course_idx').on(t.courseId)],
);
