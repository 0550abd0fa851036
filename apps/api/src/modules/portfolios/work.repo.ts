import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissionFiles, submissions } from '../../db/schema/assessments.ts';
import { classes } from '../../db/schema/classes.ts';
import { courseMaterials, courses } from '../../db/schema/courses.ts';

/** The submissions behind work items (issue 20): a student's handed-in work, its files. */

const handedIn = or(eq(submissions.status, 'submitted'), eq(submissions.status, 'returned'));

const workColumns = {
  submissionId: submissions.id,
  studentId: submissions.studentId,
  status: submissions.status,
  submittedAt: submissions.submittedAt,
  late: submissions.late,
  textHtml: submissions.textHtml,
  grade: submissions.grade,
  feedbackHtml: submissions.feedbackHtml,
  returnedAt: submissions.returnedAt,
  materialName: courseMaterials.name,
  materialType: courseMaterials.type,
  maxPoints: courseMaterials.maxPoints,
  courseName: courses.name,
  className: classes.name,
};

export type WorkRecord = {
  submissionId: string;
  studentId: string;
  status: 'draft' | 'submitted' | 'returned';
  submittedAt: Date | null;
  late: boolean;
  textHtml: string | null;
  grade: number | null;
  feedbackHtml: string | null;
  returnedAt: Date | null;
  materialName: string;
  materialType: string;
  maxPoints: number | null;
  courseName: string;
  className: string | null;
};

const workQuery = (db: Db) =>
  db
    .select(workColumns)
    .from(submissions)
    .innerJoin(courseMaterials, eq(courseMaterials.id, submissions.materialId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .leftJoin(classes, eq(classes.id, courses.classId));

/** The student's handed-in submissions, newest first (the work item picker). */
export const handedInWork = (db: Db, studentId: string): Promise<WorkRecord[]> =>
  workQuery(db)
    .where(and(eq(submissions.studentId, studentId), handedIn))
    .orderBy(desc(submissions.submittedAt), desc(submissions.id))
    .limit(500);

/** One handed-in submission of the student, or null. */
export const ownHandedIn = async (db: Db, studentId: string, submissionId: string): Promise<WorkRecord | null> => {
  const [w] = await workQuery(db).where(and(eq(submissions.id, submissionId), eq(submissions.studentId, studentId), handedIn));
  return w ?? null;
};

/** Submissions by id (the work items of a portfolio). */
export const workByIds = async (db: Db, ids: readonly string[]): Promise<WorkRecord[]> =>
  ids.length === 0 ? [] : workQuery(db).where(inArray(submissions.id, [...ids]));

export type WorkFileRecord = { id: string; submissionId: string; storageKey: string; fileName: string; size: number; mime: string };

/** The student's own files (`work`, not the teacher's feedback files) of these submissions. */
export const workFilesOf = async (db: Db, submissionIds: readonly string[]): Promise<WorkFileRecord[]> =>
  submissionIds.length === 0
    ? []
    : db
        .select({
          id: submissionFiles.id,
          submissionId: submissionFiles.submissionId,
          storageKey: submissionFiles.storageKey,
          fileName: submissionFiles.fileName,
          size: submissionFiles.size,
          mime: submissionFiles.mime,
        })
        .from(submissionFiles)
        .where(and(inArray(submissionFiles.submissionId, [...submissionIds]), eq(submissionFiles.kind, 'work'), isNotNull(submissionFiles.storageKey)))
        .orderBy(submissionFiles.createdAt, submissionFiles.id);
