import { z } from 'zod';
import { editVersion } from '../edit-version.ts';
import { queryBool, tableQueryWith } from '../admin/common.ts';
import { MATERIAL_TYPES, type MaterialType } from '../class-work/contracts.ts';
import { ELEMENT_TYPES } from '../courses/contracts.ts';
import { V, optionalText, requiredText, urlField, safeString } from '../validation/rules.ts';

/**
 * Materials of a course element (issue 5): the material form per type, the material as the
 * editor and the viewer read it, the student's journey through a course and the teacher's list of
 * their materials. Same access rules as the course (see `courses/contracts.ts`).
 */

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
    maxPoints: z
      .number({ error: V.required })
      .int({ error: V.invalidChoice })
      .gt(0, { error: V.greaterThanZero })
      .max(1000, { error: V.notGreaterThan })
      .default(100),
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

export const materialParams = z.object({ materialId: z.uuid() });
