/** Password rules of spec sections 5 and 9. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULES_NEEDED = 3;

export interface PasswordCheck {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  number: boolean;
  special: boolean;
  /** No more than two identical characters in a row. */
  noTripleRepeat: boolean;
  /** How many of the four character-class rules pass (0..4). */
  classesMet: number;
}

export const checkPassword = (pw: string): PasswordCheck => {
  const uppercase = /\p{Lu}/u.test(pw);
  const lowercase = /\p{Ll}/u.test(pw);
  const number = /\p{Nd}/u.test(pw);
  const special = /[^\p{L}\p{Nd}]/u.test(pw);
  const length = [...pw].length >= PASSWORD_MIN && [...pw].length <= PASSWORD_MAX;
  const noTripleRepeat = !/(.)\1\1/su.test(pw);
  const classesMet = [uppercase, lowercase, number, special].filter(Boolean).length;
  return { length, uppercase, lowercase, number, special, noTripleRepeat, classesMet };
};

/** A password is acceptable when its length holds, 3 of 4 classes pass and no char repeats 3 times. */
export const isPasswordAcceptable = (pw: string): boolean => {
  const c = checkPassword(pw);
  return c.length && c.noTripleRepeat && c.classesMet >= PASSWORD_RULES_NEEDED;
};

export type StrengthColor = 'red' | 'yellow' | 'green';

/**
 * Strength meter: counts satisfied rules among the four classes plus length.
 * 3 satisfied rules show yellow, 4 or more green, fewer red (spec section 4).
 */
export const passwordStrength = (pw: string): { satisfied: number; color: StrengthColor } => {
  const c = checkPassword(pw);
  const satisfied = c.classesMet + (c.length ? 1 : 0);
  const color: StrengthColor = satisfied >= 4 ? 'green' : satisfied === 3 ? 'yellow' : 'red';
  return { satisfied, color };
};
