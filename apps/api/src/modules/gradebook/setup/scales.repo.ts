import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import type { Db } from '../../../db/client.ts';
import { gradeItems, gradeScales } from '../../../db/schema/gradebook.ts';
import { saveVersioned } from '../../../db/versioned.ts';

/** The SQL of scales (scales.service.ts and standard-scales.ts hold the rules). */

export type ScaleRecord = typeof gradeScales.$inferSelect;
export type ScaleColumns = Pick<typeof gradeScales.$inferInsert, 'name' | 'values' | 'description'>;

/** A scale a course may use: a standard one of its school or one of the course's own; null otherwise. */
export const findUsableScale = async (tx: Db, scope: { schoolId: string; courseId: string }, scaleId: string): Promise<ScaleRecord | null> => {
  const [scale] = await tx
    .select()
    .from(gradeScales)
    .where(
      and(eq(gradeScales.id, scaleId), eq(gradeScales.schoolId, scope.schoolId), or(isNull(gradeScales.courseId), eq(gradeScales.courseId, scope.courseId))),
    );
  return scale ?? null;
};

/** Items of this course using the scale, by name. */
export const itemsUsingScale = (tx: Db, courseId: string, scaleId: string): Promise<{ id: string; name: string }[]> =>
  tx
    .select({ id: gradeItems.id, name: gradeItems.name })
    .from(gradeItems)
    .where(and(eq(gradeItems.courseId, courseId), eq(gradeItems.scaleId, scaleId)))
    .orderBy(asc(gradeItems.name));

/** Whether any item of any course uses the scale (a standard scale is shared by the school's courses). */
export const scaleUsedAnywhere = async (tx: Db, scaleId: string): Promise<boolean> => {
  const [row] = await tx.select({ id: gradeItems.id }).from(gradeItems).where(eq(gradeItems.scaleId, scaleId)).limit(1);
  return Boolean(row);
};

export const insertScale = async (tx: Db, scope: { schoolId: string; courseId: string }, userId: string, columns: ScaleColumns): Promise<ScaleRecord> => {
  const [row] = await tx
    .insert(gradeScales)
    .values({ ...scope, ...columns, createdBy: userId, updatedBy: userId })
    .returning();
  if (!row) throw new Error('scale insert');
  return row;
};

/** Saves the scale if its version is still `expect`'s (docs/decisions/0024-edit-versions.md). */
export const saveScale = (tx: Db, scaleId: string, expect: EditVersion, userId: string, columns: ScaleColumns): Promise<ScaleRecord> =>
  saveVersioned(tx, gradeScales, eq(gradeScales.id, scaleId), expect, userId, columns);

export const deleteScaleRow = async (tx: Db, scaleId: string): Promise<void> => {
  await tx.delete(gradeScales).where(eq(gradeScales.id, scaleId));
};

/** Inserts the school's standard scales unless it has one already (conflicts do nothing: safe when two requests race). */
export const insertStandardScales = async (db: Db, schoolId: string, scales: readonly ScaleColumns[]): Promise<void> => {
  const [any] = await db
    .select({ id: gradeScales.id })
    .from(gradeScales)
    .where(and(eq(gradeScales.schoolId, schoolId), isNull(gradeScales.courseId)))
    .limit(1);
  if (any) return;
  await db
    .insert(gradeScales)
    .values(scales.map((s) => ({ schoolId, courseId: null, name: s.name, values: [...s.values], description: s.description })))
    .onConflictDoNothing();
};
