import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token of 32 bytes. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two strings. */
export const safeEqual = (a: string, b: string): boolean => {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
};
