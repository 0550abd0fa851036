import { and, asc, count, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { CANDIDATES_LIMIT } from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { classGroupMembers, classGroups, classStudents } from '../../db/schema/classes.ts';
import { parentStudents, users } from '../../db/schema/users.ts';
import { escapeLike, filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';
import { fullNameSql, sortNameSql } from '../../kernel/people.ts';

/** The enrolled students of one class (every function takes the class id). */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Written with explicit table names: drizzle leaves columns unqualified inside subqueries. */
const groupNames = sql<string[]>`array(select g.name from class_group_members m join class_groups g on g.id = m.group_id
  where m.class_id = "class_students"."class_id" and m.student_id = "class_students"."student_id" order by lower(g.name), g.id)`;

const SORTABLE = {
  sortName: sql`lower(${sortNameSql})`,
  username: users.username,
  joinedAt: classStudents.joinedAt,
  lastAccessAt: classStudents.lastAccessAt,
};

/** `full`: teachers see every column and may search usernames, sort and filter by group. */
const whereOf = (db: Db, classId: string, q: ParsedTableQuery, full: boolean): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [
    eq(classStudents.classId, classId),
    searchAny(q.search, full ? [fullNameSql, sortNameSql, users.username] : [fullNameSql, sortNameSql]),
  ];
  const groups = full ? filterValues(q, 'groupId') : undefined;
  if (groups) {
    const ids = groups.filter((g) => UUID_RE.test(g));
    conditions.push(
      ids.length
        ? inArray(
            classStudents.studentId,
            db
              .select({ id: classGroupMembers.studentId })
              .from(classGroupMembers)
              .where(and(eq(classGroupMembers.classId, classId), inArray(classGroupMembers.groupId, ids))),
          )
        : sql`false`,
    );
  }
  return and(...conditions);
};

export const countStudents = async (db: Db, classId: string, q: ParsedTableQuery, full: boolean): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(whereOf(db, classId, q, full));
  return Number(row?.n ?? 0);
};

const studentSelection = { user: users, enrolment: classStudents, sortName: sortNameSql };

export const listStudents = (db: Db, classId: string, q: ParsedTableQuery, full: boolean) => {
  const page = pageOf(q);
  const sorts = full ? SORTABLE : { sortName: SORTABLE.sortName };
  return db
    .select({ ...studentSelection, groupNames })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(whereOf(db, classId, q, full))
    .orderBy(...orderOf(q, sorts, sql`lower(${sortNameSql}) asc`, users.id))
    .limit(page.limit)
    .offset(page.offset);
};

export type StudentListRow = Awaited<ReturnType<typeof listStudents>>[number];

/** One enrolled student (null when not enrolled in this class). */
export const findEnrolled = async (db: Db, classId: string, studentId: string) => {
  const [row] = await db
    .select(studentSelection)
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)))
    .limit(1);
  return row ?? null;
};

export const groupsOfStudent = (db: Db, classId: string, studentId: string) =>
  db
    .select({ id: classGroups.id, name: classGroups.name })
    .from(classGroupMembers)
    .innerJoin(classGroups, eq(classGroups.id, classGroupMembers.groupId))
    .where(and(eq(classGroupMembers.classId, classId), eq(classGroupMembers.studentId, studentId)))
    .orderBy(sql`lower(${classGroups.name})`, asc(classGroups.id));

export const parentsOfStudent = (db: Db, studentId: string) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      suffix: users.suffix,
      email: users.email,
      active: users.active,
    })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.parentId))
    .where(eq(parentStudents.studentId, studentId))
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id));

/** Students (role 5) of the school not enrolled in the class, by name or username. */
export const studentCandidates = (db: Db, schoolId: string, classId: string, search: string) => {
  const pattern = `%${escapeLike(search.trim().toLowerCase())}%`;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      suffix: users.suffix,
      username: users.username,
      gradeLevel: users.gradeLevel,
      section: users.section,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        eq(users.roleId, ROLE.student),
        notInArray(users.id, db.select({ id: classStudents.studentId }).from(classStudents).where(eq(classStudents.classId, classId))),
        search.trim() ? or(sql`${fullNameSql} ilike ${pattern}`, sql`${sortNameSql} ilike ${pattern}`, sql`${users.username} ilike ${pattern}`) : undefined,
      ),
    )
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id))
    .limit(CANDIDATES_LIMIT);
};

/** Which of these ids are students of the school. */
export const schoolStudentIds = async (db: Db, schoolId: string, ids: readonly string[]): Promise<string[]> =>
  ids.length
    ? (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.schoolId, schoolId), eq(users.roleId, ROLE.student), inArray(users.id, [...ids])))
      ).map((r) => r.id)
    : [];

/** Enrols the students not yet in the class; answers the ids actually added. */
export const insertEnrolments = async (db: Db, classId: string, studentIds: readonly string[], addedBy: string): Promise<string[]> =>
  studentIds.length
    ? (
        await db
          .insert(classStudents)
          .values(studentIds.map((studentId) => ({ classId, studentId, joinedVia: 'teacher' as const, addedBy })))
          .onConflictDoNothing()
          .returning({ id: classStudents.studentId })
      ).map((r) => r.id)
    : [];

/** Removes an enrolment (group memberships go with it through the foreign key); false when there was none. */
export const deleteEnrolment = async (db: Db, classId: string, studentId: string): Promise<boolean> => {
  const rows = await db
    .delete(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)))
    .returning({ id: classStudents.studentId });
  return rows.length > 0;
};

/** A student joins the class by code or link; false when already enrolled. */
export const joinClass = async (tx: Db, classId: string, studentId: string, joinedVia: 'code' | 'link'): Promise<boolean> => {
  const inserted = await tx.insert(classStudents).values({ classId, studentId, joinedVia }).onConflictDoNothing().returning({ id: classStudents.studentId });
  return inserted.length > 0;
};

/** Whether the student is in the class. */
export const isEnrolled = async (db: Db, classId: string, studentId: string): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)))
    .limit(1);
  return !!row;
};
