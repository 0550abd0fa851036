import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Db } from '../../platform/context.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import { finalizeExpiredBatch } from './grade-store.ts';

/**
 * The sweep that submits attempts whose deadline passed while nobody touched them (the student
 * closed the tab): every API node runs it; attempts are claimed with FOR UPDATE SKIP LOCKED, so
 * nodes sweeping at once never take the same attempt, and one touched by a request at the same
 * moment is left to that request.
 */

export const SWEEP_BATCH = 50;
export const SWEEP_CHANNEL = 'klase_quiz_sweep';
export const SWEEP_POLL_MS = 30_000;

/** Submits every attempt in progress whose deadline is at or before `now`, in batches. Answers how many it submitted. */
export const finalizeExpiredAttempts = async (db: Db, now = new Date(), batch = SWEEP_BATCH): Promise<number> => {
  let total = 0;
  for (;;) {
    const n = await finalizeExpiredBatch(db, now, batch);
    total += n;
    if (n < batch) return total;
  }
};

/** The sweep's worker loop (polls; a NOTIFY on `klase_quiz_sweep` from any node wakes it too). */
export const createQuizSweeper = (opts: { database: Database; log: FastifyBaseLogger; pollMs?: number; clock?: () => Date }): WorkerLoop =>
  createWorkerLoop({
    database: opts.database,
    channel: SWEEP_CHANNEL,
    pollMs: opts.pollMs ?? SWEEP_POLL_MS,
    log: opts.log,
    name: 'quiz sweep',
    drain: () => finalizeExpiredAttempts(opts.database.db, opts.clock?.() ?? new Date()),
  });

/**
 * Starts the sweep on this node and stops it when the app closes. Call it before the app is
 * ready (`app.listen`), since it adds an onClose hook: in server.ts, before `await app.listen(...)`.
 */
export const startQuizSweeper = (app: FastifyInstance, opts: { pollMs?: number; clock?: () => Date } = {}): Promise<WorkerLoop> => {
  const sweeper = createQuizSweeper({ database: app.database, log: app.log, ...opts });
  app.addHook('onClose', () => sweeper.stop());
  return sweeper.start().then(() => sweeper);
};
