import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { classStudents } from '../../db/schema/classes.ts';
import { courseElements, courseMaterials, courses, materialProgress } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';
import { assignedToStudents } from '../../kernel/assignment-sql.ts';
import { fullNameSql, personColumns, sortNameSql } from '../../kernel/people.ts';

/**
 * Class progress, read from the course tables of one class. The page is one query: the roster
 * joined to the per-student totals of the class's material_progress rows, with the number of
 * materials assigned to each student (assignment-sql.ts).
 */

/**
 * Per student, the number of materials assigned to them (published materials of published elements
 * of published courses, of the elements for everyone or for them), as a table joined once: a scalar
 * subquery ran once per use (the column, the percent and its zero check; bench/class-progress.ts).
 */
const assignedCounts = (db: Db, classId: string) =>
  db
    .select({ studentId: classStudents.studentId, n: sql<number>`count(*)::int`.as('assigned_n') })
    .from(classStudents)
    .innerJoin(courses, eq(courses.classId, classStudents.classId))
    .innerJoin(courseElements, eq(courseElements.courseId, courses.id))
    .innerJoin(courseMaterials, eq(courseMaterials.elementId, courseElements.id))
    .where(and(eq(classStudents.classId, classId), assignedToStudents(classStudents.studentId)))
    .groupBy(classStudents.studentId)
    .as('assigned');

/** Per student: completed assigned materials, last access and time spent over the class's materials. */
const studentTotals = (db: Db, classId: string) =>
  db
    .select({
      studentId: materialProgress.studentId,
      completed:
        sql<number>`(count(*) filter (where ${materialProgress.completedAt} is not null and ${assignedToStudents(materialProgress.studentId)}))::int`.as(
          'completed',
        ),
      lastAccessAt: sql<Date | null>`max(${materialProgress.lastAccessAt})`.mapWith(materialProgress.lastAccessAt).as('last_material_access_at'),
      seconds: sql<number>`coalesce(sum(${materialProgress.timeSpentSeconds}), 0)::int`.as('seconds'),
    })
    .from(materialProgress)
    .innerJoin(courseMaterials, eq(courseMaterials.id, materialProgress.materialId))
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .where(eq(courses.classId, classId))
    .groupBy(materialProgress.studentId)
    .as('totals');

export interface ProgressFilter {
  search: string;
  studentId?: string;
}

const rosterWhere = (classId: string, f: ProgressFilter): SQL | undefined =>
  and(
    eq(classStudents.classId, classId),
    searchAny(f.search, [fullNameSql, sortNameSql, users.username]),
    f.studentId ? eq(classStudents.studentId, f.studentId) : undefined,
  );

export const countProgress = async (db: Db, classId: string, f: ProgressFilter): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(classStudents).innerJoin(users, eq(users.id, classStudents.studentId)).where(rosterWhere(classId, f));
  return Number(row?.n ?? 0);
};

export const listProgress = (db: Db, classId: string, q: Pick<ParsedTableQuery, 'sortBy' | 'sortOrder' | 'page' | 'rowsperpage'> & ProgressFilter) => {
  const totals = studentTotals(db, classId);
  const assigned = assignedCounts(db, classId);
  const assignedN = sql<number>`coalesce(${assigned.n}, 0)`;
  const completed = sql<number>`coalesce(${totals.completed}, 0)`;
  const percent = sql<number>`(case when coalesce(${assigned.n}, 0) = 0 then 0 else (100 * coalesce(${totals.completed}, 0)) / ${assigned.n} end)::int`;
  const sortable = {
    sortName: sql`lower(${sortNameSql})`,
    percent,
    completed,
    lastClassAccessAt: classStudents.lastAccessAt,
    lastMaterialAccessAt: sql`${totals.lastAccessAt}`,
  };
  const page = pageOf(q);
  return db
    .select({
      ...personColumns,
      lastClassAccessAt: classStudents.lastAccessAt,
      assigned: assignedN,
      completed,
      percent,
      lastMaterialAccessAt: totals.lastAccessAt,
      timeSpentSeconds: sql<number>`coalesce(${totals.seconds}, 0)`,
    })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .leftJoin(assigned, eq(assigned.studentId, classStudents.studentId))
    .leftJoin(totals, eq(totals.studentId, classStudents.studentId))
    .where(rosterWhere(classId, q))
    .orderBy(...orderOf(q, sortable, sql`lower(${sortNameSql}) asc`, users.id))
    .limit(page.limit)
    .offset(page.offset);
};

export type ProgressListRow = Awaited<ReturnType<typeof listProgress>>[number];

/** One row per assigned material with the student's progress on it, in course order. */
export const progressOfStudent = (db: Db, classId: string, studentId: string) =>
  db
    .select({
      materialId: courseMaterials.id,
      materialName: courseMaterials.name,
      materialType: courseMaterials.type,
      courseId: courses.id,
      courseName: courses.name,
      elementName: courseElements.name,
      dueAt: courseMaterials.dueAt,
      firstAccessAt: materialProgress.firstAccessAt,
      lastAccessAt: materialProgress.lastAccessAt,
      completedAt: materialProgress.completedAt,
      timeSpentSeconds: materialProgress.timeSpentSeconds,
      submissions: materialProgress.submissions,
    })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .leftJoin(materialProgress, and(eq(materialProgress.materialId, courseMaterials.id), eq(materialProgress.studentId, studentId)))
    .where(and(eq(courses.classId, classId), assignedToStudents([studentId])))
    .orderBy(
      sql`lower(${courses.name})`,
      asc(courses.id),
      asc(courseElements.position),
      asc(courseElements.id),
      asc(courseMaterials.position),
      asc(courseMaterials.id),
    );
