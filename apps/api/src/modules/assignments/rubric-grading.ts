import { rubricTotal, type RubricGrading } from '@klase/core/assignments/contracts';
import { DomainError } from '@klase/core/errors';
import { rubricMaxPoints } from '@klase/core/gradebook/contracts';
import type { Db } from '../../platform/context.ts';
import { deleteSelections, findMaterialRubric, findSelections, upsertSelections } from './rubric-grading.repo.ts';

/**
 * Grading an assignment with its grade item's rubric (issue 7, decision 0015): a level per
 * criterion, the sum of their points is the grade. The choices live in `submission_rubric_scores`
 * (one row per submission), written in the same transaction as `submissions.grade`.
 */

export type MaterialRubric = Omit<RubricGrading, 'selections'>;

/** The rubric of the material's grade item, or null when it is graded with points. */
export const materialRubric = async (db: Db, materialId: string): Promise<MaterialRubric | null> => {
  const row = await findMaterialRubric(db, materialId);
  if (!row) return null;
  return { rubricId: row.id, name: row.name, criteria: row.criteria, maxPoints: rubricMaxPoints(row.criteria) };
};

/** The levels chosen for a submission with this rubric (null: not graded with it, or with another rubric). */
export const savedSelections = async (db: Db, submissionId: string | null, rubricId: string): Promise<Record<string, string> | null> => {
  if (!submissionId) return null;
  return findSelections(db, submissionId, rubricId);
};

/** The rubric with the submission's choices, as the grading page and the returned work show it. */
export const rubricAnswer = async (db: Db, materialId: string, submissionId: string | null): Promise<RubricGrading | null> => {
  const rubric = await materialRubric(db, materialId);
  if (!rubric) return null;
  return { ...rubric, selections: await savedSelections(db, submissionId, rubric.rubricId) };
};

const invalid = (path: string, key: string) => new DomainError('VALIDATION', { fields: [{ path, key }] });

/**
 * Checks the teacher's choices against the rubric: every criterion needs a level of its own
 * (`rubric.<criterionId>: required`); a criterion or level the rubric does not have is
 * `rubric: invalidChoice`. Answers the grade (the sum of the chosen levels' points).
 */
export const scoreRubric = (rubric: MaterialRubric, selections: Readonly<Record<string, string>>): number => {
  const criteria = new Map(rubric.criteria.map((c) => [c.id, c]));
  for (const [criterionId, levelId] of Object.entries(selections)) {
    const criterion = criteria.get(criterionId);
    if (!criterion?.levels.some((l) => l.id === levelId)) throw invalid('rubric', 'invalidChoice');
  }
  const missing = rubric.criteria.find((c) => selections[c.id] === undefined);
  if (missing) throw invalid(`rubric.${missing.id}`, 'required');
  return rubricTotal(rubric, selections);
};

/** Keeps the choices of a submission (null: forgets them, the grade was cleared). */
export const storeSelections = async (
  tx: Db,
  submissionId: string,
  rubricId: string,
  selections: Record<string, string> | null,
  actorId: string,
): Promise<void> => {
  if (selections === null) {
    await deleteSelections(tx, submissionId);
    return;
  }
  await upsertSelections(tx, submissionId, { rubricId, selections, updatedAt: new Date(), updatedBy: actorId });
};
