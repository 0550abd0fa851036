import { hash, verify } from '@node-rs/argon2';

/** 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummy: Promise<string> | undefined;

/**
 * Verifies a password with argon2id. Without a stored hash (unknown user, never activated) it still
 * verifies against a dummy hash so the answer takes the same time.
 */
export const verifyPassword = async (storedHash: string | null | undefined, password: string): Promise<boolean> => {
  if (!storedHash) {
    dummy ??= hashPassword('klase-dummy-password-for-timing');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};
