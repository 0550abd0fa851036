import { describe, expect, it } from 'vitest';
import { ERROR_CODES, waitParams } from '../errors.ts';
import { V } from '../validation/rules.ts';
import { SHARED_CATALOG, translateShared } from './catalog.ts';

describe('shared message catalogues', () => {
  it('has every error code and validation key in every locale', () => {
    for (const [loc, cat] of Object.entries(SHARED_CATALOG)) {
      for (const code of ERROR_CODES) expect(cat.errors, `${loc} errors.${code}`).toHaveProperty(code);
      for (const key of Object.values(V)) expect(cat.validation, `${loc} validation.${key}`).toHaveProperty(key);
      expect(Object.keys(cat.errors).sort()).toEqual(Object.keys(SHARED_CATALOG['en-us'].errors).sort());
      expect(Object.keys(cat.validation).sort()).toEqual(Object.keys(SHARED_CATALOG['en-us'].validation).sort());
    }
  });
  it('holds the spec texts in en-us', () => {
    expect(translateShared('en-us', 'validation', 'required')).toBe('This field is required.');
    expect(translateShared('en-us', 'validation', 'minLength', { count: 8 })).toBe('Must be at least 8 characters long.');
    expect(translateShared('en-us', 'errors', 'SESSION_EXPIRED')).toBe('Your session has expired.');
    expect(translateShared('en-us', 'errors', 'LINK_UNAVAILABLE')).toBe('OOPS. . . . LINK IS NO LONGER AVAILABLE!');
  });
  it('says "1 minute" but "5 minutes" for a wait, in every language', () => {
    expect(translateShared('en-us', 'errors', 'ACCOUNT_LOCKED', waitParams(40))).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(translateShared('en-us', 'errors', 'ACCOUNT_LOCKED', waitParams(300))).toBe('Too many failed sign-in attempts. Please try again in 5 minutes.');
    expect(translateShared('en-us', 'errors', 'RATE_LIMITED_MINUTES', waitParams(61))).toBe('Too many requests. Please try again in 2 minutes.');
    expect(translateShared('ph', 'errors', 'ACCOUNT_LOCKED', waitParams(60))).toContain('1 minuto');
    // Filipino's "one" form also covers 10 (CLDR): the number is never written into the text.
    expect(translateShared('ph', 'errors', 'RATE_LIMITED_MINUTES', waitParams(600))).toContain('10 minuto');
    expect(translateShared('zh', 'errors', 'ACCOUNT_LOCKED', waitParams(60))).toBe('登录失败次数过多。请在 1 分钟后重试。');
    expect(translateShared('zh', 'errors', 'ACCOUNT_LOCKED', waitParams(600))).toBe('登录失败次数过多。请在 10 分钟后重试。');
  });
  it('translates, and falls back to English for an unknown locale', () => {
    expect(translateShared('zh', 'errors', 'SESSION_EXPIRED')).toBe('您的会话已过期。');
    expect(translateShared('ph', 'validation', 'required')).toBe('Kinakailangan ang field na ito.');
    expect(translateShared('fr', 'validation', 'required')).toBe('This field is required.');
  });
  it('translates rather than copies: ph and zh differ from en-us', () => {
    for (const loc of ['ph', 'zh'] as const) {
      for (const ns of ['errors', 'validation'] as const) {
        const en = SHARED_CATALOG['en-us'][ns] as Record<string, string>;
        const tr = SHARED_CATALOG[loc][ns] as Record<string, string>;
        const same = Object.keys(en).filter((k) => en[k] === tr[k]);
        expect(same, `${loc} ${ns}`).toEqual([]);
      }
    }
  });
});
