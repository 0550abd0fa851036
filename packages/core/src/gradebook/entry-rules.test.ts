import { describe, expect, it } from 'vitest';
import { gradeChangeLocked, gradeValueIssue, isLockedAt, onlyUnlocks } from './entry-rules.ts';

/** The grade entry rules both the server and the grader grid apply. */

const NOW = Date.parse('2026-09-01T00:00:00Z');
const valueItem = { gradeType: 'value' as const, minGrade: 0, maxGrade: 20 };
const scaleItem = { gradeType: 'scale' as const, minGrade: 0, maxGrade: 100 };
const scale = { values: ['Needs work', 'Good', 'Excellent'] };

describe('gradeValueIssue: range and scale', () => {
  it('accepts values within the item’s range', () => {
    expect(gradeValueIssue(valueItem, undefined, 0)).toBeNull();
    expect(gradeValueIssue(valueItem, undefined, 12.5)).toBeNull();
    expect(gradeValueIssue(valueItem, undefined, 20)).toBeNull();
  });
  it('refuses out of range values with one params shape {limit, count}', () => {
    expect(gradeValueIssue(valueItem, undefined, 20.5)).toEqual({ path: 'value', key: 'notGreaterThan', params: { limit: 20, count: 20 } });
    expect(gradeValueIssue(valueItem, undefined, -1)).toEqual({ path: 'value', key: 'notLessThan', params: { limit: 0, count: 0 } });
  });
  it('takes whole numbers 1..k on a scale item, whatever the item’s own range', () => {
    expect(gradeValueIssue(scaleItem, scale, 3)).toBeNull();
    expect(gradeValueIssue(scaleItem, scale, 4)).toEqual({ path: 'value', key: 'notGreaterThan', params: { limit: 3, count: 3 } });
    expect(gradeValueIssue(scaleItem, scale, 0)).toEqual({ path: 'value', key: 'notLessThan', params: { limit: 1, count: 1 } });
    expect(gradeValueIssue(scaleItem, scale, 1.5)).toEqual({ path: 'value', key: 'number' });
  });
  it('refuses a number on a text item, or on a scale item without its scale', () => {
    expect(gradeValueIssue({ ...valueItem, gradeType: 'text' }, undefined, 1)).toEqual({ path: 'value', key: 'invalidChoice' });
    expect(gradeValueIssue(scaleItem, undefined, 1)).toEqual({ path: 'value', key: 'invalidChoice' });
  });
});

describe('the grade lock', () => {
  it('locks at the lock date, not before', () => {
    expect(isLockedAt({ locked: false, lockedAfter: null }, NOW)).toBe(false);
    expect(isLockedAt({ locked: true, lockedAfter: null }, NOW)).toBe(true);
    expect(isLockedAt({ locked: false, lockedAfter: '2026-09-01T00:00:01Z' }, NOW)).toBe(false);
    expect(isLockedAt({ locked: false, lockedAfter: '2026-09-01T00:00:00Z' }, NOW)).toBe(true);
  });
  it('a locked item refuses every change, unlocking the grade too', () => {
    const item = { locked: false, lockedAfter: '2026-08-31T23:00:00Z' };
    expect(gradeChangeLocked(item, false, { value: 5 }, NOW)).toBe(true);
    expect(gradeChangeLocked(item, true, { locked: false }, NOW)).toBe(true);
  });
  it('a locked grade refuses every change but unlocking it', () => {
    const item = { locked: false, lockedAfter: null };
    expect(onlyUnlocks({ locked: false })).toBe(true);
    expect(onlyUnlocks({ locked: false, value: 3 })).toBe(false);
    expect(gradeChangeLocked(item, true, { locked: false }, NOW)).toBe(false);
    expect(gradeChangeLocked(item, true, { value: 5 }, NOW)).toBe(true);
    expect(gradeChangeLocked(item, true, { hidden: true }, NOW)).toBe(true);
    expect(gradeChangeLocked(item, false, { value: 5 }, NOW)).toBe(false);
  });
});
