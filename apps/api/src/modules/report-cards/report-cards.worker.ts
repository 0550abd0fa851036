import type { FastifyBaseLogger } from 'fastify';
import type { PaperSize, Quarter } from '@klase/core/deped/contracts';
import type { Database } from '../../platform/context.ts';
import { isConnectionError, retryWhileUnavailable } from '../../platform/db-errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import { loadLearners, loadReportCards, type ReportCardData } from './report-card-data.repo.ts';
import { sf9Document } from './sf9-document.ts';
import type { CardLang } from './sf9-labels.ts';
import { renderPdf } from './sf9-pdf.ts';
import {
  claimJob,
  finishJob,
  readClass,
  recordProgress,
  releaseJob,
  removeOldJobs,
  REPORT_CARDS_CHANNEL,
  type ReportCardJobRecord,
} from './report-cards.repo.ts';

/** Learners whose cards are prepared per step (each step records progress and renews the lease). */
export const BATCH = 10;

export type ReportCardWorker = WorkerLoop;

export const jobFileKey = (job: { schoolId: string; id: string }): string => `report-cards/${job.schoolId}/${job.id}.pdf`;

/**
 * Builds a section's SF9 file in the background on any API node (`report_card_jobs`). A node claims a
 * job with FOR UPDATE SKIP LOCKED and a lease; it prepares the learners' cards in batches of
 * `BATCH`, recording `done` of `total` and renewing the lease after each, then renders the one PDF
 * and stores it (`storage`, key `report-cards/<school>/<job>.pdf`). A node that dies leaves the
 * lease to run out and another node starts the job over. Each run also removes jobs (and files)
 * older than a day.
 */
export const createReportCardWorker = (opts: { database: Database; storage: FileStorage; pollMs: number; log: FastifyBaseLogger }): ReportCardWorker => {
  const { database, storage, log } = opts;
  const db = database.db;

  const runJob = async (job: ReportCardJobRecord): Promise<void> => {
    const cls = await readClass(db, job.classId);
    if (!cls) throw new Error('class not found');
    const learners = await loadLearners(db, cls.id);
    const cards: ReportCardData[] = [];
    await recordProgress(db, job.id, 0, learners.length);
    for (let i = 0; i < learners.length; i += BATCH) {
      const ids = learners.slice(i, i + BATCH).map((l) => l.id);
      cards.push(...(await loadReportCards(db, cls, job.quarter as Quarter, { studentIds: ids })));
      await recordProgress(db, job.id, Math.min(i + BATCH, learners.length), learners.length);
    }
    const pdf = await renderPdf(sf9Document(cards, job.paper as PaperSize, job.lang as CardLang));
    const key = jobFileKey(job);
    await storage.put(key, pdf);
    if (!(await finishJob(db, job.id, { fileKey: key, total: learners.length }))) await storage.delete(key).catch(() => undefined);
  };

  const drain = async (): Promise<number> => {
    const old = await removeOldJobs(db);
    await Promise.allSettled(old.map((key) => storage.delete(key)));
    let n = 0;
    for (let job = await claimJob(db); job; job = await claimJob(db)) {
      try {
        await runJob(job);
      } catch (err) {
        if (isConnectionError(err)) {
          log.warn({ err, jobId: job.id }, 'report cards interrupted: the database went away');
          const id = job.id;
          await retryWhileUnavailable(() => releaseJob(db, id));
          throw err;
        }
        log.error({ err, jobId: job.id }, 'report cards failed');
        await finishJob(db, job.id, { error: err instanceof Error ? err.message : String(err) });
      }
      n += 1;
    }
    return n;
  };

  return createWorkerLoop({ database, channel: REPORT_CARDS_CHANNEL, pollMs: opts.pollMs, log, name: 'report card worker', drain });
};
