import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { fullName } from '@klase/core/admin/users';
import type { NotificationType } from '@klase/core/notifications/contracts';
import type { Db } from '../db/client.ts';
import { submissions } from '../db/schema/assessments.ts';
import { classStudents, classTeachers, classes } from '../db/schema/classes.ts';
import { courseMaterials } from '../db/schema/courses.ts';
import { assignedToStudents } from '../kernel/assignment-sql.ts';
import { assignedStudentRows } from '../modules/notifications/notifications.repo.ts';
import { notifications } from '../db/schema/notifications.ts';
import { parentStudents, users } from '../db/schema/users.ts';
import { classLink, classStudentsLink, gradeLink, materialLink } from '../modules/notifications/links.ts';

/**
 * The demo notifications (issue 16), written after the assessments: for student1, parent1 and
 * teacher1, a few of each type their role gets, every one about a real demo item (a returned grade,
 * a published material, work due soon, a class joined), the older ones read. Announcements and
 * messages have no demo items yet (issues 16 messaging and 18), so none are made up for them.
 */

const HOUR = 3_600_000;

type Row = typeof notifications.$inferInsert;

/** The student's latest returned grades. */
const returnedWork = (db: Db, studentId: string) =>
  assignedStudentRows(db, { grade: submissions.grade, gradedBy: submissions.gradedBy })
    .where(and(eq(classStudents.studentId, studentId), eq(submissions.status, 'returned'), isNotNull(submissions.grade)))
    .orderBy(desc(submissions.returnedAt))
    .limit(3);

/** Materials the student meets. */
const publishedIn = (db: Db, studentId: string) =>
  assignedStudentRows(db, {})
    .where(and(eq(classStudents.studentId, studentId), assignedToStudents(classStudents.studentId)))
    .orderBy(asc(courseMaterials.dueAt), asc(courseMaterials.name))
    .limit(20);

export const seedDemoNotifications = async (db: Db, now = new Date()): Promise<void> => {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.username, ['student1', 'parent1', 'teacher1']));
  const who = (u: string) => people.find((p) => p.username === u);
  const student = who('student1');
  const parent = who('parent1');
  const teacher = who('teacher1');
  if (!student?.schoolId || !parent || !teacher) return;
  const schoolId = student.schoolId;
  const rows: Row[] = [];
  let age = 0;
  /** Newest first: the first few of each user stay unread. */
  const add = (userId: string, type: NotificationType, params: Row['params'], link: string, actorId: string | null, read: boolean) => {
    age += 1;
    const createdAt = new Date(now.getTime() - age * 3 * HOUR);
    rows.push({ userId, schoolId, type, params, link, actorId, createdAt, readAt: read ? new Date(createdAt.getTime() + HOUR) : null });
  };

  // student1: grades, returned work, new materials, work due soon, classes joined.
  const mine = await returnedWork(db, student.id);
  mine.forEach((w, i) =>
    add(student.id, 'grade', { itemName: w.materialName, courseName: w.courseName, grade: w.grade ?? 0 }, gradeLink(w.classId, w.courseId), w.gradedBy, i > 0),
  );
  const returned = mine[0];
  if (returned)
    add(
      student.id,
      'submissionReturned',
      { materialName: returned.materialName, courseName: returned.courseName },
      materialLink(returned),
      returned.gradedBy,
      true,
    );
  const materials = await publishedIn(db, student.id);
  const due = materials.find((m) => m.dueAt && m.dueAt > now);
  if (due?.dueAt)
    add(student.id, 'dueSoon', { materialName: due.materialName, courseName: due.courseName, dueAt: due.dueAt.toISOString() }, materialLink(due), null, false);
  materials
    .slice(0, 3)
    .forEach((m, i) => add(student.id, 'materialPublished', { materialName: m.materialName, courseName: m.courseName }, materialLink(m), teacher.id, i > 0));
  const joined = await db
    .select({ id: classes.id, name: classes.name })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(eq(classStudents.studentId, student.id))
    .orderBy(asc(classes.name));
  for (const c of joined) add(student.id, 'classJoined', { className: c.name }, classLink(c.id), null, true);

  // parent1: each child's grades.
  const children = await db
    .select({ child: users })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.studentId))
    .where(eq(parentStudents.parentId, parent.id))
    .orderBy(asc(users.username));
  for (const { child } of children) {
    (await returnedWork(db, child.id)).forEach((w, i) =>
      add(
        parent.id,
        'childGrade',
        { childName: fullName(child), itemName: w.materialName, courseName: w.courseName, grade: w.grade ?? 0 },
        gradeLink(w.classId, w.courseId),
        w.gradedBy,
        i > 0,
      ),
    );
  }

  // teacher1: students who joined their classes.
  const taught = await db
    .select({ id: classes.id, name: classes.name, student: users })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .innerJoin(classStudents, eq(classStudents.classId, classes.id))
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(eq(classTeachers.userId, teacher.id))
    .orderBy(asc(classes.name), asc(users.username))
    .limit(4);
  taught.forEach((r, i) =>
    add(teacher.id, 'classJoined', { studentName: fullName(r.student), className: r.name }, classStudentsLink(r.id), r.student.id, i > 1),
  );

  if (rows.length > 0) await db.insert(notifications).values(rows);
};
