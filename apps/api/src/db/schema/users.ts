import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stamps } from '../columns.ts';
import { customers, schools } from './tenancy.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null for platform roles (admin, rex admin, lsg). */
    schoolId: uuid('school_id').references(() => schools.id),
    customerId: uuid('customer_id').references(() => customers.id),
    /** Always lower-case. */
    username: text('username').notNull().unique(),
    /** Always lower-case. */
    email: text('email').unique(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash'),
    roleId: smallint('role_id').notNull(),
    salutation: text('salutation'),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    suffix: text('suffix'),
    employeeNumber: text('employee_number'),
    gradeLevel: text('grade_level'),
    section: text('section'),
    active: boolean('active').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    language: text('language').notNull().default('en-us'),
    theme: text('theme').notNull().default('light'),
    welcomeDismissedAt: timestamp('welcome_dismissed_at', { withTimezone: true }),
    photoKey: text('photo_key'),
    photoMime: text('photo_mime'),
    photoVersion: integer('photo_version').notNull().default(0),
    /** Last signed-in request (issue 21), written at most once per `LAST_ACCESS_WRITE_EVERY_S`. */
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    /** The guided tour (issue 21): `new`, `active` (at `tourStep`), `skipped`, `finished`. */
    tourStatus: text('tour_status', { enum: ['new', 'active', 'skipped', 'finished'] })
      .notNull()
      .default('new'),
    tourStep: integer('tour_step').notNull().default(0),
    ...stamps(),
  },
  (t) => [index('users_school_idx').on(t.schoolId), index('users_customer_idx').on(t.customerId)],
);

export const parentStudents = pgTable(
  'parent_students',
  {
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.studentId] }), index('parent_students_student_idx').on(t.studentId)],
);
