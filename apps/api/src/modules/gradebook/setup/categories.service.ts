import { DomainError } from '@klase/core/errors';
import { buildEngineSetup, resetCoefficientsFor, type GradeCategoryForm, type GradeCategoryRow } from '@klase/core/gradebook/index';
import { compileSetup } from '@klase/core/gradebook/compile';
import type { Ctx, Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import type { GradebookAccess } from '../gradebook-access.ts';
import { loadSetupRows } from '../setup-loader.ts';
import { loadSetupWithWeights } from './setup-view.service.ts';
import { invalid, isoOrNull, notFound, openGradebook, refId, setupWrite } from './setup-kit.ts';
import { idNumberTaken } from './setup-kit.repo.ts';
import type { EditVersion } from '@klase/core/edit-version';
import {
  categoriesHoldItems,
  categoriesOf,
  childCoefficients,
  deleteCategories,
  insertCategory,
  nextCategoryPosition,
  saveCategory,
  setCoefficients,
  type CategoryRecord,
} from './categories.repo.ts';

/**
 * Grade categories (`/categories`): create, edit, nest, delete. The course's root category (its
 * total is the course total) may be edited but not moved or deleted (409 ROOT_CATEGORY).
 */

/** The category and every category below it. */
const subtreeOf = (all: readonly CategoryRecord[], id: string): Set<string> => {
  const out = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all) {
      if (c.parentId && out.has(c.parentId) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
};

/** The form's own columns (the parent and position are decided by the caller). */
const columnsOf = (form: GradeCategoryForm) => ({
  name: form.name,
  idNumber: form.idNumber,
  aggregation: form.aggregation,
  excludeEmpty: form.excludeEmpty,
  dropLowest: form.dropLowest,
  keepHighest: form.keepHighest,
  includeOutcomes: form.includeOutcomes,
  maxGrade: form.maxGrade,
  weight: form.weight,
  extraCredit: form.extraCredit,
  hidden: form.hidden,
  hiddenUntil: isoOrNull(form.hiddenUntil),
  locked: form.locked,
  lockedAfter: isoOrNull(form.lockedAfter),
  gradePass: form.gradePass,
  displayType: form.displayType,
  decimals: form.decimals,
});

/** After the write: a Natural category's grade to pass must not exceed its maximum (the sum of its children's maxima). */
const checkGradePass = async (tx: Db, g: GradebookAccess, id: string, form: GradeCategoryForm): Promise<void> => {
  if (form.gradePass === null || form.aggregation !== 'natural') return;
  const rows = await loadSetupRows(tx, g.courseId, g.schoolId, g.manage);
  const max = compileSetup(buildEngineSetup(rows, Date.now())).categories.find((c) => c.id === id)?.max ?? 0;
  if (form.gradePass > max) throw invalid('gradePass', 'notGreaterThan', { limit: max, count: max });
};

/** The row as `GET /setup` shows it. */
export const categoryRow = async (db: Db, g: GradebookAccess, id: string): Promise<GradeCategoryRow> => {
  const rows = await loadSetupWithWeights(db, g);
  const row = rows.categories.find((c) => c.id === id);
  if (!row) throw notFound();
  return row;
};

/** `POST /categories`: under the root when `parentId` is null, last among its siblings. */
export const createCategory = async ({ db }: Ctx, user: UserRow, courseId: string, form: GradeCategoryForm): Promise<GradeCategoryRow> => {
  const g = await openGradebook(db, user, courseId, 'manage');
  const id = await setupWrite(db, courseId, async (tx) => {
    const all = await categoriesOf(tx, courseId);
    const root = all.find((c) => c.parentId === null);
    if (!root) throw new Error('root category missing');
    const parentRef = refId(form.parentId, 'parentId');
    const parent = parentRef === null ? root : all.find((c) => c.id === parentRef);
    if (!parent) throw invalid('parentId', 'invalidChoice');
    if (await idNumberTaken(tx, courseId, form.idNumber, null)) throw invalid('idNumber', 'duplicateEntry');
    const position = await nextCategoryPosition(tx, courseId, parent.id);
    const newId = await insertCategory(tx, { ...columnsOf(form), courseId, parentId: parent.id, position, createdBy: user.id, updatedBy: user.id });
    await checkGradePass(tx, g, newId, form);
    return newId;
  });
  return categoryRow(db, g, id);
};

/** The children's coefficients follow a change of the category's method (semantics §2.2). */
const resetChildren = async (tx: Db, category: CategoryRecord, form: GradeCategoryForm, userId: string): Promise<void> => {
  const previous = category.aggregation as GradeCategoryForm['aggregation'];
  if (previous === form.aggregation) return;
  for (const kind of ['category', 'item'] as const) {
    for (const kid of await childCoefficients(tx, kind, category.id)) {
      const next = resetCoefficientsFor(form.aggregation, previous, kid);
      if (next.weight === kid.weight && next.extraCredit === kid.extraCredit) continue;
      await setCoefficients(tx, kind, kid.id, next, userId);
    }
  }
};

/** `PUT /categories/:categoryId`. */
export const updateCategory = async (
  { db }: Ctx,
  user: UserRow,
  courseId: string,
  categoryId: string,
  form: GradeCategoryForm & EditVersion,
): Promise<GradeCategoryRow> => {
  const g = await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    const all = await categoriesOf(tx, courseId);
    const category = all.find((c) => c.id === categoryId);
    if (!category) throw notFound();
    let parentId: string | null = null;
    let position = category.position;
    if (category.parentId === null) {
      if (form.parentId) throw new DomainError('ROOT_CATEGORY');
    } else {
      const root = all.find((c) => c.parentId === null);
      const parentRef = refId(form.parentId, 'parentId');
      const parent = parentRef === null ? root : all.find((c) => c.id === parentRef);
      if (!parent || subtreeOf(all, category.id).has(parent.id)) throw invalid('parentId', 'invalidChoice');
      parentId = parent.id;
      if (parentId !== category.parentId) position = await nextCategoryPosition(tx, courseId, parentId);
    }
    if (await idNumberTaken(tx, courseId, form.idNumber, categoryId)) throw invalid('idNumber', 'duplicateEntry');
    const columns = columnsOf(form);
    // The course total has no parent to read a weight or an extra-credit flag.
    if (parentId === null) Object.assign(columns, { weight: null, extraCredit: false });
    await saveCategory(tx, categoryId, form, user.id, { ...columns, parentId, position });
    await resetChildren(tx, category, form, user.id);
    await checkGradePass(tx, g, categoryId, form);
  });
  return categoryRow(db, g, categoryId);
};

/**
 * `DELETE /categories/:categoryId`: refused while it or a category below it holds items (409
 * GRADE_CATEGORY_IN_USE); empty sub-categories go with it.
 */
export const deleteCategory = async ({ db }: Ctx, user: UserRow, courseId: string, categoryId: string): Promise<void> => {
  await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    const all = await categoriesOf(tx, courseId);
    const category = all.find((c) => c.id === categoryId);
    if (!category) throw notFound();
    if (category.parentId === null) throw new DomainError('ROOT_CATEGORY');
    const ids = [...subtreeOf(all, categoryId)];
    if (await categoriesHoldItems(tx, ids)) throw new DomainError('GRADE_CATEGORY_IN_USE');
    await deleteCategories(tx, ids);
  });
};
