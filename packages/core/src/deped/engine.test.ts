import { describe, expect, it } from 'vitest';
import { toFieldIssues } from '../validation/issues.ts';
import { gradingPolicyForm, type Component, type ComponentWeights, type TransmutationRow } from './contracts.ts';
import { DEFAULT_DESCRIPTORS, DEFAULT_PRESETS, DEFAULT_TRANSMUTATION, defaultPolicy } from './defaults.ts';
import {
  componentResult,
  computeQuarter,
  descriptorOf,
  finalGrade,
  generalAverage,
  honorOf,
  mapehQuarter,
  remarksOf,
  transmute,
  transmuteRow,
  type ScoreItem,
} from './engine.ts';

/**
 * The DepEd engine (DepEd Order No. 8, s. 2015; honors: No. 36, s. 2016). The expected numbers are
 * written out here from the order (its Appendix B table and its worked example), not computed with
 * the engine's formulas.
 */

/** Appendix B as printed: initial grade from–to → transmuted grade. */
const ORDER_TABLE: readonly [from: number, to: number, grade: number][] = [
  [100, 100, 100],
  [98.4, 99.99, 99],
  [96.8, 98.39, 98],
  [95.2, 96.79, 97],
  [93.6, 95.19, 96],
  [92.0, 93.59, 95],
  [90.4, 91.99, 94],
  [88.8, 90.39, 93],
  [87.2, 88.79, 92],
  [85.6, 87.19, 91],
  [84.0, 85.59, 90],
  [82.4, 83.99, 89],
  [80.8, 82.39, 88],
  [79.2, 80.79, 87],
  [77.6, 79.19, 86],
  [76.0, 77.59, 85],
  [74.4, 75.99, 84],
  [72.8, 74.39, 83],
  [71.2, 72.79, 82],
  [69.6, 71.19, 81],
  [68.0, 69.59, 80],
  [66.4, 67.99, 79],
  [64.8, 66.39, 78],
  [63.2, 64.79, 77],
  [61.6, 63.19, 76],
  [60.0, 61.59, 75],
  [56.0, 59.99, 74],
  [52.0, 55.99, 73],
  [48.0, 51.99, 72],
  [44.0, 47.99, 71],
  [40.0, 43.99, 70],
  [36.0, 39.99, 69],
  [32.0, 35.99, 68],
  [28.0, 31.99, 67],
  [24.0, 27.99, 66],
  [20.0, 23.99, 65],
  [16.0, 19.99, 64],
  [12.0, 15.99, 63],
  [8.0, 11.99, 62],
  [4.0, 7.99, 61],
  [0, 3.99, 60],
];

const items = (...pairs: [score: number | null, max: number][]): ScoreItem[] => pairs.map(([score, max]) => ({ score, max }));
const quarterOf = (weights: ComponentWeights, byComponent: Record<Component, ScoreItem[]>, table: readonly TransmutationRow[] = DEFAULT_TRANSMUTATION) =>
  computeQuarter(1, weights, byComponent, table, DEFAULT_DESCRIPTORS);

/** The order's worked example: seven written works, six performance tasks, one quarterly assessment. */
const EXAMPLE: Record<Component, ScoreItem[]> = {
  ww: items([18, 20], [22, 25], [20, 20], [17, 20], [23, 25], [26, 30], [19, 20]),
  pt: items([12, 15], [13, 15], [19, 25], [15, 20], [16, 20], [25, 25]),
  qa: items([40, 50]),
};

describe('transmutation (Appendix B)', () => {
  it.each([
    [59.99, 74],
    [60.0, 75],
    [61.59, 75],
    [61.6, 76],
    [98.39, 98],
    [98.4, 99],
    [99.99, 99],
    [100, 100],
    [0, 60],
    [3.99, 60],
    [4.0, 61],
    [55.99, 73],
    [56.0, 74],
  ])('initial grade %s → %s', (initial, grade) => {
    expect(transmute(initial, DEFAULT_TRANSMUTATION)).toBe(grade);
  });

  it('has exactly the rows of the order, highest first', () => {
    expect(DEFAULT_TRANSMUTATION).toEqual(ORDER_TABLE.map(([from, , grade]) => ({ min: from, grade })));
  });

  it.each(ORDER_TABLE)('transmutes %s to %s into %s', (from, to, grade) => {
    expect(transmute(from, DEFAULT_TRANSMUTATION)).toBe(grade);
    expect(transmute(to, DEFAULT_TRANSMUTATION)).toBe(grade);
    expect(transmuteRow(to, DEFAULT_TRANSMUTATION)).toEqual({ min: from, grade });
  });

  it('has no grade below the last row of a table that does not reach 0', () => {
    expect(transmute(10, [{ min: 50, grade: 80 }])).toBeNull();
  });
});

describe('a quarter (the order’s worked example)', () => {
  it('Grade 4 English (30/50/20): PS 90.63 / 83.33 / 80.00, WS 27.19 / 41.67 / 16.00, initial 84.86 → 90', () => {
    const q = quarterOf(DEFAULT_PRESETS.languages, EXAMPLE);
    expect(q.components).toEqual([
      { component: 'ww', weight: 30, items: 7, raw: 145, highest: 160, ps: 90.63, ws: 27.19 },
      { component: 'pt', weight: 50, items: 6, raw: 100, highest: 120, ps: 83.33, ws: 41.67 },
      { component: 'qa', weight: 20, items: 1, raw: 40, highest: 50, ps: 80, ws: 16 },
    ]);
    expect(q).toMatchObject({ quarter: 1, initial: 84.86, quarterly: 90, row: { min: 84, grade: 90 }, descriptor: 'outstanding' });
  });

  it('the same scores in Science (40/40/20): WS 36.25 / 33.33 / 16.00, initial 85.58 → 90', () => {
    const q = quarterOf(DEFAULT_PRESETS.scienceMath, EXAMPLE);
    expect(q.components.map((c) => c.ws)).toEqual([36.25, 33.33, 16]);
    expect(q).toMatchObject({ initial: 85.58, quarterly: 90 });
  });

  it('leaves the quarter incomplete while a component has no scored item, keeping the WS so far', () => {
    const q = quarterOf(DEFAULT_PRESETS.languages, { ...EXAMPLE, qa: items([null, 50]) });
    expect(q.components.map((c) => [c.component, c.ps, c.ws])).toEqual([
      ['ww', 90.63, 27.19],
      ['pt', 83.33, 41.67],
      ['qa', null, null],
    ]);
    expect(q.components[2]).toMatchObject({ items: 0, raw: 0, highest: 0 });
    expect(q).toMatchObject({ initial: null, quarterly: null, row: null, descriptor: null });
    expect(quarterOf(DEFAULT_PRESETS.languages, { ...EXAMPLE, pt: [] }).quarterly).toBeNull();
  });

  it('leaves unscored items out of both the raw and the highest possible totals', () => {
    // 18 + 20 of 20 + 20; the unscored 25-point item counts in neither.
    expect(componentResult('ww', 30, items([18, 20], [null, 25], [20, 20]))).toEqual({
      component: 'ww',
      weight: 30,
      items: 2,
      raw: 38,
      highest: 40,
      ps: 95,
      ws: 28.5,
    });
    // A score of 0 is a score: it counts in both.
    expect(componentResult('qa', 20, items([0, 50]))).toMatchObject({ items: 1, raw: 0, highest: 50, ps: 0, ws: 0 });
  });

  it('transmutes with a table the school edited', () => {
    const table: TransmutationRow[] = [
      { min: 100, grade: 100 },
      { min: 90, grade: 95 },
      { min: 70, grade: 85 },
      { min: 50, grade: 75 },
      { min: 0, grade: 65 },
    ];
    expect([100, 99.99, 90, 89.99, 70, 50, 49.99, 0].map((g) => transmute(g, table))).toEqual([100, 95, 95, 85, 85, 75, 65, 65]);
    // The worked example's 84.86 falls in the 70 row of this table.
    expect(quarterOf(DEFAULT_PRESETS.languages, EXAMPLE, table)).toMatchObject({
      initial: 84.86,
      quarterly: 85,
      row: { min: 70, grade: 85 },
      descriptor: 'verySatisfactory',
    });
  });
});

describe('MAPEH, final grade and general average', () => {
  it('MAPEH: the mean of Music, Arts, PE and Health, .5 rounded up; none while a part is missing', () => {
    expect(mapehQuarter([85, 88, 90, 87])).toBe(88); // 87.5
    expect(mapehQuarter([80, 81, 80, 81])).toBe(81); // 80.5
    expect(mapehQuarter([80, 80, 80, 81])).toBe(80); // 80.25
    expect(mapehQuarter([80, 81, 81, 81])).toBe(81); // 80.75
    expect(mapehQuarter([85, null, 90, 87])).toBeNull();
  });

  it('final grade: the mean of four quarters (two in a Senior High semester), rounded; none while a quarter is missing', () => {
    expect(finalGrade([89, 90, 90, 90])).toBe(90); // 89.75
    expect(finalGrade([74, 75, 75, 75])).toBe(75); // 74.75
    expect(finalGrade([74, 74, 75, 75])).toBe(75); // 74.5
    expect(finalGrade([74, 74, 74, 75])).toBe(74); // 74.25
    expect(finalGrade([85, 86])).toBe(86); // 85.5
    expect(finalGrade([85, 85])).toBe(85);
    expect(finalGrade([90, 91, null, 92])).toBeNull();
    expect(finalGrade([])).toBeNull();
  });

  it('general average: exact to 3 decimals, rounded for the card; none while a final grade is missing', () => {
    expect(generalAverage([89, 90, 90])).toEqual({ exact: 89.667, rounded: 90 }); // 89.6666…
    expect(generalAverage([90, 91, 91])).toEqual({ exact: 90.667, rounded: 91 });
    expect(generalAverage([94, 95, 95, 96, 95, 94, 96, 95])).toEqual({ exact: 95, rounded: 95 });
    expect(generalAverage([89, 90])).toEqual({ exact: 89.5, rounded: 90 });
    expect(generalAverage([88, 89, 89])).toEqual({ exact: 88.667, rounded: 89 });
    expect(generalAverage([90, 90, 91, 90, 90, 90, 90])).toEqual({ exact: 90.143, rounded: 90 }); // 90.142857…
    expect(generalAverage([90, null])).toBeNull();
    expect(generalAverage([])).toBeNull();
  });

  it('remarks: passed from 75', () => {
    expect([74, 75, null].map(remarksOf)).toEqual(['failed', 'passed', null]);
  });
});

describe('descriptors and honors', () => {
  it.each([
    [74, 'didNotMeet'],
    [75, 'fairlySatisfactory'],
    [79, 'fairlySatisfactory'],
    [80, 'satisfactory'],
    [84, 'satisfactory'],
    [85, 'verySatisfactory'],
    [89, 'verySatisfactory'],
    [90, 'outstanding'],
    [100, 'outstanding'],
    [null, null],
  ])('grade %s → %s', (grade, descriptor) => {
    expect(descriptorOf(grade, DEFAULT_DESCRIPTORS)).toBe(descriptor);
  });

  it.each([
    [89.999, null],
    [90, 'honors'],
    [94.999, 'honors'],
    [95, 'high'],
    [97.9, 'high'],
    [98, 'highest'],
    [100, 'highest'],
    [null, null],
  ])('general average %s → %s', (average, honor) => {
    expect(honorOf(average)).toBe(honor);
  });
});

describe('gradingPolicyForm', () => {
  const issues = (v: unknown) => {
    const r = gradingPolicyForm.safeParse(v);
    return r.success ? [] : toFieldIssues(r.error.issues).map((i) => `${i.path}:${i.key}`);
  };
  const policy = defaultPolicy(2025);

  it('accepts the defaults', () => {
    expect(issues(policy)).toEqual([]);
    expect(issues({ ...policy, kind: 'deped' })).toEqual([]);
  });

  it('refuses component weights that do not add up to 100 (on qa)', () => {
    expect(issues({ ...policy, presets: { ...policy.presets, languages: { ww: 30, pt: 50, qa: 25 } } })).toEqual(['presets.languages.qa:weightsSum']);
    expect(issues({ ...policy, presets: { ...policy.presets, shsTvl: { ww: 20, pt: 60, qa: 19.99 } } })).toEqual(['presets.shsTvl.qa:weightsSum']);
  });

  it('refuses a table that is not sorted highest first, and one that does not end at 0', () => {
    const unsorted = [...DEFAULT_TRANSMUTATION];
    [unsorted[3], unsorted[4]] = [unsorted[4]!, unsorted[3]!];
    expect(issues({ ...policy, transmutation: unsorted })).toEqual(['transmutation.4.min:transmutationOrder']);
    const rising = DEFAULT_TRANSMUTATION.map((r, i) => (i === 10 ? { ...r, grade: 99 } : r));
    expect(issues({ ...policy, transmutation: rising })).toEqual(['transmutation.10.min:transmutationOrder']);
    expect(issues({ ...policy, transmutation: DEFAULT_TRANSMUTATION.slice(0, -1) })).toEqual([
      `transmutation.${DEFAULT_TRANSMUTATION.length - 2}.min:transmutationOrder`,
    ]);
  });
});
