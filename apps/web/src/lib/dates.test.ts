import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { calendarDaysBetween, dayjsLocale, formatDateTime, intlLocale } from './dates.ts';

/** 05:58:09 UTC is 1:58:09 PM in Manila, whatever the test machine's time zone. */
const AT = '2026-11-27T05:58:09Z';

afterAll(() => changeLanguage('en-us'));

describe('formatDateTime', () => {
  it("writes English in the spec's formats, in Manila time", () => {
    expect(formatDateTime(AT, 'short', 'en-us')).toBe('Nov 27, 2026 1:58 PM');
    expect(formatDateTime(AT, 'long', 'en-us')).toBe('Nov 27, 2026 13:58:09');
    expect(formatDateTime('2026-03-04T00:00:00Z', 'long', 'en-us')).toBe('Mar 04, 2026 08:00:00');
    expect(formatDateTime(AT, 'day', 'en-us')).toBe('Nov 27, 2026');
    expect(formatDateTime(AT, 'time', 'en-us')).toBe('1:58 PM');
    // 17:00 UTC is already the next day in Manila.
    expect(formatDateTime('2026-11-27T17:00:00Z', 'day', 'en-us')).toBe('Nov 28, 2026');
  });

  it('writes Filipino and Chinese month names and clocks', () => {
    expect(formatDateTime(AT, 'short', 'ph')).toBe('Nob 27, 2026 1:58 PM');
    expect(formatDateTime(AT, 'day', 'ph')).toBe('Nob 27, 2026');
    expect(formatDateTime(AT, 'short', 'zh')).toBe('2026年11月27日 13:58');
    expect(formatDateTime(AT, 'time', 'zh')).toBe('13:58');
  });

  it('follows the current language when none is given', async () => {
    await changeLanguage('zh');
    expect(formatDateTime(AT)).toBe('2026年11月27日 13:58');
    await changeLanguage('ph');
    expect(formatDateTime(AT, 'day')).toBe('Nob 27, 2026');
    await changeLanguage('en-us');
    expect(formatDateTime(AT)).toBe('Nov 27, 2026 1:58 PM');
  });

  it('gives null for empty or invalid values', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
    expect(formatDateTime('  ')).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });
});

describe('locales and days', () => {
  it('maps the languages to Intl and dayjs locales', () => {
    expect(['en-us', 'ph', 'zh'].map((l) => intlLocale(l))).toEqual(['en-US', 'fil-PH', 'zh-CN']);
    expect(['en-us', 'ph', 'zh'].map((l) => dayjsLocale(l))).toEqual(['en', 'tl-ph', 'zh-cn']);
  });

  it('counts calendar days in Manila', () => {
    const from = new Date('2026-11-27T15:00:00Z'); // 11 PM on the 27th in Manila
    expect(calendarDaysBetween(from, new Date('2026-11-27T16:30:00Z'))).toBe(1); // 00:30 on the 28th
    expect(calendarDaysBetween(from, new Date('2026-11-27T01:00:00Z'))).toBe(0);
    expect(calendarDaysBetween(from, new Date('2026-11-25T15:00:00Z'))).toBe(-2);
  });
});
