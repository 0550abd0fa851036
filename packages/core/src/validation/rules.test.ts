import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordRequest, loginRequest, setPasswordRequest, updateProfileRequest } from '../auth/contracts.ts';
import { toFieldIssues } from './issues.ts';
import { isBlank, isEmail, isNameText, isUrl, newPasswordField, usernameField } from './rules.ts';

const keys = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldIssues(r.error.issues).map((i) => `${i.path}:${i.key}`);
};

describe('required (spec section 5)', () => {
  it('treats blank strings, empty objects, objects without id and empty arrays as missing', () => {
    expect(isBlank('  ')).toBe(true);
    expect(isBlank('x')).toBe(false);
    expect(isBlank({})).toBe(true);
    expect(isBlank({ id: '' })).toBe(true);
    expect(isBlank({ id: 3 })).toBe(false);
    expect(isBlank([])).toBe(true);
    expect(isBlank([1])).toBe(false);
    expect(isBlank(false)).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(0)).toBe(false);
  });
});

describe('email, url, names, usernames', () => {
  it('lets an empty email pass and rejects malformed ones', () => {
    expect(isEmail('')).toBe(true);
    expect(isEmail('maria.santos@rizal-nhs.edu.ph')).toBe(true);
    expect(isEmail('maria@')).toBe(false);
    expect(isEmail('maria santos@x.ph')).toBe(false);
  });
  it('accepts http(s) URLs only', () => {
    expect(isUrl('https://deped.gov.ph')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isUrl('not a url')).toBe(false);
  });
  it('allows letters, comma, period, apostrophe, space and hyphen in names', () => {
    expect(isNameText("Ma. Teresa O'Neil-Dela Cruz, Jr")).toBe(true);
    expect(isNameText('Niño')).toBe(true);
    expect(isNameText('张伟')).toBe(true);
    expect(isNameText('Juan2')).toBe(false);
    expect(isNameText('<b>')).toBe(false);
  });
  it('refuses a username in email form', () => {
    expect(keys(usernameField, 'maria@gmail.com')).toContain(':usernameIsEmail');
    expect(keys(usernameField, 'maria.santos')).toEqual([]);
  });
});

describe('password schemas', () => {
  it('gives the spec message keys', () => {
    expect(keys(newPasswordField, 'Ab1!')).toEqual([':minLength']);
    expect(keys(newPasswordField, 'abcdefgh')).toEqual([':passwordRules']);
    expect(keys(newPasswordField, 'Aaaa#2026')).toEqual([':passwordRepeat']);
  });
  it('flags a mismatched confirmation on confirmPassword', () => {
    const v = { token: 'x'.repeat(32), password: 'Klase#2026', confirmPassword: 'Klase#2027' };
    expect(keys(setPasswordRequest, v)).toEqual(['confirmPassword:passwordDoesNotMatch']);
  });
  it('refuses a new password equal to the current one', () => {
    const v = { currentPassword: 'Klase#2026', password: 'Klase#2026', confirmPassword: 'Klase#2026' };
    expect(keys(changePasswordRequest, v)).toEqual(['password:currentPasswordMatchError']);
  });
  it('reports the minimum as a parameter', () => {
    const r = newPasswordField.safeParse('Ab1!');
    expect(r.success).toBe(false);
    if (!r.success) expect(toFieldIssues(r.error.issues)[0]?.params).toEqual({ count: 8 });
  });
});

describe('login and profile requests', () => {
  it('requires both login fields', () => {
    expect(keys(loginRequest, { username: ' ', password: '' })).toEqual(['username:required', 'password:required']);
  });
  it('rejects markup and digits in names and an unknown language', () => {
    const v = {
      salutation: 'Ms.',
      firstName: '<script>',
      middleName: '',
      lastName: 'Santos2',
      suffix: null,
      email: 'maria@rizal-nhs.edu.ph',
      language: 'fr',
      theme: 'dark',
    };
    expect(keys(updateProfileRequest, v)).toEqual(['firstName:noHtml', 'firstName:nameChars', 'lastName:nameChars', 'language:invalidChoice']);
  });
});
