import { randomBytes, randomInt } from 'node:crypto';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '@klase/core/classes/contracts';
import type { Db } from '../../platform/context.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { joinValueUsed } from './classes.repo.ts';

/**
 * A new access code (7 characters from the look-alike-free alphabet: about 2.7e10 codes) and a
 * new invitation token (random, URL-safe). Collisions with live or retired values are caught by
 * the unique indexes and retried by the caller (`withFreshJoinValues`).
 */
export const newAccessCode = (): string =>
  Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join('');

export const newInviteToken = (): string => randomBytes(18).toString('base64url');

export type JoinKind = 'code' | 'link';

/** A code or token no class uses and none ever used (retired values are never handed out again). */
const freshJoinValue = async (db: Db, kind: JoinKind): Promise<string> => {
  for (let i = 0; i < 20; i++) {
    const value = kind === 'code' ? newAccessCode() : newInviteToken();
    if (!(await joinValueUsed(db, value))) return value;
  }
  throw new Error('no fresh join value');
};

const JOIN_CONSTRAINT = /access_code|invite_token|class_retired_joins/;
const ATTEMPTS = 5;

/**
 * Runs a write that stores new join values inside a savepoint, and runs it again with other
 * values when a concurrent writer took the same ones first (unique index clash).
 */
export const withFreshJoinValues = async <T>(db: Db, run: (tx: Db, fresh: (kind: JoinKind) => Promise<string>) => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((sp) => run(sp, (kind) => freshJoinValue(sp, kind)));
    } catch (err) {
      const clash = uniqueViolation(err);
      if (!clash || !JOIN_CONSTRAINT.test(clash.constraint) || attempt >= ATTEMPTS) throw err;
    }
  }
};
