import type { GradebookGrid } from '@klase/core/gradebook/index';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { concurrently } from '../../db/concurrent.ts';
import { loadGridDeped } from '../grading-policy/deped-grid.service.ts';
import { loadStoredTotals, readGroupMembers, readGroups } from './gradebook.repo.ts';
import { loadGradebookAccess, requireGradeStaff, type GradebookAccess } from './gradebook-access.ts';
import { loadCells } from './grades-loader.ts';
import { loadStudents } from './grades.repo.ts';
import { ensureFresh } from './recompute.ts';
import { loadSetupRows } from './setup-loader.ts';

/**
 * `GET /gradebook` (staff of the class): the grader grid. A fixed number of queries whatever the
 * class size — setup, students, the two grade sources, groups, stored totals — and compact
 * per-student arrays aligned with `items`. Totals are the stored ones, recomputed first when the
 * course is marked stale. A DepEd learning area adds every student's quarterly and final grades
 * (one `loadDepedGrades` call for all students; docs/decisions/0059-deped-grader-grid.md).
 */

export const readGrid = async (ctx: Ctx, user: UserRow, courseId: string, now = Date.now()): Promise<GradebookGrid> => {
  const g = await loadGradebookAccess(ctx.db, user, courseId);
  requireGradeStaff(g);
  return gridOf(ctx.db, g, now);
};

/** The grid of a course the caller was checked for (`requireGradeStaff`). */
export const gridOf = async (db: Db, g: GradebookAccess, now = Date.now()): Promise<GradebookGrid> => {
  const { courseId } = g;
  await ensureFresh(db, { courseId, classId: g.classId, schoolId: g.schoolId });
  const [rows, students, groups, members, stored] = await Promise.all([
    loadSetupRows(db, courseId, g.schoolId, g.manage),
    loadStudents(db, g.classId),
    readGroups(db, g.classId),
    readGroupMembers(db, g.classId),
    loadStoredTotals(db, courseId),
  ]);
  const studentIds = students.map((s) => s.id);
  const [cells, deped] = await concurrently(
    db,
    () => loadCells(db, { courseId, classId: g.classId, items: rows.items, studentIds, now }),
    () => loadGridDeped(db, courseId, { studentIds, now }),
  );
  const groupsOf = new Map<string, string[]>();
  for (const m of members) {
    const list = groupsOf.get(m.s) ?? [];
    list.push(m.g);
    groupsOf.set(m.s, list);
  }
  return {
    courseId,
    settings: rows.settings,
    categories: rows.categories,
    items: rows.items,
    scales: rows.scales,
    periods: rows.periods,
    groups,
    students: students.map((s) => {
      const c = cells.get(s.id)!;
      const row = {
        id: s.id,
        name: s.name,
        username: s.username,
        groupIds: groupsOf.get(s.id) ?? [],
        values: c.values,
        flags: c.flags,
        totals: stored.byStudent.get(s.id) ?? {},
      };
      const grades = deped?.byStudent.get(s.id);
      return grades ? { ...row, deped: grades } : row;
    }),
    ...(deped ? { deped: deped.deped } : {}),
    ready: rows.ready,
    computedAt: stored.computedAt,
    can: { manage: g.manage },
  };
};
