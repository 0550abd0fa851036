import { z } from 'zod';
import { editVersion } from '../edit-version.ts';
import { queryBool, tableQueryWith } from '../admin/common.ts';
import { GRADE_LEVELS } from '../classes/contracts.ts';
import { MATERIAL_TYPES, type MaterialType } from '../classes/class-work.ts';
import { V, optionalText, requiredText, urlField, safeString } from '../validation/rules.ts';

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
    studentIds: z.array(z.uuid({ error: V.invalidChoice })).max(500, { error: V.notGreaterThan }).default([]),
    groupIds: z.array(z.uuid({ error: V.invalidChoice })).max(100, { error: V.notGreaterThan }).default([]),
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

// ---------------------------------------------------------------------------------------------
// Materials

export const MATERIAL_NAME_MAX = 160;
export const PAGE_HTML_MAX = 200_000;
export const INSTRUCTIONS_MAX = 20_000;
/** What finishes a material in the journey (spec: viewed, submitted, attempted, graded). */
export const COMPLETION_RULE: Record<MaterialType, 'viewed' | 'submitted' | 'attempted' | 'graded'> = {
  page: 'viewed',
  file: 'viewed',
  link: 'viewed',
  video: 'viewed',
  assignment: 'submitted',
  quiz: 'attempted',
  activity: 'graded',
};
export const GRADED_TYPES = ['assignment', 'quiz', 'activity'] as const satisfies readonly MaterialType[];
export type GradedType = (typeof GRADED_TYPES)[number];
/** Graded material types: the ones that get a grade item in the gradebook (both apps ask this). */
export const isGradedType = (type: string): type is GradedType => (GRADED_TYPES as readonly string[]).includes(type);

const isoDateTime = z.iso.datetime({ offset: true, error: V.invalidChoice });

const common = {
  name: requiredText(MATERIAL_NAME_MAX),
  /** Not shown to students before this time ("not yet available" on the journey map). */
  availableFrom: isoDateTime.nullable().default(null),
};

/**
 * Create/edit a material; `type` picks the fields. Rich text (`contentHtml`, `instructions`) is
 * sanitized on the server (allow-list: headings, paragraphs, lists, links, emphasis, code, tables,
 * images by https URL). A file material names an upload made first with
 * `POST /api/courses/:courseId/uploads` (streamed, any type, 900 MB at most).
 */
const gradedMaterial = <T extends (typeof GRADED_TYPES)[number]>(type: T) =>
  z.object({
    type: z.literal(type),
    ...common,
    instructions: safeString().max(INSTRUCTIONS_MAX, { error: V.maxLength }).default(''),
    dueAt: isoDateTime.nullable().default(null),
    maxPoints: z.number({ error: V.required }).int({ error: V.invalidChoice }).gt(0, { error: V.greaterThanZero }).max(1000, { error: V.notGreaterThan }).default(100),
  });

export const materialForm = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page'), ...common, contentHtml: safeString().max(PAGE_HTML_MAX, { error: V.maxLength }).default('') }),
  z.object({ type: z.literal('file'), ...common, uploadId: z.uuid({ error: V.required }), description: optionalText(2000).default('') }),
  z.object({ type: z.literal('link'), ...common, url: urlField.refine((s) => s !== '', { error: V.required }), description: optionalText(2000).default('') }),
  z.object({ type: z.literal('video'), ...common, url: urlField.refine((s) => s !== '', { error: V.required }), description: optionalText(2000).default('') }),
  gradedMaterial('assignment'),
  gradedMaterial('quiz'),
  gradedMaterial('activity'),
]);
export type MaterialForm = z.input<typeof materialForm>;
/** `PUT /api/materials/:materialId`: the material form and the version it was loaded from. */
export const materialUpdate = materialForm.and(editVersion);

export const uploadAnswer = z.object({ uploadId: z.string(), fileName: z.string(), size: z.number(), mime: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/** A material as the teacher's editor and the student viewer read it (`GET /api/materials/:materialId`). */
export const materialDetails = z.object({
  id: z.string(),
  courseId: z.string(),
  classId: z.string().nullable(),
  elementId: z.string(),
  elementName: z.string(),
  type: z.enum(MATERIAL_TYPES),
  name: z.string(),
  published: z.boolean(),
  status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
  position: z.number(),
  availableFrom: z.string().nullable(),
  contentHtml: z.string().nullable(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  dueAt: z.string().nullable(),
  maxPoints: z.number().nullable(),
  /** `uploadId` (staff only) is sent back unchanged by the edit form to keep the file. */
  file: z.object({ name: z.string(), size: z.number(), mime: z.string(), downloadUrl: z.string(), uploadId: z.string().optional() }).nullable(),
  /** For students: completed when; null otherwise. */
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The material form's edit version (`materialUpdate`). */
  version: z.number(),
});
export type MaterialDetails = z.infer<typeof materialDetails>;

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

// ---------------------------------------------------------------------------------------------
// The journey

export const STOP_STATES = ['done', 'current', 'open', 'locked', 'unavailable'] as const;
export type StopState = (typeof STOP_STATES)[number];

/**
 * `GET /api/courses/:courseId/journey`: the path of the course for the signed-in student (or, for
 * a teacher with `?as=student`, for a student with no progress: "student mode"). Stops are the
 * published, assigned materials in element then material order. In a sequential course a stop is
 * `locked` while an earlier one is not done; `current` is the first stop not done; `open` is a
 * reachable stop after it in a free-order course; `unavailable` has `availableFrom` in the future.
 */
export const journey = z.object({
  courseId: z.string(),
  sequential: z.boolean(),
  elements: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(ELEMENT_TYPES),
      stops: z.array(
        z.object({
          materialId: z.string(),
          name: z.string(),
          type: z.enum(MATERIAL_TYPES),
          state: z.enum(STOP_STATES),
          dueAt: z.string().nullable(),
          availableFrom: z.string().nullable(),
          completedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  completed: z.number(),
  total: z.number(),
  percent: z.number(),
  currentMaterialId: z.string().nullable(),
});
export type Journey = z.infer<typeof journey>;
/** Staff: `as=student` (required); parents: `childId`, an enrolled child of theirs (required); students: neither. */
export const journeyQuery = z.object({ as: z.enum(['student']).optional(), childId: z.uuid().optional() });

/**
 * `POST /api/materials/:materialId/view` (students): records the visit (first/last access, time
 * since the previous visit capped at 30 minutes) and, for viewable types (page, file, link,
 * video), completes the material. A locked material answers 403 MATERIAL_LOCKED ("Sorry you need to
 * finish previous course material"), also through `GET /api/materials/:materialId`.
 */
export const viewAnswer = z.object({ completedAt: z.string().nullable(), journey });

/** `GET /api/materials` (#/materials): the signed-in teacher's materials across their courses. */
export const myMaterialRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MATERIAL_TYPES),
  courseId: z.string(),
  courseName: z.string(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
  /** The element holding the material: a row opens the material in its element page. */
  elementId: z.string().optional(),
  elementName: z.string(),
  published: z.boolean(),
  status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
  dueAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type MyMaterialRow = z.infer<typeof myMaterialRow>;
export const MY_MATERIAL_SORTS = ['name', 'type', 'courseName', 'className', 'dueAt', 'updatedAt'] as const;
/** Filter key `type` (MATERIAL_TYPES); extra `courseId`, `published`. */
export const myMaterialsQuery = tableQueryWith({ courseId: z.uuid().optional(), published: queryBool.optional() });

export const courseParams = z.object({ courseId: z.uuid() });
export const elementParams = z.object({ courseId: z.uuid(), elementId: z.uuid() });
export const materialParams = z.object({ materialId: z.uuid() });

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
