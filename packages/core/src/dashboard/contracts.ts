import { z } from 'zod';
import { MATERIAL_TYPES } from '../class-work/contracts.ts';
import { WORK_STATES } from '../assignments/contracts.ts';

/**
 * The dashboard's work lists (issue 6). Every item links to its material
 * (`#/classes/{classId}/courses/{courseId}/element/{elementId}?material={materialId}`).
 */

/**
 * `GET /api/dashboard/due` (students; parents with `?childId=`): published, assigned, graded
 * materials (assignments, quizzes, activities) of the student's active classes that are overdue
 * (past due, not done) or due within the next `days` (default 14), overdue first, then by due date.
 */
export const dueItem = z.object({
  materialId: z.string(),
  name: z.string(),
  type: z.enum(MATERIAL_TYPES),
  courseId: z.string(),
  courseName: z.string(),
  classId: z.string(),
  className: z.string(),
  elementId: z.string(),
  dueAt: z.string(),
  state: z.enum(WORK_STATES),
  overdue: z.boolean(),
  maxPoints: z.number().nullable(),
});
export type DueItem = z.infer<typeof dueItem>;
export const dueQuery = z.object({ childId: z.uuid().optional(), days: z.coerce.number().int().min(1).max(60).default(14) });
export const dueAnswer = z.object({ items: z.array(dueItem), overdue: z.number(), upcoming: z.number() });
export type DueAnswer = z.infer<typeof dueAnswer>;

/**
 * `GET /api/dashboard/pending` (teachers): materials of their classes with work waiting to be
 * graded (submitted assignments not returned, quiz attempts with essays to grade), the oldest
 * waiting submission first, with counts.
 */
export const pendingItem = z.object({
  materialId: z.string(),
  name: z.string(),
  type: z.enum(MATERIAL_TYPES),
  courseId: z.string(),
  courseName: z.string(),
  classId: z.string(),
  className: z.string(),
  elementId: z.string(),
  toGrade: z.number(),
  submitted: z.number(),
  total: z.number(),
  oldestAt: z.string(),
});
export type PendingItem = z.infer<typeof pendingItem>;
export const pendingAnswer = z.object({ items: z.array(pendingItem), toGrade: z.number() });
export type PendingAnswer = z.infer<typeof pendingAnswer>;

/** `GET /api/dashboard/grades?childId=` (parents; students without childId): the latest returned grades. */
export const recentGrade = z.object({
  materialId: z.string(),
  name: z.string(),
  type: z.enum(MATERIAL_TYPES),
  courseId: z.string(),
  courseName: z.string(),
  classId: z.string(),
  elementId: z.string(),
  grade: z.number(),
  maxPoints: z.number(),
  returnedAt: z.string(),
});
export type RecentGrade = z.infer<typeof recentGrade>;
export const gradesQuery = z.object({ childId: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(50).default(10) });
export const recentGradesAnswer = z.object({ items: z.array(recentGrade) });
