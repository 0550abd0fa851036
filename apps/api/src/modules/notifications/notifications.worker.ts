import type { FastifyBaseLogger } from 'fastify';
import type { Ctx, Database } from '../../platform/context.ts';
import { userLocale } from '../../platform/locale.ts';
import { createWorkerLoop, type WorkerLoop } from '../../platform/worker-loop.ts';
import type { NotificationType } from '@klase/core/notifications/contracts';
import { renderDigestMail } from './notification-mail.ts';
import { claimOnce, dueSoonCandidates, pruneNotifications, recipientsOf, storedSettings, takeDigest, usersWithPendingDigest } from './notifications.repo.ts';
import { notify, settingsOf } from './notifications.service.ts';
import { lastDigestSlot, quietHoursEnd } from './schedule.ts';
import { materialLink } from './links.ts';

export const NOTIFICATIONS_CHANNEL = 'klase_notifications';
const POLL_MS = 5 * 60_000;
const DUE_WINDOW_MS = 24 * 3_600_000;
const BATCH = 200;
const DAY_MS = 24 * 3_600_000;
/** Read notifications are kept 180 days, any notification a year (decision 0050). */
export const KEEP_READ_DAYS = 180;
export const KEEP_DAYS = 365;
const PRUNE_BATCH = 1000;

/**
 * `dueSoon`: students with graded work due within 24 hours and not handed in are told once. Each
 * (student, material) is claimed in `notification_once` in the same transaction as the
 * notification, so several nodes never notify twice. Answers how many were notified.
 */
export const notifyDueSoon = async (ctx: Ctx, now: Date): Promise<number> => {
  let total = 0;
  for (;;) {
    const batch = await dueSoonCandidates(ctx.db, now, new Date(now.getTime() + DUE_WINDOW_MS), BATCH);
    if (batch.length === 0) return total;
    for (const c of batch) {
      await ctx.db.transaction(async (tx) => {
        if (!(await claimOnce(tx, c.studentId, `dueSoon:${c.materialId}`))) return;
        await notify(tx, ctx, {
          userIds: [c.studentId],
          schoolId: c.schoolId,
          type: 'dueSoon',
          params: { materialName: c.materialName, courseName: c.courseName, dueAt: c.dueAt?.toISOString() ?? '' },
          link: materialLink(c),
          now,
        });
        total += 1;
      });
    }
    if (batch.length < BATCH) return total;
  }
};

/**
 * Parents' digests: for each user with notifications waiting, those created before their last
 * digest time (daily 18:00 or Friday 18:00, Asia/Manila) are taken (marked sent in the same
 * transaction as the mail is queued, so two nodes never send them twice) and mailed together.
 */
export const sendDigests = async (ctx: Ctx, now: Date): Promise<number> => {
  let sent = 0;
  for (const userId of await usersWithPendingDigest(ctx.db)) {
    const [user] = await recipientsOf(ctx.db, [userId]);
    if (!user) continue;
    const settings = settingsOf((await storedSettings(ctx.db, [userId])).get(userId));
    const slot = lastDigestSlot(now, settings.digest === 'weekly' ? 'weekly' : 'daily');
    await ctx.db.transaction(async (tx) => {
      const items = await takeDigest(tx, userId, slot);
      if (items.length === 0 || !user.email) return;
      const mail = renderDigestMail(
        userLocale(user.language, undefined),
        user.firstName,
        ctx.config.appUrl,
        items.map((i) => ({ type: i.type as NotificationType, params: i.params, link: i.link })),
      );
      await ctx.mailer.enqueue(tx, { schoolId: user.schoolId, to: user.email, ...mail, sendAfter: quietHoursEnd(now, settings.quietHours) ?? undefined });
      sent += 1;
    });
  }
  return sent;
};

/** Deletes notifications past keeping, a batch at a time (each batch its own statement, so no long lock). */
export const pruneOldNotifications = async (ctx: Ctx, now: Date): Promise<number> => {
  const readBefore = new Date(now.getTime() - KEEP_READ_DAYS * DAY_MS);
  const createdBefore = new Date(now.getTime() - KEEP_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const gone = await pruneNotifications(ctx.db, readBefore, createdBefore, PRUNE_BATCH);
    total += gone;
    if (gone < PRUNE_BATCH) return total;
  }
};

/** The notifications worker of a node: due-soon reminders, digests and pruning, every 5 minutes. */
export const createNotificationsWorker = (opts: { database: Database; ctx: Ctx; log: FastifyBaseLogger; clock?: () => Date }): WorkerLoop =>
  createWorkerLoop({
    database: opts.database,
    channel: NOTIFICATIONS_CHANNEL,
    pollMs: POLL_MS,
    log: opts.log,
    name: 'notifications',
    drain: async () => {
      const now = opts.clock?.() ?? new Date();
      await pruneOldNotifications(opts.ctx, now);
      return (await notifyDueSoon(opts.ctx, now)) + (await sendDigests(opts.ctx, now));
    },
  });
