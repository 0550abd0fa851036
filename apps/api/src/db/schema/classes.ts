import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editVersion, stamps } from '../columns.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * A class of one school (issue 4). `accessCode` and `inviteToken` are unique across all schools;
 * replaced ones move to `classRetiredJoins` so an old code gets "replaced" instead of "wrong".
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    gradeLevel: text('grade_level').notNull(),
    section: text('section').notNull(),
    schoolYearFrom: integer('school_year_from').notNull(),
    schoolYearTo: integer('school_year_to').notNull(),
    description: text('description').notNull().default(''),
    accessCode: text('access_code').notNull().unique(),
    codeEnabled: boolean('code_enabled').notNull().default(true),
    inviteToken: text('invite_token').notNull().unique(),
    linkEnabled: boolean('link_enabled').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [index('classes_school_idx').on(t.schoolId, t.archivedAt)],
);

/** Access codes and invitation tokens that were replaced: never reused, answered as "replaced". */
export const classRetiredJoins = pgTable('class_retired_joins', {
  value: text('value').primaryKey(),
  kind: text('kind', { enum: ['code', 'link'] }).notNull(),
  classId: uuid('class_id')
    .notNull()
    .references(() => classes.id, { onDelete: 'cascade' }),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Teachers (role 3) and assistant teachers (role 4) of a class. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('class_teachers_user_idx').on(t.userId)],
);

/** Enrolled students. `lastAccessAt`: when the student last opened the class. */
export const classStudents = pgTable(
  'class_students',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedVia: text('joined_via', { enum: ['code', 'link', 'teacher'] }).notNull(),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index('class_students_student_idx').on(t.studentId)],
);

/** Manual and generated groups of a class; names are unique per class (case-insensitive). */
export const classGroups = pgTable(
  'class_groups',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['manual', 'generated'] }).notNull(),
    splitBy: text('split_by', { enum: ['groups', 'members'] }),
    splitSize: integer('split_size'),
    splitOrder: text('split_order', { enum: ['random', 'alphabetical'] }),
    ...stamps(),
  },
  (t) => [uniqueIndex('class_groups_name_idx').on(t.classId, sql`lower(${t.name})`)],
);

/** Group members; a student leaving the class leaves its groups (removed with the enrolment). */
export const classGroupMembers = pgTable(
  'class_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.studentId] }),
    index('class_group_members_student_idx').on(t.classId, t.studentId),
    foreignKey({
      name: 'class_group_members_enrolment_fk',
      columns: [t.classId, t.studentId],
      foreignColumns: [classStudents.classId, classStudents.studentId],
    }).onDelete('cascade'),
  ],
);
