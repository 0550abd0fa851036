import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { classes, classStudents, classTeachers } from '../../db/schema/classes.ts';
import { courses } from '../../db/schema/courses.ts';
import { learnerProfiles } from '../../db/schema/deped.ts';
import { gradeGrades } from '../../db/schema/gradebook.ts';
import { schools } from '../../db/schema/tenancy.ts';
import { users } from '../../db/schema/users.ts';
import type { ClassRecordHeader, ClassRecordLearner } from './class-record-sheet.ts';

/** The E-Class Record's reads: the header block, the learners with their sex, the locked grades. */

/** The header block: the school, the section, the class's first teacher, the learning area. */
export const readRecordHeader = async (db: Db, courseId: string, classId: string): Promise<ClassRecordHeader & { courseCode: string }> => {
  const [row] = await db
    .select({
      region: schools.region,
      province: schools.province,
      city: schools.city,
      schoolName: schools.name,
      schoolId: schools.depedSchoolId,
      from: classes.schoolYearFrom,
      to: classes.schoolYearTo,
      gradeLevel: classes.gradeLevel,
      section: classes.section,
      subject: courses.name,
      courseCode: courses.code,
    })
    .from(courses)
    .innerJoin(classes, eq(classes.id, courses.classId))
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .where(and(eq(courses.id, courseId), eq(classes.id, classId)))
    .limit(1);
  if (!row) throw new Error('class course without its class');
  const [teacher] = await db
    .select({ lastName: users.lastName, firstName: users.firstName })
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.userId))
    .where(and(eq(classTeachers.classId, classId), eq(users.roleId, ROLE.teacher)))
    .orderBy(asc(classTeachers.position), asc(classTeachers.createdAt))
    .limit(1);
  return {
    region: row.region ?? '',
    division: row.province ?? row.city ?? '',
    schoolName: row.schoolName,
    schoolId: row.schoolId ?? '',
    schoolYear: `${row.from}-${row.to}`,
    gradeSection: `${row.gradeLevel} - ${row.section}`,
    teacher: teacher ? `${teacher.lastName}, ${teacher.firstName}` : '',
    subject: row.subject,
    courseCode: row.courseCode,
  };
};

/** The enrolled learners with their name parts and sex (null when not recorded). */
export const readLearners = (db: Db, classId: string): Promise<ClassRecordLearner[]> =>
  db
    .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, middleName: users.middleName, sex: learnerProfiles.sex })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .leftJoin(learnerProfiles, eq(learnerProfiles.userId, users.id))
    .where(eq(classStudents.classId, classId));

/** The locked grades among these items, as `itemId:studentId`. */
export const readLockedGrades = async (db: Db, itemIds: readonly string[]): Promise<Set<string>> => {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ i: gradeGrades.itemId, s: gradeGrades.studentId })
    .from(gradeGrades)
    .where(and(inArray(gradeGrades.itemId, [...itemIds]), eq(gradeGrades.locked, true)));
  return new Set(rows.map((r) => `${r.i}:${r.s}`));
};
