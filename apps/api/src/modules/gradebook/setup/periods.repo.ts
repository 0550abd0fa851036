import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import type { Db } from '../../../db/client.ts';
import { gradingPeriods } from '../../../db/schema/gradebook.ts';
import { saveVersioned } from '../../../db/versioned.ts';

/** The SQL of grading periods (periods.service.ts holds the rules). */

export type PeriodRecord = typeof gradingPeriods.$inferSelect;
export type PeriodColumns = Pick<typeof gradingPeriods.$inferInsert, 'name' | 'startsOn' | 'endsOn' | 'weight'>;

const ofCourse = (courseId: string, periodId: string) =>
  and(eq(gradingPeriods.id, periodId), eq(gradingPeriods.courseId, courseId)) ?? eq(gradingPeriods.id, periodId);

/** Whether another period of the course (not `self`) shares a day with `startsOn..endsOn`. */
export const periodOverlaps = async (tx: Db, courseId: string, range: { startsOn: string; endsOn: string }, self: string | null): Promise<boolean> => {
  const [clash] = await tx
    .select({ id: gradingPeriods.id })
    .from(gradingPeriods)
    .where(
      and(
        eq(gradingPeriods.courseId, courseId),
        lte(gradingPeriods.startsOn, range.endsOn),
        gte(gradingPeriods.endsOn, range.startsOn),
        self ? ne(gradingPeriods.id, self) : undefined,
      ),
    )
    .limit(1);
  return Boolean(clash);
};

export const insertPeriod = async (tx: Db, courseId: string, userId: string, columns: PeriodColumns): Promise<PeriodRecord> => {
  const [row] = await tx
    .insert(gradingPeriods)
    .values({ ...columns, courseId, createdBy: userId, updatedBy: userId })
    .returning();
  if (!row) throw new Error('period insert');
  return row;
};

export const periodExists = async (tx: Db, courseId: string, periodId: string): Promise<boolean> => {
  const [found] = await tx.select({ id: gradingPeriods.id }).from(gradingPeriods).where(ofCourse(courseId, periodId));
  return Boolean(found);
};

/** Saves the period if its version is still `expect`'s (docs/decisions/0024-edit-versions.md). */
export const savePeriod = (tx: Db, courseId: string, periodId: string, expect: EditVersion, userId: string, columns: PeriodColumns): Promise<PeriodRecord> =>
  saveVersioned(tx, gradingPeriods, ofCourse(courseId, periodId), expect, userId, columns);

/** Deletes the period; false when the course has no such period. */
export const deletePeriodRow = async (tx: Db, courseId: string, periodId: string): Promise<boolean> => {
  const [row] = await tx.delete(gradingPeriods).where(ofCourse(courseId, periodId)).returning({ id: gradingPeriods.id });
  return Boolean(row);
};
