import { isGradedType } from '@klase/core/materials/contracts';
import { rubricMaxPoints } from '@klase/core/gradebook/contracts';
import type { Db } from '../../platform/context.ts';
import { ensureGradebook } from '../gradebook/gradebook.service.ts';
import { copyReturnedGrades, findMaterialItem, makeManualItem } from './material-grades.repo.ts';
import type { MaterialRecord } from './materials.repo.ts';

/**
 * What deleting a graded material does with its grades (decision 0015, "deleting a material asks
 * what to do with its grades"): keep them as a manual column of the gradebook, or let them go with
 * the material (the item and its grades cascade).
 */

type Material = Pick<MaterialRecord, 'id' | 'courseId' | 'type' | 'name' | 'maxPoints' | 'dueAt' | 'createdAt'>;

/** Whether the material's deletion can keep grades: an assignment, quiz or activity of a class course. */
export const hasGradebook = (m: Pick<Material, 'type'>, classId: string | null): boolean => classId !== null && isGradedType(m.type);

/**
 * Turns the material's grade item into a manual item before the material goes (in the caller's
 * transaction): the material's name, maximum (a rubric's best total when graded with one), 0 as
 * minimum and its date (so it stays in the same grading period); then each student's counted grade
 * is written as the item's grade: an override stays as it is, else the returned submission's grade.
 * Flags (excused, hidden, locked) stay. The history triggers record each copied grade.
 */
export const keepGradesAsManualItem = async (tx: Db, m: Material, actorId: string): Promise<string> => {
  await ensureGradebook(tx, m.courseId);
  const item = await findMaterialItem(tx, m.id);
  if (!item) throw new Error(`grade item of material ${m.id} missing`);
  const maxGrade = item.criteria ? rubricMaxPoints(item.criteria) : (m.maxPoints ?? 100);
  await makeManualItem(tx, item.id, { name: m.name, maxGrade, dueAt: m.dueAt ?? m.createdAt, updatedBy: actorId });
  await copyReturnedGrades(tx, item.id, m, actorId);
  return item.id;
};
