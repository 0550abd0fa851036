import { eq, sql } from 'drizzle-orm';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { activityDays } from '../db/schema/activity.ts';
import { quizAttempts } from '../db/schema/assessments.ts';
import { courseMaterials, courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/users.ts';
import { todayIn } from '../modules/reports/reports.service.ts';
import { buildGraded, buildSubmission } from './assessment-factories.ts';
import { buildClassWorld, buildCourse, buildGroup } from './class-factories.ts';
import { buildUser, linkParent } from './factories.ts';

const DAY_MS = 86_400_000;
export const dayOffset = (today: string, days: number): string => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The class world (class-factories.ts) with one non-sequential course of `cls` holding, in one
 * element: `essay1` (assignment, due two days ago), `reading` (a page, titled with a leading `@`
 * for the export's formula guard), `essay2` (assignment, due in a week) and `quiz1` (quiz, due
 * yesterday). Hand-ins: s1 essay1 on time and quiz1 late; s2 essay1 late; s3 nothing. Time (daily
 * rollup): s1 600 s on reading two days ago and 300 s on essay1 yesterday; s2 120 s on reading 40
 * days ago. `parent2` is linked to s3; `group` holds s1 and s2; `lsg` supervises school A's
 * customer, `lsgOther` another customer; `adminB` administers school B; `otherCourse` belongs to
 * `otherClass`. `setAccess` puts the students' last accesses back (s1 an hour ago, s2 ten days
 * ago, s3 never), as signing in changes them.
 */
export const buildReportsWorld = async (db: Db) => {
  const w = await buildClassWorld(db);
  const today = todayIn('Asia/Manila');
  const now = Date.now();
  const essay1Course = await buildGraded(db, {
    schoolId: w.schoolA.id,
    classId: w.cls.id,
    sequential: false,
    dueAt: new Date(now - 2 * DAY_MS),
    name: 'Essay 1',
  });
  const { course, element } = essay1Course;
  await db.update(courses).set({ name: 'Filipino 7' }).where(eq(courses.id, course.id));
  const essay1 = essay1Course.material;
  const more = await db
    .insert(courseMaterials)
    .values([
      { courseId: course.id, elementId: element.id, name: '@Reading log', type: 'page' as const, position: 1, published: true, contentHtml: '<p>Read</p>' },
      {
        courseId: course.id,
        elementId: element.id,
        name: 'Essay 2',
        type: 'assignment' as const,
        position: 2,
        published: true,
        dueAt: new Date(now + 7 * DAY_MS),
        maxPoints: 10,
      },
      {
        courseId: course.id,
        elementId: element.id,
        name: 'Quiz 1',
        type: 'quiz' as const,
        position: 3,
        published: true,
        dueAt: new Date(now - DAY_MS),
        maxPoints: 10,
      },
      { courseId: course.id, elementId: element.id, name: 'Draft notes', type: 'page' as const, position: 4, published: false },
    ])
    .returning();
  const [reading, essay2, quiz1, hidden] = more;
  if (!reading || !essay2 || !quiz1 || !hidden) throw new Error('materials');
  await buildSubmission(db, { materialId: essay1.id, studentId: w.s1.id, submittedAt: new Date(now - 3 * DAY_MS) });
  await buildSubmission(db, { materialId: essay1.id, studentId: w.s2.id, submittedAt: new Date(now - DAY_MS), late: true });
  await db.insert(quizAttempts).values({
    materialId: quiz1.id,
    studentId: w.s1.id,
    number: 1,
    status: 'submitted',
    questionOrder: [],
    seed: 'seed',
    submittedAt: new Date(now - DAY_MS / 2),
  });
  const lastAt = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`);
  await db.insert(activityDays).values([
    { userId: w.s1.id, materialId: reading.id, day: dayOffset(today, -2), seconds: 600, beats: 20, lastAt: lastAt(dayOffset(today, -2), 9) },
    { userId: w.s1.id, materialId: essay1.id, day: dayOffset(today, -1), seconds: 300, beats: 10, lastAt: lastAt(dayOffset(today, -1), 10) },
    { userId: w.s2.id, materialId: reading.id, day: dayOffset(today, -40), seconds: 120, beats: 4, lastAt: lastAt(dayOffset(today, -40), 8) },
  ]);
  const parent2 = await buildUser(db, { roleId: ROLE.parent, schoolId: w.schoolA.id, firstName: 'Rosa', lastName: 'Villanueva' });
  await linkParent(db, parent2, w.s3);
  const group = await buildGroup(db, w.cls.id, [w.s1, w.s2], { name: 'Team Mabini' });
  const lsg = await buildUser(db, { roleId: ROLE.lsg, customerId: w.schoolA.customerId, firstName: 'Lino', lastName: 'Supervisor' });
  const lsgOther = await buildUser(db, { roleId: ROLE.lsg, customerId: w.schoolB.customerId, firstName: 'Lorna', lastName: 'Elsewhere' });
  const adminB = await buildUser(db, { roleId: ROLE.schoolAdmin, schoolId: w.schoolB.id, firstName: 'Berto', lastName: 'Admin' });
  const other = await buildCourse(db, { schoolId: w.schoolA.id, classId: w.otherClass.id, materials: 1 });
  const setAccess = async () => {
    await db
      .update(users)
      .set({ lastAccessAt: new Date(now - 3_600_000) })
      .where(eq(users.id, w.s1.id));
    await db
      .update(users)
      .set({ lastAccessAt: sql`now() - interval '10 days'` })
      .where(eq(users.id, w.s2.id));
    await db.update(users).set({ lastAccessAt: null }).where(eq(users.id, w.s3.id));
  };
  await setAccess();
  return { ...w, today, course, element, essay1, reading, essay2, quiz1, hidden, parent2, group, lsg, lsgOther, adminB, otherCourse: other.course, setAccess };
};

export type ReportsWorld = Awaited<ReturnType<typeof buildReportsWorld>>;
