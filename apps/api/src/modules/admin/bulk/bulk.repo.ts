import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../../db/client.ts';
import { bulkJobs, type BulkInputRow, type StoredRowIssue } from '../../../db/schema/admin.ts';
import { schools } from '../../../db/schema/tenancy.ts';
import { userTokens } from '../../../db/schema/sessions.ts';
import { parentStudents, users } from '../../../db/schema/users.ts';
import type { AdminScope } from '../admin-scope.ts';
import { orderOf, pageOf } from '../../../kernel/table-sql.ts';

export type { BulkInputRow, StoredRowIssue };

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

export const insertJob = async (db: Db, values: { schoolId: string; createdBy: string; fileName: string; input: BulkInputRow[] }): Promise<BulkJobRecord> => {
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

/** Which pass a claimed job needs: the check (the preview, nothing written) or the import. */
export type BulkPass = 'check' | 'import';

/**
 * Claims the oldest waiting job (`queued` for its check, `confirmed` for its import), or one whose
 * lease ran out (its node died), with FOR UPDATE SKIP LOCKED so that two nodes never take the
 * same job; the claim is a lease. A check starts again from the first row (it keeps what the
 * file's earlier rows would create in memory); an import resumes from `processed`.
 */
export const claimJob = (db: Db) =>
  db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(bulkJobs)
      .where(sql`${bulkJobs.status} in ('queued', 'confirmed') or (${bulkJobs.status} in ('checking', 'running') and ${bulkJobs.leaseUntil} < now())`)
      .orderBy(bulkJobs.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    const pass: BulkPass = job.status === 'queued' || job.status === 'checking' ? 'check' : 'import';
    const restart = job.status !== 'running';
    const [claimed] = await tx
      .update(bulkJobs)
      .set({
        status: pass === 'check' ? 'checking' : 'running',
        leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        ...(restart ? { processed: 0, created: 0, rejectedCount: 0, rejected: sql`'[]'::jsonb` } : {}),
      })
      .where(eq(bulkJobs.id, job.id))
      .returning();
    return claimed ? { job: claimed, pass } : null;
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
    .where(and(eq(bulkJobs.id, id), inArray(bulkJobs.status, ['checking', 'running']), eq(bulkJobs.processed, offset)))
    .returning({ id: bulkJobs.id });
  if (rows.length === 0) throw new BatchOvertaken(`bulk job ${id} moved past row ${offset}`);
};

/**
 * Ends the lease of a job being worked on (the database went away under it), so the next claim takes
 * it again at once: an import resumes from `processed`, a check starts over.
 */
export const releaseJob = async (db: Db, id: string): Promise<void> => {
  await db
    .update(bulkJobs)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(and(eq(bulkJobs.id, id), inArray(bulkJobs.status, ['checking', 'running'])));
};

/** Only the rejected rows stay in `input` (the rejected-rows download); nothing else is kept. */
const KEEP_REJECTED = sql`(select coalesce(jsonb_agg(e order by (e->>'_row')::int), '[]'::jsonb) from jsonb_array_elements(${bulkJobs.input}) e
  where (e->>'_row')::int in (select (r->>'row')::int from jsonb_array_elements(${bulkJobs.rejected}) r))`;

export const finishJob = async (db: Db, id: string, status: 'done' | 'failed', error: string | null = null): Promise<BulkJobRecord | null> => {
  const [row] = await db
    .update(bulkJobs)
    .set({ status, error, finishedAt: sql`now()`, leaseUntil: null, input: status === 'done' ? KEEP_REJECTED : sql`'[]'::jsonb` })
    // Only a job being worked on ends (once): one that another node already finished stays as it is.
    .where(and(eq(bulkJobs.id, id), inArray(bulkJobs.status, ['checking', 'running'])))
    .returning();
  return row ?? null;
};

/** The check is over: the job waits for the administrator's confirmation. */
export const checkedJob = async (db: Db, id: string): Promise<void> => {
  await db.update(bulkJobs).set({ status: 'preview', leaseUntil: null }).where(eq(bulkJobs.id, id));
};

/** preview -> confirmed or cancelled, in the scope; null when the job is not (or no longer) in preview. */
export const answerPreview = async (db: Db, scope: AdminScope, id: string, status: 'confirmed' | 'cancelled'): Promise<BulkJobRecord | null> => {
  const [row] = await db
    .update(bulkJobs)
    .set(status === 'cancelled' ? { status, finishedAt: sql`now()`, input: sql`'[]'::jsonb` } : { status })
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.status, 'preview'), jobScope(scope)))
    .returning();
  if (row && status === 'confirmed') await db.execute(sql`select pg_notify(${BULK_CHANNEL}, ${row.id})`);
  return row ?? null;
};

/** The rows and issues the rejected-rows file is made of (in the scope). */
export const findRejectedRows = async (db: Db, scope: AdminScope, id: string) => {
  const [row] = await db
    .select({ status: bulkJobs.status, fileName: bulkJobs.fileName, input: bulkJobs.input, rejected: bulkJobs.rejected })
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), jobScope(scope)))
    .limit(1);
  return row ?? null;
};

export const schoolCustomer = async (db: Db, schoolId: string): Promise<string | null> => {
  const [row] = await db.select({ customerId: schools.customerId }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row?.customerId ?? null;
};

// ---------------------------------------------------------------------------------------------
// Importing a batch of rows (bulk-import.ts), inside the caller's transaction

/** Users holding one of these usernames or emails, anywhere. */
export const takenIdentities = (tx: Db, usernames: readonly string[], emails: readonly string[]) =>
  tx
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(emails.length ? or(inArray(users.username, usernames), inArray(users.email, emails)) : inArray(users.username, usernames));

/** The school's users of a role with one of these usernames. */
export const schoolUsersNamed = (tx: Db, schoolId: string, roleId: number, usernames: readonly string[]) =>
  tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.roleId, roleId), inArray(users.username, usernames)));

export const insertUsers = (tx: Db, values: (typeof users.$inferInsert)[]) =>
  tx
    .insert(users)
    .values(values)
    .returning({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, language: users.language });

export const linkParents = async (tx: Db, links: (typeof parentStudents.$inferInsert)[]): Promise<void> => {
  await tx.insert(parentStudents).values(links).onConflictDoNothing();
};

export const insertTokens = async (tx: Db, tokens: (typeof userTokens.$inferInsert)[]): Promise<void> => {
  await tx.insert(userTokens).values(tokens);
};
