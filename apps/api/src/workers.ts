import type { FastifyInstance } from 'fastify';
import { createBulkWorker, type BulkWorker } from './modules/admin/bulk/bulk.worker.ts';
import { createCourseJobWorker, type CourseJobWorker } from './modules/courses/jobs/course-jobs.worker.ts';
import { createRecalcWorker } from './modules/gradebook/recalc.worker.ts';
import { createMessageMailWorker } from './modules/messaging/mail.worker.ts';
import { createAnnouncementsWorker } from './modules/announcements/announcements.worker.ts';
import { createNotificationsWorker } from './modules/notifications/notifications.worker.ts';
import { createReportCardWorker, type ReportCardWorker } from './modules/report-cards/report-cards.worker.ts';
import { createPortfolioExportWorker, type PortfolioExportWorker } from './modules/portfolios/export.worker.ts';
import { createActivityWorker, type ActivityWorker } from './modules/reports/activity.worker.ts';
import { createQuizSweeper } from './modules/quizzes/sweeper.worker.ts';
import { ctxOf } from './platform/app-context.ts';
import { createRealtimePruner } from './platform/realtime/prune.worker.ts';

/** A background worker of an API node: it does nothing until started. */
export interface BackgroundWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Woken by the bulk-upload routes; tests flush it. */
    bulkWorker: BulkWorker;
    /** Woken by the course copy/delete routes; tests flush it. */
    courseJobWorker: CourseJobWorker;
    /** Woken by the section report-card route; tests flush it. */
    reportCardWorker: ReportCardWorker;
    /** Woken by the portfolio export route; tests flush it. */
    portfolioExportWorker: PortfolioExportWorker;
    /** The activity rollup and prune (polled); tests flush it. */
    activityWorker: ActivityWorker;
    /** Every worker of `WORKERS`, in start order. */
    workers: readonly BackgroundWorker[];
  }
}

/**
 * Every background worker of an API node (grep here to find one), each a `*.worker.ts` file
 * except the mail outbox, which is the mailer's own loop (`platform/mail.ts`). `buildApp` creates
 * them all (nothing runs yet: tests drive them with `flush`), server.ts starts them all with
 * `startWorkers` once the node listens, and closing the app stops them all, in reverse order.
 */
export const WORKERS: readonly { name: string; create: (app: FastifyInstance) => BackgroundWorker }[] = [
  { name: 'mail outbox', create: (app) => app.mailer },
  {
    name: 'bulk uploads',
    create: (app) => {
      const worker = createBulkWorker({ database: app.database, ctx: ctxOf(app), pollMs: app.config.mailPollMs, log: app.log });
      app.decorate('bulkWorker', worker);
      return worker;
    },
  },
  {
    name: 'course copy and delete jobs',
    create: (app) => {
      const worker = createCourseJobWorker({ database: app.database, storage: app.storage, pollMs: app.config.mailPollMs, log: app.log });
      app.decorate('courseJobWorker', worker);
      return worker;
    },
  },
  {
    name: 'report cards (SF9 of a section)',
    create: (app) => {
      const worker = createReportCardWorker({ database: app.database, storage: app.storage, pollMs: app.config.mailPollMs, log: app.log });
      app.decorate('reportCardWorker', worker);
      return worker;
    },
  },
  {
    name: 'portfolio exports (ZIP)',
    create: (app) => {
      const worker = createPortfolioExportWorker({ database: app.database, storage: app.storage, pollMs: app.config.mailPollMs, log: app.log });
      app.decorate('portfolioExportWorker', worker);
      return worker;
    },
  },
  { name: 'quiz sweep', create: (app) => createQuizSweeper({ database: app.database, log: app.log }) },
  { name: 'grade recompute', create: (app) => createRecalcWorker({ database: app.database, log: app.log }) },
  { name: 'notifications (due soon, digests)', create: (app) => createNotificationsWorker({ database: app.database, ctx: ctxOf(app), log: app.log }) },
  { name: 'real-time event prune', create: (app) => createRealtimePruner({ database: app.database, log: app.log }) },
  { name: 'message mail', create: (app) => createMessageMailWorker({ database: app.database, ctx: ctxOf(app), log: app.log }) },
  {
    name: 'activity rollup and prune',
    create: (app) => {
      const worker = createActivityWorker({ database: app.database, retentionDays: app.config.activityRetentionDays, log: app.log });
      app.decorate('activityWorker', worker);
      return worker;
    },
  },
  { name: 'announcements (start notices)', create: (app) => createAnnouncementsWorker({ database: app.database, ctx: ctxOf(app), log: app.log }) },
];

/** Creates every worker (`app.workers`); needs `config`, `database`, `mailer` and `storage` decorated. */
export const createWorkers = (app: FastifyInstance): readonly BackgroundWorker[] => {
  const workers = WORKERS.map((w) => w.create(app));
  app.decorate('workers', workers);
  return workers;
};

/** Starts every worker of the node (server.ts, after `listen`). */
export const startWorkers = async (app: FastifyInstance): Promise<void> => {
  for (const worker of app.workers) await worker.start();
};

/** Stops every worker, the last started first (the app's onClose). */
export const stopWorkers = async (workers: readonly BackgroundWorker[]): Promise<void> => {
  for (const worker of [...workers].reverse()) await worker.stop();
};
