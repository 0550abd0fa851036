import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { submissions } from '../../db/schema/assessments.ts';
import { classStudents } from '../../db/schema/classes.ts';
import { gradeGrades, gradeItems } from '../../db/schema/gradebook.ts';
import { users } from '../../db/schema/users.ts';
import { fullNameSql, sortNameSql } from '../../kernel/people.ts';

/** The gradebook's reads of students and raw grades (grades-loader.ts turns them into cells). */

export interface EnrolledStudent {
  id: string;
  name: string;
  username: string;
}

/** Enrolled students in alphabetical order (last name first); `studentId` narrows to one. */
export const loadStudents = (db: Db, classId: string, studentId?: string): Promise<EnrolledStudent[]> =>
  db
    .select({ id: users.id, name: fullNameSql, username: users.username })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(studentId ? and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)) : eq(classStudents.classId, classId))
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id));

export const SUB_RETURNED = 1;
export const SUB_SUBMITTED = 2;
export const SUB_LATE = 4;

/** A submission's grade of a graded material: `b` holds the SUB_* bits. */
export interface SubmissionGrade {
  m: string;
  s: string;
  g: number | null;
  b: number;
}

/** A `grade_grades` row: value, excused, hidden, locked. */
export interface OwnGrade {
  i: string;
  s: string;
  v: number | null;
  e: boolean;
  h: boolean;
  l: boolean;
}

/**
 * The submissions of the course's graded materials and its `grade_grades` rows, of the enrolled
 * students (or of `only`): two queries whatever the class size.
 */
export const readRawGrades = async (
  db: Db,
  opts: { courseId: string; classId: string; only?: string },
): Promise<{ subs: SubmissionGrade[]; own: OwnGrade[] }> => {
  const enrolled = sql`${submissions.studentId} in (select ${classStudents.studentId} from ${classStudents} where ${classStudents.classId} = ${opts.classId})`;
  // One row per student, its cells packed in a text ("material,grade,bits;..."): a 60 × 400 grid
  // is 60 rows to decode instead of 24,000.
  const bits = sql`(case when ${submissions.returnedAt} is not null then ${SUB_RETURNED} else 0 end) + (case when ${submissions.submittedAt} is not null then ${SUB_SUBMITTED} else 0 end) + (case when ${submissions.late} then ${SUB_LATE} else 0 end)`;
  const [packed, own] = await concurrently(
    db,
    () =>
      db
        .select({
          s: submissions.studentId,
          x: sql<string>`string_agg(${submissions.materialId}::text || ',' || coalesce(${submissions.grade}::text, '') || ',' || (${bits})::text, ';')`,
        })
        .from(submissions)
        .innerJoin(gradeItems, eq(gradeItems.materialId, submissions.materialId))
        .where(and(eq(gradeItems.courseId, opts.courseId), opts.only ? eq(submissions.studentId, opts.only) : enrolled))
        .groupBy(submissions.studentId),
    () =>
      db
        .select({
          i: gradeGrades.itemId,
          s: gradeGrades.studentId,
          v: sql<number | null>`${gradeGrades.value}::float8`,
          e: gradeGrades.excused,
          h: gradeGrades.hidden,
          l: gradeGrades.locked,
        })
        .from(gradeGrades)
        .where(opts.only ? and(eq(gradeGrades.courseId, opts.courseId), eq(gradeGrades.studentId, opts.only)) : eq(gradeGrades.courseId, opts.courseId)),
  );
  const subs: SubmissionGrade[] = [];
  for (const p of packed) {
    for (const cell of p.x.split(';')) {
      const [m = '', g = '', b = '0'] = cell.split(',');
      subs.push({ m, s: p.s, g: g === '' ? null : Number(g), b: Number(b) });
    }
  }
  return { subs, own };
};
