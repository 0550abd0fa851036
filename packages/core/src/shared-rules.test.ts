import { describe, expect, it } from 'vitest';
import { FULL_NAME_PARTS, fullName } from './admin/users.ts';
import { isGradedType } from './materials/contracts.ts';
import { GRADED_TYPES } from './materials/contracts.ts';
import { waitParams } from './errors.ts';

/** Rules written once in core and used by the API and the SPA alike (issue 14). */

describe('fullName', () => {
  it('joins first, middle, last name and suffix in that order, leaving blank parts out', () => {
    expect(FULL_NAME_PARTS).toEqual(['firstName', 'middleName', 'lastName', 'suffix']);
    expect(fullName({ firstName: 'Juan', middleName: 'Santos', lastName: 'Dela Cruz', suffix: 'Jr.' })).toBe('Juan Santos Dela Cruz Jr.');
    expect(fullName({ firstName: 'Ana', middleName: null, lastName: 'Reyes', suffix: '  ' })).toBe('Ana Reyes');
    expect(fullName({ firstName: 'Ana', lastName: 'Reyes' })).toBe('Ana Reyes');
  });
});

describe('graded material types', () => {
  it('are assignments, quizzes and activities', () => {
    expect(GRADED_TYPES).toEqual(['assignment', 'quiz', 'activity']);
    for (const type of GRADED_TYPES) expect(isGradedType(type)).toBe(true);
    for (const type of ['page', 'file', 'link', 'video', 'manual', '']) expect(isGradedType(type)).toBe(false);
  });
});

describe('waitParams (retry-after in minutes)', () => {
  it('rounds up to whole minutes, at least one, with the plural count', () => {
    expect(waitParams(0)).toEqual({ seconds: 0, minutes: 1, count: 1 });
    expect(waitParams(60)).toEqual({ seconds: 60, minutes: 1, count: 1 });
    expect(waitParams(61)).toEqual({ seconds: 61, minutes: 2, count: 2 });
    expect(waitParams(900)).toEqual({ seconds: 900, minutes: 15, count: 15 });
  });
});
