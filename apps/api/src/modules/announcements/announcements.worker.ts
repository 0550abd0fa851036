import type { FastifyBaseLogger } from 'fastify';
import type { Ctx, Database } from '../../platform/context.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import { startDueAnnouncements } from './announcements.service.ts';

export const ANNOUNCEMENTS_CHANNEL = 'klase_announcements';
const POLL_MS = 60_000;

/** Scheduled announcements: when one's start comes, its readers are notified (and mailed with `email`), within a minute. */
export const createAnnouncementsWorker = (opts: { database: Database; ctx: Ctx; log: FastifyBaseLogger; clock?: () => Date }): WorkerLoop =>
  createWorkerLoop({
    database: opts.database,
    channel: ANNOUNCEMENTS_CHANNEL,
    pollMs: POLL_MS,
    log: opts.log,
    name: 'announcements',
    drain: () => startDueAnnouncements(opts.ctx, opts.clock?.() ?? new Date()),
  });
