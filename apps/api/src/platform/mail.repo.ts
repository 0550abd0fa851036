import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/platform.ts';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;

/**
 * Claims up to `batch` due pending mails with FOR UPDATE SKIP LOCKED and leases them for
 * `leaseSeconds` (one attempt more), so other nodes skip them.
 */
export const claimDueMails = (db: Db, batch: number, leaseSeconds: number): Promise<OutboxRow[]> =>
  db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(outbox.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return rows;
    await tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      );
    return rows;
  });

export const markMailSent = async (db: Db, id: string): Promise<void> => {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(outbox.id, id));
};

/** Records a failed send: the mail fails for good, or is tried again after `retryInSeconds`. */
export const markMailFailed = async (db: Db, id: string, lastError: string, retryInSeconds: number | null): Promise<void> => {
  await db
    .update(outbox)
    .set(retryInSeconds === null ? { status: 'failed', lastError } : { lastError, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(eq(outbox.id, id));
};

/** Inserts mails into the outbox in the caller's transaction. */
export const insertMails = async (tx: Db, rows: readonly NewOutboxRow[]): Promise<void> => {
  await tx.insert(outbox).values([...rows]);
};

/** Wakes every node's worker listening on `channel` once the caller's transaction commits. */
export const notifyChannel = async (tx: Db, channel: string): Promise<void> => {
  await tx.execute(sql`select pg_notify(${channel}, '')`);
};
