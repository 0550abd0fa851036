import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { GridTotal } from '@klase/core/gradebook/index';
import type { Db } from '../../db/client.ts';
import { submissions } from '../../db/schema/assessments.ts';
import { classGroupMembers, classGroups, classStudents } from '../../db/schema/classes.ts';
import { gradeGrades, gradeHistory, gradeItems, gradeTotals } from '../../db/schema/gradebook.ts';
import { users } from '../../db/schema/users.ts';
import { fullNameSql } from '../../kernel/people.ts';

/** The gradebook's SQL for enrolment, the grid's groups and stored totals, grade entry, history and report feedback. */

/** Whether `studentId` is enrolled in the class. */
export const isEnrolled = async (db: Db, classId: string, studentId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)))
    .limit(1);
  return Boolean(row);
};

/** The cell's `grade_grades` row locked for the change (inside its transaction); undefined when there is none. */
export const lockGradeRow = async (tx: Db, itemId: string, studentId: string): Promise<{ locked: boolean; value: number | null } | undefined> => {
  const [current] = await tx
    .select({ locked: gradeGrades.locked, value: gradeGrades.value })
    .from(gradeGrades)
    .where(and(eq(gradeGrades.itemId, itemId), eq(gradeGrades.studentId, studentId)))
    .for('update');
  return current;
};

/** Writes the cell: the fields of the change (left out = kept), who changed it and when. */
export const upsertGrade = async (
  tx: Db,
  cell: { itemId: string; studentId: string; courseId: string; userId: string; at: Date },
  change: { value?: number | null; excused?: boolean; hidden?: boolean; locked?: boolean },
): Promise<void> => {
  const set: Partial<typeof gradeGrades.$inferInsert> = { updatedAt: cell.at, updatedBy: cell.userId };
  if (change.value !== undefined) set.value = change.value;
  if (change.excused !== undefined) set.excused = change.excused;
  if (change.hidden !== undefined) set.hidden = change.hidden;
  if (change.locked !== undefined) set.locked = change.locked;
  await tx
    .insert(gradeGrades)
    .values({
      itemId: cell.itemId,
      studentId: cell.studentId,
      courseId: cell.courseId,
      value: change.value ?? null,
      excused: change.excused ?? false,
      hidden: change.hidden ?? false,
      locked: change.locked ?? false,
      updatedAt: cell.at,
      updatedBy: cell.userId,
    })
    .onConflictDoUpdate({ target: [gradeGrades.itemId, gradeGrades.studentId], set });
};

/** The cell's history, newest first (500 at most): the gradebook's own rows and the material's grade. */
export const readGradeHistory = (db: Db, cell: { courseId: string; itemId: string; studentId: string; materialId: string | null }) => {
  const of = cell.materialId ? or(eq(gradeHistory.itemId, cell.itemId), eq(gradeHistory.materialId, cell.materialId)) : eq(gradeHistory.itemId, cell.itemId);
  return (
    db
      .select({
        id: gradeHistory.id,
        field: gradeHistory.field,
        source: gradeHistory.source,
        oldValue: gradeHistory.oldValue,
        newValue: gradeHistory.newValue,
        changedAt: gradeHistory.changedAt,
        byId: users.id,
        byName: fullNameSql,
      })
      .from(gradeHistory)
      .leftJoin(users, eq(users.id, gradeHistory.changedBy))
      .where(and(eq(gradeHistory.courseId, cell.courseId), eq(gradeHistory.studentId, cell.studentId), of))
      // Newest first by the row's serial number: writes to one cell wait for each other (its row is
      // locked), so the order the numbers were drawn in is the order the changes were made in. Two
      // changes can share a `changed_at` (stamped at the write, migration 0020); the serial never ties.
      .orderBy(desc(gradeHistory.id))
      .limit(500)
  );
};

/** The returned feedback of the student's graded materials in this course, by material id. */
export const returnedFeedback = async (db: Db, courseId: string, studentId: string): Promise<Map<string, string | null>> => {
  const rows = await db
    .select({ m: submissions.materialId, f: submissions.feedbackHtml })
    .from(submissions)
    .innerJoin(gradeItems, eq(gradeItems.materialId, submissions.materialId))
    .where(and(eq(gradeItems.courseId, courseId), eq(submissions.studentId, studentId), isNotNull(submissions.returnedAt)));
  return new Map(rows.map((r) => [r.m, r.f]));
};

/** The class's groups by name. */
export const readGroups = (db: Db, classId: string) =>
  db
    .select({ id: classGroups.id, name: classGroups.name })
    .from(classGroups)
    .where(eq(classGroups.classId, classId))
    .orderBy(sql`lower(${classGroups.name})`, asc(classGroups.id));

/** Who is in which group of the class. */
export const readGroupMembers = (db: Db, classId: string) =>
  db.select({ g: classGroupMembers.groupId, s: classGroupMembers.studentId }).from(classGroupMembers).where(eq(classGroupMembers.classId, classId));

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
