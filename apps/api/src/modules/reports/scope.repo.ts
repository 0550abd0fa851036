import { sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { fullNameSql, sortNameSql } from '../../kernel/people.ts';
import { escapeLike } from '../../kernel/table-sql.ts';
import type { AdminScope } from '../admin/admin-scope.ts';

/** The classes a caller may report on, the filter options of one class, and the class of a report. */

/** Rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A timestamp as an ISO text in UTC (the same on both drivers). */
export const isoSql = (col: SQL): SQL => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface ReportClassRecord {
  id: string;
  name: string;
  schoolId: string;
  schoolName: string;
  customerId: string;
  timeZone: string;
}

export const findReportClass = async (db: Db, classId: string): Promise<ReportClassRecord | undefined> => {
  const [row] = rowsOf<ReportClassRecord>(
    await db.execute(sql`
      select c.id, c.name, c.school_id as "schoolId", s.name as "schoolName", s.customer_id as "customerId", s.time_zone as "timeZone"
      from classes c join schools s on s.id = c.school_id
      where c.id = ${classId}`),
  );
  return row;
};

/** Who the class list covers: the classes a teacher teaches, or every class of an admin scope. */
export type ClassReach = { kind: 'teaching'; userId: string } | { kind: 'admin'; scope: AdminScope };

const reachCondition = (reach: ClassReach): SQL => {
  if (reach.kind === 'teaching') return sql`exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.user_id = ${reach.userId})`;
  const scope = reach.scope;
  if (scope.kind === 'platform') return sql`true`;
  if (scope.kind === 'customer') return sql`s.customer_id = ${scope.customerId}`;
  return sql`c.school_id = ${scope.schoolId}`;
};

const CLASS_SORT: Record<string, SQL> = {
  name: sql`lower(c.name)`,
  schoolName: sql`lower(s.name)`,
  studentCount: sql`"studentCount"`,
};

export const listReportClasses = async (db: Db, reach: ClassReach, q: ParsedTableQuery) => {
  const pattern = `%${escapeLike(q.search)}%`;
  const search = q.search ? sql`and (c.name ilike ${pattern} or s.name ilike ${pattern})` : sql``;
  const sortKey = q.sortBy && Object.hasOwn(CLASS_SORT, q.sortBy) ? (CLASS_SORT[q.sortBy] ?? CLASS_SORT.name) : CLASS_SORT.name;
  const dir = q.sortOrder === 'desc' ? sql`desc` : sql`asc`;
  const paging = q.paginated ? sql`limit ${q.rowsperpage} offset ${(q.page - 1) * q.rowsperpage}` : sql``;
  return rowsOf<{ id: string; name: string; schoolName: string; studentCount: number; total: number }>(
    await db.execute(sql`
      select c.id, c.name, s.name as "schoolName",
        (select count(*) from class_students cs where cs.class_id = c.id)::int as "studentCount",
        count(*) over ()::int as total
      from classes c join schools s on s.id = c.school_id
      where ${reachCondition(reach)} ${search}
      order by ${sortKey} ${dir}, c.id
      ${paging}`),
  );
};

export const classOptionRows = async (db: Db, classId: string) => {
  const [courses, groups, students] = [
    rowsOf<{ id: string; title: string }>(await db.execute(sql`select id, name as title from courses where class_id = ${classId} order by lower(name), id`)),
    rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from class_groups where class_id = ${classId} order by lower(name), id`)),
    rowsOf<{ id: string; fullName: string }>(
      await db.execute(sql`
        select users.id, ${fullNameSql} as "fullName"
        from class_students cs join users on users.id = cs.student_id
        where cs.class_id = ${classId} order by lower(${sortNameSql}), users.id`),
    ),
  ];
  return { courses, groups, students };
};

/** Whether a course, group or student belongs to the class (a filter naming anything else is 404). */
export const belongsToClass = async (db: Db, classId: string, ids: { courseId?: string; groupId?: string; studentId?: string }): Promise<boolean> => {
  const checks: SQL[] = [];
  if (ids.courseId) checks.push(sql`exists (select 1 from courses where id = ${ids.courseId} and class_id = ${classId})`);
  if (ids.groupId) checks.push(sql`exists (select 1 from class_groups where id = ${ids.groupId} and class_id = ${classId})`);
  if (ids.studentId) checks.push(sql`exists (select 1 from class_students where student_id = ${ids.studentId} and class_id = ${classId})`);
  if (checks.length === 0) return true;
  const [row] = rowsOf<{ ok: boolean }>(await db.execute(sql`select (${sql.join(checks, sql` and `)}) as ok`));
  return row?.ok === true;
};
