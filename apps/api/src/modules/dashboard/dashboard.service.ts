import { workState, type WorkRow, type WorkState } from '@klase/core/assignments/contracts';
import type { DueAnswer, DueItem, PendingAnswer, PendingItem, RecentGrade } from '@klase/core/dashboard/contracts';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { findChild } from '../admin/users/users.service.ts';
import { dueCandidates, jsonValue, pendingCandidates, recentGrades, type MaterialPlace, type PendingCandidate, type WaitingWork } from './dashboard.repo.ts';

/**
 * The dashboard's work lists (packages/core/src/assessments/dashboard.ts). The state of a
 * student's work is core's `workState`, as on the assignment and submissions pages.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A graded material's points when the form left them empty (the material form's default). */
const DEFAULT_POINTS = 100;

const required = (path: string): DomainError => new DomainError('VALIDATION', { fields: [{ path, key: 'required' }] });

/** Whose work a student or parent reads: a student their own; a parent `childId`, one of their children (anything else 404). */
const studentOf = async (ctx: Ctx, user: UserRow, childId: string | undefined): Promise<string> => {
  if (user.roleId === ROLE.student) return user.id;
  if (user.roleId !== ROLE.parent) throw new DomainError('FORBIDDEN');
  if (!childId) throw required('childId');
  const child = await findChild(ctx.db, user.id, childId);
  if (child?.user.roleId !== ROLE.student) throw new DomainError('NOT_FOUND');
  return child.user.id;
};

/** The material and where it sits (every item links to it). */
const placeOf = (r: MaterialPlace) => ({
  materialId: r.materialId,
  name: r.name,
  type: r.type,
  courseId: r.courseId,
  courseName: r.courseName,
  classId: r.classId,
  elementId: r.elementId,
});

/**
 * What's Due: overdue work (past the due date, `workState` missing) first, then work due within
 * `days`, by due date.
 */
export const whatsDue = async (ctx: Ctx, user: UserRow, q: { childId?: string; days: number }, now = new Date()): Promise<DueAnswer> => {
  const studentId = await studentOf(ctx, user, q.childId);
  const rows = await dueCandidates(ctx.db, studentId, now, new Date(now.getTime() + q.days * DAY_MS));
  const items: DueItem[] = [];
  for (const r of rows) {
    if (!r.dueAt) continue;
    const state = workState(r.work, r.dueAt, now);
    const overdue = state === 'missing';
    if (!overdue && r.dueAt < now) continue;
    items.push({
      ...placeOf(r),
      className: r.className,
      dueAt: r.dueAt.toISOString(),
      state,
      overdue,
      maxPoints: r.maxPoints,
    });
  }
  // The rows come by due date and every overdue one is due before every upcoming one.
  const overdue = items.filter((i) => i.overdue).length;
  return { items, overdue, upcoming: items.length - overdue };
};

/** Work handed in and waiting for the teacher, as the submissions page counts it. */
const TO_GRADE: readonly WorkState[] = ['submitted', 'late'];

const toWorkRow = (w: WaitingWork): WorkRow => ({
  status: w.status,
  submittedAt: w.submittedAt ? new Date(w.submittedAt) : null,
  late: w.late,
  grade: w.grade === null ? null : Number(w.grade),
  gradedAt: w.gradedAt ? new Date(w.gradedAt) : null,
});

/** How many wait for the teacher on one material, and since when. */
const waitingOf = (r: PendingCandidate, now: Date): { toGrade: number; oldest: Date | null } => {
  if (r.type === 'quiz') return { toGrade: Number(r.quizPending), oldest: r.quizOldest };
  const rows = (jsonValue<WaitingWork[] | null>(r.waiting) ?? []).map(toWorkRow).filter((w) => TO_GRADE.includes(workState(w, r.dueAt, now)));
  const oldest = rows.reduce<Date | null>((t, w) => (w.submittedAt && (!t || w.submittedAt < t) ? w.submittedAt : t), null);
  return { toGrade: rows.length, oldest };
};

/**
 * Pending Submissions (teachers and assistants): the assignments and quizzes of the active
 * classes they teach with work to grade, the longest waiting first. Activities are graded
 * directly and never wait.
 */
export const pendingWork = async (ctx: Ctx, user: UserRow, now = new Date()): Promise<PendingAnswer> => {
  if (!user.schoolId) return { items: [], toGrade: 0 };
  const items: PendingItem[] = [];
  for (const r of await pendingCandidates(ctx.db, user.id, user.schoolId)) {
    const { toGrade, oldest } = waitingOf(r, now);
    if (toGrade === 0 || !oldest) continue;
    items.push({
      ...placeOf(r),
      className: r.className,
      toGrade,
      submitted: Number(r.handedIn),
      total: Number(r.total),
      oldestAt: oldest.toISOString(),
    });
  }
  items.sort((a, b) => a.oldestAt.localeCompare(b.oldestAt) || a.name.localeCompare(b.name) || a.materialId.localeCompare(b.materialId));
  return { items, toGrade: items.reduce((n, i) => n + i.toGrade, 0) };
};

/** The latest returned grades of a student (a parent's child), newest first. */
export const latestGrades = async (ctx: Ctx, user: UserRow, q: { childId?: string; limit: number }): Promise<{ items: RecentGrade[] }> => {
  const studentId = await studentOf(ctx, user, q.childId);
  const rows = await recentGrades(ctx.db, studentId, q.limit);
  return {
    items: rows.flatMap((r) =>
      r.grade === null || !r.returnedAt
        ? []
        : [
            {
              ...placeOf(r),
              grade: r.grade,
              maxPoints: r.maxPoints ?? DEFAULT_POINTS,
              returnedAt: r.returnedAt.toISOString(),
            },
          ],
    ),
  };
};

/** The calendar's due dates (issue 17) read the same query: a student's graded materials due in a range, and What's Due's candidates. */
export { dueBetween, dueCandidates, type DueCandidate } from './dashboard.repo.ts';
