import { z } from 'zod';
import { SALUTATIONS, SUFFIXES } from '../constants.ts';
import { ROLE, type RoleId } from '../roles.ts';
import {
  V,
  nameField,
  optionalEmailField,
  optionalNameField,
  optionalText,
  requiredText,
  usernameField,
  safeString,
  whenNumbers,
} from '../validation/rules.ts';
import { exportQueryWith, queryList, tableQueryWith } from './common.ts';

/** Users of schools, `/api/admin/users`. */

/** Roles an administrator creates in a school (one role per account). */
export const SCHOOL_USER_ROLES = [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.schoolAdmin] as const;
export type SchoolUserRole = (typeof SCHOOL_USER_ROLES)[number];
export const isSchoolUserRole = (n: number): n is SchoolUserRole => (SCHOOL_USER_ROLES as readonly number[]).includes(n);

/** Roles that must have an email address (the activation mail goes there); students may have none. */
export const EMAIL_REQUIRED_ROLES: readonly RoleId[] = [ROLE.teacher, ROLE.assistantTeacher, ROLE.parent, ROLE.schoolAdmin];
/** Roles that carry an employee number and an assigned load. */
export const STAFF_ROLES: readonly RoleId[] = [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin];
export const LOAD_ROLES: readonly RoleId[] = [ROLE.teacher, ROLE.assistantTeacher];

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** One row of a teacher's assigned load. */
export const teacherLoad = z.object({
  gradeLevel: requiredText(40),
  subject: requiredText(80),
  section: requiredText(60),
});
export type TeacherLoad = z.infer<typeof teacherLoad>;

/** `null`, `''` and missing all mean "none". */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(values, { error: V.invalidChoice }).nullable());

/**
 * The fields of a user, shared by the single create form, the edit form and every row of a bulk
 * upload (the same schema validates all three).
 */
const userShape = {
  roleId: z.number({ error: V.required }).refine(isSchoolUserRole, { error: V.invalidChoice }),
  username: usernameField,
  email: optionalEmailField.default(''),
  salutation: choice(SALUTATIONS).default(null),
  firstName: nameField(80),
  middleName: optionalNameField(80).default(''),
  lastName: nameField(80),
  suffix: choice(SUFFIXES).default(null),
  employeeNumber: optionalText(40).default(''),
  gradeLevel: optionalText(40).default(''),
  section: optionalText(60).default(''),
  /** Teachers (3, 4): the assigned load. Ignored for other roles. */
  loads: z.array(teacherLoad).max(50, { error: V.maxLength }).default([]),
};

type RoleFields = { roleId: number; email: string; employeeNumber: string; gradeLevel: string; section: string };

/** Missing or blank (the rules also run while other fields are still wrong, so values may be raw). */
const blank = (s: unknown): boolean => s === undefined || s === null || (typeof s === 'string' && s.trim() === '');

/** Role-specific requirements: email for staff and parents, employee number for staff, grade and section for students. */
export const roleRules = (v: RoleFields, ctx: z.RefinementCtx): void => {
  const req = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: V.required });
  if ((EMAIL_REQUIRED_ROLES as readonly number[]).includes(v.roleId) && blank(v.email)) req('email');
  if ((STAFF_ROLES as readonly number[]).includes(v.roleId) && blank(v.employeeNumber)) req('employeeNumber');
  if (v.roleId === ROLE.student) {
    if (blank(v.gradeLevel)) req('gradeLevel');
    if (blank(v.section)) req('section');
  }
};

/** Role rules run whenever the role is a number, so every problem of a form shows at once. */
const roleRulesWhen = whenNumbers('roleId');

/**
 * `POST /api/admin/users`. Platform administrators name the school (`schoolId`); a school
 * administrator's school is their own. Students may list parents and parents students (same
 * school). Duplicates: USERNAME_EXISTS, USER_EXISTS (email). The user is created inactive, without
 * a password, and gets the activation mail.
 */
export const createUserRequest = z
  .object({
    ...userShape,
    schoolId: z.uuid().optional(),
    parentIds: z.array(z.uuid()).max(20).default([]),
    studentIds: z.array(z.uuid()).max(50).default([]),
  })
  .superRefine(roleRules, roleRulesWhen);
export type CreateUserRequest = z.input<typeof createUserRequest>;
export type CreateUserValues = z.output<typeof createUserRequest>;

/** `PUT /api/admin/users/:id`. The role cannot change (VALIDATION on roleId); links have their own routes. */
export const updateUserRequest = z.object(userShape).superRefine(roleRules, roleRulesWhen);
export type UpdateUserRequest = z.input<typeof updateUserRequest>;
export type UpdateUserValues = z.output<typeof updateUserRequest>;

export const linkedUser = z.object({ id: z.string(), name: z.string(), username: z.string(), active: z.boolean() });
export type LinkedUser = z.infer<typeof linkedUser>;

export const userRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  roleId: z.number(),
  /** "Last, First Middle Suffix" is left to the page; this is "First Middle Last Suffix". */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  gradeLevel: z.string().nullable(),
  section: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  /** Whether the person has set a password through the activation link. */
  activated: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserRowDto = z.infer<typeof userRow>;

export const userDetails = userRow.extend({
  salutation: z.string().nullable(),
  middleName: z.string().nullable(),
  suffix: z.string().nullable(),
  customerId: z.string().nullable(),
  activatedAt: z.string().nullable(),
  loads: z.array(teacherLoad),
  /** For a student: linked parents. */
  parents: z.array(linkedUser),
  /** For a parent: linked students. */
  students: z.array(linkedUser),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type UserDetails = z.infer<typeof userDetails>;

/** `PATCH /api/admin/users/:id/status` → `{ message }`. Deactivating ends the user's sessions. */
export const userStatusRequest = z.object({
  status: z
    .string({ error: V.required })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(USER_STATUSES, { error: V.invalidChoice })),
});
export type UserStatusRequest = z.input<typeof userStatusRequest>;

/** Whether an account's sign-in is locked by failed attempts (admin user page), and how many failures in a row led there. */
export const signInLock = z.object({ lockedUntil: z.string().nullable(), failures: z.number().int() });
export type SignInLock = z.infer<typeof signInLock>;

/** `POST /api/admin/users/:id/links` (a parent and a student of the same school, either way round). */
export const linkRequest = z.object({ otherId: z.uuid({ error: V.required }) });
export type LinkRequest = z.infer<typeof linkRequest>;

/** Sortable columns. Filter keys: `role` (role ids) and `status` (ACTIVE, INACTIVE). */
export const USER_SORTS = [
  'name',
  'lastName',
  'firstName',
  'username',
  'email',
  'roleId',
  'schoolName',
  'gradeLevel',
  'section',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export const USER_FILTER_KEYS = ['role', 'status'] as const;

/** Extra fields that combine with `filter[...]`: `role` and `status` (comma lists), `schoolId`. */
const userExtras = {
  role: queryList().optional(),
  status: queryList().optional(),
  schoolId: z.uuid().optional(),
};
export const userTableQuery = tableQueryWith(userExtras);
/** `GET /api/admin/users/export?format=csv|xlsx&...table query`. */
export const userExportQuery = exportQueryWith(userExtras);

/** `GET /api/admin/users/options?role=9&schoolId=...&search=...` (at most 20, for link pickers). */
export const userOptionsQuery = z.object({
  role: z.coerce.number().int().optional(),
  schoolId: z.uuid().optional(),
  search: safeString().max(100).default(''),
});

/** The parts of a full name in order ("Juan Santos Dela Cruz Jr."); blank parts are left out. The API's SQL builds it from this list too. */
export const FULL_NAME_PARTS = ['firstName', 'middleName', 'lastName', 'suffix'] as const;

export const fullName = (u: { firstName: string; middleName?: string | null; lastName: string; suffix?: string | null }): string =>
  FULL_NAME_PARTS.map((part) => u[part])
    .filter((p): p is string => !!p && p.trim() !== '')
    .join(' ');
