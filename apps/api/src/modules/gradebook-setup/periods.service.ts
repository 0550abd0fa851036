import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { GradingPeriodRow, gradingPeriodForm } from '@klase/core/gradebook/index';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import { gradingPeriods } from '../../db/schema/gradebook.ts';
import type { UserRow } from '../../platform/rows.ts';
import { invalid, notFound, openGradebook, setupWrite } from './setup-kit.ts';
import type { EditVersion } from '@klase/core/edit-version';
import { saveVersioned } from '../../db/versioned.ts';

/**
 * Grading periods (`/periods`): quarters or terms with inclusive dates and their weight in the final
 * grade. Periods of a course do not overlap (400 `startsOn: periodOverlap`); names are unique (409
 * NAME_EXISTS). Deleting one sends items that named it back to "by date".
 */

type PeriodForm = z.output<typeof gradingPeriodForm>;
type PeriodRecord = typeof gradingPeriods.$inferSelect;

const rowOf = (p: PeriodRecord): GradingPeriodRow => ({ id: p.id, name: p.name, startsOn: p.startsOn, endsOn: p.endsOn, weight: p.weight, version: p.version });

const checkOverlap = async (tx: Db, courseId: string, form: PeriodForm, self: string | null): Promise<void> => {
  const [clash] = await tx
    .select({ id: gradingPeriods.id })
    .from(gradingPeriods)
    .where(
      and(
        eq(gradingPeriods.courseId, courseId),
        lte(gradingPeriods.startsOn, form.endsOn),
        gte(gradingPeriods.endsOn, form.startsOn),
        self ? ne(gradingPeriods.id, self) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw invalid('startsOn', 'periodOverlap');
};

const columnsOf = (form: PeriodForm) => ({ name: form.name, startsOn: form.startsOn, endsOn: form.endsOn, weight: form.weight });

/** `POST /periods`. */
export const createPeriod = async ({ db }: Ctx, user: UserRow, courseId: string, form: PeriodForm): Promise<GradingPeriodRow> => {
  await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    await checkOverlap(tx, courseId, form, null);
    const [row] = await tx
      .insert(gradingPeriods)
      .values({ ...columnsOf(form), courseId, createdBy: user.id, updatedBy: user.id })
      .returning();
    if (!row) throw new Error('period insert');
    return rowOf(row);
  });
};

/** `PUT /periods/:periodId`. */
export const updatePeriod = async ({ db }: Ctx, user: UserRow, courseId: string, periodId: string, form: PeriodForm & EditVersion): Promise<GradingPeriodRow> => {
  await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    const [found] = await tx
      .select({ id: gradingPeriods.id })
      .from(gradingPeriods)
      .where(and(eq(gradingPeriods.id, periodId), eq(gradingPeriods.courseId, courseId)));
    if (!found) throw notFound();
    await checkOverlap(tx, courseId, form, periodId);
    const row = await saveVersioned(tx, gradingPeriods, and(eq(gradingPeriods.id, periodId), eq(gradingPeriods.courseId, courseId)) ?? eq(gradingPeriods.id, periodId), form, user.id, columnsOf(form));
    return rowOf(row);
  });
};

/** `DELETE /periods/:periodId` (items that named it count by their date again: the foreign key sets null). */
export const deletePeriod = async ({ db }: Ctx, user: UserRow, courseId: string, periodId: string): Promise<void> => {
  await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    const [row] = await tx
      .delete(gradingPeriods)
      .where(and(eq(gradingPeriods.id, periodId), eq(gradingPeriods.courseId, courseId)))
      .returning({ id: gradingPeriods.id });
    if (!row) throw notFound();
  });
};
