import type { z } from 'zod';
import type { CatalogueCourseRow, CategoryRow, catalogueCourseForm, categoryForm } from '@klase/core/catalogue/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { TablePage } from '@klase/core/table';
import { auditChange, changes, pick } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { isCatalogue, loadManagedCourse, unlessTaken } from '../courses/course-access.ts';
import { COURSE_AUDITED, courseAudit, courseDetails, formValues, insertCourse, lockCourse, toRow, updateCourse } from '../courses/courses.service.ts';
import {
  coursesOfCategory,
  deleteCategory as deleteCategoryRow,
  insertCategory,
  listCatalogueCourses,
  listCategories,
  lockCategory,
  updateCategory,
  type CatalogueQuery,
  type CategoryRecord,
} from './catalogue.repo.ts';

/**
 * The course catalogue (issue 5): the rex admin (role 12) files catalogue courses (no class, no
 * school) under categories and publishes them to every school; teachers (role 3) browse the
 * published ones and copy them into their classes (`requestCopy`). Route policies keep everyone
 * else out; the changes here are the rex admin's only.
 */

type CategoryValues = z.output<typeof categoryForm>;
type CatalogueCourseValues = z.output<typeof catalogueCourseForm>;

const CATEGORY_AUDITED = ['name', 'description'] as const;
const CATALOGUE_COURSE_AUDITED = [...COURSE_AUDITED, 'categoryId'] as const;

/** Teachers see published catalogue courses only (counts and lists); the rex admin sees every one. */
const publishedOnly = (user: UserRow): boolean => user.roleId !== ROLE.rexAdmin;

const categoryAudit = (user: UserRow, id: string) => ({ schoolId: null, actorId: user.id, targetType: 'category', targetId: id });

const toCategoryRow = (c: CategoryRecord, courseCount: number): CategoryRow => ({ id: c.id, name: c.name, description: c.description, courseCount });

export const categories = async (ctx: Ctx, user: UserRow): Promise<CategoryRow[]> =>
  (await listCategories(ctx.db, publishedOnly(user))).map((c) => ({ ...c, courseCount: Number(c.courseCount) }));

/** A new category (a name taken by another category, whatever its case: CATEGORY_EXISTS). */
export const createCategory = async (ctx: Ctx, user: UserRow, v: CategoryValues): Promise<CategoryRow> =>
  unlessTaken('CATEGORY_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      const row = await insertCategory(tx, { name: v.name, description: v.description, createdBy: user.id, updatedBy: user.id });
      await auditChange(tx, { ...categoryAudit(user, row.id), action: 'category.created', before: null, after: pick(row, CATEGORY_AUDITED) });
      return toCategoryRow(row, 0);
    }),
  );

const lockedCategory = async (tx: Db, id: string, mode: 'update' | 'share'): Promise<CategoryRecord> => {
  const row = await lockCategory(tx, id, mode);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
};

export const editCategory = async (ctx: Ctx, user: UserRow, id: string, v: CategoryValues): Promise<CategoryRow> =>
  unlessTaken('CATEGORY_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      const before = await lockedCategory(tx, id, 'update');
      const row = await updateCategory(tx, id, { name: v.name, description: v.description, updatedBy: user.id });
      await auditChange(tx, { ...categoryAudit(user, id), action: 'category.updated', ...changes(before, row, CATEGORY_AUDITED) });
      return toCategoryRow(row, await coursesOfCategory(tx, id));
    }),
  );

/** Deletes an empty category; one with courses (published or not) is CATEGORY_IN_USE. */
export const removeCategory = async (ctx: Ctx, user: UserRow, id: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    // The lock waits for a course being filed under the category (its FK check holds a share lock).
    const before = await lockedCategory(tx, id, 'update');
    if ((await coursesOfCategory(tx, id)) > 0) throw new DomainError('CATEGORY_IN_USE');
    await deleteCategoryRow(tx, id);
    await auditChange(tx, { ...categoryAudit(user, id), action: 'category.deleted', before: pick(before, CATEGORY_AUDITED), after: null });
  });
};

/** An existing category for a course form (a missing one is a form error, not a 404). */
const categoryFor = async (tx: Db, id: string): Promise<void> => {
  if (!(await lockCategory(tx, id, 'share'))) throw new DomainError('VALIDATION', { fields: [{ path: 'categoryId', key: 'invalidChoice' }] });
};

/** `GET /api/catalogue/courses`: the rex admin every catalogue course; teachers the published ones. */
export const catalogueCourses = async (ctx: Ctx, user: UserRow, q: CatalogueQuery): Promise<TablePage<CatalogueCourseRow>> => {
  const { rows, total } = await listCatalogueCourses(ctx.db, publishedOnly(user) ? { kind: 'published' } : { kind: 'staff' }, q);
  return {
    data: rows.map((r) => ({ ...toRow(r), categoryId: r.course.categoryId, categoryName: r.categoryName })),
    pagination: { page: q.page, totalcount: total },
  };
};

/** The rex admin adds a catalogue course (unpublished); a name or code another catalogue course has: COURSE_CREATE_EXISTS. */
export const createCatalogueCourse = async (ctx: Ctx, user: UserRow, v: CatalogueCourseValues): Promise<CourseDetails> => {
  const id = await unlessTaken('COURSE_CREATE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      await categoryFor(tx, v.categoryId);
      const row = await insertCourse(tx, { ...formValues(v), schoolId: null, classId: null, categoryId: v.categoryId, createdBy: user.id, updatedBy: user.id });
      await auditChange(tx, { ...courseAudit(user, row), action: 'course.created', before: null, after: pick(row, CATALOGUE_COURSE_AUDITED) });
      return row.id;
    }),
  );
  return courseDetails(ctx, user, id);
};

/** The rex admin edits a catalogue course and its category (COURSE_UPDATE_EXISTS on a clash). */
export const editCatalogueCourse = async (ctx: Ctx, user: UserRow, courseId: string, v: CatalogueCourseValues): Promise<CourseDetails> => {
  const access = await loadManagedCourse(ctx.db, user, courseId);
  if (!isCatalogue(access)) throw new DomainError('NOT_FOUND');
  await unlessTaken('COURSE_UPDATE_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      await categoryFor(tx, v.categoryId);
      const before = await lockCourse(tx, courseId);
      const row = await updateCourse(tx, courseId, { ...formValues(v), categoryId: v.categoryId, updatedBy: user.id });
      await auditChange(tx, { ...courseAudit(user, row), action: 'course.updated', ...changes(before, row, CATALOGUE_COURSE_AUDITED) });
    }),
  );
  return courseDetails(ctx, user, courseId);
};
