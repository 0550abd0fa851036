import { and, asc, eq } from 'drizzle-orm';
import { OBSERVED_STATEMENTS, type ObservedMark } from '@klase/core/deped/contracts';
import { schoolYearMonths } from '@klase/core/deped/learners';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { classStudents, classes } from '../db/schema/classes.ts';
import { attendanceDays, attendanceMonths, classAdvisers, learnerProfiles, observedValues } from '../db/schema/deped.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';

/** Sex of the named demo students (others stay unset, as a new enrolment would be). */
const DEMO_SEX: Record<string, 'male' | 'female'> = {
  student1: 'male',
  student2: 'female',
  student3: 'male',
  student4: 'female',
  student5: 'male',
  student6: 'female',
};

export const DEMO_ADVISED_CLASS = 'Grade 7 - Sampaguita';

/** Monday to Friday of a `YYYY-MM` month, up to `until` (a date) when the month is the current one. */
export const weekdaysOf = (month: string, until: Date): number => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  let n = 0;
  for (let d = new Date(Date.UTC(y, m - 1, 1)); d.getUTCMonth() === m - 1 && d <= until; d.setUTCDate(d.getUTCDate() + 1)) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) n++;
  }
  return n;
};

/**
 * Learner fields for every student of Rizal National High School (LRN = the school id + a
 * sequence, birth dates by grade level), teacher1 as adviser of Grade 7 - Sampaguita, its
 * attendance for the months of the school year so far (school days = weekdays), and observed
 * values for quarter 1. Deterministic apart from the seeding day.
 */
export const seedDemoLearners = async (db: Db, now = new Date()) => {
  const [school] = await db.select().from(schools).where(eq(schools.code, 'RNHS')).limit(1);
  if (!school) throw new Error('seed: Rizal not found');
  const students = await db
    .select({ id: users.id, username: users.username, gradeLevel: users.gradeLevel })
    .from(users)
    .where(and(eq(users.schoolId, school.id), eq(users.roleId, ROLE.student)))
    .orderBy(asc(users.username));
  const prefix = (school.depedSchoolId ?? '100000').padStart(6, '0').slice(0, 6);
  if (students.length > 0)
    await db.insert(learnerProfiles).values(
      students.map((s, i) => {
        const grade = Number(/\d+/.exec(s.gradeLevel ?? '')?.[0] ?? 7);
        const year = (school.schoolYearFrom ?? now.getUTCFullYear()) - (grade + 5);
        return {
          userId: s.id,
          schoolId: school.id,
          lrn: `${prefix}${String(250001 + i)}`,
          sex: DEMO_SEX[s.username] ?? null,
          birthDate: `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String(((i * 7) % 27) + 1).padStart(2, '0')}`,
        };
      }),
    );

  const [cls] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, school.id), eq(classes.name, DEMO_ADVISED_CLASS)))
    .limit(1);
  const [teacher1] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'teacher1')).limit(1);
  if (!cls || !teacher1) throw new Error('seed: Sampaguita or teacher1 not found');
  await db.insert(classAdvisers).values({ classId: cls.id, teacherId: teacher1.id });

  const enrolled = await db
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(eq(classStudents.classId, cls.id))
    .orderBy(asc(classStudents.studentId));
  const current = now.toISOString().slice(0, 7);
  const months = schoolYearMonths(cls.schoolYearFrom)
    .filter((m) => m <= current)
    .map((month) => ({ month, schoolDays: weekdaysOf(month, now) }))
    .filter((m) => m.schoolDays > 0);
  if (months.length > 0) await db.insert(attendanceMonths).values(months.map((m) => ({ classId: cls.id, ...m })));
  const days = enrolled.flatMap((s, i) =>
    months.map((m, j) => ({ classId: cls.id, studentId: s.id, month: m.month, daysPresent: Math.max(0, m.schoolDays - ((i + j) % 3)) })),
  );
  if (days.length > 0) await db.insert(attendanceDays).values(days);

  const marks: ObservedMark[] = ['AO', 'AO', 'SO', 'AO', 'SO', 'RO'];
  const observed = enrolled.flatMap((s, i) =>
    OBSERVED_STATEMENTS.map((statement, j) => ({ classId: cls.id, studentId: s.id, quarter: 1, statement, mark: marks[(i + j) % marks.length] ?? 'AO' })),
  );
  if (observed.length > 0) await db.insert(observedValues).values(observed);
};
