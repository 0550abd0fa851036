import type { z } from 'zod';
import type { GradingPeriodRow, gradingPeriodForm } from '@klase/core/gradebook/index';
import type { EditVersion } from '@klase/core/edit-version';
import type { Ctx, Db } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { deletePeriodRow, insertPeriod, periodExists, periodOverlaps, savePeriod, type PeriodRecord } from './periods.repo.ts';
import { invalid, notFound, openGradebook, setupWrite } from './setup-kit.ts';

/**
 * Grading periods (`/periods`): quarters or terms with inclusive dates and their weight in the final
 * grade. Periods of a course do not overlap (400 `startsOn: periodOverlap`); names are unique (409
 * NAME_EXISTS). Deleting one sends items that named it back to "by date".
 */

type PeriodForm = z.output<typeof gradingPeriodForm>;

const rowOf = (p: PeriodRecord): GradingPeriodRow => ({ id: p.id, name: p.name, startsOn: p.startsOn, endsOn: p.endsOn, weight: p.weight, version: p.version });

const checkOverlap = async (tx: Db, courseId: string, form: PeriodForm, self: string | null): Promise<void> => {
  if (await periodOverlaps(tx, courseId, form, self)) throw invalid('startsOn', 'periodOverlap');
};

const columnsOf = (form: PeriodForm) => ({ name: form.name, startsOn: form.startsOn, endsOn: form.endsOn, weight: form.weight });

/** `POST /periods`. */
export const createPeriod = async ({ db }: Ctx, user: UserRow, courseId: string, form: PeriodForm): Promise<GradingPeriodRow> => {
  await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    await checkOverlap(tx, courseId, form, null);
    return rowOf(await insertPeriod(tx, courseId, user.id, columnsOf(form)));
  });
};

/** `PUT /periods/:periodId`. */
export const updatePeriod = async (
  { db }: Ctx,
  user: UserRow,
  courseId: string,
  periodId: string,
  form: PeriodForm & EditVersion,
): Promise<GradingPeriodRow> => {
  await openGradebook(db, user, courseId, 'manage');
  return setupWrite(db, courseId, async (tx) => {
    if (!(await periodExists(tx, courseId, periodId))) throw notFound();
    await checkOverlap(tx, courseId, form, periodId);
    return rowOf(await savePeriod(tx, courseId, periodId, form, user.id, columnsOf(form)));
  });
};

/** `DELETE /periods/:periodId` (items that named it count by their date again: the foreign key sets null). */
export const deletePeriod = async ({ db }: Ctx, user: UserRow, courseId: string, periodId: string): Promise<void> => {
  await openGradebook(db, user, courseId, 'manage');
  await setupWrite(db, courseId, async (tx) => {
    if (!(await deletePeriodRow(tx, courseId, periodId))) throw notFound();
  });
};
