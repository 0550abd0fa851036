import { z } from 'zod';
import { tableQueryWith } from '../admin/common.ts';
import { V, optionalText, requiredText } from '../validation/rules.ts';

/**
 * A class's groups, progress, materials and courses list (`modules/class-work` on the API,
 * `features/class-list` on the web). The same relationship rules as `contracts.ts` apply.
 */

// ---------------------------------------------------------------------------------------------
// Groups (teachers of the class, role 3)

export const GROUP_NAME_MAX = 80;
export const GROUP_MEMBERS_MAX = 500;
export const GROUP_SPLIT_MAX = 100;
export const GROUP_TYPES = ['manual', 'generated'] as const;
export const SPLIT_BY = ['groups', 'members'] as const;
export type SplitBy = (typeof SPLIT_BY)[number];
export const SPLIT_ORDER = ['random', 'alphabetical'] as const;
export type SplitOrder = (typeof SPLIT_ORDER)[number];

export const groupRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(GROUP_TYPES),
  memberCount: z.number(),
  /** For generated groups: how they were split (null for manual). */
  splitBy: z.enum(SPLIT_BY).nullable(),
  splitSize: z.number().nullable(),
  splitOrder: z.enum(SPLIT_ORDER).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupRow = z.infer<typeof groupRow>;
export const GROUP_SORTS = ['name', 'type', 'memberCount', 'createdAt'] as const;
/** Filter key `type` (manual, generated). */
export const groupTableQuery = tableQueryWith({});

export const groupMember = z.object({ id: z.string(), name: z.string(), sortName: z.string(), username: z.string(), photoUrl: z.string().nullable() });
export type GroupMember = z.infer<typeof groupMember>;
export const groupDetails = groupRow.extend({ members: z.array(groupMember), createdBy: z.string().nullable(), updatedBy: z.string().nullable() });
export type GroupDetails = z.infer<typeof groupDetails>;

/** Create and edit a manual group (also renames a generated one and changes its members). */
export const groupForm = z.object({
  name: requiredText(GROUP_NAME_MAX),
  description: optionalText(500).default(''),
  memberIds: z
    .array(z.uuid({ error: V.invalidChoice }))
    .max(GROUP_MEMBERS_MAX, { error: V.notGreaterThan })
    .default([]),
});
export type GroupForm = z.input<typeof groupForm>;

/**
 * `POST /api/classes/:id/groups/preview`: split the class's students. `by: 'groups'` makes
 * `size` groups; `by: 'members'` makes groups of at most `size` members. `size` must be greater
 * than zero; more groups than students is refused (`notGreaterThan` with the student count).
 */
export const groupSplitRequest = z.object({
  by: z.enum(SPLIT_BY, { error: V.required }),
  size: z.number({ error: V.required }).int({ error: V.invalidChoice }).gt(0, { error: V.greaterThanZero }).max(GROUP_SPLIT_MAX, { error: V.notGreaterThan }),
  order: z.enum(SPLIT_ORDER, { error: V.required }),
  /** Name prefix of the generated groups ("Group" → "Group 1", "Group 2", ...). */
  prefix: requiredText(GROUP_NAME_MAX - 4),
});
export type GroupSplitRequest = z.input<typeof groupSplitRequest>;

export const splitPreview = z.object({
  groups: z.array(z.object({ name: z.string(), members: z.array(groupMember) })),
  studentCount: z.number(),
});
export type SplitPreview = z.infer<typeof splitPreview>;

/**
 * `POST /api/classes/:id/groups/generated`: save a previewed split as it was shown. Every member
 * must be enrolled and appear once across the groups.
 */
export const saveGeneratedRequest = z.object({
  by: z.enum(SPLIT_BY, { error: V.required }),
  size: z.number().int().gt(0, { error: V.greaterThanZero }).max(GROUP_SPLIT_MAX, { error: V.notGreaterThan }),
  order: z.enum(SPLIT_ORDER, { error: V.required }),
  groups: z
    .array(z.object({ name: requiredText(GROUP_NAME_MAX), memberIds: z.array(z.uuid()).max(GROUP_MEMBERS_MAX) }))
    .min(1, { error: V.required })
    .max(GROUP_SPLIT_MAX, { error: V.notGreaterThan }),
});
export type SaveGeneratedRequest = z.input<typeof saveGeneratedRequest>;
export const saveGeneratedAnswer = z.object({ created: z.number(), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Progress and materials

/**
 * `GET /api/classes/:id/progress` (teachers, assistants, school admins): per student, the share
 * of assigned materials (published materials of published elements of the class's published
 * courses) completed, with the last class and material access.
 */
export const progressRow = z.object({
  studentId: z.string(),
  name: z.string(),
  sortName: z.string(),
  photoUrl: z.string().nullable(),
  assigned: z.number(),
  completed: z.number(),
  /** 0..100, rounded down, 0 when nothing is assigned. */
  percent: z.number(),
  lastClassAccessAt: z.string().nullable(),
  lastMaterialAccessAt: z.string().nullable(),
  timeSpentSeconds: z.number(),
});
export type ProgressRow = z.infer<typeof progressRow>;
export const PROGRESS_SORTS = ['sortName', 'percent', 'completed', 'lastClassAccessAt', 'lastMaterialAccessAt'] as const;
export const progressQuery = tableQueryWith({});

/** `GET /api/classes/:id/progress/:studentId`: one row per assigned material. */
export const progressDetailRow = z.object({
  materialId: z.string(),
  materialName: z.string(),
  materialType: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  elementName: z.string(),
  dueAt: z.string().nullable(),
  firstAccessAt: z.string().nullable(),
  lastAccessAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  timeSpentSeconds: z.number(),
  submissions: z.number(),
});
export type ProgressDetailRow = z.infer<typeof progressDetailRow>;
export const progressDetails = z.object({
  student: z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() }),
  summary: progressRow,
  materials: z.array(progressDetailRow),
});
export type ProgressDetails = z.infer<typeof progressDetails>;

/** Material types (the courses issue creates them). */
export const MATERIAL_TYPES = ['page', 'file', 'link', 'video', 'assignment', 'quiz', 'activity'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/**
 * `GET /api/classes/:id/materials`: every material of the class's courses. Students and parents
 * see published ones only. Filter key `type` (material types); extra `courseId`.
 */
export const classMaterialRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MATERIAL_TYPES),
  courseId: z.string(),
  courseName: z.string(),
  elementId: z.string(),
  elementName: z.string(),
  published: z.boolean(),
  status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
  dueAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ClassMaterialRow = z.infer<typeof classMaterialRow>;
export const CLASS_MATERIAL_SORTS = ['name', 'type', 'courseName', 'dueAt', 'updatedAt'] as const;
export const classMaterialsQuery = tableQueryWith({ courseId: z.uuid().optional() });

/**
 * `GET /api/classes/:id/courses`: the class's courses (the courses tab). Students and parents see
 * published ones only. The courses issue adds images, copy/delete states and the course pages.
 */
export const classCourseRow = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  gradeLevel: z.string().nullable(),
  subject: z.string().nullable(),
  published: z.boolean(),
  status: z.enum(['PUBLISHED', 'UNPUBLISHED']),
  elementCount: z.number(),
  materialCount: z.number(),
  updatedAt: z.string(),
});
export type ClassCourseRow = z.infer<typeof classCourseRow>;
export const classCoursesAnswer = z.array(classCourseRow);
