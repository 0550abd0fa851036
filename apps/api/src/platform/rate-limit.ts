import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/platform.ts';

/**
 * Counters kept in the database (table rate_limits) so every API node sees the same numbers.
 * Two kinds: a fixed window (count per window), and consecutive failures with a lock.
 */

/** Counts one hit in a fixed window; answers the seconds to wait when over the limit. */
export const hitWindow = async (db: Db, key: string, limit: number, windowSeconds: number): Promise<number | null> => {
  const expired = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
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
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
  if (!row || row.count <= limit) return null;
  return Math.max(1, Number(row.retryAfter));
};

/** Seconds left on a lock of this key, or null when not locked. */
export const lockedFor = async (db: Db, key: string): Promise<number | null> => {
  const [row] = await db
    .select({ left: sql<number>`ceil(extract(epoch from (${rateLimits.blockedUntil} - now())))::int` })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.blockedUntil} > now()`);
  return row ? Math.max(1, Number(row.left)) : null;
};

/**
 * Records one more consecutive failure. At `maxFailures` the key is locked for `lockSeconds` and
 * the counter starts again. Answers the failure count reached and the lock, if one was set.
 */
export const recordFailure = async (
  db: Db,
  key: string,
  maxFailures: number,
  lockSeconds: number,
): Promise<{ failures: number; lockedSeconds: number | null }> => {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.blockedUntil} <= now() then 1 else ${rateLimits.count} + 1 end`,
        blockedUntil: sql`case when ${rateLimits.blockedUntil} <= now() then null else ${rateLimits.blockedUntil} end`,
      },
    })
    .returning({ count: rateLimits.count });
  const failures = row?.count ?? 1;
  if (failures < maxFailures) return { failures, lockedSeconds: null };
  await db
    .update(rateLimits)
    .set({ count: 0, blockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
    .where(eq(rateLimits.key, key));
  return { failures, lockedSeconds: lockSeconds };
};

export const resetKey = async (db: Db, key: string): Promise<void> => {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
};
