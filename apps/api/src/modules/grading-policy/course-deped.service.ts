import type { z } from 'zod';
import { DomainError } from '@klase/core/errors';
import {
  COMPONENTS,
  type Component,
  type CourseDeped,
  type courseDepedForm,
  type GradingPolicy,
  type MapehPart,
  type SubjectGroup,
} from '@klase/core/deped/contracts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadGradebookAccess, requireGradeManage, requireGradeStaff } from '../gradebook/gradebook-access.ts';
import { ensureGradebook, lockSetup } from '../gradebook/gradebook-data.service.ts';
import { matchQuarters, readCourseDepedRow, readPolicyRow } from './deped-grades.service.ts';
import {
  deleteCourseDeped,
  deletePeriodsExcept,
  insertCategory,
  insertPeriodRow,
  moveUnderComponent,
  readCategories,
  readPeriods,
  readRootId,
  updateCategoryRow,
  updatePeriodRow,
  upsertCourseDeped,
  type CourseDepedRecord,
} from './grading-policy.repo.ts';

/**
 * A class course as a DepEd learning area (`/api/courses/:courseId/deped`, docs/decisions/0052-depedapi.md).
 *
 * Applying the school's policy to a course (on `PUT`, and again for every DepEd course of the school
 * whenever the administrator saves the policy) makes its gradebook DepEd's, in the caller's transaction:
 * - the course total (root category) aggregates by weighted mean, range 0–100;
 * - exactly three top categories "Written Work", "Performance Tasks", "Quarterly Assessment" (kept
 *   English: the web labels them by component in the reader's language), each Natural (its total is
 *   the sum of its items, so its percentage is DepEd's PS) with the preset weight; the course total
 *   is then Σ PS × weight / 100, DepEd's initial grade (not transmuted), so the ordinary totals never
 *   contradict the DepEd grades;
 * - every other top-level item and category moves under Written Work;
 * - the grading periods become the four quarters ("Quarter 1".."Quarter 4", weight 25 each): a
 *   period that matches a quarter (same dates, else the most overlap) is kept and redated, so the
 *   items that named it keep their quarter; the others are deleted and their items count by date.
 * Setup changes mark the course for recalculation (the gradebook's triggers).
 */

const NAMES: Record<Component, string> = { ww: 'Written Work', pt: 'Performance Tasks', qa: 'Quarterly Assessment' };
const QUARTER_WEIGHT = 25;

type DepedChoice = { subjectGroup: SubjectGroup; mapehPart: MapehPart | null };
type ComponentIds = Record<Component, string | null>;

const idsOf = (row: CourseDepedRecord | null): ComponentIds => ({
  ww: row?.wwCategoryId ?? null,
  pt: row?.ptCategoryId ?? null,
  qa: row?.qaCategoryId ?? null,
});

/**
 * The WW/PT/QA categories: the stored ones kept (back under the root); else a top category of that
 * name is adopted (a gradebook set up by hand the DepEd way); else one is created. Names, methods and
 * weights set; drop/keep rules cleared (DepEd counts every score).
 */
const applyCategories = async (
  tx: Db,
  userId: string | null,
  courseId: string,
  rootId: string,
  ids: ComponentIds,
  weights: GradingPolicy['presets'][SubjectGroup],
) => {
  const categories = await readCategories(tx, courseId);
  const existing = new Set(categories.map((c) => c.id));
  const out = { ...ids };
  for (const c of COMPONENTS) if (out[c] && !existing.has(out[c])) out[c] = null;
  for (const c of COMPONENTS) {
    if (out[c]) continue;
    const named = categories.find((k) => k.parentId === rootId && k.name.toLowerCase() === NAMES[c].toLowerCase() && !Object.values(out).includes(k.id));
    out[c] = named?.id ?? null;
  }
  for (const [i, c] of COMPONENTS.entries()) {
    const values = {
      parentId: rootId,
      name: NAMES[c],
      aggregation: 'natural',
      weight: weights[c],
      position: i + 1,
      extraCredit: false,
      dropLowest: 0,
      keepHighest: 0,
    };
    const id = out[c];
    if (id) await updateCategoryRow(tx, id, userId, values);
    else out[c] = (await insertCategory(tx, { courseId, ...values, createdBy: userId, updatedBy: userId })).id;
  }
  await updateCategoryRow(tx, rootId, userId, { aggregation: 'weightedMean', maxGrade: 100 });
  return out as Record<Component, string>;
};

/** The course's grading periods become the policy's quarters (matched periods kept and redated, others deleted). */
const applyQuarters = async (tx: Db, userId: string | null, courseId: string, quarters: GradingPolicy['quarters']) => {
  const periods = await readPeriods(tx, courseId);
  const matched = matchQuarters(
    quarters,
    periods.map((p) => ({ ...p })),
  );
  const keep = matched.flatMap((q) => (q.periodId ? [q.periodId] : []));
  await deletePeriodsExcept(tx, courseId, keep);
  // Names are unique per course: park the kept ones under their ids first, so "Quarter 2" can move to "Quarter 1".
  for (const id of keep) await updatePeriodRow(tx, id, userId, { name: id });
  for (const q of matched) {
    const values = { name: `Quarter ${q.quarter}`, startsOn: q.startsOn, endsOn: q.endsOn, weight: QUARTER_WEIGHT };
    if (q.periodId) await updatePeriodRow(tx, q.periodId, userId, values);
    else await insertPeriodRow(tx, { courseId, ...values, createdBy: userId, updatedBy: userId });
  }
};

/** Applies the policy to one course (inside `tx`, the course's setup locked) and stores its `course_deped` row. */
export const applyDeped = async (tx: Db, userId: string | null, courseId: string, policy: GradingPolicy, choice: DepedChoice): Promise<void> => {
  await lockSetup(tx, courseId);
  const rootId = await readRootId(tx, courseId);
  if (!rootId) throw new Error('gradebook root missing: call ensureGradebook first');
  const stored = await readCourseDepedRow(tx, courseId);
  const ids = await applyCategories(tx, userId, courseId, rootId, idsOf(stored), policy.presets[choice.subjectGroup]);
  await moveUnderComponent(tx, courseId, rootId, ids.ww, [ids.ww, ids.pt, ids.qa]);
  await applyQuarters(tx, userId, courseId, policy.quarters);
  await upsertCourseDeped(tx, { courseId, ...choice, wwCategoryId: ids.ww, ptCategoryId: ids.pt, qaCategoryId: ids.qa });
};

const viewOf = (row: CourseDepedRecord, policy: GradingPolicy): CourseDeped => ({
  subjectGroup: row.subjectGroup,
  mapehPart: row.mapehPart,
  weights: policy.presets[row.subjectGroup],
});

/** The school's policy when it is DepEd's (else 409 DEPED_POLICY_OFF). */
const depedPolicyOf = async (db: Db, schoolId: string): Promise<GradingPolicy> => {
  const row = await readPolicyRow(db, schoolId);
  if (!row || row.kind !== 'deped') throw new DomainError('DEPED_POLICY_OFF');
  return row;
};

/** `GET`: staff of the class; the course's subject group and weights, or null when it has none yet. */
export const readCourseDeped = async ({ db }: Ctx, user: UserRow, courseId: string): Promise<CourseDeped | null> => {
  const g = await loadGradebookAccess(db, user, courseId);
  requireGradeStaff(g);
  const policy = await depedPolicyOf(db, g.schoolId);
  const row = await readCourseDepedRow(db, courseId);
  return row ? viewOf(row, policy) : null;
};

/** `PUT`: teachers of the class, the school on DepEd's policy. */
export const writeCourseDeped = async ({ db }: Ctx, user: UserRow, courseId: string, form: z.output<typeof courseDepedForm>): Promise<CourseDeped> => {
  const g = await loadGradebookAccess(db, user, courseId);
  requireGradeManage(g);
  const policy = await depedPolicyOf(db, g.schoolId);
  await ensureGradebook(db, courseId);
  const choice = { subjectGroup: form.subjectGroup, mapehPart: form.mapehPart };
  await db.transaction((tx) => applyDeped(tx, user.id, courseId, policy, choice));
  return { ...choice, weights: policy.presets[choice.subjectGroup] };
};

/** `DELETE`: back to the custom gradebook (categories, items and periods stay as they are). */
export const removeCourseDeped = async ({ db }: Ctx, user: UserRow, courseId: string): Promise<void> => {
  const g = await loadGradebookAccess(db, user, courseId);
  requireGradeManage(g);
  if (!(await deleteCourseDeped(db, courseId))) throw new DomainError('NOT_FOUND');
};
