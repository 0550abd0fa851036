import { asc, eq, sql } from 'drizzle-orm';
import type { GradebookGrid, GridTotal } from '@klase/core/gradebook/index';
import type { Db } from '../../db/client.ts';
import { classGroupMembers, classGroups } from '../../db/schema/classes.ts';
import { gradeTotals } from '../../db/schema/gradebook.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadGradebookAccess, requireGradeStaff, type GradebookAccess } from './gradebook-access.ts';
import { loadCells, loadStudents } from './grades-loader.ts';
import { ensureFresh } from './recompute.ts';
import { loadSetupRows } from './setup-loader.ts';

/**
 * `GET /gradebook` (staff of the class): the grader grid. A fixed number of queries whatever the
 * class size — setup, students, the two grade sources, groups, stored totals — and compact
 * per-student arrays aligned with `items`. Totals are the stored ones, recomputed first when the
 * course is marked stale.
 */

/** Stored totals of a course by student (`studentId` narrows to one), and when they were computed. */
export const loadStoredTotals = async (db: Db, courseId: string) => {
  const rows = await db
    .select({
      s: gradeTotals.studentId,
      k: gradeTotals.key,
      v: sql<number | null>`${gradeTotals.value}::float8`,
      mn: sql<number>`${gradeTotals.min}::float8`,
      mx: sql<number>`${gradeTotals.max}::float8`,
      p: sql<number | null>`${gradeTotals.percent}::float8`,
      at: sql<string>`${gradeTotals.computedAt}`,
    })
    .from(gradeTotals)
    .where(eq(gradeTotals.courseId, courseId));
  const byStudent = new Map<string, Record<string, GridTotal>>();
  let computedAt: string | null = null;
  for (const r of rows) {
    let rec = byStudent.get(r.s);
    if (!rec) byStudent.set(r.s, (rec = {}));
    const num = (x: number | null) => (x === null ? null : Number(x));
    rec[r.k] = { value: num(r.v), min: Number(r.mn), max: Number(r.mx), percent: num(r.p) };
    const at = new Date(r.at).toISOString();
    if (computedAt === null || at > computedAt) computedAt = at;
  }
  return { byStudent, computedAt };
};

export const readGrid = async (db: Db, user: UserRow, courseId: string, now = Date.now()): Promise<GradebookGrid> => {
  const g = await loadGradebookAccess(db, user, courseId);
  requireGradeStaff(g);
  return gridOf(db, g, now);
};

/** The grid of a course the caller was checked for (`requireGradeStaff`). */
export const gridOf = async (db: Db, g: GradebookAccess, now = Date.now()): Promise<GradebookGrid> => {
  const { courseId } = g;
  await ensureFresh(db, { courseId, classId: g.classId, schoolId: g.schoolId });
  const [rows, students, groups, members, stored] = await Promise.all([
    loadSetupRows(db, courseId, g.schoolId, g.manage),
    loadStudents(db, g.classId),
    db.select({ id: classGroups.id, name: classGroups.name }).from(classGroups).where(eq(classGroups.classId, g.classId)).orderBy(sql`lower(${classGroups.name})`, asc(classGroups.id)),
    db.select({ g: classGroupMembers.groupId, s: classGroupMembers.studentId }).from(classGroupMembers).where(eq(classGroupMembers.classId, g.classId)),
    loadStoredTotals(db, courseId),
  ]);
  const cells = await loadCells(db, { courseId, classId: g.classId, items: rows.items, studentIds: students.map((s) => s.id), now });
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
      return { id: s.id, name: s.name, username: s.username, groupIds: groupsOf.get(s.id) ?? [], values: c.values, flags: c.flags, totals: stored.byStudent.get(s.id) ?? {} };
    }),
    ready: rows.ready,
    computedAt: stored.computedAt,
    can: { manage: g.manage },
  };
};
