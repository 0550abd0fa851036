import { describe, expect, it } from 'vitest';
import { applyMask, applyPattern, isValidDateText, isValidTimeText, keepAllowed, refusedChars } from './text-mask.ts';

describe('text masks', () => {
  it('inserts literals as you type and drops characters the pattern refuses', () => {
    expect(applyPattern('9999-99-99', '2024')).toBe('2024');
    expect(applyPattern('9999-99-99', '20240')).toBe('2024-0');
    expect(applyPattern('9999-99-99', '20240315')).toBe('2024-03-15');
    expect(applyPattern('9999-99-99', '2024-03-15')).toBe('2024-03-15');
    expect(applyPattern('9999-99-99', '2024-03-15999')).toBe('2024-03-15');
    expect(applyPattern('99:99', '1a2b30')).toBe('12:30');
    expect(applyPattern('(999) aaa', '12x3abc')).toBe('(123) abc');
    expect(applyMask((v) => v.toUpperCase(), 'abc')).toBe('ABC');
    expect(applyMask(undefined, 'abc')).toBe('abc');
  });

  it('filters characters, including with a global regular expression', () => {
    expect(refusedChars(/\d/, 'a1b2')).toEqual(['a', 'b']);
    expect(keepAllowed(/\d/g, '1a23')).toBe('123');
  });

  it('checks dates and 24-hour times strictly', () => {
    expect(isValidDateText('2024-02-29')).toBe(true);
    expect(isValidDateText('2023-02-29')).toBe(false);
    expect(isValidDateText('2024-13-01')).toBe(false);
    expect(isValidTimeText('23:59')).toBe(true);
    expect(isValidTimeText('24:00')).toBe(false);
    expect(isValidTimeText('7:30')).toBe(false);
  });
});
