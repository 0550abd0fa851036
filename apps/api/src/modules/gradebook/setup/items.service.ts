import { DomainError } from '@klase/core/errors';
import { rescaleGrade, roundGrade, rubricMaxPoints, type GradeItemForm, type GradeItemRow } from '@klase/core/gradebook/index';
import type { Ctx, Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import type { GradebookAccess } from '../gradebook-access.ts';
import { loadSetupWithWeights } from './setup-view.service.ts';
import { invalid, isoOrNull, notFound, openGradebook, refId, setupWrite } from './setup-kit.ts';
import { idNumberTaken } from './setup-kit.repo.ts';
import { categoryInCourse, hasSubCategory } from './categories.repo.ts';
import {
  deleteItemRow,
  findCourseItem,
  findMaterial,
  gradedValues,
  insertItem,
  lastItemPosition,
  saveItem,
  setGradeValue,
  type ItemInsert,
  type ItemRecord,
} from './items.repo.ts';
import { periodExists } from './periods.repo.ts';
import { findCourseRubric, setMaterialsMaxPoints } from './rubrics.repo.ts';
import { findUsableScale } from './scales.repo.ts';
import type { EditVersion } from '@klase/core/edit-version';

/**
 * Grade items (`/items`): manual items teachers add (a recitation, a paper test), and the settings
 * of every item, a material's too (its name, maximum and date stay the material's).
 */

interface Refs {
  categoryId: string;
  scaleId: string | null;
  gradingPeriodId: string | null;
  /** The scale's number of words (scale items). */
  scaleSize: number | null;
}

/** The form's references, each checked to belong to this course (else 400 `invalidChoice` on the field). */
const checkRefs = async (tx: Db, g: GradebookAccess, form: GradeItemForm, self: string | null): Promise<Refs> => {
  const categoryId = refId(form.categoryId, 'categoryId');
  if (!categoryId || !(await categoryInCourse(tx, g.courseId, categoryId))) throw invalid('categoryId', 'invalidChoice');
  let scaleId: string | null = null;
  let scaleSize: number | null = null;
  if (form.gradeType === 'scale') {
    scaleId = refId(form.scaleId, 'scaleId');
    const scale = scaleId ? await findUsableScale(tx, g, scaleId) : null;
    if (!scale) throw invalid('scaleId', 'invalidChoice');
    scaleSize = scale.values.length;
  }
  const gradingPeriodId = refId(form.gradingPeriodId, 'gradingPeriodId');
  if (gradingPeriodId && !(await periodExists(tx, g.courseId, gradingPeriodId))) throw invalid('gradingPeriodId', 'invalidChoice');
  if (await idNumberTaken(tx, g.courseId, form.idNumber, self)) throw invalid('idNumber', 'duplicateEntry');
  return { categoryId, scaleId, gradingPeriodId, scaleSize };
};

const checkGradePass = (form: GradeItemForm, max: number): void => {
  if (form.gradePass !== null && form.gradePass > max) throw invalid('gradePass', 'notGreaterThan', { limit: max, count: max });
};

/** What counts and how it shows: the columns every item takes from the form. */
const settingsOf = (form: GradeItemForm, refs: Refs) => ({
  categoryId: refs.categoryId,
  idNumber: form.idNumber,
  gradeType: form.gradeType,
  scaleId: refs.scaleId,
  weight: form.weight,
  extraCredit: form.extraCredit,
  hidden: form.hidden,
  hiddenUntil: isoOrNull(form.hiddenUntil),
  locked: form.locked,
  lockedAfter: isoOrNull(form.lockedAfter),
  gradePass: form.gradePass,
  displayType: form.displayType,
  decimals: form.decimals,
  gradingPeriodId: refs.gradingPeriodId,
});

/** A manual item's range: a scale's 1..k, else the form's. */
const rangeOf = (form: GradeItemForm, refs: Refs) =>
  form.gradeType === 'scale' ? { minGrade: 1, maxGrade: refs.scaleSize ?? 1 } : { minGrade: form.minGrade, maxGrade: form.maxGrade };

export const itemRow = async (db: Db, g: GradebookAccess, id: string): Promise<GradeItemRow> => {
  const rows = await loadSetupWithWeights(db, g);
  const row = rows.items.find((i) => i.id === id);
  if (!row) throw notFound();
  return row;
};

/** `POST /items`: a manual item, last in its category. Needs a category besides the course total (409 GRADEBOOK_NOT_READY). */
export const createItem = async ({ db }: Ctx, user: UserRow, courseId: string, form: GradeItemForm): Promise<GradeItemRow> => {
  const g = await openGradebook(db, user, courseId, 'manage');
  const id = await setupWrite(db, courseId, async (tx) => {
    if (!(await hasSubCategory(tx, courseId))) throw new DomainError('GRADEBOOK_NOT_READY');
    if (form.rubricId) throw invalid('rubricId', 'invalidChoice');
    const refs = await checkRefs(tx, g, form, null);
    const range = rangeOf(form, refs);
    checkGradePass(form, range.maxGrade);
    return insertItem(tx, {
      ...settingsOf(form, refs),
      ...range,
      courseId,
      name: form.name,
      dueAt: isoOrNull(form.dueAt),
      position: await lastItemPosition(tx, refs.categoryId),
      createdBy: user.id,
      updatedBy: user.id,
    });
  });
  return itemRow(db, g, id);
};

/** A material's item: its rubric (assignments only; the material's maximum becomes the rubric's total) and maximum. */
const materialPart = async (
  tx: Db,
  g: GradebookAccess,
  item: ItemRecord,
  form: GradeItemForm,
  userId: string,
): Promise<{ rubricId: string | null; max: number }> => {
  const material = await findMaterial(tx, item.materialId ?? '');
  if (!material) throw notFound();
  if (form.gradeType !== 'value') throw invalid('gradeType', 'invalidChoice');
  const rubricId = refId(form.rubricId, 'rubricId');
  if (!rubricId) return { rubricId: null, max: material.maxPoints ?? 100 };
  if (material.type !== 'assignment') throw invalid('rubricId', 'invalidChoice');
  const rubric = await findCourseRubric(tx, g.courseId, rubricId);
  const max = rubric ? rubricMaxPoints(rubric.criteria) : 0;
  if (!rubric || max <= 0) throw invalid('rubricId', 'invalidChoice');
  // The material keeps whole points; the item's maximum is the rubric's exact total.
  await setMaterialsMaxPoints(tx, [material.id], max, userId);
  return { rubricId, max };
};

/** Rescales a manual item's stored grades to its new range (semantics §7); the history records each change. */
const rescaleGrades = async (tx: Db, item: ItemRecord, next: { minGrade: number; maxGrade: number }, userId: string): Promise<void> => {
  for (const grade of await gradedValues(tx, item.id)) {
    if (grade.value === null) continue;
    const value = roundGrade(rescaleGrade(grade.value, item.minGrade, item.maxGrade, next.minGrade, next.maxGrade), 2);
    await setGradeValue(tx, item.id, grade.studentId, value, userId);
  }
};

/** `PUT /items/:itemId`. */
export const updateItem = async ({ db }: Ctx, user: UserRow, courseId: string, itemId: string, form: GradeItemForm & EditVersion): Promise<GradeItemRow> => {
  const g = await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    const item = await findCourseItem(tx, courseId, itemId);
    if (!item) throw notFound();
    const refs = await checkRefs(tx, g, form, itemId);
    const moved = refs.categoryId !== item.categoryId;
    const common = { ...settingsOf(form, refs), position: moved ? await lastItemPosition(tx, refs.categoryId) : item.position };
    const save = (values: Partial<ItemInsert>) => saveItem(tx, itemId, form, user.id, { ...common, ...values });
    if (item.materialId) {
      const { rubricId, max } = await materialPart(tx, g, item, form, user.id);
      checkGradePass(form, max);
      await save({ rubricId, maxGrade: max });
      return;
    }
    if (form.rubricId) throw invalid('rubricId', 'invalidChoice');
    const range = rangeOf(form, refs);
    checkGradePass(form, range.maxGrade);
    const rangeChanged = range.minGrade !== item.minGrade || range.maxGrade !== item.maxGrade;
    if (form.rescale && rangeChanged && item.gradeType === 'value' && form.gradeType === 'value') await rescaleGrades(tx, item, range, user.id);
    await save({ ...range, name: form.name, dueAt: isoOrNull(form.dueAt) });
  });
  return itemRow(db, g, itemId);
};

/** `DELETE /items/:itemId`: manual items (with their grades); a material's item goes with its material (409 CONFLICT). */
export const deleteItem = async ({ db }: Ctx, user: UserRow, courseId: string, itemId: string): Promise<void> => {
  await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    const item = await findCourseItem(tx, courseId, itemId);
    if (!item) throw notFound();
    if (item.materialId) throw new DomainError('CONFLICT');
    await deleteItemRow(tx, itemId);
  });
};
