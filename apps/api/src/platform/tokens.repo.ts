import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TokenPurpose } from '@klase/core/auth/contracts';
import type { Db } from '../db/client.ts';
import { userTokens } from '../db/schema/sessions.ts';

export type TokenRow = typeof userTokens.$inferSelect;

/** Marks the unused tokens of this purpose of a user as used. */
export const retireTokens = async (tx: Db, userId: string, purpose: TokenPurpose): Promise<void> => {
  await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
};

export const insertToken = async (
  tx: Db,
  row: { userId: string; purpose: TokenPurpose; tokenHash: string; data: Record<string, unknown> | null; ttlSeconds: number },
): Promise<void> => {
  const { ttlSeconds, ...values } = row;
  await tx.insert(userTokens).values({ ...values, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
};

/** The unused, unexpired token row of this hash and purpose (locked for update when asked). */
export const selectLiveToken = async (tx: Db, tokenHash: string, purpose: TokenPurpose, lock: boolean): Promise<TokenRow | undefined> => {
  const q = tx
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, sql`now()`)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
};

export const markTokenUsed = async (tx: Db, id: string): Promise<void> => {
  await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(userTokens.id, id));
};
