import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import type { Db } from '../../../db/client.ts';
import { gradeCategories, gradeItems } from '../../../db/schema/gradebook.ts';
import { saveVersioned } from '../../../db/versioned.ts';

/** The SQL of grade categories (categories.service.ts holds the rules). */

export type CategoryRecord = typeof gradeCategories.$inferSelect;
export type CategoryInsert = typeof gradeCategories.$inferInsert;
/** A category's child: a category below it or one of its items, with its coefficients. */
export interface ChildCoefficients {
  id: string;
  weight: number | null;
  extraCredit: boolean;
}

export const categoriesOf = (tx: Db, courseId: string): Promise<CategoryRecord[]> =>
  tx.select().from(gradeCategories).where(eq(gradeCategories.courseId, courseId));

/** The position after the last child category of `parentId`. */
export const nextCategoryPosition = async (tx: Db, courseId: string, parentId: string): Promise<number> => {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${gradeCategories.position})` })
    .from(gradeCategories)
    .where(and(eq(gradeCategories.courseId, courseId), eq(gradeCategories.parentId, parentId)));
  return Number(row?.max ?? 0) + 1;
};

/** Inserts the category; answers its id. */
export const insertCategory = async (tx: Db, values: CategoryInsert): Promise<string> => {
  const [row] = await tx.insert(gradeCategories).values(values).returning({ id: gradeCategories.id });
  if (!row) throw new Error('category insert');
  return row.id;
};

/** Saves the category if its version is still `expect`'s (docs/decisions/0024-edit-versions.md). */
export const saveCategory = (tx: Db, categoryId: string, expect: EditVersion, userId: string, values: Partial<CategoryInsert>): Promise<CategoryRecord> =>
  saveVersioned(tx, gradeCategories, eq(gradeCategories.id, categoryId), expect, userId, values);

const childTables = { category: gradeCategories, item: gradeItems } as const;
export type ChildKind = keyof typeof childTables;

/** The category's child categories (`category`) or items (`item`) with their coefficients. */
export const childCoefficients = (tx: Db, kind: ChildKind, categoryId: string): Promise<ChildCoefficients[]> => {
  const table = childTables[kind];
  return tx
    .select({ id: table.id, weight: table.weight, extraCredit: table.extraCredit })
    .from(table)
    .where(kind === 'category' ? eq(gradeCategories.parentId, categoryId) : eq(gradeItems.categoryId, categoryId));
};

export const setCoefficients = async (
  tx: Db,
  kind: ChildKind,
  id: string,
  next: Pick<ChildCoefficients, 'weight' | 'extraCredit'>,
  userId: string,
): Promise<void> => {
  const table = childTables[kind];
  await tx
    .update(table)
    .set({ ...next, updatedAt: new Date(), updatedBy: userId })
    .where(eq(table.id, id));
};

/** Whether any of the categories holds an item. */
export const categoriesHoldItems = async (tx: Db, categoryIds: readonly string[]): Promise<boolean> => {
  const [used] = await tx
    .select({ id: gradeItems.id })
    .from(gradeItems)
    .where(inArray(gradeItems.categoryId, [...categoryIds]))
    .limit(1);
  return Boolean(used);
};

export const deleteCategories = async (tx: Db, categoryIds: readonly string[]): Promise<void> => {
  await tx.delete(gradeCategories).where(inArray(gradeCategories.id, [...categoryIds]));
};

/** Whether the category is one of the course's. */
export const categoryInCourse = async (tx: Db, courseId: string, categoryId: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: gradeCategories.id })
    .from(gradeCategories)
    .where(and(eq(gradeCategories.id, categoryId), eq(gradeCategories.courseId, courseId)));
  return Boolean(row);
};

/** Whether the course has a category besides its root (the course total). */
export const hasSubCategory = async (tx: Db, courseId: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: gradeCategories.id })
    .from(gradeCategories)
    .where(and(eq(gradeCategories.courseId, courseId), isNotNull(gradeCategories.parentId)))
    .limit(1);
  return Boolean(row);
};
