import { and, eq, inArray } from 'drizzle-orm';
import type { RubricCriterion } from '@klase/core/gradebook/index';
import type { EditVersion } from '@klase/core/edit-version';
import type { Db } from '../../../db/client.ts';
import { courseMaterials } from '../../../db/schema/courses.ts';
import { gradeItems, rubrics, submissionRubricScores } from '../../../db/schema/gradebook.ts';
import { saveVersioned } from '../../../db/versioned.ts';

/** The SQL of rubrics and of the maximum they give their items and assignments (rubrics.service.ts holds the rules). */

export type RubricRecord = typeof rubrics.$inferSelect;
export type RubricColumns = { name: string; criteria: RubricCriterion[] };

/** The course's rubric, or null. */
export const findCourseRubric = async (tx: Db, courseId: string, rubricId: string): Promise<RubricRecord | null> => {
  const [row] = await tx
    .select()
    .from(rubrics)
    .where(and(eq(rubrics.id, rubricId), eq(rubrics.courseId, courseId)));
  return row ?? null;
};

/** How many items grade with the rubric. */
export const rubricItemCount = async (tx: Db, rubricId: string): Promise<number> =>
  (await tx.select({ id: gradeItems.id }).from(gradeItems).where(eq(gradeItems.rubricId, rubricId))).length;

export const insertRubric = async (tx: Db, courseId: string, userId: string, columns: RubricColumns): Promise<RubricRecord> => {
  const [row] = await tx
    .insert(rubrics)
    .values({ courseId, ...columns, createdBy: userId, updatedBy: userId })
    .returning();
  if (!row) throw new Error('rubric insert');
  return row;
};

/** The levels chosen when grading with the rubric (criterion id → level id), one record per scored submission. */
export const rubricSelections = async (tx: Db, rubricId: string): Promise<Record<string, string>[]> =>
  (await tx.select({ selections: submissionRubricScores.selections }).from(submissionRubricScores).where(eq(submissionRubricScores.rubricId, rubricId))).map(
    (r) => r.selections,
  );

/** Saves the rubric if its version is still `expect`'s (docs/decisions/0024-edit-versions.md). */
export const saveRubric = (tx: Db, rubricId: string, expect: EditVersion, userId: string, columns: RubricColumns): Promise<RubricRecord> =>
  saveVersioned(tx, rubrics, eq(rubrics.id, rubricId), expect, userId, columns);

export const deleteRubricRow = async (tx: Db, rubricId: string): Promise<void> => {
  await tx.delete(rubrics).where(eq(rubrics.id, rubricId));
};

/** Materials keep whole points: their maximum becomes the rubric's total rounded (at least 1). */
export const setMaterialsMaxPoints = async (tx: Db, materialIds: readonly string[], max: number, userId: string): Promise<void> => {
  if (materialIds.length === 0) return;
  await tx
    .update(courseMaterials)
    .set({ maxPoints: Math.max(1, Math.round(max)), updatedAt: new Date(), updatedBy: userId })
    .where(inArray(courseMaterials.id, [...materialIds]));
};

/** Items grading with the rubric take its new maximum, and so do their assignments. */
export const setRubricMax = async (tx: Db, rubricId: string, max: number, userId: string): Promise<void> => {
  const items = await tx
    .update(gradeItems)
    .set({ maxGrade: max, updatedAt: new Date(), updatedBy: userId })
    .where(eq(gradeItems.rubricId, rubricId))
    .returning({ materialId: gradeItems.materialId });
  await setMaterialsMaxPoints(
    tx,
    items.flatMap((i) => (i.materialId ? [i.materialId] : [])),
    max,
    userId,
  );
};
