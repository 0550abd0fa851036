import type { TokenPurpose } from '@klase/core/auth/contracts';
import { DomainError, type ErrorCode } from '@klase/core/errors';
import type { Db } from '../db/client.ts';
import { randomToken, sha256 } from './crypto.ts';
import { insertToken, retireTokens, selectLiveToken, type TokenRow } from './tokens.repo.ts';

export { markTokenUsed, type TokenRow } from './tokens.repo.ts';

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
export const issueToken = async (tx: Db, userId: string, purpose: TokenPurpose, data: Record<string, unknown> | null = null): Promise<string> => {
  await retireTokens(tx, userId, purpose);
  const token = randomToken();
  await insertToken(tx, { userId, purpose, tokenHash: sha256(token), data, ttlSeconds: TOKEN_TTL_SECONDS[purpose] });
  return token;
};

/** The live token row (locked for update inside a transaction), or the purpose's 410 error. */
export const findLiveToken = async (tx: Db, token: string, purpose: TokenPurpose, lock = false): Promise<TokenRow> => {
  const row = await selectLiveToken(tx, sha256(token), purpose, lock);
  if (!row) throw new DomainError(INVALID_LINK[purpose]);
  return row;
};
