import { describe, expect, it } from 'vitest';
import { toFieldIssues } from '../validation/issues.ts';
import {
  DEFAULT_LETTERS,
  formatGrade,
  formatNumber,
  formatRange,
  gradeLetter,
  gradeLettersSchema,
  gradePercent,
  isPassing,
  letterTable,
  rescaleGrade,
  roundGrade,
} from './display.ts';

/** Percentages, letters, display types and the §7 helpers (semantics §6, §7). */

describe('rounding (§6)', () => {
  it.each([
    [1.005, 2, 1.01], // ×100 = 100.49999999999999 → 15 digits 100.5 → half away → 101
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [87.499999, 2, 87.5],
    [1.2345, 3, 1.235],
    [0.285, 2, 0.29],
  ])('roundGrade(%s, %s) = %s', (x, d, expected) => {
    expect(roundGrade(x, d)).toBe(expected);
  });
  it('prints fixed decimals and never "-0.00"', () => {
    expect(formatNumber(87.5)).toBe('87.50');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(1 / 3, 3)).toBe('0.333');
    expect(formatRange(0, 150)).toBe('0.00–150.00');
  });
});

describe('percent (§6)', () => {
  it.each([
    [30, 0, 100, false, 30],
    [7, 5, 9, false, 50], // (7 − 5)·100 / 4
    [120, 0, 100, false, 100], // clamped
    [-3, 0, 10, false, 0],
    [2.6, 1, 4, true, 66.66666666666667], // scale: round(2.6) = 3 → (3 − 1)·100/3
    [null, 0, 100, false, null],
    [5, 5, 5, false, null], // min = max
  ] as const)('gradePercent(%s, %s, %s, scale %s) = %s', (g, lo, hi, scale, expected) => {
    expect(gradePercent(g, lo, hi, scale)).toBe(expected);
  });
});

describe('letters (§6)', () => {
  it.each([
    [87.5, 'B+'],
    [92.99, 'A-'],
    [93, 'A'],
    [100, 'A'],
    [59.99, 'F'],
    [0, 'F'],
    [-5, 'F'], // clamped to 0 %
    [150, 'A'], // clamped to 100 %
  ])('%s %% → %s with the default letters', (g, expected) => {
    expect(gradeLetter(g, 0, 100)).toBe(expected);
  });
  it('meets a 57 boundary at 57 % (boundary transformed like the grade), not in legacy courses', () => {
    const letters = [
      { letter: 'P', boundary: 57 },
      { letter: 'F', boundary: 0 },
    ];
    // 0.57 × 100 = 56.99999999999999, and so is (57/100) × 100
    expect(gradeLetter(0.57, 0, 1, letters)).toBe('P');
    expect(gradeLetter(0.57, 0, 1, letters, true)).toBe('F');
  });
  it('has no letter below the lowest boundary, nor without a range', () => {
    expect(gradeLetter(50, 0, 100, [{ letter: 'A', boundary: 90 }])).toBeNull();
    expect(gradeLetter(5, 5, 5)).toBeNull();
    expect(gradeLetter(null, 0, 100)).toBeNull();
  });
  it('builds the letter table from each boundary to the next one minus 0.01', () => {
    const rows = letterTable(DEFAULT_LETTERS);
    expect(rows[0]).toEqual({ letter: 'A', lowest: 93, highest: 100 });
    expect(rows[1]).toEqual({ letter: 'A-', lowest: 90, highest: 92.99 });
    expect(rows.at(-1)).toEqual({ letter: 'F', lowest: 0, highest: 59.99 });
  });
  it('drops rows without a letter and sorts the rest by boundary', () => {
    const rows = letterTable([
      { letter: 'F', boundary: 0 },
      { letter: '', boundary: 50 },
      { letter: 'A', boundary: 80 },
    ]);
    expect(rows.map((r) => r.letter)).toEqual(['A', 'F']);
  });
});

describe('grade letters schema', () => {
  const issues = (v: unknown) => {
    const r = gradeLettersSchema.safeParse(v);
    return r.success ? [] : toFieldIssues(r.error.issues).map((i) => `${i.path}:${i.key}${i.params?.limit !== undefined ? `:${i.params.limit}` : ''}`);
  };
  it('accepts the default letters', () => {
    expect(issues(DEFAULT_LETTERS)).toEqual([]);
  });
  it('refuses boundaries out of 0..100, repeated boundaries and letters, naming the row as entered', () => {
    expect(issues([{ letter: 'A', boundary: 101 }])).toEqual(['0.boundary:notGreaterThan:100']);
    expect(issues([{ letter: 'A', boundary: -1 }])).toEqual(['0.boundary:notLessThan']);
    expect(
      issues([
        { letter: 'A', boundary: 80 },
        { letter: '', boundary: null },
        { letter: 'B', boundary: 80 },
      ]),
    ).toEqual(['2.boundary:duplicateEntry']);
    expect(
      issues([
        { letter: 'A', boundary: 80 },
        { letter: 'a ', boundary: 90 },
      ]),
    ).toEqual(['1.letter:duplicateEntry']);
    expect(issues([{ letter: 'A', boundary: 70.123 }])).toEqual(['0.boundary:twoDecimals']);
    expect(issues([{ letter: 'ABCDEFGHIJKLMNOPQRSTU', boundary: 70 }])).toEqual(['0.letter:maxLength:20']);
    expect(issues([{ letter: 'A', boundary: Number.NaN }])).toEqual(['0.boundary:required']);
    expect(issues([])).toEqual([':minItems']);
  });
  it('leaves out rows with a blank letter or boundary and sorts the rest, highest boundary first (as Moodle)', () => {
    const parsed = gradeLettersSchema.parse([
      { letter: 'F', boundary: 0 },
      { letter: '', boundary: null },
      { letter: ' A ', boundary: 90 },
      { letter: '  ', boundary: 50 },
      { letter: 'X', boundary: null },
      { letter: 'C', boundary: 70.5 },
      {},
      { letter: 'B', boundary: 80 },
    ]);
    expect(parsed).toEqual([
      { letter: 'A', boundary: 90 },
      { letter: 'B', boundary: 80 },
      { letter: 'C', boundary: 70.5 },
      { letter: 'F', boundary: 0 },
    ]);
    // A blank row's bad boundary is not an error: the row is left out.
    expect(
      issues([
        { letter: 'F', boundary: 0 },
        { letter: '', boundary: 150 },
      ]),
    ).toEqual([]);
    expect(
      issues([
        { letter: ' ', boundary: 70 },
        { letter: null, boundary: null },
      ]),
    ).toEqual([':minItems']);
  });
});

describe('display types (§6)', () => {
  const ctx = { min: 0, max: 100 };
  it.each([
    ['real', '30.00'],
    ['percentage', '30.00 %'],
    ['letter', 'F'],
    ['realPercentage', '30.00 (30.00 %)'],
    ['realLetter', '30.00 (F)'],
    ['letterReal', 'F (30.00)'],
    ['letterPercentage', 'F (30.00 %)'],
    ['percentageReal', '30.00 % (30.00)'],
    ['percentageLetter', '30.00 % (F)'],
  ] as const)('%s prints %s', (displayType, expected) => {
    expect(formatGrade(30, { ...ctx, displayType })).toBe(expected);
  });
  it('uses the decimals, "-" for empty, nothing for a percentage without range, scale words for real', () => {
    expect(formatGrade(87.456, { ...ctx, decimals: 1, displayType: 'realPercentage' })).toBe('87.5 (87.5 %)');
    expect(formatGrade(null, ctx)).toBe('-');
    expect(formatGrade(5, { min: 5, max: 5, displayType: 'percentage' })).toBe('');
    expect(formatGrade(3, { min: 1, max: 4, scaleValues: ['Poor', 'Fair', 'Good', 'Excellent'], displayType: 'realPercentage' })).toBe('Good (66.67 %)');
  });
});

describe('grade to pass and rescaling (§7)', () => {
  it.each([
    [50, 50, 0, false, true],
    [49.99, 50, 0, false, false],
    [null, 50, 0, false, null],
    [50, undefined, 0, false, null],
    [50, 0, 0, false, null], // grade to pass = min
    [2, 0, 1, true, null], // scale with grade to pass 0
  ] as const)('isPassing(%s, pass %s, min %s, scale %s) = %s', (g, pass, min, scale, expected) => {
    expect(isPassing(g, pass, min, scale)).toBe(expected);
  });
  it('rescales a grade to a new range', () => {
    // (5 − 0)/(10 − 0) × (100 − 0) + 0 = 50; (3 − 1)/(5 − 1) × (20 − 10) + 10 = 15
    expect(rescaleGrade(5, 0, 10, 0, 100)).toBe(50);
    expect(rescaleGrade(3, 1, 5, 10, 20)).toBe(15);
  });
});
