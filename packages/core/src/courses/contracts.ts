import { z } from 'zod';
import { editVersion } from '../edit-version.ts';
import { tableQueryWith } from '../admin/common.ts';
import { GRADE_LEVELS } from '../classes/contracts.ts';
import { MATERIAL_TYPES } from '../class-work/contracts.ts';
import { V, optionalText, requiredText } from '../validation/rules.ts';

/**
 * Courses, elements and materials (issue 5). A course belongs to a class (catalogue courses, a
 * later part of this issue, belong to none). Teachers of the class (role 3) manage its courses;
 * assistants (4) read them like teachers; enrolled students (5) and their parents (9) see published
 * items only, and only the elements assigned to them. Every id outside the caller's reach is 404.
 */

export const COURSE_NAME_MAX = 120;
export const COURSE_CODE_MAX = 30;
export const COURSE_CODE_RE = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;
export const COURSE_SUBJECT_MAX = 80;
export const COURSE_DESCRIPTION_MAX = 2000;

/** Create and edit a course (the image is uploaded separately: `PUT /api/courses/:courseId/image`). */
export const courseForm = z.object({
  name: requiredText(COURSE_NAME_MAX, 2),
  code: requiredText(COURSE_CODE_MAX)
    .transform((s) => s.toUpperCase())
    .refine((s) => COURSE_CODE_RE.test(s), { error: V.invalidChoice }),
  description: optionalText(COURSE_DESCRIPTION_MAX).default(''),
  gradeLevel: z.enum(GRADE_LEVELS, { error: V.required }),
  subject: requiredText(COURSE_SUBJECT_MAX),
  /** Sequential: each material unlocks when the previous one is finished. */
  sequential: z.boolean().default(true),
});
export type CourseForm = z.input<typeof courseForm>;
export type CourseFormValues = z.output<typeof courseForm>;
/** `PUT /api/courses/:courseId`: the course form and the version it was loaded from. */
export const courseUpdate = courseForm.and(editVersion);

/** The multipart field of `PUT /api/courses/:courseId/image` (one jpeg or png file under 2 MB). */
export const COURSE_IMAGE_FIELD = 'image';

/** Background state of a course: copying and deleting block clicks in lists (spec section 4). */
export const COURSE_JOB_STATES = ['copying', 'deleting', 'copyFailed'] as const;
export type CourseJobState = (typeof COURSE_JOB_STATES)[number];

/** A course in lists: a class's courses, My Courses (`GET /api/courses`). */
export const courseRow = z.object({
  id: z.string(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  gradeLevel: z.string().nullable(),
  subject: z.string().nullable(),
  published: z.boolean(),
  /** PUBLISHED / UNPUBLISHED: the status chip. */
  status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
  job: z.enum(COURSE_JOB_STATES).nullable(),
  sequential: z.boolean(),
  /** Shared with the other teachers of the school, who may copy it (`#/courses/available`). */
  shared: z.boolean(),
  /** Null without an image (the SPA shows a coloured placeholder). */
  imageUrl: z.string().nullable(),
  elementCount: z.number(),
  materialCount: z.number(),
  /** For students: share of their assigned materials completed (0..100); null for staff. */
  percent: z.number().nullable(),
  updatedAt: z.string(),
});
export type CourseRow = z.infer<typeof courseRow>;

export const MY_COURSE_STATUS = ['published', 'unpublished', 'copying', 'deleting'] as const;
export const COURSE_SORTS = ['name', 'code', 'className', 'updatedAt'] as const;
/**
 * `GET /api/courses` (My Courses): teachers and assistants: courses of the classes they teach;
 * students: published courses of their classes; parents: of `childId`. Filter key `status`
 * (MY_COURSE_STATUS); extra `classId`.
 */
export const myCoursesQuery = tableQueryWith({ classId: z.uuid().optional(), childId: z.uuid().optional() });

/** Element types and placement (spec section 3). */
export const ELEMENT_TYPES = ['basic', 'lesson'] as const;
export const PLACEMENTS = ['top', 'before', 'after', 'bottom'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const ASSIGN_MODES = ['everyone', 'students', 'groups'] as const;
export type AssignMode = (typeof ASSIGN_MODES)[number];
export const ELEMENT_NAME_MAX = 120;

export const assigneesField = z
  .object({
    mode: z.enum(ASSIGN_MODES, { error: V.required }),
    studentIds: z
      .array(z.uuid({ error: V.invalidChoice }))
      .max(500, { error: V.notGreaterThan })
      .default([]),
    groupIds: z
      .array(z.uuid({ error: V.invalidChoice }))
      .max(100, { error: V.notGreaterThan })
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'students' && v.studentIds.length === 0) ctx.addIssue({ code: 'custom', path: ['studentIds'], message: V.required });
    if (v.mode === 'groups' && v.groupIds.length === 0) ctx.addIssue({ code: 'custom', path: ['groupIds'], message: V.required });
  });
export type Assignees = z.input<typeof assigneesField>;

/**
 * Create an element: placement `before`/`after` needs `relativeTo`, an element of the same course
 * (another course's element → 400 `relativeTo: invalidChoice`). Duplicate names in a course:
 * ELEMENT_CREATE_EXISTS / ELEMENT_UPDATE_EXISTS.
 */
export const elementForm = z
  .object({
    name: requiredText(ELEMENT_NAME_MAX),
    type: z.enum(ELEMENT_TYPES, { error: V.required }),
    placement: z.enum(PLACEMENTS, { error: V.required }).default('bottom'),
    relativeTo: z.uuid({ error: V.invalidChoice }).nullable().default(null),
    assignees: assigneesField.default({ mode: 'everyone', studentIds: [], groupIds: [] }),
  })
  .superRefine((v, ctx) => {
    if ((v.placement === 'before' || v.placement === 'after') && !v.relativeTo) ctx.addIssue({ code: 'custom', path: ['relativeTo'], message: V.required });
  });
export type ElementForm = z.input<typeof elementForm>;
/** `PUT .../elements/:elementId`: the element form and the version it was loaded from. */
export const elementUpdate = elementForm.and(editVersion);

/** `PUT /api/courses/:courseId/elements/order`: every element id of the course, in the new order. */
export const elementOrderRequest = z.object({ elementIds: z.array(z.uuid()).min(1, { error: V.required }).max(500) });
/** `PUT /api/courses/:courseId/elements/:elementId/materials/order`: the element's material ids in order (a material may move in from another element of the course). */
export const materialOrderRequest = z.object({ materialIds: z.array(z.uuid()).max(1000) });

/** `PATCH .../published` of a course, element or material → `{ message }` (translated, spec). */
export const publishRequest = z.object({ published: z.boolean({ error: V.required }) });
/**
 * `PATCH .../published` of a course or an element (issue 13): `contents` with `published: true`
 * also publishes, in the same change, everything in it (a course's elements and materials, an
 * element's materials). The dialogs send it on by default.
 */
export const publishWithContentsRequest = publishRequest.extend({ contents: z.boolean({ error: V.invalidChoice }).optional() });

/** An element with its materials: the teacher's course view (`GET /api/courses/:courseId`). */
export const elementDetails = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ELEMENT_TYPES),
  position: z.number(),
  published: z.boolean(),
  status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
  /** The element form's edit version (`elementUpdate`). */
  version: z.number(),
  assignees: z.object({
    mode: z.enum(ASSIGN_MODES),
    students: z.array(z.object({ id: z.string(), name: z.string() })),
    groups: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  materials: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(MATERIAL_TYPES),
      position: z.number(),
      published: z.boolean(),
      status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
      dueAt: z.string().nullable(),
      availableFrom: z.string().nullable(),
    }),
  ),
});
export type ElementDetails = z.infer<typeof elementDetails>;

export const courseDetails = courseRow.extend({
  schoolId: z.string().nullable(),
  /** Catalogue courses (no class): their category; null for class courses. */
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  /** Staff: every element; students and parents: the published ones assigned to them. */
  elements: z.array(elementDetails),
  can: z.object({ manage: z.boolean(), viewStudentMode: z.boolean() }),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The course form's edit version (`courseUpdate`). */
  version: z.number(),
});
export type CourseDetails = z.infer<typeof courseDetails>;

export const courseParams = z.object({ courseId: z.uuid() });
export const elementParams = z.object({ courseId: z.uuid(), elementId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Copy and delete (background jobs in the database)

/**
 * `POST /api/courses/:courseId/copy` (teachers of the source course's class, role 3): copies the
 * course into one of the caller's classes. The new course appears at once, unpublished, with
 * `job: 'copying'` (lists show the copying badge and block clicks); a background job copies the
 * elements, materials (files by reference) and settings — never students' work — in one
 * transaction and clears `job`. A failed copy sets `job: 'copyFailed'` on the new course (lists
 * show "Copy unsuccessful, Please try again." with a remove action) and leaves nothing half-copied.
 * Name clashes in the target class get " (copy)", " (copy 2)", ... appended.
 */
/** How far a copy may move the course's dates (issue 13): ten years either way. */
export const COPY_SHIFT_MAX_DAYS = 3660;
/**
 * `POST /api/courses/:courseId/copy`: the class to copy into and, optionally, how many days every
 * date of the course moves (due dates, availability, assignment and quiz open/close): the gap
 * between the course's first date and the new start the teacher chose.
 */
export const courseCopyRequest = z.object({
  targetClassId: z.uuid({ error: V.required }),
  shiftDays: z
    .number({ error: V.invalidChoice })
    .int({ error: V.invalidChoice })
    .min(-COPY_SHIFT_MAX_DAYS, { error: V.invalidChoice })
    .max(COPY_SHIFT_MAX_DAYS, { error: V.invalidChoice })
    .optional(),
});
/** `GET /api/courses/:courseId/copy-dates`: the course's first date (the "old start" a copy's shift is counted from), null without dates. */
export const courseCopyDates = z.object({ firstDate: z.string().nullable() });
export type CourseCopyDates = z.infer<typeof courseCopyDates>;
export type CourseCopyRequest = z.infer<typeof courseCopyRequest>;
export const courseCopyAnswer = z.object({ courseId: z.string(), classId: z.string(), message: z.string() });
export type CourseCopyAnswer = z.infer<typeof courseCopyAnswer>;

/**
 * `DELETE /api/courses/:courseId` (role 3): marks the course `job: 'deleting'` at once (lists show
 * the deletion badge, block clicks and its menu) and a background job removes it with its
 * elements, materials, progress and files. Answers 202 `{ message }`. A `copyFailed` course is
 * removed the same way.
 */
export const COPY_TARGETS_PATH = '/api/courses/copy-targets';
/** `GET /api/courses/copy-targets`: the caller's classes a course can be copied into (role 3, not archived). */
export const copyTarget = z.object({ id: z.string(), name: z.string(), gradeLevel: z.string(), section: z.string() });
export type CopyTarget = z.infer<typeof copyTarget>;
