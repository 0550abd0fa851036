import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import type { Db } from '../../../db/client.ts';
import { courseMaterials } from '../../../db/schema/courses.ts';
import { gradeGrades, gradeItems } from '../../../db/schema/gradebook.ts';
import { saveVersioned } from '../../../db/versioned.ts';

/** The SQL of grade items and of their stored grades' rescaling (items.service.ts holds the rules). */

export type ItemRecord = typeof gradeItems.$inferSelect;
export type ItemInsert = typeof gradeItems.$inferInsert;
export type MaterialRecord = typeof courseMaterials.$inferSelect;

/** The position after the last item of the category. */
export const lastItemPosition = async (tx: Db, categoryId: string): Promise<number> => {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${gradeItems.position})` })
    .from(gradeItems)
    .where(eq(gradeItems.categoryId, categoryId));
  return Number(row?.max ?? 0) + 1;
};

/** Inserts the item; answers its id. */
export const insertItem = async (tx: Db, values: ItemInsert): Promise<string> => {
  const [row] = await tx.insert(gradeItems).values(values).returning({ id: gradeItems.id });
  if (!row) throw new Error('item insert');
  return row.id;
};

/** The course's item, or null. */
export const findCourseItem = async (tx: Db, courseId: string, itemId: string): Promise<ItemRecord | null> => {
  const [item] = await tx
    .select()
    .from(gradeItems)
    .where(and(eq(gradeItems.id, itemId), eq(gradeItems.courseId, courseId)));
  return item ?? null;
};

/** Saves the item if its version is still `expect`'s (docs/decisions/0024-edit-versions.md). */
export const saveItem = (tx: Db, itemId: string, expect: EditVersion, userId: string, values: Partial<ItemInsert>): Promise<ItemRecord> =>
  saveVersioned(tx, gradeItems, eq(gradeItems.id, itemId), expect, userId, values);

export const deleteItemRow = async (tx: Db, itemId: string): Promise<void> => {
  await tx.delete(gradeItems).where(eq(gradeItems.id, itemId));
};

/** The material an item grades, or null. */
export const findMaterial = async (tx: Db, materialId: string): Promise<MaterialRecord | null> => {
  const [material] = await tx.select().from(courseMaterials).where(eq(courseMaterials.id, materialId));
  return material ?? null;
};

/** The item's stored grades that hold a value. */
export const gradedValues = (tx: Db, itemId: string): Promise<{ studentId: string; value: number | null }[]> =>
  tx
    .select({ studentId: gradeGrades.studentId, value: gradeGrades.value })
    .from(gradeGrades)
    .where(and(eq(gradeGrades.itemId, itemId), isNotNull(gradeGrades.value)));

/** Changes one student's grade of the item (the database triggers record the history). */
export const setGradeValue = async (tx: Db, itemId: string, studentId: string, value: number, userId: string): Promise<void> => {
  await tx
    .update(gradeGrades)
    .set({ value, updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(gradeGrades.itemId, itemId), eq(gradeGrades.studentId, studentId)));
};
