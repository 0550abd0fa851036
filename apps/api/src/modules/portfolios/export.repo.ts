import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolioExportJobs } from '../../db/schema/portfolios.ts';

/** Portfolio export jobs (issue 20): queued by a reader, run by `export.worker.ts` on any node. */

export const PORTFOLIO_EXPORTS_CHANNEL = 'klase_portfolio_exports';
const LEASE_SECONDS = 120;
/** Finished jobs (and their ZIPs) are removed after this long. */
const KEEP_HOURS = 24;

export type ExportJobRecord = typeof portfolioExportJobs.$inferSelect;

/** Queues a job; the NOTIFY wakes the workers of every node. */
export const insertExportJob = async (db: Db, values: { portfolioId: string; requestedBy: string; total: number }): Promise<ExportJobRecord> => {
  const [row] = await db.insert(portfolioExportJobs).values(values).returning();
  if (!row) throw new Error('export job not inserted');
  await db.execute(sql`select pg_notify(${PORTFOLIO_EXPORTS_CHANNEL}, ${row.id})`);
  return row;
};

/** The requester's job, or null. */
export const readExportJob = async (db: Db, requestedBy: string, jobId: string): Promise<ExportJobRecord | null> => {
  const [row] = await db
    .select()
    .from(portfolioExportJobs)
    .where(and(eq(portfolioExportJobs.id, jobId), eq(portfolioExportJobs.requestedBy, requestedBy)));
  return row ?? null;
};

const lease = () => sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
const running = (id: string) => and(eq(portfolioExportJobs.id, id), eq(portfolioExportJobs.state, 'running'));

/** Claims the oldest queued job, or a running one whose lease ran out (FOR UPDATE SKIP LOCKED); it starts over. */
export const claimExportJob = (db: Db): Promise<ExportJobRecord | null> =>
  db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: portfolioExportJobs.id })
      .from(portfolioExportJobs)
      .where(or(eq(portfolioExportJobs.state, 'queued'), and(eq(portfolioExportJobs.state, 'running'), lt(portfolioExportJobs.leaseUntil, sql`now()`))))
      .orderBy(portfolioExportJobs.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    const [claimed] = await tx
      .update(portfolioExportJobs)
      .set({ state: 'running', done: 0, leaseUntil: lease() })
      .where(eq(portfolioExportJobs.id, job.id))
      .returning();
    return claimed ?? null;
  });

/** Records the bytes written and renews the lease while the job is running. */
export const recordExportProgress = async (db: Db, id: string, done: number, total: number): Promise<void> => {
  await db.update(portfolioExportJobs).set({ done, total, leaseUntil: lease() }).where(running(id));
};

/** Ends a job; false when it was no longer running. */
export const finishExportJob = async (
  db: Db,
  id: string,
  result: { fileKey: string; fileName: string; total: number } | { error: string },
): Promise<boolean> => {
  const set =
    'fileKey' in result
      ? {
          state: 'done' as const,
          fileKey: result.fileKey,
          fileName: result.fileName,
          done: result.total,
          total: result.total,
          finishedAt: sql`now()`,
          leaseUntil: null,
        }
      : { state: 'failed' as const, error: result.error.slice(0, 500), finishedAt: sql`now()`, leaseUntil: null };
  const rows = await db.update(portfolioExportJobs).set(set).where(running(id)).returning({ id: portfolioExportJobs.id });
  return rows.length > 0;
};

/** Puts a job back (the database went away mid-job). */
export const releaseExportJob = async (db: Db, id: string): Promise<void> => {
  await db.update(portfolioExportJobs).set({ state: 'queued', leaseUntil: null }).where(running(id));
};

/** Removes finished jobs older than a day and answers their files' keys. */
export const removeOldExportJobs = async (db: Db): Promise<string[]> => {
  const rows = await db
    .delete(portfolioExportJobs)
    .where(and(lt(portfolioExportJobs.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`), sql`${portfolioExportJobs.state} in ('done', 'failed')`))
    .returning({ fileKey: portfolioExportJobs.fileKey });
  return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
};
