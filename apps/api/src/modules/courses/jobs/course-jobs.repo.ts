import { and, asc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { assignmentSettings, quizSettings } from '../../../db/schema/assessments.ts';
import { courseJobs } from '../../../db/schema/course-jobs.ts';
import { classes, classTeachers } from '../../../db/schema/classes.ts';
import { courseMaterials, courses } from '../../../db/schema/courses.ts';

export const COURSE_JOBS_CHANNEL = 'klase_course_jobs';
/** How long a claim holds; the work itself also locks the job row, so a live node is never overtaken. */
export const LEASE_SECONDS = 120;
/** A job is tried at most this often (a node that died mid-job counts); then it fails. */
export const MAX_ATTEMPTS = 3;

export type CourseJobRecord = typeof courseJobs.$inferSelect;

/** Queues a job in the caller's transaction; the NOTIFY reaches the workers of every node at commit. */
export const insertJob = async (
  db: Db,
  values: { kind: 'copy' | 'delete'; courseId: string; sourceCourseId?: string; createdBy: string; shiftDays?: number },
): Promise<CourseJobRecord> => {
  const [row] = await db.insert(courseJobs).values(values).returning();
  if (!row) throw new Error('course job not inserted');
  await db.execute(sql`select pg_notify(${COURSE_JOBS_CHANNEL}, ${row.id})`);
  return row;
};

/**
 * Claims the oldest due job: a waiting one (past its retry delay) or a running one whose lease ran
 * out (its node died), with FOR UPDATE SKIP LOCKED so two nodes never take the same job. Every
 * claim counts as an attempt.
 */
export const claimJob = (db: Db): Promise<CourseJobRecord | null> =>
  db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(courseJobs)
      .where(
        sql`(${courseJobs.status} = 'queued' and (${courseJobs.leaseUntil} is null or ${courseJobs.leaseUntil} <= now()))
          or (${courseJobs.status} = 'running' and ${courseJobs.leaseUntil} <= now())`,
      )
      .orderBy(asc(courseJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    const [claimed] = await tx
      .update(courseJobs)
      .set({ status: 'running', attempts: sql`${courseJobs.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(eq(courseJobs.id, job.id))
      .returning();
    return claimed ?? null;
  });

/** This claim of the job (same attempt, still running). */
const ours = (job: Pick<CourseJobRecord, 'id' | 'attempts'>) =>
  and(eq(courseJobs.id, job.id), eq(courseJobs.attempts, job.attempts), eq(courseJobs.status, 'running'));

/**
 * Locks the job row for the work's transaction and answers whether this claim still owns it (a
 * node whose lease ran out before it started may have been overtaken by a later claim).
 */
export const holdJob = async (tx: Db, job: Pick<CourseJobRecord, 'id' | 'attempts'>): Promise<boolean> => {
  const [row] = await tx.select({ id: courseJobs.id }).from(courseJobs).where(ours(job)).for('update');
  return row !== undefined;
};

/** Ends this claim of the job: done or failed (with the error), or back to waiting for a retry after `retryMs`. */
export const settleJob = async (
  db: Db,
  job: Pick<CourseJobRecord, 'id' | 'attempts'>,
  outcome: { status: 'done' } | { status: 'failed'; error: string } | { status: 'queued'; error: string; retryMs: number },
): Promise<boolean> => {
  const set =
    outcome.status === 'queued'
      ? { status: outcome.status, error: outcome.error, leaseUntil: sql`now() + make_interval(secs => ${outcome.retryMs / 1000})` }
      : { status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, leaseUntil: null, finishedAt: sql`now()` };
  const rows = await db.update(courseJobs).set(set).where(ours(job)).returning({ id: courseJobs.id });
  return rows.length > 0;
};

/**
 * Puts this claim of the job back, due at once and not counted as an attempt: the database went
 * away under it (restart, failover), which says nothing about the job. Whatever it wrote was in
 * its transaction and is gone (or committed as done, and then this changes nothing).
 */
export const releaseJob = async (db: Db, job: Pick<CourseJobRecord, 'id' | 'attempts'>, error: string): Promise<boolean> => {
  const rows = await db
    .update(courseJobs)
    .set({ status: 'queued', error, attempts: sql`${courseJobs.attempts} - 1`, leaseUntil: null })
    .where(ours(job))
    .returning({ id: courseJobs.id });
  return rows.length > 0;
};

/** Whether the course was made by a copy that failed (a failed deletion gives it back that state). */
export const hasFailedCopy = async (db: Db, courseId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: courseJobs.id })
    .from(courseJobs)
    .where(and(eq(courseJobs.courseId, courseId), eq(courseJobs.kind, 'copy'), eq(courseJobs.status, 'failed')))
    .limit(1);
  return row !== undefined;
};

/**
 * The earliest date of a course: its materials' due and available dates, its assignments' open
 * and late-until dates, its quizzes' open and close dates (null when it has none).
 */
export const firstCourseDate = async (db: Db, courseId: string): Promise<Date | null> => {
  const ofCourse = eq(courseMaterials.courseId, courseId);
  // `least` leaves out nulls; each answer is the earliest of its table.
  const earliest = (a: SQLWrapper, b: SQLWrapper) => sql<Date | string | null>`least(min(${a}), min(${b}))`;
  const [materials] = await db
    .select({ first: earliest(courseMaterials.dueAt, courseMaterials.availableFrom) })
    .from(courseMaterials)
    .where(ofCourse);
  const [assignments] = await db
    .select({ first: earliest(assignmentSettings.openAt, assignmentSettings.lateUntil) })
    .from(assignmentSettings)
    .innerJoin(courseMaterials, eq(courseMaterials.id, assignmentSettings.materialId))
    .where(ofCourse);
  const [quizzes] = await db
    .select({ first: earliest(quizSettings.openAt, quizSettings.closeAt) })
    .from(quizSettings)
    .innerJoin(courseMaterials, eq(courseMaterials.id, quizSettings.materialId))
    .where(ofCourse);
  const times = [materials, assignments, quizzes].flatMap((r) => (r?.first ? [new Date(r.first).getTime()] : []));
  return times.length ? new Date(Math.min(...times)) : null;
};

// ---------------------------------------------------------------------------------------------
// Requesting a copy (course-jobs.service.ts)

/** The names and codes of a class's courses, with the class row locked so two copies into it take turns. */
export const lockClassCourseNames = async (tx: Db, classId: string): Promise<{ name: string; code: string }[]> => {
  await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId)).for('update');
  return tx.select({ name: courses.name, code: courses.code }).from(courses).where(eq(courses.classId, classId));
};

/** A course of the school that its teacher shares (any class of the school, archived too). */
export const findSharedCourse = async (db: Db, schoolId: string, courseId: string): Promise<typeof courses.$inferSelect | null> => {
  const [row] = await db
    .select({ course: courses })
    .from(courses)
    .innerJoin(classes, eq(classes.id, courses.classId))
    .where(and(eq(courses.id, courseId), eq(courses.shared, true), eq(courses.schoolId, schoolId), eq(classes.schoolId, schoolId)))
    .limit(1);
  return row?.course ?? null;
};

/** The school's active classes the user teaches (as the teacher), by name. */
export const taughtActiveClasses = (db: Db, userId: string, schoolId: string) =>
  db
    .select({ id: classes.id, name: classes.name, gradeLevel: classes.gradeLevel, section: classes.section })
    .from(classes)
    .innerJoin(classTeachers, and(eq(classTeachers.classId, classes.id), eq(classTeachers.userId, userId)))
    .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt)))
    .orderBy(asc(sql`lower(${classes.name})`), asc(classes.id));
