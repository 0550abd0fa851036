import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TokenPurpose } from '@klase/core/auth/contracts';
import { DomainError, type ErrorCode } from '@klase/core/errors';
import type { Db } from '../db/client.ts';
import { userTokens } from '../db/schema/sessions.ts';
import { randomToken, sha256 } from './crypto.ts';

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  activation: 7 * 24 * 3600,
  reset: 60 * 60,
  'verify-email': 48 * 3600,
};

export const INVALID_LINK: Record<TokenPurpose, ErrorCode> = {
  activation: 'INVALID_ACTIVATION_LINK',
  reset: 'INVALID_RESET_LINK',
  'verify-email': 'INVALID_VERIFY_LINK',
};

/** Issues a single-use token; older unused tokens of the same purpose for that user stop working. */
export const issueToken = async (
  tx: Db,
  userId: string,
  purpose: TokenPurpose,
  data: Record<string, unknown> | null = null,
): Promise<string> => {
  await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  const token = randomToken();
  await tx.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    data,
    expiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_SECONDS[purpose]})`,
  });
  return token;
};

export type TokenRow = typeof userTokens.$inferSelect;

/** The live token row (locked for update inside a transaction), or the purpose's 410 error. */
export const findLiveToken = async (tx: Db, token: string, purpose: TokenPurpose, lock = false): Promise<TokenRow> => {
  const q = tx
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError(INVALID_LINK[purpose]);
  return row;
};

export const markTokenUsed = async (tx: Db, id: string): Promise<void> => {
  await tx.update(userTokens).set({ usedAt: sql`now()` }).where(eq(userTokens.id, id));
};
