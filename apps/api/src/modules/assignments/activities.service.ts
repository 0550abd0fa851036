import type { activityGradesRequest, SubmissionsAnswer } from '@klase/core/assignments/contracts';
import { DomainError } from '@klase/core/errors';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { checkGrade, maxPointsOf, openGraded, requireGrader, requireStaff } from './assignment-access.ts';
import { assignedStudents, completeMaterial, uncompleteMaterial } from './assignments.repo.ts';
import { applyGrade, cleanFeedback } from './grading.service.ts';
import { workList } from './work-list.ts';

/**
 * Activities (in-class or offline tasks): the teacher enters grades for several students at once.
 * A grade is returned at once and completes the material for the student; clearing it (null)
 * removes grade and feedback and takes the completion back. A row without `feedbackHtml` keeps the
 * saved feedback (so a grade change from a grid that did not touch it does not wipe it); `''`
 * clears it.
 */

type GradesValues = z.output<typeof activityGradesRequest>;

export const activityGrades = async (ctx: Ctx, user: UserRow, materialId: string): Promise<SubmissionsAnswer> => {
  const g = await openGraded(ctx.db, user, materialId, 'activity');
  requireStaff(g);
  return workList(ctx.db, g);
};

export const saveActivityGrades = async (ctx: Ctx, user: UserRow, materialId: string, v: GradesValues): Promise<SubmissionsAnswer> => {
  const g = await openGraded(ctx.db, user, materialId, 'activity');
  requireGrader(g);
  const seen = new Set<string>();
  v.grades.forEach((e, i) => {
    if (seen.has(e.studentId)) throw new DomainError('VALIDATION', { fields: [{ path: `grades.${i}.studentId`, key: 'invalidChoice' }] });
    seen.add(e.studentId);
  });
  const max = maxPointsOf(g);
  for (const e of v.grades) checkGrade(e.grade, max);
  // Every student named must be one the activity is assigned to (anyone else: 404, nothing written).
  const assigned = await assignedStudents(ctx.db, g.classAccess.cls.id, g.element, [...seen]);
  if (assigned.length !== seen.size) throw new DomainError('NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    for (const e of v.grades) {
      const graded = e.grade !== null;
      const feedbackHtml = !graded ? null : e.feedbackHtml === undefined ? undefined : cleanFeedback(e.feedbackHtml);
      await applyGrade(tx, g, user, e.studentId, { grade: e.grade, feedbackHtml, returned: graded }, now, ctx);
      if (graded) await completeMaterial(tx, materialId, e.studentId, now, false);
      else await uncompleteMaterial(tx, materialId, e.studentId);
    }
  });
  return workList(ctx.db, g);
};
