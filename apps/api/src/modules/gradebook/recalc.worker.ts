import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Db } from '../../platform/context.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import { ensureFresh } from './recompute.ts';
import { readStaleCourses } from './totals.repo.ts';

/**
 * The background recompute (decision 0015): every few seconds each API node recomputes the courses
 * the triggers marked stale, oldest first, so stored totals are current even when nobody opens the
 * gradebook. A course another node (or a reader) is recomputing is skipped (FOR UPDATE SKIP LOCKED).
 */

export const RECALC_BATCH = 20;
export const RECALC_CHANNEL = 'klase_grade_recalc';
export const RECALC_POLL_MS = 5_000;

/** Recomputes up to `batch` stale courses; answers how many it recomputed. */
export const recomputeStale = async (db: Db, batch = RECALC_BATCH): Promise<number> => {
  const stale = await readStaleCourses(db, batch);
  let done = 0;
  let failed: unknown = null;
  for (const { courseId } of stale) {
    // One course failing must not keep the others stale: carry on, report the first failure.
    try {
      if (await ensureFresh(db, courseId, 'skip')) done += 1;
    } catch (err) {
      failed ??= err;
    }
  }
  if (failed) throw failed;
  return done;
};

export const createRecalcWorker = (opts: { database: Database; log: FastifyBaseLogger; pollMs?: number }): WorkerLoop =>
  createWorkerLoop({
    database: opts.database,
    channel: RECALC_CHANNEL,
    pollMs: opts.pollMs ?? RECALC_POLL_MS,
    log: opts.log,
    name: 'grade recompute',
    drain: () => recomputeStale(opts.database.db),
  });

/** Starts the recompute on this node and stops it when the app closes (call before `app.listen`). */
export const startRecalcWorker = (app: FastifyInstance, opts: { pollMs?: number } = {}): Promise<WorkerLoop> => {
  const worker = createRecalcWorker({ database: app.database, log: app.log, ...opts });
  app.addHook('onClose', () => worker.stop());
  return worker.start().then(() => worker);
};
