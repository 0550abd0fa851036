import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { GRADED_TYPES } from '@klase/core/materials/contracts';
import type { Db } from '../../db/client.ts';
import { quizAttempts, submissions } from '../../db/schema/assessments.ts';
import { classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { assignedToStudents, elementAssignedTo } from '../../kernel/assignment-sql.ts';

/**
 * The dashboard's lists, one query each. Students' lists read the published materials of
 * published elements of published courses assigned to the student (assignment-sql.ts) in the
 * active classes they are enrolled in; the staff list reads the active classes they teach.
 */

/** The material, its element, course and class, as every list names them. */
const materialColumns = {
  materialId: courseMaterials.id,
  name: courseMaterials.name,
  type: courseMaterials.type,
  dueAt: courseMaterials.dueAt,
  maxPoints: courseMaterials.maxPoints,
  elementId: courseElements.id,
  courseId: courses.id,
  courseName: courses.name,
  classId: classes.id,
  className: classes.name,
};

/** Join conditions: course_materials → course_elements → courses → an active class (→ the student's enrolment). */
const ofElement = eq(courseElements.id, courseMaterials.elementId);
const ofCourse = eq(courses.id, courseMaterials.courseId);
const activeClass = and(eq(classes.id, courses.classId), isNull(classes.archivedAt));
const enrolled = (studentId: string) => and(eq(classStudents.classId, classes.id), eq(classStudents.studentId, studentId));

const ownWork = (studentId: string): SQL => and(eq(submissions.materialId, courseMaterials.id), eq(submissions.studentId, studentId)) as SQL;

const byName = sql`lower(${courseMaterials.name})`;

/** A student's graded materials with a due date (and `when` more), with their own `submissions` row (null fields: none), by due date. */
const studentWork = (db: Db, studentId: string, when: SQL) =>
  db
    .select({
      ...materialColumns,
      work: {
        id: submissions.id,
        status: submissions.status,
        submittedAt: submissions.submittedAt,
        late: submissions.late,
        grade: submissions.grade,
        gradedAt: submissions.gradedAt,
      },
    })
    .from(courseMaterials)
    .innerJoin(courseElements, ofElement)
    .innerJoin(courses, ofCourse)
    .innerJoin(classes, activeClass)
    .innerJoin(classStudents, enrolled(studentId))
    .leftJoin(submissions, ownWork(studentId))
    .where(and(assignedToStudents([studentId]), inArray(courseMaterials.type, GRADED_TYPES), isNotNull(courseMaterials.dueAt), when))
    .orderBy(asc(courseMaterials.dueAt), asc(byName), asc(courseMaterials.id));

/**
 * What's Due candidates: the student's graded materials due before `until`. Past-due materials
 * come only when nothing was handed in (no row or a draft): `workState` decides which of them are
 * missing.
 */
export const dueCandidates = (db: Db, studentId: string, now: Date, until: Date) =>
  studentWork(
    db,
    studentId,
    and(lte(courseMaterials.dueAt, until), or(gte(courseMaterials.dueAt, now), isNull(submissions.id), eq(submissions.status, 'draft'))) as SQL,
  );

/** The student's graded materials due in [from, to) whatever their work's state (the calendar's due dates). */
export const dueBetween = (db: Db, studentId: string, from: Date, to: Date) =>
  studentWork(db, studentId, and(gte(courseMaterials.dueAt, from), lt(courseMaterials.dueAt, to)) as SQL);

export type DueCandidate = Awaited<ReturnType<typeof dueCandidates>>[number];
/** The material and where it sits, as every list row has it. */
export type MaterialPlace = Pick<DueCandidate, 'materialId' | 'name' | 'type' | 'courseId' | 'courseName' | 'classId' | 'className' | 'elementId'>;

/** The student's latest returned grades, newest first. */
export const recentGrades = (db: Db, studentId: string, limit: number) =>
  db
    .select({ ...materialColumns, grade: submissions.grade, returnedAt: submissions.returnedAt })
    .from(courseMaterials)
    .innerJoin(courseElements, ofElement)
    .innerJoin(courses, ofCourse)
    .innerJoin(classes, activeClass)
    .innerJoin(classStudents, enrolled(studentId))
    .innerJoin(submissions, ownWork(studentId))
    .where(
      and(
        assignedToStudents([studentId]),
        inArray(courseMaterials.type, GRADED_TYPES),
        eq(submissions.status, 'returned'),
        isNotNull(submissions.grade),
        isNotNull(submissions.returnedAt),
      ),
    )
    .orderBy(desc(submissions.returnedAt), asc(byName), asc(courseMaterials.id))
    .limit(limit);

export type RecentGradeRow = Awaited<ReturnType<typeof recentGrades>>[number];

// ---------------------------------------------------------------------------------------------
// Pending Submissions (staff)

/**
 * The student (a column of the subquery) is enrolled in the class and the material's element is
 * for them: the rule of assignment-sql.ts, correlated with the row of the surrounding query.
 */
const assignedHere = (studentId: AnyColumn): SQL =>
  sql`exists (select 1 from ${classStudents} enrolled where enrolled.class_id = ${classes.id} and enrolled.student_id = ${studentId}) and ${elementAssignedTo(studentId)}`;

/** A submitted assignment row as `workState` reads it (JSON: dates as text). */
export interface WaitingWork {
  status: 'draft' | 'submitted' | 'returned';
  submittedAt: string | null;
  late: boolean;
  grade: number | null;
  gradedAt: string | null;
}

const assignmentWaiting = sql`${submissions.materialId} = ${courseMaterials.id} and ${submissions.status} = 'submitted'`;
const quizWaiting = sql`${quizAttempts.materialId} = ${courseMaterials.id} and ${quizAttempts.status} = 'submitted' and ${quizAttempts.pending}`;

/** The JSON of a `json`/`json_agg` column: node-postgres and PGlite parse it, a text value is parsed here. */
export const jsonValue = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/**
 * Assignments and quizzes of the active classes the user teaches (teacher or assistant) with
 * something waiting: submitted assignment rows (`waiting`, for `workState`) and students with a
 * submitted quiz attempt whose essays wait (`quizPending`, `quizOldest`). With every material:
 * the assigned students (`total`) and those who handed in (`handedIn`). Only enrolled, assigned
 * students count, as on the submissions page.
 */
export const pendingCandidates = (db: Db, userId: string, schoolId: string) =>
  db
    .select({
      ...materialColumns,
      total: sql<number>`(select count(*)::int from ${classStudents} where ${classStudents.classId} = ${classes.id} and ${assignedHere(classStudents.studentId)})`,
      handedIn: sql<number>`(select count(*)::int from ${submissions} where ${submissions.materialId} = ${courseMaterials.id} and ${submissions.submittedAt} is not null and ${submissions.status} <> 'draft' and ${assignedHere(submissions.studentId)})`,
      waiting: sql<unknown>`(select json_agg(json_build_object('status', ${submissions.status}, 'submittedAt', ${submissions.submittedAt}, 'late', ${submissions.late}, 'grade', ${submissions.grade}, 'gradedAt', ${submissions.gradedAt})) from ${submissions} where ${courseMaterials.type} = 'assignment' and ${assignmentWaiting} and ${assignedHere(submissions.studentId)})`,
      quizPending: sql<number>`(select count(distinct ${quizAttempts.studentId})::int from ${quizAttempts} where ${courseMaterials.type} = 'quiz' and ${quizWaiting} and ${assignedHere(quizAttempts.studentId)})`,
      quizOldest:
        sql<Date | null>`(select min(${quizAttempts.submittedAt}) from ${quizAttempts} where ${courseMaterials.type} = 'quiz' and ${quizWaiting} and ${assignedHere(quizAttempts.studentId)})`.mapWith(
          quizAttempts.submittedAt,
        ),
    })
    .from(courseMaterials)
    .innerJoin(courseElements, ofElement)
    .innerJoin(courses, ofCourse)
    .innerJoin(classes, and(activeClass, eq(classes.schoolId, schoolId)))
    .innerJoin(classTeachers, and(eq(classTeachers.classId, classes.id), eq(classTeachers.userId, userId)))
    .where(
      or(
        and(eq(courseMaterials.type, 'assignment'), sql`exists (select 1 from ${submissions} where ${assignmentWaiting})`),
        and(eq(courseMaterials.type, 'quiz'), sql`exists (select 1 from ${quizAttempts} where ${quizWaiting})`),
      ),
    );

export type PendingCandidate = Awaited<ReturnType<typeof pendingCandidates>>[number];
