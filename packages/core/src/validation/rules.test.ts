import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordRequest, loginRequest, setPasswordRequest, updateProfileRequest } from '../auth/contracts.ts';
import { toFieldIssues } from './issues.ts';
import { createUserRequest, updateUserRequest } from '../admin/users.ts';
import { schoolForm } from '../admin/schools.ts';
import { draftRequest } from '../assignments/contracts.ts';
import { answerValue, questionForm } from '../quizzes/questions.ts';
import { quizSettingsForm } from '../quizzes/quiz-settings.ts';
import { classForm } from '../classes/contracts.ts';
import {
  emailField,
  findUnsafeText,
  hasUnsafeChars,
  isBlank,
  isEmail,
  isNameText,
  isUrl,
  nameField,
  newPasswordField,
  optionalText,
  requiredText,
  urlField,
  usernameField,
} from './rules.ts';

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

describe('unsafe characters (NUL and lone surrogates) in free text', () => {
  it('finds U+0000 and lone surrogates but keeps real pairs (emoji) and every script', () => {
    expect(hasUnsafeChars('a\u0000b')).toBe(true);
    expect(hasUnsafeChars('a\ud800b')).toBe(true);
    expect(hasUnsafeChars('\udfff')).toBe(true);
    expect(hasUnsafeChars('ab\ud83d')).toBe(true);
    expect(hasUnsafeChars('Magandang umaga 👋 你好 ñ')).toBe(false);
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnsafeText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findUnsafeText({ a: 'ok', n: 1, z: null })).toBeNull();
  });
  it('is refused by every text builder with the textChars key', () => {
    const form = z.object({
      name: nameField(),
      note: optionalText(100),
      title: requiredText(100),
      email: emailField,
      username: usernameField,
      password: newPasswordField,
      site: urlField,
    });
    expect(
      keys(form, {
        name: 'Ma\u0000ria',
        note: 'a\ud800',
        title: '\udc00x',
        email: 'a\u0000@b.ph',
        username: 'jo\u0000se',
        password: 'Klase#2026\u0000',
        site: 'https://a.ph/\ud800',
      }),
    ).toEqual([
      'name:textChars',
      'name:nameChars',
      'note:textChars',
      'title:textChars',
      'email:textChars',
      'username:textChars',
      'username:usernameChars',
      'password:textChars',
      'site:textChars',
    ]);
    expect(keys(loginRequest, { username: 'a\u0000', password: 'b' })).toEqual(['username:textChars']);
  });
  it('is refused in rich text, question content and essay answers', () => {
    expect(keys(questionForm, { type: 'essay', prompt: 'Explain \ud800', points: 1, guidance: '' })).toContain('prompt:textChars');
    expect(keys(answerValue, { type: 'essay', html: '<p>\u0000</p>' })).toEqual(['html:textChars']);
    expect(keys(draftRequest, { textHtml: '<p>\ud800</p>' })).toEqual(['textHtml:textChars']);
  });
  it('runs cross-field checks only on objects, so null, arrays and strings get a plain 400', () => {
    for (const schema of [schoolForm, classForm, createUserRequest, updateUserRequest, quizSettingsForm]) {
      for (const value of [null, undefined, [], 'text', 42]) {
        expect(() => schema.safeParse(value), JSON.stringify(value)).not.toThrow();
        expect(schema.safeParse(value).success).toBe(false);
      }
    }
    expect(keys(quizSettingsForm, { openAt: '2026-01-02T00:00:00.000Z', closeAt: '2026-01-01T00:00:00.000Z', passingPercent: 'x' })).toEqual([
      'passingPercent:required',
      'closeAt:afterOpen',
    ]);
  });
});
