import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../context.ts';
import { createWorkerLoop, type WorkerLoop } from '../worker-loop.ts';
import { PRESENCE_FRESH_SECONDS } from './presence.ts';
import { pruneEventsBefore, prunePresence } from './realtime.repo.ts';

/** How long real-time events are kept for clients to resume from. */
export const REALTIME_KEEP_MS = 24 * 3_600_000;
export const PRUNE_CHANNEL = 'klase_realtime_prune';
const PRUNE_POLL_MS = 3_600_000;
const PRUNE_BATCH = 5_000;

/** Deletes real-time events older than `keepMs`, in batches (and stale presence rows); answers how many events. */
export const pruneRealtimeEvents = async (database: Database, now = new Date(), keepMs = REALTIME_KEEP_MS): Promise<number> => {
  const before = new Date(now.getTime() - keepMs);
  await prunePresence(database.db, PRESENCE_FRESH_SECONDS);
  let total = 0;
  for (;;) {
    const n = await pruneEventsBefore(database.db, before, PRUNE_BATCH);
    total += n;
    if (n < PRUNE_BATCH) return total;
  }
};

/** The hourly prune of old real-time events (every node may run it; deleting twice is harmless). */
export const createRealtimePruner = (opts: { database: Database; log: FastifyBaseLogger; clock?: () => Date }): WorkerLoop =>
  createWorkerLoop({
    database: opts.database,
    channel: PRUNE_CHANNEL,
    pollMs: PRUNE_POLL_MS,
    log: opts.log,
    name: 'real-time event prune',
    drain: () => pruneRealtimeEvents(opts.database, opts.clock?.() ?? new Date()),
  });
