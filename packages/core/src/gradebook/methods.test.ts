import { describe, expect, it } from 'vitest';
import { category, course, gradebookOf, item, lineOf, type Case } from './test-setup.ts';
import type { AggregationMethod } from './types.ts';

/**
 * Aggregation methods and their options (semantics §3.3–§3.7). Each expected number is worked out
 * by hand from the document; the comment above each case shows the arithmetic. Non-Natural
 * totals use the default range 0..100 unless said otherwise.
 */

const flat = (aggregation: AggregationMethod, maxima: number[], extra: Partial<Case['categories'][number]> = {}): Case => ({
  categories: [course(aggregation, extra)],
  items: maxima.map((max, i) => item(`i${i}`, max)),
});
const grades = (...values: (number | null)[]) => Object.fromEntries(values.map((v, i) => [`i${i}`, v]));

describe('simple methods (§3.6.1–5)', () => {
  it.each([
    // mean: n = 0.8, 0.5 (i2 empty, excluded) → (0.8 + 0.5) / 2 = 0.65 → 65
    ['mean', [100, 50, 10], [80, 25, null], 65],
    // mean: 0.2, 0.9, 0.5 → 1.6 / 3 = 0.533333 → 53.33333 (stored with 5 decimals)
    ['mean', [10, 10, 10], [2, 9, 5], 53.33333],
    // median odd: sorted 0.2, 0.5, 0.9 → 0.5 → 50
    ['median', [10, 10, 10], [2, 9, 5], 50],
    // median even: sorted 0.2, 0.4, 0.6, 1.0 → (0.4 + 0.6) / 2 = 0.5 → 50
    ['median', [10, 10, 10, 10], [10, 4, 2, 6], 50],
    // lowest: min(0.3, 0.7) → 30
    ['lowest', [10, 20], [3, 14], 30],
    // highest: max(0.3, 0.7) → 70
    ['highest', [10, 20], [3, 14], 70],
    // mode: 0.5 ×2, 0.8 ×2, 0.2 → tie of frequency, the highest (0.8) wins → 80
    ['mode', [10, 10, 10, 10, 10], [5, 8, 5, 8, 2], 80],
    // mode: all different → each frequency 1 → highest 0.9 → 90
    ['mode', [10, 10, 10], [2, 9, 5], 90],
  ] as const)('%s of %j with %j → %s', (method, maxima, values, expected) => {
    const gb = gradebookOf(flat(method, [...maxima]), grades(...values));
    expect(gb.course.value).toBe(expected);
  });

  it('gives mean weights 1/m and leaves empty children out', () => {
    const gb = gradebookOf(flat('mean', [100, 50, 10]), grades(80, 25, null));
    expect(gb.items.i0!.weight).toBe(0.5);
    expect(gb.items.i1!.weight).toBe(0.5);
    expect(gb.items.i2).toMatchObject({ weight: 0, status: 'novalue' });
  });

  it('counts empty grades as 0 when "exclude empty grades" is off', () => {
    // 0.8, 0.5, 0 → 1.3 / 3 = 0.433333 → 43.33333
    const gb = gradebookOf(flat('mean', [100, 50, 10], { excludeEmpty: false }), grades(80, 25, null));
    expect(gb.course.value).toBe(43.33333);
    expect(lineOf(gb, 'course', 'i2')).toMatchObject({ normalised: 0, status: 'used' });
    expect(gb.items.i2!.weight).toBeCloseTo(1 / 3, 12);
  });

  it('puts median weight 1 on the middle child (odd) and 0.5 on the two middle ones (even)', () => {
    const odd = gradebookOf(flat('median', [10, 10, 10]), grades(2, 9, 5));
    expect([odd.items.i0!.weight, odd.items.i1!.weight, odd.items.i2!.weight]).toEqual([0, 0, 1]);
    const even = gradebookOf(flat('median', [10, 10, 10, 10]), grades(10, 4, 2, 6));
    expect([even.items.i0!.weight, even.items.i1!.weight, even.items.i2!.weight, even.items.i3!.weight]).toEqual([0, 0.5, 0, 0.5]);
  });

  it('breaks lowest/highest ties by child order (stable ascending sort)', () => {
    // both 0.5: lowest → the first child in sorted order (i0), highest → the last (i1)
    const low = gradebookOf(flat('lowest', [10, 20]), grades(5, 10));
    expect([low.items.i0!.weight, low.items.i1!.weight]).toEqual([1, 0]);
    const high = gradebookOf(flat('highest', [10, 20]), grades(5, 10));
    expect([high.items.i0!.weight, high.items.i1!.weight]).toEqual([0, 1]);
  });

  it('weights the mode children 1/frequency', () => {
    const gb = gradebookOf(flat('mode', [10, 10, 10, 10, 10]), grades(5, 8, 5, 8, 2));
    expect([0, 1, 2, 3, 4].map((i) => gb.items[`i${i}`]!.weight)).toEqual([0, 0.5, 0, 0.5, 0]);
  });

  it('reads the mode back from 14 significant digits (a third does not survive: weight 0)', () => {
    // 1/3 → "0.33333333333333" → total 33.333333333333 → stored 33.33333; 1/3 ≠ 0.33333333333333 so weight 0
    const gb = gradebookOf(flat('mode', [3, 3]), grades(1, 1));
    expect(gb.course.value).toBe(33.33333);
    expect(gb.course.explanation!.aggregate).toBe(0.33333333333333);
    expect(gb.items.i0!.weight).toBe(0);
  });
});

describe('weighted mean (§3.6.6)', () => {
  const setup: Case = {
    categories: [course('weightedMean')],
    items: [item('a', 10, { weight: 3 }), item('b', 10, { weight: 1 }), item('c', 10, { weight: 0 }), item('d', 10)],
  };
  it('divides Σ weight·n by Σ weight over positive weights (default weight 1)', () => {
    // a 0.9×3 = 2.7, b 0.5×1 = 0.5, c ignored (weight 0), d 0.3×1 = 0.3 → 3.5 / 5 = 0.7 → 70
    const gb = gradebookOf(setup, { a: 9, b: 5, c: 1, d: 3 });
    expect(gb.course.value).toBe(70);
    expect(gb.items.a!.weight).toBe(0.6);
    expect(gb.items.b!.weight).toBe(0.2);
    expect(gb.items.c!.weight).toBe(0);
    expect(lineOf(gb, 'course', 'c').reason).toBe('zeroWeight');
  });
  it('is empty when only zero-weight children have grades', () => {
    const gb = gradebookOf(setup, { c: 7 });
    expect(gb.course.value).toBeNull();
    expect(gb.course.explanation!.emptyReason).toBe('zeroWeights');
  });
});

describe('simple weighted mean (§3.6.7)', () => {
  const setup = (ecMax = 20): Case => ({
    categories: [course('simpleWeightedMean')],
    items: [item('a', 100), item('b', 20), item('x', ecMax, { extraCredit: true })],
  });
  it('weights by the item ranges', () => {
    // W = 100 + 20 = 120; s = 100·0.8 + 20·0.5 = 90 → 0.75 → 75; weights 100/120, 20/120
    const gb = gradebookOf(setup(), { a: 80, b: 10 });
    expect(gb.course.value).toBe(75);
    expect(gb.items.a!.weight).toBeCloseTo(100 / 120, 12);
    expect(gb.items.b!.weight).toBeCloseTo(20 / 120, 12);
  });
  it('adds extra credit on top of the same divisor', () => {
    // s = 90 + 20·1 = 110 → 110/120 = 0.916667 → 91.66667; not clamped → weight r/W = 20/120
    const gb = gradebookOf(setup(), { a: 80, b: 10, x: 20 });
    expect(gb.course.value).toBe(91.66667);
    expect(gb.items.x).toMatchObject({ status: 'extra' });
    expect(gb.items.x!.weight).toBeCloseTo(20 / 120, 12);
  });
  it('reduces the weight of extra credit that is only partly used and clamps at 100', () => {
    // s = 90 + 20 = 110 → P_old = 91.6667; + 20 → P_new = 108.333, C_new = 100 → partly used:
    // ((100 − 91.6667 − 0)/100) / 1 = 0.083333
    const gb = gradebookOf(setup(), { a: 90, b: 20, x: 20 });
    expect(gb.course.value).toBe(100);
    expect(gb.course.explanation!.clamped).toBe(true);
    expect(gb.items.x!.weight).toBeCloseTo(100 / 1200, 10);
  });
  it('gives extra credit weight 0 when the total is already at its maximum', () => {
    // s = 120 → P_old = 100; +20 → clamped 100: gain 0 → weight 0
    const gb = gradebookOf(setup(), { a: 100, b: 20, x: 20 });
    expect(gb.course.value).toBe(100);
    expect(gb.items.x!.weight).toBe(0);
  });
  it('gives a one-word scale weight 0 and an empty total when nothing else counts (§8)', () => {
    const gb = gradebookOf(
      { categories: [course('simpleWeightedMean')], items: [item('s', 0, { type: 'scale', scaleId: 'one' })], scales: [{ id: 'one', values: ['Done'] }] },
      { s: 1 },
    );
    expect(gb.course.value).toBeNull();
    expect(gb.items.s!.weight).toBe(0);
  });
});

describe('mean with extra credits (§3.6.8)', () => {
  const setup: Case = {
    categories: [course('meanWithExtraCredits')],
    items: [item('a', 10), item('b', 10), item('x', 10, { extraCreditWeight: 2 }), item('y', 10, { extraCredit: true })],
  };
  it('adds coef·n of extra-credit children to the sum of the normal ones, divided by their count', () => {
    // m0 = 2; s = 0.6 + 0.8 = 1.4; + 2·0.1 = 1.6 → 0.8 → 80; x: P 70 → 80, unclamped → 1/m0 = 0.5
    const gb = gradebookOf(setup, { a: 6, b: 8, x: 1 });
    expect(gb.course.value).toBe(80);
    expect(gb.items.a!.weight).toBe(0.5);
    expect(gb.items.x).toMatchObject({ weight: 0.5, status: 'extra' });
  });
  it('clamps above 1 to the category maximum and reduces the extra weight (§8)', () => {
    // s = 1.0 + 0.9 = 1.9 (P_old 95); y (flag = weight 1) adds 0.5 → 2.4 → P_new 120, C_new 100
    // → ((100 − 95 − 0)/100) / 0.5 = 0.1
    const gb = gradebookOf(setup, { a: 10, b: 9, y: 5 });
    expect(gb.course.value).toBe(100);
    expect(gb.items.y!.weight).toBeCloseTo(0.1, 12);
  });
});

describe('limit rules (§3.5)', () => {
  it.each([
    // drop 1 of 0.6, 0.2, 0.9 → 0.6, 0.9 → mean 0.75
    [{ dropLowest: 1 }, [6, 2, 9], 75],
    // drop 2 → 0.9
    [{ dropLowest: 2 }, [6, 2, 9], 90],
    // keep highest 2 → 0.9, 0.6 → 0.75
    [{ keepHighest: 2 }, [6, 2, 9], 75],
    // keep highest 1 → 0.9
    [{ keepHighest: 1 }, [6, 2, 9], 90],
    // keep highest more than there are → all: 1.7/3 = 0.566667
    [{ keepHighest: 5 }, [6, 2, 9], 56.66667],
  ] as const)('%j on %j → %s', (opts, values, expected) => {
    const gb = gradebookOf(flat('mean', [10, 10, 10], opts), grades(...values));
    expect(gb.course.value).toBe(expected);
  });

  it('empties the total when dropping more than there are', () => {
    const gb = gradebookOf(flat('mean', [10, 10, 10], { dropLowest: 5 }), grades(6, 2, 9));
    expect(gb.course.value).toBeNull();
    expect(gb.course.explanation!.emptyReason).toBe('noneLeft');
    expect(lineOf(gb, 'course', 'i1')).toMatchObject({ status: 'dropped', reason: 'dropLowest', weight: 0 });
  });

  it('drops, among equal lowest values, the child with the largest maximum, then the first', () => {
    // i0 5/10 = 0.5, i1 10/20 = 0.5, i2 9/10: drop i1 (max 20)
    const gb = gradebookOf(flat('mean', [10, 20, 10], { dropLowest: 1 }), grades(5, 10, 9));
    expect(lineOf(gb, 'course', 'i1').reason).toBe('dropLowest');
    expect(gb.course.value).toBe(70);
    const same = gradebookOf(flat('mean', [10, 10, 10], { dropLowest: 1 }), grades(5, 5, 9));
    expect(lineOf(same, 'course', 'i0').reason).toBe('dropLowest');
    expect(lineOf(same, 'course', 'i1').status).toBe('used');
  });

  it('keeps highest with ties in child order', () => {
    // 0.5, 0.5, 0.2 keep 1 → i0 (first of the equal highest)
    const gb = gradebookOf(flat('mean', [10, 10, 10], { keepHighest: 1 }), grades(5, 5, 2));
    expect(lineOf(gb, 'course', 'i0').status).toBe('used');
    expect(lineOf(gb, 'course', 'i1').reason).toBe('keepHighest');
  });

  it('never drops extra credit in methods that know extra credit', () => {
    // SWM: a 0.2 (r 10), b 0.6 (r 10), x extra 0.1 (r 10); drop 1 → a goes, not x:
    // W = 10, s = 6 + 1 = 7 → 0.7 → 70
    const gb = gradebookOf(
      { categories: [course('simpleWeightedMean', { dropLowest: 1 })], items: [item('a', 10), item('b', 10), item('x', 10, { extraCredit: true })] },
      { a: 2, b: 6, x: 1 },
    );
    expect(lineOf(gb, 'course', 'a').reason).toBe('dropLowest');
    expect(gb.course.value).toBe(70);
  });

  it('ignores the extra-credit flag in methods without extra credit (it can be dropped)', () => {
    const gb = gradebookOf({ categories: [course('mean', { dropLowest: 1 })], items: [item('a', 10), item('x', 10, { extraCredit: true })] }, { a: 8, x: 1 });
    expect(lineOf(gb, 'course', 'x').reason).toBe('dropLowest');
    expect(gb.course.value).toBe(80);
  });
});

describe('empty, excluded and missing (§3.1, §3.3, §8)', () => {
  it('leaves every total empty when every child is empty, whatever "exclude empty grades" says', () => {
    for (const excludeEmpty of [true, false]) {
      const gb = gradebookOf(flat('mean', [10, 10], { excludeEmpty }), grades(null, null));
      expect(gb.course.value).toBeNull();
      expect(gb.course.explanation!.emptyReason).toBe('allEmpty');
    }
  });
  it('still computes weights when all are empty and exclude is off', () => {
    const gb = gradebookOf(flat('mean', [10, 10], { excludeEmpty: false }), grades(null, null));
    expect(gb.items.i0!.weight).toBe(0.5);
  });
  it('leaves an excused (excluded) grade out as dropped', () => {
    // 0.8 alone → 80
    const gb = gradebookOf(flat('mean', [10, 10]), { i0: 8, i1: { value: 2, excluded: true } });
    expect(gb.course.value).toBe(80);
    expect(lineOf(gb, 'course', 'i1')).toMatchObject({ status: 'dropped', reason: 'excluded', weight: 0 });
  });
  it('shows no totals, weights or contributions for a student without any grade record', () => {
    const gb = gradebookOf(flat('natural', [10, 10]), {});
    expect(gb.hasGrades).toBe(false);
    expect(gb.course.value).toBeNull();
    expect(gb.course.explanation!.emptyReason).toBe('noGrades');
    expect(gb.items.i0).toMatchObject({ weight: null, contribution: null });
  });
  it('has an empty total for a category without participating children', () => {
    const gb = gradebookOf(
      { categories: [course('mean'), category('k', 'mean')], items: [item('a', 10), item('t', 0, { type: 'text', categoryId: 'k' })] },
      { a: 5, t: null },
    );
    expect(gb.totals.k!.value).toBeNull();
    expect(gb.totals.k!.explanation!.emptyReason).toBe('noChildren');
    expect(lineOf(gb, 'k', 't')).toMatchObject({ status: 'unknown', reason: 'notAggregated' });
    // the course: k empty (excluded), a 0.5 → 50
    expect(gb.course.value).toBe(50);
  });
  it('uses a configured category range (1..5)', () => {
    // mean 0.75 → 1 + 0.75 × 4 = 4
    const gb = gradebookOf(flat('mean', [10, 10], { min: 1, max: 5 }), grades(5, 10));
    expect(gb.course).toMatchObject({ value: 4, min: 1, max: 5, percent: 75 });
  });
  it('normalises with the item minimum in non-Natural methods', () => {
    // (7 − 5) / (9 − 5) = 0.5 → 50
    const gb = gradebookOf({ categories: [course('mean')], items: [item('a', 9, { min: 5 })] }, { a: 7 });
    expect(gb.course.value).toBe(50);
  });
});

describe('locked and overridden totals (§3.1)', () => {
  const setup: Case = {
    categories: [course('mean'), category('k', 'mean')],
    items: [item('a', 10, { categoryId: 'k' }), item('b', 10)],
  };
  it('keeps an overridden category total exactly as entered and the parent uses it', () => {
    // k = 90 (override) → 0.9; b 0.5 → 0.7 → 70
    const gb = gradebookOf(setup, { a: 2, b: 5 }, { k: { value: 90, overridden: true } });
    expect(gb.totals.k).toMatchObject({ value: 90 });
    expect(gb.totals.k!.explanation!.source).toBe('overridden');
    expect(gb.course.value).toBe(70);
  });
  it('keeps the stored value of a locked category', () => {
    const locked: Case = { ...setup, categories: [course('mean'), category('k', 'mean', { locked: true })] };
    const gb = gradebookOf(locked, { a: 2, b: 5 }, { k: { value: 40 } });
    expect(gb.totals.k!.value).toBe(40);
    expect(gb.course.value).toBe(45);
  });
});

describe('scales and min/max (§2.1, §3.2, §7)', () => {
  const scales = [{ id: 'four', values: ['Poor', 'Fair', 'Good', 'Excellent'] }];
  it('aggregates a scale on 1..k', () => {
    // Good = 3 on 1..4 → (3 − 1)/3 = 0.666667 → 66.66667
    const gb = gradebookOf({ categories: [course('mean')], items: [item('s', 0, { type: 'scale', scaleId: 'four' })], scales }, { s: 3 });
    expect(gb.course.value).toBe(66.66667);
    expect(gb.items.s).toMatchObject({ min: 1, max: 4 });
  });
  it('leaves scales out when the site does not aggregate them', () => {
    const gb = gradebookOf(
      { categories: [course('mean')], items: [item('a', 10), item('s', 0, { type: 'scale', scaleId: 'four' })], scales, options: { includeScales: false } },
      { a: 4, s: 4 },
    );
    expect(gb.course.value).toBe(40);
    expect(gb.items.s).toMatchObject({ status: 'unknown', weight: 0 });
  });
  it('aggregates an outcome only when the category includes outcomes', () => {
    const base = (includeOutcomes: boolean): Case => ({
      categories: [course('mean', { includeOutcomes })],
      items: [item('a', 10), item('o', 0, { type: 'scale', scaleId: 'four', outcome: true })],
      scales,
    });
    // without: a 0.4 → 40; with: (0.4 + 1) / 2 = 0.7 → 70
    expect(gradebookOf(base(false), { a: 4, o: 4 }).course.value).toBe(40);
    expect(gradebookOf(base(true), { a: 4, o: 4 }).course.value).toBe(70);
  });
  it('uses the range stored with the grade when min/max come from the grade', () => {
    const setup = (minMaxToUse: 'item' | 'grade'): Case => ({
      categories: [course('mean')],
      items: [item('a', 100)],
      options: { minMaxToUse },
    });
    const grade = { a: { value: 40, min: 0, max: 50 } };
    // item: 40/100 → 40; grade: 40/50 → 80
    expect(gradebookOf(setup('item'), grade).course.value).toBe(40);
    const fromGrade = gradebookOf(setup('grade'), grade);
    expect(fromGrade.course.value).toBe(80);
    expect(fromGrade.items.a).toMatchObject({ max: 50, percent: 80 });
  });
  it('does not clamp a grade left above a lowered maximum in sums, but clamps its percentage', () => {
    // mean: (75 − 5)/(50 − 5) = 1.5556, b 0 → 0.7778 → 77.77778
    const gb = gradebookOf({ categories: [course('mean')], items: [item('a', 50, { min: 5 }), item('b', 10)] }, { a: 75, b: 0 });
    expect(gb.course.value).toBe(77.77778);
    expect(gb.items.a!.percent).toBe(100);
  });
});

describe('setup errors', () => {
  it('refuses a setup without exactly one course category, an unknown parent or scale', () => {
    expect(() => gradebookOf({ categories: [], items: [] }, {})).toThrow(/exactly one course/);
    expect(() => gradebookOf({ categories: [course('mean')], items: [item('a', 1, { categoryId: 'nope' })] }, {})).toThrow(/unknown category/);
    expect(() => gradebookOf({ categories: [course('mean')], items: [item('a', 1, { type: 'scale', scaleId: 'x' })] }, {})).toThrow(/scale/);
    expect(() =>
      gradebookOf(
        { categories: [course('mean'), { id: 'x', parentId: 'y', aggregation: 'mean' }, { id: 'y', parentId: 'x', aggregation: 'mean' }], items: [] },
        {},
      ),
    ).toThrow(/not under the course/);
  });
});
