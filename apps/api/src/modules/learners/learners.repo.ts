import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { classStudents, classTeachers } from '../../db/schema/classes.ts';
import { attendanceDays, attendanceMonths, classAdvisers, learnerProfiles, observedValues } from '../../db/schema/deped.ts';
import { users } from '../../db/schema/users.ts';

/** SQL of the learner fields, class adviser, attendance and observed values (issue 19). */

/** A person's id and name parts (for `fullName`). */
const nameColumns = { id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix };

export const findUser = async (db: Db, id: string) => {
  const [row] = await db.select({ id: users.id, schoolId: users.schoolId, roleId: users.roleId }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
};

/** Learner fields of several users at once (for the user export). */
export const profilesOf = async (db: Db, userIds: string[]) =>
  userIds.length === 0 ? [] : db.select().from(learnerProfiles).where(inArray(learnerProfiles.userId, userIds));

export const findProfile = async (db: Db, userId: string) => {
  const [row] = await db.select().from(learnerProfiles).where(eq(learnerProfiles.userId, userId)).limit(1);
  return row ?? null;
};

/** Whether `teacherId` teaches (or assists in) a class where `studentId` is enrolled. */
export const teachesStudent = async (db: Db, teacherId: string, studentId: string): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(classStudents)
    .innerJoin(classTeachers, eq(classTeachers.classId, classStudents.classId))
    .where(and(eq(classStudents.studentId, studentId), eq(classTeachers.userId, teacherId)))
    .limit(1);
  return Boolean(row);
};

export const lrnHolder = async (db: Db, schoolId: string, lrn: string) => {
  const [row] = await db
    .select({ userId: learnerProfiles.userId })
    .from(learnerProfiles)
    .where(and(eq(learnerProfiles.schoolId, schoolId), eq(learnerProfiles.lrn, lrn)))
    .limit(1);
  return row?.userId ?? null;
};

/** The LRNs among `lrns` that learners of the school already hold (the bulk upload). */
export const lrnsTaken = async (db: Db, schoolId: string, lrns: readonly string[]): Promise<string[]> => {
  if (lrns.length === 0) return [];
  const rows = await db
    .select({ lrn: learnerProfiles.lrn })
    .from(learnerProfiles)
    .where(and(eq(learnerProfiles.schoolId, schoolId), inArray(learnerProfiles.lrn, [...lrns])));
  return rows.flatMap((r) => (r.lrn === null ? [] : [r.lrn]));
};

/** Learner fields of users just created (the bulk upload, in its batch's transaction). */
export const insertProfiles = async (db: Db, values: (typeof learnerProfiles.$inferInsert)[]): Promise<void> => {
  if (values.length > 0) await db.insert(learnerProfiles).values(values);
};

export const upsertProfile = async (db: Db, v: typeof learnerProfiles.$inferInsert) => {
  await db
    .insert(learnerProfiles)
    .values(v)
    .onConflictDoUpdate({
      target: learnerProfiles.userId,
      set: { schoolId: v.schoolId, lrn: v.lrn, sex: v.sex, birthDate: v.birthDate, updatedAt: new Date() },
    });
};

/** The enrolled learners of a class with their sex (SF9 order is applied by the service). */
export const classLearners = (db: Db, classId: string) =>
  db
    .select({ ...nameColumns, sex: learnerProfiles.sex })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .leftJoin(learnerProfiles, eq(learnerProfiles.userId, users.id))
    .where(eq(classStudents.classId, classId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));

/** Teachers (role teacher, not assistants) of a class. */
export const classTeacherList = (db: Db, classId: string) =>
  db
    .select(nameColumns)
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.userId))
    .where(and(eq(classTeachers.classId, classId), eq(users.roleId, ROLE.teacher)))
    .orderBy(asc(users.lastName), asc(users.firstName));

export const adviserOf = async (db: Db, classId: string) => {
  const [row] = await db
    .select(nameColumns)
    .from(classAdvisers)
    .innerJoin(users, eq(users.id, classAdvisers.teacherId))
    .where(eq(classAdvisers.classId, classId))
    .limit(1);
  return row ?? null;
};

export const setAdviser = async (db: Db, classId: string, teacherId: string | null) => {
  if (!teacherId) {
    await db.delete(classAdvisers).where(eq(classAdvisers.classId, classId));
    return;
  }
  await db
    .insert(classAdvisers)
    .values({ classId, teacherId })
    .onConflictDoUpdate({ target: classAdvisers.classId, set: { teacherId, updatedAt: new Date() } });
};

export const monthsOf = (db: Db, classId: string) =>
  db
    .select({ month: attendanceMonths.month, schoolDays: attendanceMonths.schoolDays })
    .from(attendanceMonths)
    .where(eq(attendanceMonths.classId, classId))
    .orderBy(asc(attendanceMonths.month));

export const daysOf = (db: Db, classId: string) =>
  db
    .select({ studentId: attendanceDays.studentId, month: attendanceDays.month, daysPresent: attendanceDays.daysPresent })
    .from(attendanceDays)
    .where(eq(attendanceDays.classId, classId));

/** Replaces a class's attendance sheet (months and the given learners' days) in one transaction. */
export const replaceAttendance = async (
  db: Db,
  classId: string,
  months: { month: string; schoolDays: number }[],
  studentIds: string[],
  days: { studentId: string; month: string; daysPresent: number }[],
) => {
  await db.transaction(async (tx) => {
    await tx.delete(attendanceMonths).where(eq(attendanceMonths.classId, classId));
    if (studentIds.length > 0) await tx.delete(attendanceDays).where(and(eq(attendanceDays.classId, classId), inArray(attendanceDays.studentId, studentIds)));
    if (months.length > 0) await tx.insert(attendanceMonths).values(months.map((m) => ({ classId, ...m })));
    if (days.length > 0) await tx.insert(attendanceDays).values(days.map((d) => ({ classId, ...d })));
  });
};

export const marksOf = (db: Db, classId: string, quarter: number) =>
  db
    .select({ studentId: observedValues.studentId, statement: observedValues.statement, mark: observedValues.mark })
    .from(observedValues)
    .where(and(eq(observedValues.classId, classId), eq(observedValues.quarter, quarter)));

/** Replaces the given learners' marks of one quarter. */
export const replaceMarks = async (
  db: Db,
  classId: string,
  quarter: number,
  studentIds: string[],
  marks: { studentId: string; statement: string; mark: 'AO' | 'SO' | 'RO' | 'NO' }[],
) => {
  if (studentIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .delete(observedValues)
      .where(and(eq(observedValues.classId, classId), eq(observedValues.quarter, quarter), inArray(observedValues.studentId, studentIds)));
    if (marks.length > 0) await tx.insert(observedValues).values(marks.map((m) => ({ classId, quarter, ...m })));
  });
};
