import type { FastifyBaseLogger } from 'fastify';
import { auditChange } from '../../../kernel/audit.ts';
import { isConnectionError, retryWhileUnavailable } from '../../../platform/db-errors.ts';
import type { Ctx, Database } from '../../../platform/context.ts';
import { createWorkerLoop } from '../../../platform/worker-loop.ts';
import { importBatch, newFileMemory } from './bulk-import.ts';
import {
  BatchOvertaken,
  BULK_CHANNEL,
  checkedJob,
  claimJob,
  finishJob,
  recordBatch,
  releaseJob,
  schoolCustomer,
  type BulkJobRecord,
  type BulkPass,
} from './bulk.repo.ts';

export const BATCH_ROWS = 500;

export interface BulkWorker {
  /** Processes every waiting job now (the worker calls it; tests too). Answers how many jobs ran. */
  flush(): Promise<number>;
  /** Starts processing in the background (after an upload on this node). */
  kick(): void;
  /** Listens for uploads on any node and polls for jobs whose node died. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The bulk-upload worker of an API node. Jobs live in `bulk_jobs`; a node claims one with FOR
 * UPDATE SKIP LOCKED and a lease. A job passes twice: the check (every row validated as the
 * import would, nothing written; it ends in `preview`) and, once confirmed, the import, which
 * commits each batch of rows with the job's progress, so a crash loses at most the batch in
 * flight and another node resumes from `processed`.
 * A batch counts only where the job still stands (each row is imported once). When the database
 * goes away mid-job the job's lease is ended as soon as it returns (not failed) and the loop resumes it.
 */
export const createBulkWorker = (opts: { database: Database; ctx: Ctx; pollMs: number; log: FastifyBaseLogger }): BulkWorker => {
  const { database, ctx, log } = opts;
  const db = database.db;

  const runJob = async (job: BulkJobRecord, pass: BulkPass): Promise<void> => {
    const customerId = await schoolCustomer(db, job.schoolId);
    if (!customerId) {
      await finishJob(db, job.id, 'failed', 'school not found');
      return;
    }
    const target = { schoolId: job.schoolId, customerId, actorId: job.createdBy };
    const mode = { dryRun: pass === 'check', memory: newFileMemory() };
    for (let offset = job.processed; offset < job.input.length; offset += BATCH_ROWS) {
      const rows = job.input.slice(offset, offset + BATCH_ROWS);
      await db.transaction(async (tx) => {
        const result = await importBatch(ctx, tx, target, rows, mode);
        await recordBatch(tx, job.id, offset, rows.length, result.created, result.rejected);
      });
    }
    if (pass === 'check') {
      await checkedJob(db, job.id);
      return;
    }
    await db.transaction(async (tx) => {
      const done = await finishJob(tx, job.id, 'done');
      if (!done) return;
      await auditChange(tx, {
        schoolId: job.schoolId,
        actorId: job.createdBy,
        action: 'bulk.completed',
        targetType: 'bulk-job',
        targetId: job.id,
        before: null,
        after: { fileName: job.fileName, total: job.total, created: done?.created ?? 0, rejected: done?.rejectedCount ?? 0 },
      });
    });
  };

  const drain = async (): Promise<number> => {
    let n = 0;
    for (let claim = await claimJob(db); claim; claim = await claimJob(db)) {
      const { job, pass } = claim;
      try {
        await runJob(job, pass);
      } catch (err) {
        if (err instanceof BatchOvertaken) {
          log.warn({ jobId: job.id }, 'bulk upload taken over by another node');
          n += 1;
          continue;
        }
        if (isConnectionError(err)) {
          log.warn({ err, jobId: job.id }, 'bulk upload interrupted: the database went away');
          const id = job.id;
          // If it does not come back soon, the lease runs out and any node resumes the job.
          await retryWhileUnavailable(() => releaseJob(db, id));
          throw err;
        }
        log.error({ err, jobId: job.id }, 'bulk upload failed');
        await finishJob(db, job.id, 'failed', err instanceof Error ? err.message.slice(0, 500) : 'failed');
      }
      n += 1;
    }
    return n;
  };

  const loop = createWorkerLoop({ database, channel: BULK_CHANNEL, pollMs: opts.pollMs, log, name: 'bulk worker', drain });
  return { flush: loop.flush, kick: loop.kick, start: loop.start, stop: loop.stop };
};
