import { describe, expect, it } from 'vitest';
import { materialForm } from '@klase/core/materials/contracts';
import { emptyMaterialState, joinDateTime, splitDateTime, stateToInput, toFormErrors } from './material-form-values.ts';

describe('material form values', () => {
  it('joins a date and a time in local time, with a default time, and passes bad text on for the schema to refuse', () => {
    expect(joinDateTime('', '10:00', '23:59')).toBeNull();
    expect(new Date(joinDateTime('2026-09-15', '', '23:59')!).getTime()).toBe(new Date(2026, 8, 15, 23, 59).getTime());
    expect(new Date(joinDateTime('2026-09-15', '07:30', '23:59')!).getTime()).toBe(new Date(2026, 8, 15, 7, 30).getTime());
    expect(splitDateTime(joinDateTime('2026-09-15', '07:30', '23:59'))).toEqual({ date: '2026-09-15', time: '07:30' });
    const bad = stateToInput('quiz', { ...emptyMaterialState(), name: 'Quiz 1', dueDate: '2026-02-31' });
    expect(materialForm.safeParse(bad).success).toBe(false);
  });

  it('sends only the fields of the type, and an empty points field as missing rather than the default', () => {
    const s = { ...emptyMaterialState(), name: 'Intro', contentHtml: '<p>Hi</p>', url: 'https://x.org', maxPoints: '' };
    expect(stateToInput('page', s)).toEqual({ type: 'page', name: 'Intro', contentHtml: '<p>Hi</p>', availableFrom: null });
    const quiz = stateToInput('quiz', s);
    expect(materialForm.safeParse(quiz).success).toBe(false);
    expect(Number.isNaN((quiz as { maxPoints: number }).maxPoints)).toBe(true);
  });

  it('shows date-time errors under the date fields', () => {
    expect(toFormErrors({ dueAt: 'x', availableFrom: 'y', name: 'z' })).toEqual({ dueDate: 'x', availableDate: 'y', name: 'z' });
  });
});
