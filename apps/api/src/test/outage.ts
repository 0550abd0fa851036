import { and, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { CourseCopyAnswer } from '@klase/core/courses/contracts';
import type { Db } from '../db/client.ts';
import { bulkJobs } from '../db/schema/admin.ts';
import { courseJobs } from '../db/schema/course-jobs.ts';
import { auditLog, outbox } from '../db/schema/platform.ts';
import { users } from '../db/schema/users.ts';
import { BATCH_ROWS, createBulkWorker } from '../modules/admin/bulk/bulk.worker.ts';
import { createCourseJobWorker } from '../modules/courses/jobs/course-jobs.worker.ts';
import { buildSourceCourse, countsOf, jobsOf } from './course-jobs-world.ts';
import { ctxOf } from '../platform/app-context.ts';
import { retryWhileUnavailable } from '../platform/db-errors.ts';
import type { Mailer } from '../platform/mail.ts';
import { signIn } from './agent.ts';
import type { ClassWorld } from './class-factories.ts';
import { uniq } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** What the database going away under a job looks like: a real cut (PostgreSQL) or the driver's error for it (PGlite). */
export type Interrupt = (db: Db) => Promise<void>;

/** The error node-postgres gives a query whose session an administrator ended. */
export const simulatedTermination: Interrupt = () =>
  Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }));

/** The name of the test's PostgreSQL database (asked again if a cut is still settling). */
export const databaseNameOf = async (db: Db): Promise<string> => {
  const [row] = await retryWhileUnavailable(() => db.select({ name: sql<string>`current_database()` }).from(sql`(values (1)) as one(x)`));
  if (!row) throw new Error('no database name');
  return row.name;
};

/** The URL of the test's PostgreSQL database, for a second node with its own connections. */
export const testDatabaseUrl = async (db: Db): Promise<string> => {
  const u = new URL(inject('testDatabaseUrl'));
  u.pathname = `/${await databaseNameOf(db)}`;
  return u.toString();
};

/**
 * Ends every session of the test's database from an admin connection, as a restart or a failover
 * does (PostgreSQL only), and waits (up to 5 s each) until those sessions have really gone: the
 * signal alone returns at once, and a backend still exiting on a busy machine would end a pooled
 * connection after the test believed the cut was over. Answers how many sessions it ended.
 */
export const terminateBackends = async (db: Db): Promise<number> => {
  const name = await databaseNameOf(db);
  const admin = new pg.Client({ connectionString: inject('testDatabaseUrl') });
  await admin.connect();
  try {
    const res = await admin.query<{ ended: number }>(
      'select count(*)::int as ended from (select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t',
      [name],
    );
    return res.rows[0]?.ended ?? 0;
  } finally {
    await admin.end();
  }
};

/**
 * A course copy cut off mid-transaction on one node (its worker), then run by another node (the
 * app's): the copy is complete once, its job done on the first counted attempt, audited once.
 */
export const courseCopyInterrupted = async (t: TestApp, w: ClassWorld, interrupt: Interrupt): Promise<void> => {
  const teacher = await signIn(t.app, w.teacher.username);
  const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
  const res = await teacher.req('POST', `/api/courses/${source.course.id}/copy`, { targetClassId: w.cls.id });
  expect(res.statusCode, res.body).toBe(202);
  const { courseId } = res.json<CourseCopyAnswer>();
  let cuts = 0;
  const dying = createCourseJobWorker({
    database: t.app.database,
    storage: t.app.storage,
    pollMs: 60_000,
    log: t.app.log,
    hooks: {
      duringCopy: async (tx) => {
        cuts += 1;
        await interrupt(tx);
        // On a real cut the transaction's next statement finds its session gone.
        await tx.execute(sql`select 1`);
      },
    },
  });
  await expect(dying.flush()).rejects.toThrow();
  await dying.stop();
  expect(cuts).toBe(1);
  // Nothing of the copy outlived its transaction, and the job is back in the queue, due at once, not counted.
  expect(await countsOf(t.db, courseId)).toEqual({ elements: 0, materials: 0 });
  expect(await jobsOf(t.db, courseId)).toEqual([expect.objectContaining({ status: 'queued', attempts: 0, leaseUntil: null })]);

  expect(await t.app.courseJobWorker.flush()).toBe(1);
  expect(await countsOf(t.db, courseId)).toEqual(await countsOf(t.db, source.course.id));
  expect(await jobsOf(t.db, courseId)).toEqual([expect.objectContaining({ status: 'done', attempts: 1, error: null })]);
  expect(await t.db.$count(auditLog, and(eq(auditLog.targetId, courseId), eq(auditLog.action, 'course.copied')))).toBe(1);
  expect(await t.app.courseJobWorker.flush()).toBe(0);
  expect(await t.db.$count(courseJobs, and(eq(courseJobs.courseId, courseId), eq(courseJobs.status, 'done')))).toBe(1);
};

/**
 * A bulk upload of two batches cut off in its second batch on one node, then resumed by another:
 * every row is imported once (users, activation mails), the job is done and audited once.
 */
export const bulkUploadInterrupted = async (t: TestApp, w: ClassWorld, interrupt: Interrupt): Promise<void> => {
  const prefix = uniq('cut');
  const total = BATCH_ROWS + 20;
  const input = Array.from({ length: total }, (_, i) => ({
    _row: String(i + 2),
    role: 'teacher',
    username: `${prefix}_${i}`,
    email: `${prefix}_${i}@example.ph`,
    firstName: 'Ana',
    lastName: 'Ramos',
    employeeNumber: `T-${i}`,
  }));
  // Confirmed from its preview: the import pass is the one that writes (and mails).
  const [job] = await t.db
    .insert(bulkJobs)
    .values({ schoolId: w.schoolA.id, createdBy: w.admin.id, fileName: 'cut.csv', input, total, status: 'confirmed' })
    .returning();
  if (!job) throw new Error('no bulk job');
  const ctx = ctxOf(t.app);
  let batches = 0;
  const mailer: Mailer = {
    ...ctx.mailer,
    enqueueMany: async (tx, mails) => {
      batches += 1;
      if (batches === 2) await interrupt(tx);
      await ctx.mailer.enqueueMany(tx, mails);
    },
  };
  const dying = createBulkWorker({ database: t.app.database, ctx: { ...ctx, mailer }, pollMs: 60_000, log: t.app.log });
  await expect(dying.flush()).rejects.toThrow();
  await dying.stop();
  expect(batches).toBe(2);
  const [half] = await t.db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
  // The first batch committed; the second did not; the job waits to be resumed (its lease ended), not failed.
  expect(half).toMatchObject({ status: 'running', processed: BATCH_ROWS, created: BATCH_ROWS, finishedAt: null });
  expect(half?.leaseUntil?.getTime()).toBeLessThan(Date.now());

  expect(await t.app.bulkWorker.flush()).toBe(1);
  const [done] = await t.db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id));
  expect(done).toMatchObject({ status: 'done', processed: total, created: total, rejectedCount: 0, error: null });
  expect(await t.db.$count(users, like(users.username, `${prefix}\\_%`))).toBe(total);
  const addresses = input.map((r) => r.email);
  expect(await t.db.$count(outbox, inArray(outbox.toAddress, addresses))).toBe(total);
  expect(await t.db.$count(auditLog, and(eq(auditLog.targetId, job.id), eq(auditLog.action, 'bulk.completed')))).toBe(1);
};
