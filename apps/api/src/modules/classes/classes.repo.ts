import { and, asc, count, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import { saveVersioned } from '../../db/versioned.ts';
import type { ParsedTableQuery } from '@klase/core/table';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { classRetiredJoins, classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { schools } from '../../db/schema/tenancy.ts';
import { users } from '../../db/schema/users.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';
import { sortNameSql } from '../../kernel/people.ts';
import type { ClassRecord } from '../../kernel/class-access.ts';

/** Classes of one school as its members see them (every function takes the school id). */

export interface ClassQuery extends ParsedTableQuery {
  archived?: boolean;
  childId?: string;
}

/** Whose classes a list shows: a teacher's or assistant's, a student's, some children's, or the whole school's. */
export type ClassReach = { kind: 'teaching'; userId: string } | { kind: 'enrolled'; studentIds: string[] } | { kind: 'school' };

/** Written with explicit table names: drizzle leaves columns unqualified inside some subqueries. */
const studentCount = sql<number>`(select count(*)::int from class_students cs where cs.class_id = "classes"."id")`;
const courseCount = (publishedOnly: boolean) =>
  sql<number>`(select count(*)::int from courses c where c.class_id = "classes"."id"${publishedOnly ? sql` and c.published` : sql``})`;

const SORTABLE = {
  name: sql`lower(${classes.name})`,
  gradeLevel: classes.gradeLevel,
  section: sql`lower(${classes.section})`,
  schoolYearFrom: classes.schoolYearFrom,
  studentCount,
  updatedAt: classes.updatedAt,
};

const reachOf = (db: Db, reach: ClassReach): SQL | undefined => {
  if (reach.kind === 'school') return undefined;
  if (reach.kind === 'teaching') {
    return inArray(classes.id, db.select({ id: classTeachers.classId }).from(classTeachers).where(eq(classTeachers.userId, reach.userId)));
  }
  if (reach.studentIds.length === 0) return sql`false`;
  return inArray(classes.id, db.select({ id: classStudents.classId }).from(classStudents).where(inArray(classStudents.studentId, reach.studentIds)));
};

const whereOf = (db: Db, schoolId: string, reach: ClassReach, q: ClassQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [
    eq(classes.schoolId, schoolId),
    q.archived ? isNotNull(classes.archivedAt) : isNull(classes.archivedAt),
    reachOf(db, reach),
    searchAny(q.search, [classes.name, classes.section, classes.gradeLevel]),
  ];
  const grades = filterValues(q, 'gradeLevel');
  if (grades) conditions.push(grades.length ? inArray(classes.gradeLevel, grades) : sql`false`);
  return and(...conditions);
};

export const countClasses = async (db: Db, schoolId: string, reach: ClassReach, q: ClassQuery): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .where(whereOf(db, schoolId, reach, q));
  return Number(row?.n ?? 0);
};

const selection = (publishedOnly: boolean) => ({ cls: classes, studentCount, courseCount: courseCount(publishedOnly) });

export const listClasses = (db: Db, schoolId: string, reach: ClassReach, q: ClassQuery, publishedOnly: boolean) => {
  const page = pageOf(q);
  return db
    .select(selection(publishedOnly))
    .from(classes)
    .where(whereOf(db, schoolId, reach, q))
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${classes.name}) asc`, classes.id))
    .limit(page.limit)
    .offset(page.offset);
};

export type ClassListRow = Awaited<ReturnType<typeof listClasses>>[number];

/** One class of the school with its counts and school name. */
export const findClassRow = async (db: Db, schoolId: string, id: string, publishedOnly: boolean) => {
  const [row] = await db
    .select({ ...selection(publishedOnly), schoolName: schools.name })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(classes.id, id), eq(classes.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
};

/** Locks the class row for a change (settings, joining switches, roster changes). */
export const lockClass = async (db: Db, id: string): Promise<ClassRecord> => {
  const [row] = await db.select().from(classes).where(eq(classes.id, id)).for('update').limit(1);
  if (!row) throw new Error('class vanished');
  return row;
};

const teacherSelection = {
  classId: classTeachers.classId,
  id: users.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  salutation: users.salutation,
  roleId: users.roleId,
  email: users.email,
  photoKey: users.photoKey,
  photoVersion: users.photoVersion,
};

/** The teachers of these classes, in their order (role 3 first where positions tie). */
export const teachersOf = (db: Db, classIds: readonly string[]) =>
  classIds.length
    ? db
        .select(teacherSelection)
        .from(classTeachers)
        .innerJoin(users, eq(users.id, classTeachers.userId))
        .where(inArray(classTeachers.classId, [...classIds]))
        .orderBy(asc(classTeachers.position), asc(users.roleId), asc(sortNameSql))
    : Promise.resolve([]);

export type TeacherEntry = Awaited<ReturnType<typeof teachersOf>>[number];

/** An account that can sign in: switched on and activated (never-activated accounts are not). */
const activeAccountSql = sql<boolean>`(${users.active} and ${users.activatedAt} is not null)`;

/**
 * Teachers (3) and assistants (4) of the school: those among `ids` (with whether their account is
 * active), or, for the co-teacher picker, all whose account is active.
 */
export const schoolTeachers = (db: Db, schoolId: string, ids?: readonly string[]) =>
  db
    .select({
      id: users.id,
      roleId: users.roleId,
      username: users.username,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      suffix: users.suffix,
      active: activeAccountSql,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        inArray(users.roleId, [ROLE.teacher, ROLE.assistantTeacher]),
        ids ? (ids.length ? inArray(users.id, [...ids]) : sql`false`) : activeAccountSql,
      ),
    )
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id));

export const replaceTeachers = async (db: Db, classId: string, teacherIds: readonly string[]): Promise<void> => {
  await db.delete(classTeachers).where(eq(classTeachers.classId, classId));
  if (teacherIds.length) await db.insert(classTeachers).values(teacherIds.map((userId, position) => ({ classId, userId, position })));
};

export const insertClass = async (db: Db, values: typeof classes.$inferInsert): Promise<ClassRecord> => {
  const [row] = await db.insert(classes).values(values).returning();
  if (!row) throw new Error('class not inserted');
  return row;
};

export const updateClass = async (db: Db, id: string, values: Partial<typeof classes.$inferInsert>): Promise<ClassRecord> => {
  const [row] = await db
    .update(classes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(classes.id, id))
    .returning();
  if (!row) throw new Error('class not updated');
  return row;
};

/** Saves the settings form: at the version it was loaded from unless overwriting (EDIT_CONFLICT otherwise). */
export const saveClass = (db: Db, id: string, expect: EditVersion, userId: string, values: Partial<typeof classes.$inferInsert>): Promise<ClassRecord> =>
  saveVersioned(db, classes, eq(classes.id, id), expect, userId, values);

/** Whether a code or token was used before (live or retired): new values must be fresh. */
export const joinValueUsed = async (db: Db, value: string): Promise<boolean> => {
  const [retired] = await db.select({ v: classRetiredJoins.value }).from(classRetiredJoins).where(eq(classRetiredJoins.value, value)).limit(1);
  if (retired) return true;
  const [live] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(or(eq(classes.accessCode, value), eq(classes.inviteToken, value)))
    .limit(1);
  return !!live;
};

export const retireJoinValue = async (db: Db, classId: string, kind: 'code' | 'link', value: string): Promise<void> => {
  await db.insert(classRetiredJoins).values({ classId, kind, value }).onConflictDoNothing();
};

/** The live class of an access code or invitation token, with its school name. */
export const findClassByJoin = async (db: Db, kind: 'code' | 'link', value: string) => {
  const [row] = await db
    .select({ cls: classes, schoolName: schools.name })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(kind === 'code' ? eq(classes.accessCode, value) : eq(classes.inviteToken, value))
    .limit(1);
  return row ?? null;
};

export const isRetired = async (db: Db, kind: 'code' | 'link', value: string): Promise<boolean> => {
  const [row] = await db
    .select({ v: classRetiredJoins.value })
    .from(classRetiredJoins)
    .where(and(eq(classRetiredJoins.value, value), eq(classRetiredJoins.kind, kind)))
    .limit(1);
  return !!row;
};

/** Records that a student opened the class, at most once a minute. */
export const touchStudentAccess = async (db: Db, classId: string, studentId: string): Promise<void> => {
  await db
    .update(classStudents)
    .set({ lastAccessAt: sql`now()` })
    .where(
      and(
        eq(classStudents.classId, classId),
        eq(classStudents.studentId, studentId),
        sql`(${classStudents.lastAccessAt} is null or ${classStudents.lastAccessAt} < now() - interval '1 minute')`,
      ),
    );
};

/** The teacher's other active classes in the school (for the teacher page). */
export const otherClassesOf = (db: Db, schoolId: string, teacherId: string, exceptClassId: string) =>
  db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .innerJoin(classTeachers, eq(classTeachers.classId, classes.id))
    .where(and(eq(classes.schoolId, schoolId), eq(classTeachers.userId, teacherId), ne(classes.id, exceptClassId), isNull(classes.archivedAt)))
    .orderBy(sql`lower(${classes.name})`, asc(classes.id));
