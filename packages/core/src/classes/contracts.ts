import { z } from 'zod';
import { editVersion } from '../edit-version.ts';
import { queryBool, tableQueryWith } from '../admin/common.ts';
import { V, optionalText, requiredText, safeString, whenNumbers } from '../validation/rules.ts';

/**
 * Classes, `/api/classes` (issue 4). A class belongs to one school and has teachers (role 3),
 * assistant teachers (role 4), enrolled students (role 5), groups and, from the courses issue on,
 * courses. Every answer here is checked against the caller's relationship to the class:
 * teacher or assistant of it, enrolled student, parent of an enrolled child, or administrator of
 * its school. A class outside that relationship answers 404 (its existence is not revealed).
 */

export const CLASS_NAME_MAX = 120;
export const CLASS_SECTION_MAX = 60;
export const CLASS_GRADE_MAX = 40;
export const CLASS_TEACHERS_MAX = 10;
export const CLASS_YEAR_MIN = 2000;
export const CLASS_YEAR_MAX = 2100;

/**
 * Access codes: 7 characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a code read
 * out in class or copied from a phone is typed right. Compared case-insensitively, spaces and
 * dashes ignored.
 */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 7;
export const normalizeAccessCode = (s: string): string => s.replace(/[\s-]+/g, '').toUpperCase();
export const ACCESS_CODE_RE = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`);
/**
 * What a typed code must look like to be looked up: 7 letters and digits. Letters left out of the
 * alphabet (O, I, L, 0, 1) are allowed here, so a well-formed code no class uses ("WRONG12") is
 * told that no class uses it rather than that its shape is wrong.
 */
export const ACCESS_CODE_TYPED_RE = new RegExp(`^[A-Z0-9]{${ACCESS_CODE_LENGTH}}$`);

/** Grade levels offered by the class form (K-12). Free text is refused. */
export const GRADE_LEVELS = [
  'Kindergarten',
  'Grade 1',
  'Grade 2',
  'Grade 3',
  'Grade 4',
  'Grade 5',
  'Grade 6',
  'Grade 7',
  'Grade 8',
  'Grade 9',
  'Grade 10',
  'Grade 11',
  'Grade 12',
] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];

const year = z
  .number({ error: V.required })
  .int({ error: V.invalidChoice })
  .min(CLASS_YEAR_MIN, { error: V.invalidChoice })
  .max(CLASS_YEAR_MAX, { error: V.invalidChoice });

/**
 * Create and settings form. `teacherIds`: teachers and assistant teachers of the class's school
 * (a teacher creating a class is always kept in it; a school administrator must name at least one
 * teacher of role 3). `schoolId` is taken from the caller's school; it is not a form field.
 */
export const classForm = z
  .object({
    name: requiredText(CLASS_NAME_MAX, 2),
    gradeLevel: z.enum(GRADE_LEVELS, { error: V.required }),
    section: requiredText(CLASS_SECTION_MAX),
    schoolYearFrom: year,
    schoolYearTo: year,
    description: optionalText(500).default(''),
    teacherIds: z
      .array(z.uuid({ error: V.invalidChoice }))
      .max(CLASS_TEACHERS_MAX, { error: V.notGreaterThan })
      .default([]),
  })
  .superRefine(
    (v, ctx) => {
      if (v.schoolYearFrom >= v.schoolYearTo) ctx.addIssue({ code: 'custom', path: ['schoolYearTo'], message: V.schoolYearOrder });
    },
    whenNumbers('schoolYearFrom', 'schoolYearTo'),
  );
export type ClassForm = z.input<typeof classForm>;
export type ClassFormValues = z.output<typeof classForm>;
/** `PUT /api/classes/:id`: the settings form and the version it was loaded from. */
export const classUpdate = classForm.and(editVersion);

/** How the signed-in user relates to a class; drives which tabs and actions the SPA shows. */
export const CLASS_RELATIONS = ['teacher', 'assistant', 'student', 'parent', 'schoolAdmin'] as const;
export type ClassRelation = (typeof CLASS_RELATIONS)[number];

export const classTeacher = z.object({
  id: z.string(),
  name: z.string(),
  roleId: z.number(),
  photoUrl: z.string().nullable(),
});
export type ClassTeacher = z.infer<typeof classTeacher>;

/** A row of `GET /api/classes` (the class cards/list of `#/classes`). */
export const classRow = z.object({
  id: z.string(),
  name: z.string(),
  gradeLevel: z.string(),
  section: z.string(),
  schoolYearFrom: z.number(),
  schoolYearTo: z.number(),
  teachers: z.array(classTeacher),
  studentCount: z.number(),
  courseCount: z.number(),
  archived: z.boolean(),
  /** ACTIVE, or INACTIVE when archived: the status chip. */
  status: z.enum(['ACTIVE', 'INACTIVE']),
  relation: z.enum(CLASS_RELATIONS),
  updatedAt: z.string(),
});
export type ClassRow = z.infer<typeof classRow>;

/** Joining controls: only in answers to the class's teachers (role 3) and school administrators. */
export const classJoinInfo = z.object({
  accessCode: z.string(),
  codeEnabled: z.boolean(),
  /** The secret of the invitation link; the SPA builds `#/classes/join/{token}` from it. */
  inviteToken: z.string(),
  linkEnabled: z.boolean(),
});
export type ClassJoinInfo = z.infer<typeof classJoinInfo>;

/** `GET /api/classes/:id`. */
export const classDetails = classRow.extend({
  description: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  join: classJoinInfo.nullable(),
  /** What the caller may do here (the API enforces the same rules). */
  can: z.object({
    manage: z.boolean(),
    manageRoster: z.boolean(),
    manageGroups: z.boolean(),
    viewProgress: z.boolean(),
    viewStudentDetails: z.boolean(),
    resetStudentPasswords: z.boolean(),
    /** Grade submissions, activities and quiz essays (teachers and assistants of a class not archived). */
    grade: z.boolean(),
  }),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The edit version the settings form sends back (`classUpdate`). */
  version: z.number(),
});
export type ClassDetails = z.infer<typeof classDetails>;

export const CLASS_SORTS = ['name', 'gradeLevel', 'section', 'schoolYearFrom', 'studentCount', 'updatedAt'] as const;
/**
 * `GET /api/classes`: the signed-in user's classes. Extra fields: `archived` (default false: the
 * active ones), `childId` (parents: the child whose classes are listed; required when the parent
 * has several children, otherwise the only child).
 */
export const classTableQuery = tableQueryWith({
  archived: queryBool.optional(),
  childId: z.uuid().optional(),
});

/** `PATCH /api/classes/:id/archived`. */
export const classArchiveRequest = z.object({ archived: z.boolean({ error: V.required }) });

/** `PATCH /api/classes/:id/join`: switch the access code and/or the invitation link on or off. */
export const classJoinSwitchRequest = z
  .object({ codeEnabled: z.boolean().optional(), linkEnabled: z.boolean().optional() })
  .refine((v) => v.codeEnabled !== undefined || v.linkEnabled !== undefined, { error: V.required });

/** `POST /api/classes/:id/join/regenerate`: replace the code or the link; the old one stops working. */
export const classJoinRegenerateRequest = z.object({ what: z.enum(['code', 'link'], { error: V.invalidChoice }) });

/** `POST /api/classes/join` (students): join with an access code. */
export const joinByCodeRequest = z.object({
  code: z
    .string({ error: V.required })
    .transform(normalizeAccessCode)
    .pipe(
      z
        .string()
        .min(1, { error: V.required })
        .max(ACCESS_CODE_LENGTH, { error: V.accessCode })
        .refine((s) => ACCESS_CODE_TYPED_RE.test(s), { error: V.accessCode }),
    ),
});
export type JoinByCodeRequest = z.input<typeof joinByCodeRequest>;

/** Answer of a successful join (code or link): the class to open and the translated message. */
export const joinAnswer = z.object({ classId: z.string(), className: z.string(), message: z.string() });
export type JoinAnswer = z.infer<typeof joinAnswer>;

/**
 * `GET /api/classes/invitations/:token` (any signed-in user): what the invitation link leads to,
 * so the page can show the class before the student confirms. Wrong, switched-off and replaced
 * links answer the JOIN_LINK_* errors; a class of another school answers JOIN_OTHER_SCHOOL.
 */
export const invitationInfo = z.object({
  className: z.string(),
  gradeLevel: z.string(),
  section: z.string(),
  schoolName: z.string(),
  teacherNames: z.array(z.string()),
  /** True when the caller is already enrolled (the page offers to open the class). */
  enrolled: z.boolean(),
  classId: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;
export const invitationParams = z.object({ token: z.string().min(8).max(100) });

// ---------------------------------------------------------------------------------------------
// Class list: students and teachers

/**
 * A student row of `GET /api/classes/:id/students`. For a parent only `id`, `name` and `photoUrl`
 * are filled (classmates' details stay private); the other fields are null. Students see the same
 * as parents, plus their own row's details.
 */
export const classStudentRow = z.object({
  id: z.string(),
  name: z.string(),
  /** `Last, First M.`: the sort key and what tables show. */
  sortName: z.string(),
  photoUrl: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  gradeLevel: z.string().nullable(),
  section: z.string().nullable(),
  active: z.boolean().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']).nullable(),
  groupNames: z.array(z.string()).nullable(),
  joinedAt: z.string().nullable(),
  joinedVia: z.enum(['code', 'link', 'teacher']).nullable(),
  lastAccessAt: z.string().nullable(),
});
export type ClassStudentRow = z.infer<typeof classStudentRow>;
export const CLASS_STUDENT_SORTS = ['sortName', 'username', 'joinedAt', 'lastAccessAt'] as const;
/** Filter key `groupId` (values: group ids) narrows to members of those groups. */
export const classStudentsQuery = tableQueryWith({});

/** `GET /api/classes/:id/teachers`: everyone who teaches the class (shown above the students). */
export const classTeachersAnswer = z.array(classTeacher.extend({ email: z.string().nullable() }));

/** `GET /api/classes/:id/students/candidates?search=`: students of the school not yet enrolled. */
export const studentCandidate = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  gradeLevel: z.string().nullable(),
  section: z.string().nullable(),
});
export type StudentCandidate = z.infer<typeof studentCandidate>;
export const candidatesQuery = z.object({ search: safeString().trim().max(100).default('') });
export const CANDIDATES_LIMIT = 20;

/** `POST /api/classes/:id/students`: add students of the class's school. */
export const CLASS_ADD_MAX = 100;
export const addStudentsRequest = z.object({
  studentIds: z
    .array(z.uuid({ error: V.invalidChoice }))
    .min(1, { error: V.required })
    .max(CLASS_ADD_MAX, { error: V.notGreaterThan }),
});
export const addStudentsAnswer = z.object({ added: z.number(), message: z.string() });

/** `GET /api/classes/:id/teacher-candidates`: teachers (3) and assistants (4) of the school. */
export const teacherCandidate = z.object({ id: z.string(), name: z.string(), roleId: z.number(), username: z.string() });

export const classStudentParams = z.object({ id: z.uuid(), studentId: z.uuid() });
export const classTeacherParams = z.object({ id: z.uuid(), teacherId: z.uuid() });
export const classGroupParams = z.object({ id: z.uuid(), groupId: z.uuid() });

/** `GET /api/classes/:id/students/:studentId` (teachers, assistants, school admins): the about tab. */
export const classStudentDetails = z.object({
  id: z.string(),
  name: z.string(),
  salutation: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  username: z.string(),
  email: z.string().nullable(),
  gradeLevel: z.string().nullable(),
  section: z.string().nullable(),
  photoUrl: z.string().nullable(),
  active: z.boolean(),
  joinedAt: z.string(),
  joinedVia: z.enum(['code', 'link', 'teacher']),
  lastAccessAt: z.string().nullable(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  parents: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), active: z.boolean() })),
});
export type ClassStudentDetails = z.infer<typeof classStudentDetails>;

/**
 * `POST /api/classes/:id/students/:studentId/password` (teachers of the class, role 3):
 * `generate` sets a new random password and answers it once; `email` sends a reset link to the
 * student's address (NO_EMAIL when there is none). Both end the student's sessions and are audited.
 */
export const studentPasswordRequest = z.object({ mode: z.enum(['generate', 'email'], { error: V.invalidChoice }) });
export const studentPasswordAnswer = z.object({ message: z.string(), password: z.string().nullable() });
export type StudentPasswordAnswer = z.infer<typeof studentPasswordAnswer>;

/** `GET /api/classes/:id/teachers/:teacherId`: the teacher page's about tab (any class member). */
export const classTeacherDetails = z.object({
  id: z.string(),
  name: z.string(),
  salutation: z.string().nullable(),
  roleId: z.number(),
  email: z.string().nullable(),
  photoUrl: z.string().nullable(),
  loads: z.array(z.object({ gradeLevel: z.string(), subject: z.string(), section: z.string() })),
  otherClasses: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ClassTeacherDetails = z.infer<typeof classTeacherDetails>;
