import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/context.ts';
import { isConnectionError, retryWhileUnavailable } from '../../platform/db-errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import { claimExportJob, finishExportJob, PORTFOLIO_EXPORTS_CHANNEL, releaseExportJob, removeOldExportJobs } from './export.repo.ts';
import { runExportJob } from './export.service.ts';

export type PortfolioExportWorker = WorkerLoop;

/**
 * Writes portfolio ZIPs in the background on any API node (`portfolio_export_jobs`): a job is
 * claimed with FOR UPDATE SKIP LOCKED and a lease renewed with the progress; a node that dies leaves
 * the lease to run out and another starts the job over. Each run also removes day-old jobs and ZIPs.
 */
export const createPortfolioExportWorker = (opts: {
  database: Database;
  storage: FileStorage;
  pollMs: number;
  log: FastifyBaseLogger;
}): PortfolioExportWorker => {
  const { database, storage, log } = opts;
  const db = database.db;
  const drain = async (): Promise<number> => {
    const old = await removeOldExportJobs(db);
    await Promise.allSettled(old.map((key) => storage.delete(key)));
    let n = 0;
    for (let job = await claimExportJob(db); job; job = await claimExportJob(db)) {
      try {
        await runExportJob(db, storage, job);
      } catch (err) {
        if (isConnectionError(err)) {
          log.warn({ err, jobId: job.id }, 'portfolio export interrupted: the database went away');
          const id = job.id;
          await retryWhileUnavailable(() => releaseExportJob(db, id));
          throw err;
        }
        log.error({ err, jobId: job.id }, 'portfolio export failed');
        await finishExportJob(db, job.id, { error: err instanceof Error ? err.message : String(err) });
      }
      n += 1;
    }
    return n;
  };
  return createWorkerLoop({ database, channel: PORTFOLIO_EXPORTS_CHANNEL, pollMs: opts.pollMs, log, name: 'portfolio export worker', drain });
};
