import { describe, expect, it } from 'vitest';
import { category, course, gradebookOf, item, lineOf, type Case } from './test-setup.ts';
import type { AggregationMethod } from './types.ts';

/**
 * Edge cases of the semantics (§3.2, §4, §6, §7, §8) in tables of own data; the arithmetic is in
 * the comments.
 */

describe('min/max to use = grade (§3.2, §4, §7)', () => {
  const setup = (minMaxToUse: 'item' | 'grade'): Case => ({
    categories: [course('natural')],
    items: [item('a', 100), item('b', 50)],
    options: { minMaxToUse },
  });
  // a was graded when it was out of 40.
  const grades = { a: { value: 30, min: 0, max: 40 }, b: 25 };

  it('sums the grades’ own maxima into the Natural maximum of that student', () => {
    // grade: 30 + 25 = 55 of 40 + 50 = 90; item: 55 of 150
    expect(gradebookOf(setup('grade'), grades).course).toMatchObject({ value: 55, max: 90 });
    expect(gradebookOf(setup('item'), grades).course).toMatchObject({ value: 55, max: 150 });
  });

  it('uses the grade’s range for the percentage, the explanation and the contribution', () => {
    const gb = gradebookOf(setup('grade'), grades);
    expect(gb.items.a).toMatchObject({ min: 0, max: 40, percent: 75 });
    expect(lineOf(gb, 'course', 'a')).toMatchObject({ min: 0, max: 40, normalised: 0.75 });
    // a: 30/40 × 40/90 = 33.333 %; b: 25/50 × 50/90 = 27.778 %; together 55/90 = 61.111 %
    expect(gb.items.a!.contribution).toBeCloseTo((30 / 90) * 100, 10);
    expect(gb.items.b!.contribution).toBeCloseTo((25 / 90) * 100, 10);
    expect(gb.course.percent).toBeCloseTo((55 / 90) * 100, 10);
  });

  it('falls back to the item range for a grade stored without one', () => {
    const gb = gradebookOf(setup('grade'), { a: 30, b: 25 });
    expect(gb.course).toMatchObject({ value: 55, max: 150 });
  });
});

describe('scales (§2.1, §6)', () => {
  const scales = [
    { id: 'four', values: ['Poor', 'Fair', 'Good', 'Excellent'] },
    { id: 'done', values: ['Done'] },
  ];
  const natural = (includeScales: boolean): Case => ({
    categories: [course('natural')],
    items: [item('a', 10), item('s', 0, { type: 'scale', scaleId: 'four' })],
    scales,
    options: { includeScales },
  });

  it('adds a scale’s k points to a Natural total when scales are aggregated, ignoring its minimum 1', () => {
    // 5 + 3 (Good, 3/4 of 4) = 8 of 14
    const gb = gradebookOf(natural(true), { a: 5, s: 3 });
    expect(gb.course).toMatchObject({ value: 8, max: 14 });
    expect(gb.items.s!.weight).toBeCloseTo(4 / 14, 12);
  });

  it('leaves the scale out of the Natural maximum when scales are not aggregated', () => {
    const gb = gradebookOf(natural(false), { a: 5, s: 3 });
    expect(gb.course).toMatchObject({ value: 5, max: 10 });
    expect(gb.items.s).toMatchObject({ status: 'unknown', weight: 0, contribution: 0 });
    expect(gb.items.s!.percent).toBeCloseTo((2 / 3) * 100, 10);
    expect(lineOf(gb, 'course', 's')).toMatchObject({ status: 'unknown', reason: 'notAggregated' });
  });

  it('rounds a scale grade to the nearest scale value for its percentage', () => {
    // 2.6 → 3 (Good) → (3 − 1)/3
    expect(gradebookOf(natural(true), { a: 5, s: 2.6 }).items.s!.percent).toBeCloseTo((2 / 3) * 100, 10);
  });

  const oneWord: [AggregationMethod, number | null, number | null][] = [
    // mean / weighted mean: a .4, the one-word scale normalises to 1 → .7
    ['mean', 70, 0.5],
    ['weightedMean', 70, 0.5],
    // Natural: max 1, normalised 1 → 4 + 1 = 5 of 11
    ['natural', 5, 1 / 11],
    // simple weighted mean: range 0 → weight 0; a alone → 40
    ['simpleWeightedMean', 40, 0],
    ['highest', 100, 1],
  ];
  it.each(oneWord)('reads a one-word scale (min = max) under %s', (method, total, weight) => {
    const gb = gradebookOf({ categories: [course(method)], items: [item('a', 10), item('w', 0, { type: 'scale', scaleId: 'done' })], scales }, { a: 4, w: 1 });
    expect(gb.course.value).toBe(total);
    expect(gb.items.w!.weight).toBeCloseTo(weight!, 12);
    // a grade on a range of zero width has no percentage
    expect(gb.items.w!.percent).toBeNull();
  });
});

describe('unlimited grades (§3.7)', () => {
  const ec = (unlimitedGrades: boolean): Case => ({
    categories: [course('natural')],
    items: [item('a', 10), item('x', 10, { extraCredit: true })],
    options: { unlimitedGrades },
  });

  it('clamps a Natural total with extra credit at its maximum, or at 10 × the maximum when unlimited', () => {
    // s = 10 + 10 = 20; limited: clamped to 10 and x gains nothing (weight 0); unlimited: 20, weight 1
    const limited = gradebookOf(ec(false), { a: 10, x: 10 });
    expect(limited.course).toMatchObject({ value: 10, max: 10 });
    expect(limited.items.x!.weight).toBe(0);
    const unlimited = gradebookOf(ec(true), { a: 10, x: 10 });
    expect(unlimited.course).toMatchObject({ value: 20, max: 10, percent: 100 });
    expect(unlimited.items.x!.weight).toBe(1);
  });

  it('bounds a mean at 10 × its maximum', () => {
    // 200 of 10 → 20 → 2,000 → 1,000
    const gb = gradebookOf({ categories: [course('mean')], items: [item('a', 10)], options: { unlimitedGrades: true } }, { a: 200 });
    expect(gb.course.value).toBe(1000);
    expect(gb.course.explanation).toMatchObject({ unclamped: 2000, clamped: true });
  });
});

describe('mode of grades (§3.6.5)', () => {
  const five: Case = { categories: [course('mode')], items: ['a', 'b', 'c', 'd', 'e'].map((id) => item(id, 10)) };

  it('takes the highest of equally frequent values and weights its children 1/frequency', () => {
    // .5 ×2, .8 ×2, .2 → 80
    const gb = gradebookOf(five, { a: 5, b: 8, c: 5, d: 2, e: 8 });
    expect(gb.course.value).toBe(80);
    expect([gb.items.a!.weight, gb.items.b!.weight, gb.items.d!.weight, gb.items.e!.weight]).toEqual([0, 0.5, 0, 0.5]);
  });

  it('lets empty grades counted as 0 become the mode', () => {
    // 0, 0, .5 → 0 (not empty: c has a grade); the two empties share the weight
    const three: Case = { categories: [course('mode', { excludeEmpty: false })], items: five.items.slice(0, 3) };
    const gb = gradebookOf(three, { a: null, b: null, c: 5 });
    expect(gb.course.value).toBe(0);
    expect(gb.items.a!.weight).toBe(0.5);
    expect(gb.items.c!.weight).toBe(0);
  });

  it('applies drop lowest before counting', () => {
    // .2 .2 .6 .9 → drop one .2 → .2, .6, .9 all once → highest .9 → 90
    const gb = gradebookOf({ ...five, categories: [course('mode', { dropLowest: 1 })] }, { a: 2, b: 2, c: 6, d: 9 });
    expect(gb.course.value).toBe(90);
  });
});

describe('contributions through nested categories (§4)', () => {
  // course (Natural) → k (weighted mean, max 100) → j (mean, max 100); z directly in the course.
  const nested: Case = {
    categories: [course('natural'), category('k', 'weightedMean'), category('j', 'mean', { parentId: 'k' })],
    items: [
      item('p', 10, { categoryId: 'k', weight: 3 }),
      item('q', 20, { categoryId: 'k' }),
      item('r', 10, { categoryId: 'j' }),
      item('t', 10, { categoryId: 'j' }),
      item('z', 100),
    ],
  };
  const grades = { p: 5, q: 20, r: 10, t: 0, z: 50 };

  it('computes each level with its own method', () => {
    // j = mean(1, 0) = 50; k = (3·.5 + 1·1 + 1·.5)/5 = .6 → 60; course: 60 + 50 = 110 of 200
    const gb = gradebookOf(nested, grades);
    expect(gb.totals.j!.value).toBe(50);
    expect(gb.totals.k!.value).toBe(60);
    expect(gb.course).toMatchObject({ value: 110, max: 200, percent: 55 });
  });

  it('multiplies the weights of every level, and the contributions add up to the course percentage', () => {
    // p: .5 × 3/5 × .5 = 15 %; q: 1 × 1/5 × .5 = 10 %; r: 1 × .5 × 1/5 × .5 = 5 %; t: 0; z: .5 × .5 = 25 %
    const gb = gradebookOf(nested, grades);
    const expected: Record<string, number> = { p: 15, q: 10, r: 5, t: 0, z: 25 };
    for (const [id, c] of Object.entries(expected)) expect(gb.items[id]!.contribution).toBeCloseTo(c, 10);
    const sum = Object.values(gb.items).reduce((s, i) => s + (i.contribution ?? 0), 0);
    expect(sum).toBeCloseTo(gb.course.percent!, 10);
  });
});

describe('edge-case table (§8)', () => {
  it('gives a Natural course of extra credit only a total of 0 on 0–0, no percentage and weights 0', () => {
    const gb = gradebookOf(
      { categories: [course('natural')], items: [item('x', 10, { extraCredit: true }), item('y', 20, { extraCredit: true })] },
      { x: 5, y: 10 },
    );
    expect(gb.course).toMatchObject({ value: 0, min: 0, max: 0, percent: null });
    expect([gb.items.x!.weight, gb.items.y!.weight]).toEqual([0, 0]);
  });

  const methods: AggregationMethod[] = ['natural', 'mean', 'weightedMean', 'simpleWeightedMean', 'meanWithExtraCredits', 'median', 'lowest', 'highest', 'mode'];
  it.each(methods)('leaves a %s total empty when every grade is excused', (method) => {
    const gb = gradebookOf(
      { categories: [course(method)], items: [item('a', 10), item('b', 10)] },
      { a: { value: 4, excluded: true }, b: { value: 6, excluded: true } },
    );
    expect(gb.course.value).toBeNull();
    expect(gb.course.explanation!.emptyReason).toBe('noneLeft');
    expect(gb.items.a!.status).toBe('dropped');
  });

  it.each(methods)('leaves a %s total empty when every grade is empty, even counting empties as 0', (method) => {
    const gb = gradebookOf({ categories: [course(method, { excludeEmpty: false })], items: [item('a', 10), item('b', 10)] }, { a: null, b: null });
    expect(gb.course.value).toBeNull();
    expect(gb.course.explanation!.emptyReason).toBe('allEmpty');
  });
});
