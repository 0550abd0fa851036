import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordAcceptable, passwordStrength } from './password.ts';

describe('password rules (spec section 5)', () => {
  it('accepts 8 to 128 characters and rejects outside that range', () => {
    expect(checkPassword('Ab1!xyz').length).toBe(false);
    expect(checkPassword('Ab1!xyzw').length).toBe(true);
    expect(checkPassword('Ab1!' + 'xy'.repeat(62)).length).toBe(true);
    expect(checkPassword('Ab1!' + 'xy'.repeat(62) + 'z').length).toBe(false);
  });

  it('counts the four character classes', () => {
    expect(checkPassword('abcdefgh').classesMet).toBe(1);
    expect(checkPassword('abcDEFgh').classesMet).toBe(2);
    expect(checkPassword('abcDEF12').classesMet).toBe(3);
    expect(checkPassword('abcDE#12').classesMet).toBe(4);
    expect(checkPassword('Ñandú123').uppercase).toBe(true);
  });

  it('refuses a character three times in a row but allows two', () => {
    expect(checkPassword('Aa1!aab').noTripleRepeat).toBe(true);
    expect(checkPassword('Aa1!aaab').noTripleRepeat).toBe(false);
  });

  it('is acceptable with the length, 3 of 4 classes and no triple repeat', () => {
    expect(isPasswordAcceptable('Klase#2026')).toBe(true);
    expect(isPasswordAcceptable('klase2026x')).toBe(false);
    expect(isPasswordAcceptable('klase#2026')).toBe(true);
    expect(isPasswordAcceptable('Klaaase#2026')).toBe(false);
    expect(isPasswordAcceptable('Ka#1')).toBe(false);
  });

  it('colours the strength meter red below 3, yellow at 3, green at 4 or more', () => {
    expect(passwordStrength('abc').color).toBe('red');
    expect(passwordStrength('abcD').color).toBe('red');
    expect(passwordStrength('abcD1').color).toBe('yellow');
    expect(passwordStrength('abcdefgH').color).toBe('yellow');
    expect(passwordStrength('abcD1!').color).toBe('green');
    expect(passwordStrength('abcdefG1').color).toBe('green');
    expect(passwordStrength('Klase#2026').satisfied).toBe(5);
  });
});
