import { DomainError } from '@klase/core/errors';
import {
  CELL,
  gradeChangeLocked,
  gradeValueIssue,
  type GradeEntryResult,
  type GradeHistoryEntry,
  type GradeItemRow,
  type gradeEntryForm,
  type ScaleRow,
} from '@klase/core/gradebook/index';
import type { z } from 'zod';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { isEnrolled, lockGradeRow, readGradeHistory, upsertGrade } from './gradebook.repo.ts';
import { loadGradebookAccess, requireGradeManage, requireGradeStaff, type GradebookAccess } from './gradebook-access.ts';
import { recomputeStudent } from './recompute.ts';
import { gradeLink, notifyGrade } from '../notifications/notifications.service.ts';
import { loadGridDeped } from '../grading-policy/deped-grid.service.ts';

/** Students see an item's grades unless it is hidden (for now) or its material is unpublished. */
const visibleToStudent = (item: GradeItemRow, now: number): boolean =>
  !item.hidden && !item.unpublished && (item.hiddenUntil === null || Date.parse(item.hiddenUntil) <= now);
import { ensureGradebook, loadSetupRows } from './setup-loader.ts';

/**
 * Grade entry (the grid's cell) and its history. A change is one transaction: the cell's row is
 * locked, checked (range, locks), upserted with who changed it (the database triggers record the
 * history), and the student's totals are recomputed and stored before it commits. Two teachers on
 * the same cell: the second waits for the first, then its write wins; both are in the history.
 * The course setup is read once per change and serves the check and the recompute.
 */

type GradeEntry = z.output<typeof gradeEntryForm>;

/** The value's range and scale check (core's rule, the grid's too): a 400 on `value` when refused. */
export const checkValue = (item: GradeItemRow, scales: readonly ScaleRow[], value: number): void => {
  const issue = gradeValueIssue(
    item,
    scales.find((s) => s.id === item.scaleId),
    value,
  );
  if (issue) throw new DomainError('VALIDATION', { fields: [issue] });
};

/** The item of this course and an enrolled student, or 404. */
const loadCell = async (db: Db, g: GradebookAccess, itemId: string, studentId: string) => {
  await ensureGradebook(db, g.courseId);
  const rows = await loadSetupRows(db, g.courseId, g.schoolId, g.manage);
  const item = rows.items.find((i) => i.id === itemId);
  if (!item || !(await isEnrolled(db, g.classId, studentId))) throw new DomainError('NOT_FOUND');
  return { rows, item };
};

export const writeGrade = async (
  ctx: Ctx,
  user: UserRow,
  courseId: string,
  itemId: string,
  studentId: string,
  form: GradeEntry,
  now = Date.now(),
): Promise<GradeEntryResult> => {
  const { db } = ctx;
  const g = await loadGradebookAccess(db, user, courseId);
  requireGradeManage(g);
  const { rows, item } = await loadCell(db, g, itemId, studentId);
  if (!rows.ready) throw new DomainError('GRADEBOOK_NOT_READY');
  if (form.value !== undefined && form.value !== null) checkValue(item, rows.scales, form.value);
  const result = await db.transaction(async (tx): Promise<GradeEntryResult> => {
    const current = await lockGradeRow(tx, itemId, studentId);
    if (gradeChangeLocked(item, current?.locked ?? false, form, now)) throw new DomainError('GRADE_LOCKED');
    await upsertGrade(tx, { itemId, studentId, courseId, userId: user.id, at: new Date(now) }, form);
    const done = await recomputeStudent(tx, { courseId, classId: g.classId, schoolId: g.schoolId }, studentId, now, rows);
    const i = rows.items.findIndex((it) => it.id === itemId);
    const value = done.cells.values[i] ?? null;
    const flags = done.cells.flags[i] ?? 0;
    const shown = rows.settings.status === 'visible' && visibleToStudent(item, now) && (flags & (CELL.hidden | CELL.notReturned)) === 0;
    if (form.value !== undefined && form.value !== null && value !== null && value !== current?.value && shown) {
      await notifyGrade(tx, ctx, {
        schoolId: g.schoolId,
        studentId,
        itemName: item.name,
        courseName: g.access.course.name,
        grade: value,
        link: gradeLink(g.classId, courseId),
        actorId: user.id,
      });
    }
    return { itemId, studentId, value, flags, totals: done.result.totals };
  });
  // A DepEd learning area: the student's quarterly grades after the change, as the grid shows them (decision 0059).
  const deped = (await loadGridDeped(db, courseId, { studentIds: [studentId], now }))?.byStudent.get(studentId);
  return deped ? { ...result, deped } : result;
};

/** Every change of the cell, newest first: the gradebook's own and the material's grade (by submission). */
export const gradeHistoryOf = async (ctx: Ctx, user: UserRow, courseId: string, itemId: string, studentId: string): Promise<GradeHistoryEntry[]> => {
  const g = await loadGradebookAccess(ctx.db, user, courseId);
  requireGradeStaff(g);
  const { item } = await loadCell(ctx.db, g, itemId, studentId);
  const rows = await readGradeHistory(ctx.db, { courseId, itemId, studentId, materialId: item.materialId });
  return rows.map((r) => ({
    id: r.id,
    field: r.field as GradeHistoryEntry['field'],
    source: r.source,
    oldValue: r.oldValue,
    newValue: r.newValue,
    changedBy: r.byId ? { id: r.byId, name: r.byName } : null,
    changedAt: r.changedAt.toISOString(),
  }));
};
