import { aliasedTable, and, asc, eq, ilike, inArray, isNull, ne, or } from 'drizzle-orm';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { classGroupMembers, classGroups, classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { schools } from '../../db/schema/tenancy.ts';
import { parentStudents, users } from '../../db/schema/users.ts';
import { fullNameSql, personColumns } from '../../kernel/people.ts';

/** The relationship queries behind the messaging rules (`rules.ts`): who reaches whom through classes and parent links. */

/** One reason two people may message: `userId` reaches the caller through `via` (a class name, or a child's id for parents). */
export interface RelationRow {
  userId: string;
  via: string;
}

const TEACHING = [ROLE.teacher, ROLE.assistantTeacher];
const open = isNull(classes.archivedAt);
const activeIn = (schoolId: string) => and(eq(users.schoolId, schoolId), eq(users.active, true));

/** Students of the classes a teacher teaches (via: class name). */
export const studentsTaughtBy = (db: Db, teacherId: string): Promise<RelationRow[]> =>
  db
    .select({ userId: classStudents.studentId, via: classes.name })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .innerJoin(classStudents, eq(classStudents.classId, classes.id))
    .where(and(eq(classTeachers.userId, teacherId), open));

/** Parents of those students (via: the child's id). */
export const parentsOfStudentsTaughtBy = (db: Db, teacherId: string): Promise<RelationRow[]> =>
  db
    .selectDistinct({ userId: parentStudents.parentId, via: parentStudents.studentId })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .innerJoin(classStudents, eq(classStudents.classId, classes.id))
    .innerJoin(parentStudents, eq(parentStudents.studentId, classStudents.studentId))
    .where(and(eq(classTeachers.userId, teacherId), open));

/** Teachers of the classes these students are enrolled in (via: class name). */
export const teachersOfStudents = (db: Db, studentIds: readonly string[]): Promise<RelationRow[]> =>
  studentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectDistinct({ userId: classTeachers.userId, via: classes.name })
        .from(classStudents)
        .innerJoin(classes, eq(classes.id, classStudents.classId))
        .innerJoin(classTeachers, eq(classTeachers.classId, classes.id))
        .where(and(inArray(classStudents.studentId, [...studentIds]), open));

/** Classmates of a student (via: class name). */
export const classmatesOf = (db: Db, studentId: string): Promise<RelationRow[]> => {
  const mine = aliasedTable(classStudents, 'mine');
  return db
    .select({ userId: classStudents.studentId, via: classes.name })
    .from(mine)
    .innerJoin(classes, eq(classes.id, mine.classId))
    .innerJoin(classStudents, and(eq(classStudents.classId, mine.classId), ne(classStudents.studentId, studentId)))
    .where(and(eq(mine.studentId, studentId), open));
};

/** A parent's children. */
export const childrenOf = async (db: Db, parentId: string): Promise<string[]> =>
  (await db.select({ id: parentStudents.studentId }).from(parentStudents).where(eq(parentStudents.parentId, parentId))).map((r) => r.id);

/** The active users of a school of these roles (all roles when none given). */
export const schoolUserIds = async (db: Db, schoolId: string, roles?: readonly number[]): Promise<{ id: string; roleId: number }[]> =>
  db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(and(activeIn(schoolId), roles ? inArray(users.roleId, [...roles]) : undefined));

export const studentMessagingOn = async (db: Db, schoolId: string): Promise<boolean> => {
  const [row] = await db.select({ on: schools.studentMessaging }).from(schools).where(eq(schools.id, schoolId));
  return row?.on ?? false;
};

/** People of a school by id (active ones), optionally only those whose name contains `q`. */
export const peopleOfSchool = (db: Db, schoolId: string, ids: readonly string[], q = '') =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ ...personColumns, roleId: users.roleId, email: users.email })
        .from(users)
        .where(
          and(
            inArray(users.id, [...ids]),
            activeIn(schoolId),
            q ? or(ilike(fullNameSql, `%${escapeLike(q)}%`), ilike(users.username, `%${escapeLike(q)}%`)) : undefined,
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName));

export type PersonRecord = Awaited<ReturnType<typeof peopleOfSchool>>[number];

/** Any user by id (any school), for the cross-school and not-found checks. */
export const findUserBrief = async (db: Db, id: string) => {
  const [row] = await db.select({ id: users.id, schoolId: users.schoolId, roleId: users.roleId, active: users.active }).from(users).where(eq(users.id, id));
  return row;
};

/** A class of a school (not archived) with its teachers' and students' ids. */
export const classWithMembers = async (db: Db, classId: string) => {
  const [cls] = await db
    .select({ id: classes.id, schoolId: classes.schoolId, name: classes.name })
    .from(classes)
    .where(and(eq(classes.id, classId), open));
  if (!cls) return undefined;
  const teachers = await db.select({ id: classTeachers.userId }).from(classTeachers).where(eq(classTeachers.classId, classId));
  const students = await db.select({ id: classStudents.studentId }).from(classStudents).where(eq(classStudents.classId, classId));
  return { ...cls, teacherIds: teachers.map((r) => r.id), studentIds: students.map((r) => r.id) };
};

/** A group with its class, its members and the class's teachers. */
export const groupWithMembers = async (db: Db, groupId: string) => {
  const [group] = await db
    .select({ id: classGroups.id, name: classGroups.name, classId: classGroups.classId })
    .from(classGroups)
    .where(eq(classGroups.id, groupId));
  if (!group) return undefined;
  const cls = await classWithMembers(db, group.classId);
  if (!cls) return undefined;
  const members = await db.select({ id: classGroupMembers.studentId }).from(classGroupMembers).where(eq(classGroupMembers.groupId, groupId));
  return { ...group, cls, studentIds: members.map((r) => r.id) };
};

/** `%`, `_` and `\` of a search text match themselves. */
export const escapeLike = (q: string): string => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Display names of classes and groups for titles. */
export const classNames = async (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: classes.id, name: classes.name })
        .from(classes)
        .where(inArray(classes.id, [...ids]));
export const groupNames = async (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: classGroups.id, name: classGroups.name })
        .from(classGroups)
        .where(inArray(classGroups.id, [...ids]));

export const TEACHING_ROLES: readonly number[] = TEACHING;
