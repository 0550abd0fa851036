import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gradeItems, rubrics, submissionRubricScores } from '../../db/schema/gradebook.ts';

/** The rubric of a material's grade item and the levels chosen for a submission (`submission_rubric_scores`). */

export type RubricRecord = Pick<typeof rubrics.$inferSelect, 'id' | 'name' | 'criteria'>;

/** The rubric of the material's grade item (null when it is graded with points). */
export const findMaterialRubric = async (db: Db, materialId: string): Promise<RubricRecord | null> => {
  const [row] = await db
    .select({ id: rubrics.id, name: rubrics.name, criteria: rubrics.criteria })
    .from(gradeItems)
    .innerJoin(rubrics, eq(rubrics.id, gradeItems.rubricId))
    .where(and(eq(gradeItems.materialId, materialId), isNotNull(gradeItems.rubricId)))
    .limit(1);
  return row ?? null;
};

/** The levels chosen for a submission with this rubric (null: none saved with it). */
export const findSelections = async (db: Db, submissionId: string, rubricId: string): Promise<Record<string, string> | null> => {
  const [row] = await db
    .select({ selections: submissionRubricScores.selections })
    .from(submissionRubricScores)
    .where(and(eq(submissionRubricScores.submissionId, submissionId), eq(submissionRubricScores.rubricId, rubricId)))
    .limit(1);
  return row?.selections ?? null;
};

export const deleteSelections = async (tx: Db, submissionId: string): Promise<void> => {
  await tx.delete(submissionRubricScores).where(eq(submissionRubricScores.submissionId, submissionId));
};

export const upsertSelections = async (
  tx: Db,
  submissionId: string,
  values: { rubricId: string; selections: Record<string, string>; updatedAt: Date; updatedBy: string },
): Promise<void> => {
  await tx
    .insert(submissionRubricScores)
    .values({ submissionId, ...values })
    .onConflictDoUpdate({ target: submissionRubricScores.submissionId, set: values });
};
