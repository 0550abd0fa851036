import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReportCardJob } from '@klase/core/deped/contracts';
import type { Db } from '../../platform/context.ts';
import { reportCardJobs } from '../../db/schema/deped.ts';
import { classes } from '../../db/schema/classes.ts';

export const REPORT_CARDS_CHANNEL = 'klase_report_cards';
/** How long a claim holds without progress; each batch of learners renews it. */
export const LEASE_SECONDS = 120;
/** Finished jobs (and their files) are removed after this long. */
export const KEEP_HOURS = 24;

export type ReportCardJobRecord = typeof reportCardJobs.$inferSelect;

export const jobView = (j: ReportCardJobRecord): ReportCardJob => ({
  id: j.id,
  state: j.state,
  done: j.done,
  total: j.total,
  fileName: j.state === 'done' ? `SF9-Q${j.quarter}.pdf` : null,
});

/** Queues a section's job; the NOTIFY reaches the workers of every node. */
export const insertJob = async (
  db: Db,
  values: { schoolId: string; classId: string; requestedBy: string; quarter: number; paper: 'a4' | 'folio'; lang: string; total: number },
): Promise<ReportCardJobRecord> => {
  const [row] = await db.insert(reportCardJobs).values(values).returning();
  if (!row) throw new Error('report card job not inserted');
  await db.execute(sql`select pg_notify(${REPORT_CARDS_CHANNEL}, ${row.id})`);
  return row;
};

export const readJob = async (db: Db, classId: string, jobId: string): Promise<ReportCardJobRecord | null> => {
  const [row] = await db
    .select()
    .from(reportCardJobs)
    .where(and(eq(reportCardJobs.id, jobId), eq(reportCardJobs.classId, classId)))
    .limit(1);
  return row ?? null;
};

/**
 * Claims the oldest waiting job, or a running one whose lease ran out (its node died), with FOR
 * UPDATE SKIP LOCKED so two nodes never take the same job; a resumed job starts over (`done` 0).
 */
export const claimJob = (db: Db) =>
  db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(reportCardJobs)
      .where(or(eq(reportCardJobs.state, 'queued'), and(eq(reportCardJobs.state, 'running'), lt(reportCardJobs.leaseUntil, sql`now()`))))
      .orderBy(reportCardJobs.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    const [claimed] = await tx
      .update(reportCardJobs)
      .set({ state: 'running', done: 0, leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(eq(reportCardJobs.id, job.id))
      .returning();
    return claimed ?? null;
  });

/** Records progress and renews the lease (only while the job is still this node's: running with this lease). */
export const recordProgress = async (db: Db, id: string, done: number, total: number): Promise<void> => {
  await db
    .update(reportCardJobs)
    .set({ done, total, leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(eq(reportCardJobs.id, id), eq(reportCardJobs.state, 'running')));
};

/** Ends a job; answers false when it was no longer running (another node finished it). */
export const finishJob = async (db: Db, id: string, result: { fileKey: string; total: number } | { error: string }): Promise<boolean> => {
  const rows = await db
    .update(reportCardJobs)
    .set(
      'fileKey' in result
        ? { state: 'done', fileKey: result.fileKey, done: result.total, total: result.total, finishedAt: sql`now()`, leaseUntil: null }
        : { state: 'failed', error: result.error.slice(0, 500), finishedAt: sql`now()`, leaseUntil: null },
    )
    .where(and(eq(reportCardJobs.id, id), eq(reportCardJobs.state, 'running')))
    .returning({ id: reportCardJobs.id });
  return rows.length > 0;
};

/** Puts a job back (the database went away mid-job): any node takes it again. */
export const releaseJob = async (db: Db, id: string): Promise<void> => {
  await db
    .update(reportCardJobs)
    .set({ state: 'queued', leaseUntil: null })
    .where(and(eq(reportCardJobs.id, id), eq(reportCardJobs.state, 'running')));
};

/** Removes jobs older than `KEEP_HOURS` and answers their stored files' keys. */
export const removeOldJobs = async (db: Db): Promise<string[]> => {
  const rows = await db
    .delete(reportCardJobs)
    .where(and(lt(reportCardJobs.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`), sql`${reportCardJobs.state} in ('done', 'failed')`))
    .returning({ fileKey: reportCardJobs.fileKey });
  return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
};

/** A class by id (the job's section), or null. */
export const readClass = async (db: Db, classId: string) => {
  const [cls] = await db.select().from(classes).where(eq(classes.id, classId)).limit(1);
  return cls ?? null;
};

/** The school's current (not archived) sections of a grade level, by name. */
export const sectionsOfGradeLevel = (db: Db, schoolId: string, gradeLevel: string) =>
  db
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.gradeLevel, gradeLevel), isNull(classes.archivedAt)))
    .orderBy(asc(classes.name));
