import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/platform.ts';

/** The queries on the rate_limits table behind platform/rate-limit.ts. */

/** The upsert of one hit of `key` in a fixed window, returning the count reached and the seconds left in the window. */
const windowHit = (db: Db, key: string, windowSeconds: number) => {
  const expired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`.as(
        'retry_after',
      ),
    });
};

/** Counts one hit in a fixed window; answers the seconds to wait when over the limit. */
export const hitWindow = async (db: Db, key: string, limit: number, windowSeconds: number): Promise<number | null> => {
  const [row] = await windowHit(db, key, windowSeconds);
  if (!row || row.count <= limit) return null;
  return Math.max(1, Number(row.retryAfter));
};

/**
 * The same hit as a statement to use inside a larger one (a CTE), for a write that must happen
 * only within the limit in the same round trip: its row has `count` and `retry_after`.
 */
export const windowHitSql = (db: Db, key: string, windowSeconds: number): SQL => windowHit(db, key, windowSeconds).getSQL();

/** Seconds left in the window of a key whose `limit` hits are used up, else null (nothing is counted). */
export const windowExhausted = async (db: Db, key: string, limit: number, windowSeconds: number): Promise<number | null> => {
  const [row] = await db
    .select({ left: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int` })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.count} >= ${limit}
        and ${rateLimits.windowStartedAt} > now() - make_interval(secs => ${windowSeconds})`,
    );
  return row ? Math.max(1, Number(row.left)) : null;
};

/** Seconds left on the longest lock of these keys, or null when none is locked. */
export const lockedFor = async (db: Db, keys: string[]): Promise<number | null> => {
  const [row] = await db
    .select({ left: sql<number | null>`ceil(extract(epoch from (max(${rateLimits.blockedUntil}) - now())))::int` })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) and ${rateLimits.blockedUntil} > now()`,
    );
  return row?.left == null ? null : Math.max(1, Number(row.left));
};

/**
 * Counts one more consecutive failure of `key` (`window_started_at` keeps the time of the last
 * one; failures further apart than `forgetSeconds` start the count again). Answers the count.
 */
export const countFailure = async (db: Db, key: string, forgetSeconds: number): Promise<number> => {
  const forgotten = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${forgetSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`case when ${forgotten} then 1 else ${rateLimits.count} + 1 end`, windowStartedAt: sql`now()` },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
};

/** Locks a key for `seconds` from now. */
export const lockKey = async (db: Db, key: string, seconds: number): Promise<void> => {
  await db
    .update(rateLimits)
    .set({ blockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(rateLimits.key, key));
};

/** The latest lock and the most consecutive failures among a key and the keys under it (`key:...`). */
export const lockUnder = async (db: Db, key: string): Promise<{ lockedUntil: Date | null; failures: number }> => {
  const [row] = await db
    .select({
      lockedUntil: sql<Date | null>`max(${rateLimits.blockedUntil}) filter (where ${rateLimits.blockedUntil} > now())`,
      failures: sql<number>`coalesce(max(${rateLimits.count}), 0)::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} or ${rateLimits.key} like ${`${key}:%`}`);
  const until = row?.lockedUntil ?? null;
  return { lockedUntil: until === null ? null : new Date(until), failures: Number(row?.failures ?? 0) };
};

/** Forgets a key and the keys under it (`key:...`). Answers how many counters went. */
export const resetUnder = async (db: Db, key: string): Promise<number> => {
  const gone = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.key} = ${key} or ${rateLimits.key} like ${`${key}:%`}`)
    .returning({ key: rateLimits.key });
  return gone.length;
};
