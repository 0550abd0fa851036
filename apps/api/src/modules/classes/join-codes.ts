import { randomBytes, randomInt } from 'node:crypto';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '@klase/core/classes/contracts';

/**
 * A new access code (7 characters from the look-alike-free alphabet: about 2.7e10 codes) and a
 * new invitation token (random, URL-safe). Collisions with live or retired values are caught by
 * the unique indexes and retried by the caller (`withFreshJoinValues`).
 */
export const newAccessCode = (): string =>
  Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join('');

export const newInviteToken = (): string => randomBytes(18).toString('base64url');
