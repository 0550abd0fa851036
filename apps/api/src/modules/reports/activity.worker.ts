import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/context.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import { ACTIVITY_CHANNEL, pruneBatch, rollUpBatch } from './activity.repo.ts';

/** How often every node rolls up the raw heartbeats (reports add the rows not yet rolled, so they are never behind). */
const ACTIVITY_POLL_MS = 60_000;
const BATCH = 5_000;

/** Rolls every unrolled raw row into the daily table, then prunes raw rows past the retention. Answers the rows touched. */
export const rollUpAndPrune = async (database: Database, retentionDays: number): Promise<number> => {
  let total = 0;
  for (;;) {
    const n = await rollUpBatch(database.db, BATCH);
    total += n;
    if (n < BATCH) break;
  }
  for (;;) {
    const n = await pruneBatch(database.db, retentionDays, BATCH);
    total += n;
    if (n < BATCH) return total;
  }
};

export type ActivityWorker = WorkerLoop;

/** The activity rollup and prune (every node runs it; rows are claimed, so the work is shared). */
export const createActivityWorker = (opts: { database: Database; retentionDays: number; log: FastifyBaseLogger }): ActivityWorker =>
  createWorkerLoop({
    database: opts.database,
    channel: ACTIVITY_CHANNEL,
    pollMs: ACTIVITY_POLL_MS,
    log: opts.log,
    name: 'activity rollup and prune',
    drain: () => rollUpAndPrune(opts.database, opts.retentionDays),
  });
