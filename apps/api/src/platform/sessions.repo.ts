import { and, eq, gt, inArray, ne, sql, type InferSelectModel } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { customers, schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';

export type UserRow = InferSelectModel<typeof users>;
export type SessionRow = InferSelectModel<typeof sessions>;

export const insertSession = async (db: Db, row: typeof sessions.$inferInsert): Promise<void> => {
  await db.insert(sessions).values(row);
};

/**
 * One indexed query: the live session of this token hash with its user, provided the user is still
 * active and neither the school nor the customer has been disabled since sign-in.
 */
/** A session is live until either expiry, while its user is active and neither the school nor the customer is disabled. */
const stillLive = [
  gt(sessions.idleExpiresAt, sql`now()`),
  gt(sessions.absoluteExpiresAt, sql`now()`),
  eq(users.active, true),
  sql`coalesce(${schools.enabled}, true)`,
  sql`coalesce(${customers.status}, 'ACTIVE') = 'ACTIVE'`,
];

export const selectLiveSession = async (db: Db, tokenHash: string): Promise<{ session: SessionRow; user: UserRow; schoolName: string | null } | undefined> => {
  const rows = await db
    .select({ session: sessions, user: users, schoolName: schools.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(sessions.tokenHash, tokenHash), ...stillLive))
    .limit(1);
  return rows[0];
};

/** Of these token hashes, the ones whose session is still live (the same test as `selectLiveSession`), in one query. */
export const liveSessionHashes = async (db: Db, tokenHashes: readonly string[]): Promise<Set<string>> => {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(inArray(sessions.tokenHash, [...tokenHashes]), ...stillLive));
  return new Set(rows.map((r) => r.tokenHash));
};

export const updateSessionSeen = async (db: Db, sessionId: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void> => {
  await db.update(sessions).set({ lastSeenAt, idleExpiresAt }).where(eq(sessions.id, sessionId));
};

/**
 * Stamps the user's last system access unless it was stamped less than `everySeconds` ago: one
 * conditional UPDATE, no read. Answers whether it wrote.
 */
export const stampLastAccess = async (db: Db, userId: string, everySeconds: number): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ lastAccessAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`(${users.lastAccessAt} is null or ${users.lastAccessAt} < now() - make_interval(secs => ${everySeconds}))`))
    .returning({ id: users.id });
  return rows.length > 0;
};

export const deleteSessionById = async (db: Db, sessionId: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
};

export const deleteSessionByHash = async (db: Db, tokenHash: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
};

/** Deletes every session of a user, except one when given. */
export const deleteSessionsOfUser = async (db: Db, userId: string, exceptSessionId?: string): Promise<void> => {
  await db.delete(sessions).where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
};
