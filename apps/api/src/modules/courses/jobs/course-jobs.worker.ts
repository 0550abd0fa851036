import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../../platform/context.ts';
import { auditChange } from '../../../kernel/audit.ts';
import { isConnectionError, retryWhileUnavailable } from '../../../platform/db-errors.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { createWorkerLoop, type WorkerLoop } from '../../../platform/worker-loop.ts';
import { COURSE_JOBS_CHANNEL, MAX_ATTEMPTS, claimJob, hasFailedCopy, holdJob, releaseJob, settleJob, type CourseJobRecord } from './course-jobs.repo.ts';
import { copyCourseContent, deleteCourseRows, PermanentJobError, type CourseJobHooks } from './course-work.ts';
import { leaveFailedJob } from './course-work.repo.ts';
import { removeUnreferencedFiles } from '../../../kernel/file-refs.ts';
import { deletePicture } from '../../../platform/image-variants.ts';

/** The course-job worker of an API node: `flush` runs every due job now (tests call it), `kick` after a request on this node. */
export type CourseJobWorker = WorkerLoop;

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Copies and deletes courses in the background. A node claims a job (FOR UPDATE SKIP LOCKED, with
 * a lease), then does the whole job in one transaction that also holds the job row and marks it
 * done, so another node can neither take a job in progress nor finish one twice, and a node
 * that dies leaves nothing half done: its lease runs out and another node starts over. Errors
 * are retried (after `retryMs`) until the job's third attempt; then a copy leaves its new course
 * empty with `job: 'copyFailed'` and a deletion gives the course back. When the database goes
 * away mid-job the job is put back as soon as it returns, not counted as an attempt, and the loop
 * tries again (its own retry, or the LISTEN reconnection).
 */
export const createCourseJobWorker = (opts: {
  database: Database;
  storage: FileStorage;
  pollMs: number;
  log: FastifyBaseLogger;
  retryMs?: number;
  hooks?: CourseJobHooks;
}): CourseJobWorker => {
  const { database, storage, log } = opts;
  const db = database.db;
  const retryMs = opts.retryMs ?? 5_000;

  const runCopy = async (job: CourseJobRecord): Promise<void> => {
    const written: string[] = [];
    try {
      await db.transaction(async (tx) => {
        if (!(await holdJob(tx, job))) return;
        await copyCourseContent(tx, storage, job, written, opts.hooks);
        await settleJob(tx, job, { status: 'done' });
      });
    } catch (err) {
      await Promise.allSettled(written.map((key) => storage.delete(key)));
      throw err;
    }
  };

  const runDelete = async (job: CourseJobRecord): Promise<void> => {
    const files = await db.transaction(async (tx) => {
      if (!(await holdJob(tx, job))) return null;
      const deleted = await deleteCourseRows(tx, job);
      await settleJob(tx, job, { status: 'done' });
      return deleted;
    });
    if (!files) return;
    await removeUnreferencedFiles(db, storage, files.materialKeys);
    if (files.imageKey) await deletePicture(storage, files.imageKey).catch(() => undefined);
  };

  /** The course of a job that failed for good: an empty failed copy, or a course no longer being deleted. */
  const giveUp = async (tx: Db, job: CourseJobRecord, error: string): Promise<void> => {
    if (!(await settleJob(tx, job, { status: 'failed', error })) || !job.courseId) return;
    const state = job.kind === 'copy' || (await hasFailedCopy(tx, job.courseId)) ? 'copyFailed' : null;
    const course = await leaveFailedJob(tx, job.courseId, job.kind === 'copy' ? 'copying' : 'deleting', state);
    if (!course) return;
    await auditChange(tx, {
      schoolId: course.schoolId,
      actorId: job.createdBy,
      action: job.kind === 'copy' ? 'course.copy-failed' : 'course.delete-failed',
      targetType: 'course',
      targetId: course.id,
      before: null,
      after: { error },
    });
  };

  const onError = async (job: CourseJobRecord, err: unknown): Promise<void> => {
    const error = messageOf(err);
    log.error({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'course job failed');
    if (err instanceof PermanentJobError || job.attempts >= MAX_ATTEMPTS) await db.transaction((tx) => giveUp(tx, job, error));
    else await settleJob(db, job, { status: 'queued', error, retryMs });
  };

  const drain = async (): Promise<number> => {
    let n = 0;
    for (let job = await claimJob(db); job; job = await claimJob(db)) {
      try {
        // A job whose node died on every attempt is not tried again.
        if (job.attempts > MAX_ATTEMPTS) throw new PermanentJobError(`gave up after ${MAX_ATTEMPTS} attempts`);
        await (job.kind === 'copy' ? runCopy(job) : runDelete(job));
      } catch (err) {
        if (isConnectionError(err)) {
          log.warn({ err, jobId: job.id, kind: job.kind }, 'course job interrupted: the database went away');
          const current = job;
          // If it does not come back soon, the lease runs out and any node resumes the job.
          await retryWhileUnavailable(() => releaseJob(db, current, messageOf(err)));
          throw err;
        }
        await onError(job, err).catch((e: unknown) => log.error({ err: e, jobId: job?.id }, 'course job bookkeeping failed'));
      }
      n += 1;
    }
    return n;
  };

  return createWorkerLoop({ database, channel: COURSE_JOBS_CHANNEL, pollMs: opts.pollMs, log, name: 'course job worker', drain });
};
