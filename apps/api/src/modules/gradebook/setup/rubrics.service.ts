import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { DomainError } from '@klase/core/errors';
import { rubricMaxPoints, type RubricCriterion, type RubricRow, type rubricForm } from '@klase/core/gradebook/index';
import type { Ctx, Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { notFound, openGradebook, setupWrite } from './setup-kit.ts';
import type { EditVersion } from '@klase/core/edit-version';
import {
  deleteRubricRow,
  findCourseRubric,
  insertRubric,
  rubricItemCount,
  rubricSelections,
  saveRubric,
  setRubricMax,
  type RubricRecord,
} from './rubrics.repo.ts';

/**
 * Rubrics (`/rubrics`): criteria with levels and points; an assignment's item may grade with one
 * (its maximum is the rubric's best total). Criteria and levels keep their ids when edited, so the
 * levels chosen for students' work stay valid; removing a chosen level, or deleting a rubric an
 * item uses, is refused (409 RUBRIC_IN_USE).
 */

type RubricForm = z.output<typeof rubricForm>;

/** The form's criteria with ids: the ones given are kept when the stored rubric has them, the rest are new. */
const withIds = (form: RubricForm, before: readonly RubricCriterion[]): RubricCriterion[] =>
  form.criteria.map((c) => {
    const old = c.id ? before.find((b) => b.id === c.id) : undefined;
    return {
      id: old?.id ?? randomUUID(),
      title: c.title,
      levels: c.levels.map((l) => ({ id: (l.id && old?.levels.some((o) => o.id === l.id) ? l.id : null) ?? randomUUID(), label: l.label, points: l.points })),
    };
  });

const rowOf = (r: RubricRecord, usedBy: number): RubricRow => ({
  id: r.id,
  name: r.name,
  criteria: r.criteria,
  maxPoints: rubricMaxPoints(r.criteria),
  usedBy,
  version: r.version,
});

const findRubric = async (tx: Db, courseId: string, rubricId: string): Promise<RubricRecord> => {
  const row = await findCourseRubric(tx, courseId, rubricId);
  if (!row) throw notFound();
  return row;
};

/** `POST /rubrics` (name unique in the course: 409 NAME_EXISTS). */
export const createRubric = async ({ db }: Ctx, user: UserRow, courseId: string, form: RubricForm): Promise<RubricRow> => {
  await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    const row = await insertRubric(tx, courseId, user.id, { name: form.name, criteria: withIds(form, []) });
    return rowOf(row, 0);
  });
};

/** Every level chosen when grading with the rubric must still exist. */
const checkChosenLevels = async (tx: Db, rubricId: string, criteria: readonly RubricCriterion[]): Promise<void> => {
  const levels = new Set(criteria.flatMap((c) => c.levels.map((l) => `${c.id}/${l.id}`)));
  for (const selections of await rubricSelections(tx, rubricId)) {
    for (const [criterionId, levelId] of Object.entries(selections)) if (!levels.has(`${criterionId}/${levelId}`)) throw new DomainError('RUBRIC_IN_USE');
  }
};

/** `PUT /rubrics/:rubricId`: items using it (and their assignments) take its new maximum. */
export const updateRubric = async ({ db }: Ctx, user: UserRow, courseId: string, rubricId: string, form: RubricForm & EditVersion): Promise<RubricRow> => {
  await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    const before = await findRubric(tx, courseId, rubricId);
    const criteria = withIds(form, before.criteria);
    await checkChosenLevels(tx, rubricId, criteria);
    const row = await saveRubric(tx, rubricId, form, user.id, { name: form.name, criteria });
    const max = rubricMaxPoints(criteria);
    if (max !== rubricMaxPoints(before.criteria)) await setRubricMax(tx, rubricId, max, user.id);
    return rowOf(row, await rubricItemCount(tx, rubricId));
  });
};

/** `DELETE /rubrics/:rubricId`: refused while an item grades with it. */
export const deleteRubric = async ({ db }: Ctx, user: UserRow, courseId: string, rubricId: string): Promise<void> => {
  await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    await findRubric(tx, courseId, rubricId);
    if ((await rubricItemCount(tx, rubricId)) > 0) throw new DomainError('RUBRIC_IN_USE');
    await deleteRubricRow(tx, rubricId);
  });
};
