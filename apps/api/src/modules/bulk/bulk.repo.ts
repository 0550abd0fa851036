import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { bulkJobs, type BulkInputRow, type StoredRowIssue } from '../../db/schema/admin.ts';
import { schools } from '../../db/schema/tenancy.ts';
import { users } from '../../db/schema/users.ts';
import type { AdminScope } from '../../platform/admin-scope.ts';
import { orderOf, pageOf } from '../../platform/table-sql.ts';

export const BULK_CHANNEL = 'klase_bulk';
export const LEASE_SECONDS = 60;

export type BulkJobRecord = typeof bulkJobs.$inferSelect;

/** Jobs a scope reaches: platform admins all, a school admin their school's, the lsg none (no route). */
export const jobScope = (scope: AdminScope): SQL | undefined =>
  scope.kind === 'platform' ? undefined : scope.kind === 'school' ? eq(bulkJobs.schoolId, scope.schoolId) : sql`false`;

const listed = {
  id: bulkJobs.id,
  status: bulkJobs.status,
  schoolId: bulkJobs.schoolId,
  schoolName: schools.name,
  fileName: bulkJobs.fileName,
  total: bulkJobs.total,
  processed: bulkJobs.processed,
  created: bulkJobs.created,
  rejectedCount: bulkJobs.rejectedCount,
  createdById: bulkJobs.createdBy,
  createdByFirst: users.firstName,
  createdByLast: users.lastName,
  createdAt: bulkJobs.createdAt,
  finishedAt: bulkJobs.finishedAt,
};

const SORTABLE = {
  createdAt: bulkJobs.createdAt,
  fileName: bulkJobs.fileName,
  status: bulkJobs.status,
  total: bulkJobs.total,
  created: bulkJobs.created,
  rejectedCount: bulkJobs.rejectedCount,
};

export const insertJob = async (
  db: Db,
  values: { schoolId: string; createdBy: string; fileName: string; input: BulkInputRow[] },
): Promise<BulkJobRecord> => {
  const [row] = await db
    .insert(bulkJobs)
    .values({ ...values, total: values.input.length })
    .returning();
  if (!row) throw new Error('bulk job not inserted');
  await db.execute(sql`select pg_notify(${BULK_CHANNEL}, ${row.id})`);
  return row;
};

export const listJobs = async (db: Db, scope: AdminScope, q: ParsedTableQuery & { schoolId?: string }) => {
  const where = and(jobScope(scope), q.schoolId ? eq(bulkJobs.schoolId, q.schoolId) : undefined);
  const [total] = await db.select({ n: count() }).from(bulkJobs).where(where);
  const rows = await db
    .select(listed)
    .from(bulkJobs)
    .innerJoin(schools, eq(schools.id, bulkJobs.schoolId))
    .leftJoin(users, eq(users.id, bulkJobs.createdBy))
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, desc(bulkJobs.createdAt), bulkJobs.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  return { rows, total: Number(total?.n ?? 0) };
};

export type ListedJob = Awaited<ReturnType<typeof listJobs>>['rows'][number];

export const findJob = async (db: Db, scope: AdminScope, id: string) => {
  const [row] = await db
    .select({ ...listed, rejected: bulkJobs.rejected })
    .from(bulkJobs)
    .innerJoin(schools, eq(schools.id, bulkJobs.schoolId))
    .leftJoin(users, eq(users.id, bulkJobs.createdBy))
    .where(and(eq(bulkJobs.id, id), jobScope(scope)))
    .limit(1);
  return row ?? null;
};

/**
 * Claims the oldest waiting job, or a running one whose lease ran out (its node died), with FOR
 * UPDATE SKIP LOCKED so that two nodes never take the same job; the claim is a lease.
 */
export const claimJob = (db: Db) =>
  db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(bulkJobs)
      .where(sql`${bulkJobs.status} = 'queued' or (${bulkJobs.status} = 'running' and ${bulkJobs.leaseUntil} < now())`)
      .orderBy(bulkJobs.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    await tx
      .update(bulkJobs)
      .set({ status: 'running', leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(eq(bulkJobs.id, job.id));
    return job;
  });

/** Another node has processed (or is processing) this batch: the batch's transaction is rolled back. */
export class BatchOvertaken extends Error {}

/**
 * Records a processed batch and renews the lease (in the batch's transaction). The batch counts
 * only if the job is still at `offset` (the row lock makes a second node wait, then see it moved),
 * so each row is imported exactly once even when a node whose lease ran out wakes up again.
 */
export const recordBatch = async (db: Db, id: string, offset: number, n: number, created: number, rejected: StoredRowIssue[]): Promise<void> => {
  const rows = await db
    .update(bulkJobs)
    .set({
      processed: sql`${bulkJobs.processed} + ${n}`,
      created: sql`${bulkJobs.created} + ${created}`,
      rejected: sql`${bulkJobs.rejected} || ${JSON.stringify(rejected)}::jsonb`,
      rejectedCount: sql`${bulkJobs.rejectedCount} + ${new Set(rejected.map((r) => r.row)).size}`,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.status, 'running'), eq(bulkJobs.processed, offset)))
    .returning({ id: bulkJobs.id });
  if (rows.length === 0) throw new BatchOvertaken(`bulk job ${id} moved past row ${offset}`);
};

/** Puts a running job back in the queue (the database went away under it); it resumes from `processed`. */
export const releaseJob = async (db: Db, id: string): Promise<void> => {
  await db
    .update(bulkJobs)
    .set({ status: 'queued', leaseUntil: null })
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.status, 'running')));
};

export const finishJob = async (db: Db, id: string, status: 'done' | 'failed', error: string | null = null): Promise<BulkJobRecord | null> => {
  const [row] = await db
    .update(bulkJobs)
    .set({ status, error, finishedAt: sql`now()`, leaseUntil: null, input: sql`'[]'::jsonb` })
    // Only a running job ends (once): one that another node already finished stays as it is.
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.status, 'running')))
    .returning();
  return row ?? null;
};

export const schoolCustomer = async (db: Db, schoolId: string): Promise<string | null> => {
  const [row] = await db.select({ customerId: schools.customerId }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row?.customerId ?? null;
};
