import { describe, expect, it } from 'vitest';
import { createGradebookEngine } from './engine.ts';
import { category, course, gradebookOf, item, lineOf, type Case } from './test-setup.ts';

/**
 * Natural (semantics §2.3, §2.4, §3.6.9), contributions (§4) and hidden grades (§5). Expected
 * numbers worked by hand; the arithmetic is in the comments.
 */

const weightsOf = (setup: Case) => {
  const c = createGradebookEngine(setup).compiled;
  const root = c.categories[c.root]!;
  return Object.fromEntries(root.children.map((k) => [k.id, k.coef2]));
};

describe('Natural weights at setup (§2.3)', () => {
  it('spreads automatic weights by maxima', () => {
    // T = 200 → 100/200, 50/200, 50/200
    expect(weightsOf({ categories: [course('natural')], items: [item('a', 100), item('b', 50), item('c', 50)] })).toEqual({ a: 0.5, b: 0.25, c: 0.25 });
  });
  it('keeps an override and spreads the rest over the other maxima', () => {
    // Tov = 0.5, Mov = 100; b: 50/(200 − 100) × (1 − 0.5) = 0.25
    const w = weightsOf({ categories: [course('natural')], items: [item('a', 100, { weightOverride: 50 }), item('b', 50), item('c', 50)] });
    expect(w).toEqual({ a: 0.5, b: 0.25, c: 0.25 });
  });
  it('rescales all-overridden weights to 100 %', () => {
    // no automatic child, S = 0.8 ≠ 1 → 0.5/0.8, 0.3/0.8
    const w = weightsOf({ categories: [course('natural')], items: [item('a', 10, { weightOverride: 50 }), item('b', 10, { weightOverride: 30 })] });
    expect(w.a).toBeCloseTo(0.625, 12);
    expect(w.b).toBeCloseTo(0.375, 12);
  });
  it('rescales overrides above 100 % and sets the automatic ones to 0', () => {
    // O = 1.2 > 1 → normalise: 0.6/1.2 = 0.5 each; c: Tov = 1.2 ≥ 1 → 0
    const setup: Case = {
      categories: [course('natural')],
      items: [item('a', 10, { weightOverride: 60 }), item('b', 10, { weightOverride: 60 }), item('c', 10)],
    };
    expect(weightsOf(setup)).toEqual({ a: 0.5, b: 0.5, c: 0 });
    // c (weight 0) leaves the maximum: 10 + 10 = 20
    expect(gradebookOf(setup, { a: 10, b: 5, c: 10 }).course).toMatchObject({ value: 15, max: 20 });
  });
  it('turns a negative override into 0 and takes its item out of T', () => {
    // T = 50 + 50 (a is out); b, c: 50/100 = 0.5; a: −0.2 < 0 → 0
    const w = weightsOf({ categories: [course('natural')], items: [item('a', 100, { weightOverride: -20 }), item('b', 50), item('c', 50)] });
    expect(w).toEqual({ a: 0, b: 0.5, c: 0.5 });
  });
  it('gives automatic extra credit max/T, not normalised', () => {
    // T = 200 (x is extra credit) → x: 20/200 = 0.1; an overridden one keeps 150 % as typed
    const w = weightsOf({
      categories: [course('natural')],
      items: [item('a', 100), item('b', 100), item('x', 20, { extraCredit: true }), item('y', 10, { extraCredit: true, weightOverride: 150 })],
    });
    expect(w).toEqual({ a: 0.5, b: 0.5, x: 0.1, y: 1.5 });
  });
  it('excludes a child overridden to 0 from the Natural maximum', () => {
    const gb = gradebookOf({ categories: [course('natural')], items: [item('a', 100, { weightOverride: 0 }), item('b', 50)] }, { a: 100, b: 25 });
    // b alone: 25 of 50
    expect(gb.course).toMatchObject({ value: 25, max: 50 });
  });
});

describe('Natural per student (§3.6.9)', () => {
  const abc: Case = { categories: [course('natural')], items: [item('a', 100), item('b', 50), item('c', 50)] };
  it('sums points; with "exclude empty grades" the maximum is the points attempted', () => {
    // a, b: G_max = 150; u = 100/150, 50/150; s = 0.8·(2/3)·150 + 0.8·(1/3)·150 = 120 → 120/150
    const gb = gradebookOf(abc, { a: 80, b: 40, c: null });
    expect(gb.course).toMatchObject({ value: 120, min: 0, max: 150, percent: 80 });
    expect(gb.items.a!.weight).toBeCloseTo(2 / 3, 12);
  });
  it('counts empties as 0 out of the full maximum when exclude is off', () => {
    // G_max 200, s = 80 + 40 + 0 = 120 → 60 %
    const gb = gradebookOf({ ...abc, categories: [course('natural', { excludeEmpty: false })] }, { a: 80, b: 40, c: null });
    expect(gb.course).toMatchObject({ value: 120, max: 200, percent: 60 });
  });
  it('re-spreads an overridden weight over the children present', () => {
    // a override 50 %, c empty: G_max = 150, Σw = 0.75, u_a = 0.5/0.75 = 0.6667;
    // b: 50/(150 − 100) × (1 − 0.6667) = 0.3333; s = 1·0.6667·150 + 0.5·0.3333·150 = 125
    const setup: Case = { categories: [course('natural')], items: [item('a', 100, { weightOverride: 50 }), item('b', 50), item('c', 50)] };
    const gb = gradebookOf(setup, { a: 100, b: 25, c: null });
    expect(gb.course).toMatchObject({ value: 125, max: 150 });
    expect(gb.items.a!.weight).toBeCloseTo(2 / 3, 12);
    // all present: u = 0.5, 0.25, 0.25 → s = 100 + 25 + 0 = 125 of 200
    expect(gradebookOf(setup, { a: 100, b: 25, c: 0 }).course).toMatchObject({ value: 125, max: 200 });
  });
  it('adds extra credit, then reduces its weight past 100 % (§8)', () => {
    const setup: Case = { categories: [course('natural')], items: [item('a', 100), item('b', 100), item('x', 20, { extraCredit: true })] };
    // s = 80 + 60 = 140; x: e = 0.5·0.1·200 = 10 → 150 of 200; gain = e → weight 0.1
    const some = gradebookOf(setup, { a: 80, b: 60, x: 10 });
    expect(some.course).toMatchObject({ value: 150, max: 200 });
    expect(some.items.x).toMatchObject({ status: 'extra', weight: 0.1 });
    // s = 195; e = 20 → 215, clamped 200: gain 5 < 20 → 5/(1·200) = 0.025
    const over = gradebookOf(setup, { a: 100, b: 95, x: 20 });
    expect(over.course).toMatchObject({ value: 200, max: 200 });
    expect(over.course.explanation).toMatchObject({ unclamped: 215, clamped: true });
    expect(over.items.x!.weight).toBeCloseTo(0.025, 12);
  });
  it('gives 0 out of 0 when only extra credit is graded (§8)', () => {
    const setup: Case = { categories: [course('natural')], items: [item('a', 100), item('x', 20, { extraCredit: true })] };
    const gb = gradebookOf(setup, { a: null, x: 10 });
    expect(gb.course).toMatchObject({ value: 0, min: 0, max: 0, percent: null });
    expect(gb.items.x!.weight).toBe(0);
    const allExtra = gradebookOf({ categories: [course('natural')], items: [item('x', 20, { extraCredit: true })] }, { x: 10 });
    expect(allExtra.course).toMatchObject({ value: 0, max: 0, percent: null });
  });
  it('ignores minimums when normalising: negative contributions, clamped below at Σ minimums (§8)', () => {
    // a −5 in −10..10 → n = −0.5; b 10/10; s = −0.5·0.5·20 + 1·0.5·20 = 5 of 20
    const setup: Case = { categories: [course('natural')], items: [item('a', 10, { min: -10 }), item('b', 10)] };
    expect(gradebookOf(setup, { a: -5, b: 10 }).course.value).toBe(5);
    // s = −10 + 0 = −10 ≥ Σmin = −10 → −10; shown on 0..20 so 0 %
    expect(gradebookOf(setup, { a: -10, b: 0 }).course).toMatchObject({ value: -10, percent: 0 });
  });
  it('uses a grade above a lowered maximum unclamped (75 in 5–50 → 1.5)', () => {
    // T = 150: u_a = 50/150, u_b = 100/150; s = 1.5·(1/3)·150 + 0 = 75 of 150
    const gb = gradebookOf({ categories: [course('natural')], items: [item('a', 50, { min: 5 }), item('b', 100)] }, { a: 75, b: 0 });
    expect(lineOf(gb, 'course', 'a').normalised).toBe(1.5);
    expect(gb.course.value).toBe(75);
  });
  it('has an empty category of maximum 0', () => {
    const gb = gradebookOf({ categories: [course('natural'), category('k', 'natural')], items: [item('a', 10)] }, { a: 5 });
    expect(gb.totals.k).toMatchObject({ value: null, max: 0 });
    expect(gb.course).toMatchObject({ value: 5, max: 10 });
  });
});

describe('Natural drop lowest (§2.4, §3.5)', () => {
  const same = (extra: Case['items'] = [], cats: Case['categories'] = []): Case => ({
    categories: [course('natural', { dropLowest: 1 }), ...cats],
    items: [item('a', 10), item('b', 10), item('c', 10), ...extra],
  });
  it('applies when all children are plain items of equal maximum and weight', () => {
    // max = 30 − 10 = 20; drop a (0.5): u = 0.5 each; s = 8 + 10 = 18 of 20
    const gb = gradebookOf(same(), { a: 5, b: 8, c: 10 });
    expect(gb.course).toMatchObject({ value: 18, max: 20 });
    expect(createGradebookEngine(same()).compiled.categories[0]!.max).toBe(20);
  });
  it('is ignored with different maxima', () => {
    const gb = gradebookOf(same([item('d', 20)]), { a: 5, b: 8, c: 10, d: 20 });
    expect(gb.course).toMatchObject({ value: 43, max: 50 });
    expect(gb.course.explanation!.limitIgnored).toBe(true);
  });
  it('is ignored when there is a sub-category, even an empty one (§8)', () => {
    const gb = gradebookOf(same([], [category('k', 'natural')]), { a: 5, b: 8, c: 10 });
    expect(gb.course).toMatchObject({ value: 23, max: 30 });
  });
  it('is ignored with an extra-credit child', () => {
    const gb = gradebookOf(same([item('x', 10, { extraCredit: true })]), { a: 5, b: 8, c: 10, x: 0 });
    expect(gb.course.value).toBe(23);
  });
  it('empties the total when dropping at least as many as there are', () => {
    const setup: Case = { categories: [course('natural', { dropLowest: 3 })], items: [item('a', 10), item('b', 10)] };
    expect(gradebookOf(setup, { a: 5, b: 8 }).course.value).toBeNull();
  });
});

describe('nesting and contributions (§3.2, §4)', () => {
  const nested: Case = {
    categories: [course('natural'), category('k', 'natural')],
    items: [item('a', 100), item('b', 50, { categoryId: 'k' }), item('c', 50, { categoryId: 'k' })],
  };
  it('feeds a child total with its per-student range into the parent', () => {
    // k: 25 + 50 = 75 of 100; course T = 200: a 0.5, k 0.5; s = 0.8·0.5·200 + 0.75·0.5·200 = 155
    const gb = gradebookOf(nested, { a: 80, b: 25, c: 50 });
    expect(gb.totals.k).toMatchObject({ value: 75, max: 100 });
    expect(gb.course).toMatchObject({ value: 155, max: 200 });
  });
  it('multiplies weights up to the course for contributions', () => {
    // a: 0.8 × 0.5 × 100 = 40 %; b: 0.5 × 0.5 × 0.5 × 100 = 12.5 %; c: 1 × 0.5 × 0.5 × 100 = 25 %
    const gb = gradebookOf(nested, { a: 80, b: 25, c: 50 });
    expect(gb.items.a!.contribution).toBeCloseTo(40, 10);
    expect(gb.items.b!.contribution).toBeCloseTo(12.5, 10);
    expect(gb.items.c!.contribution).toBeCloseTo(25, 10);
    // together they are the course percentage: 155/200 = 77.5 %
    expect(gb.course.percent).toBeCloseTo(77.5, 10);
  });
  it('uses (g − min)/(max − min) under a non-Natural parent', () => {
    // mean of a (6 in 2..10 → 0.5) and b (1.0) → weight 0.5 each; a: 0.5 × 0.5 × 100 = 25 %
    const gb = gradebookOf({ categories: [course('mean')], items: [item('a', 10, { min: 2 }), item('b', 10)] }, { a: 6, b: 10 });
    expect(gb.items.a!.contribution).toBeCloseTo(25, 10);
    expect(gb.course.value).toBe(75);
  });
  it('reads a mean sub-category with its configured range under Natural', () => {
    // k (mean, 0..100): 0.6 → 60; course: a 10 of 10 + k 60 of 100 → 70 of 110
    const gb = gradebookOf(
      { categories: [course('natural'), category('k', 'mean')], items: [item('a', 10), item('b', 10, { categoryId: 'k' })] },
      { a: 10, b: 6 },
    );
    expect(gb.course).toMatchObject({ value: 70, max: 110 });
  });
});

describe('hidden grades and the three report policies (§5)', () => {
  const setup = (hiddenPolicy: 'hideTotals' | 'showIncluding' | 'showExcluding'): Case => ({
    categories: [course('natural'), category('k', 'mean')],
    items: [item('a', 100, { hidden: true, categoryId: 'k' }), item('b', 100, { categoryId: 'k' }), item('c', 100)],
    options: { hiddenPolicy },
  });
  const grades = { a: 100, b: 50, c: 40 };
  // Real: k = mean(1.0, 0.5) = 75; course = 75 + 40 = 115 of 200.
  it('stores totals including hidden grades', () => {
    const gb = gradebookOf(setup('showIncluding'), grades);
    expect(gb.totals.k!.value).toBe(75);
    expect(gb.course.value).toBe(115);
    expect(gb.studentView.totals.course).toBe(gb.course);
  });
  it('hides every total whose subtree holds a hidden grade (default)', () => {
    const gb = gradebookOf(setup('hideTotals'), grades);
    expect(gb.studentView.totals.k).toBeNull();
    expect(gb.studentView.totals.course).toBeNull();
    expect(gb.studentView.items.b!.weight).toBe(0.5);
  });
  it('recomputes without hidden grades: removed, not zero', () => {
    // k: b alone → 50 (weight 1); course: k 50/100, c 40/100 → 90 of 200
    const gb = gradebookOf(setup('showExcluding'), grades);
    expect(gb.studentView.totals.k!.value).toBe(50);
    expect(gb.studentView.totals.course!.value).toBe(90);
    expect(gb.studentView.items.a).toEqual({ weight: null, contribution: null });
    expect(gb.studentView.items.b!.weight).toBe(1);
    expect(gb.studentView.totals.k!.explanation!.children.find((l) => l.id === 'a')).toMatchObject({ status: 'dropped', reason: 'hidden' });
    // the stored totals do not change
    expect(gb.course.value).toBe(115);
  });
  it('changes nothing for a student without hidden grades, and an empty hidden grade hides nothing', () => {
    const gb = gradebookOf(setup('showExcluding'), { a: null, b: 50, c: 40 });
    expect(gb.studentView.totals).toBe(gb.totals);
    const hide = gradebookOf(setup('hideTotals'), { a: null, b: 50, c: 40 });
    expect(hide.studentView.totals.course).toBe(hide.course);
  });
  it('keeps the stored total of a non-Natural category without hidden grades', () => {
    const s: Case = {
      categories: [course('natural'), category('k', 'mean'), category('m', 'mean')],
      items: [item('a', 10, { hidden: true, categoryId: 'k' }), item('b', 10, { categoryId: 'm' })],
      options: { hiddenPolicy: 'showExcluding' },
    };
    const gb = gradebookOf(s, { a: 10, b: 5 });
    expect(gb.studentView.totals.m).toBe(gb.totals.m);
    // k has nothing left → "-"; course: m 50 of 100
    expect(gb.studentView.totals.k!.value).toBeNull();
    expect(gb.studentView.totals.course!.value).toBe(50);
  });
  it('maps a Natural recomputation onto Σ minimums..max (an outcome scale 1..4)', () => {
    // view: b 40/100 → 0.4, o (2 on 1..4) → 1/3; G_max = 104, G_min = 1; u_b = 100/104, u_o = 4/104
    // s = 0.4·100 + (1/3)·4 = 41.3333; a = 41.3333/104; total = 1 + a·103 = 41.93590
    const s: Case = {
      categories: [course('natural', { includeOutcomes: true })],
      items: [item('a', 100, { hidden: true }), item('b', 100), item('o', 0, { type: 'scale', scaleId: 'f', outcome: true })],
      scales: [{ id: 'f', values: ['1', '2', '3', '4'] }],
      options: { hiddenPolicy: 'showExcluding' },
    };
    const gb = gradebookOf(s, { a: 50, b: 40, o: 2 });
    // real: 50 + 40 + 0.5·4 = 92 of 204
    expect(gb.course).toMatchObject({ value: 92, max: 204 });
    const view = gb.studentView.totals.course!;
    expect(view).toMatchObject({ value: 41.9359, min: 1, max: 104 });
    expect(view.percent).toBeCloseTo(((41.9359 - 1) / 103) * 100, 10);
  });
  it('hides a locked category and every ancestor under "hide totals" (§8)', () => {
    const s: Case = {
      categories: [course('natural'), category('k', 'natural', { locked: true })],
      items: [item('a', 10, { hidden: true, categoryId: 'k' }), item('b', 10)],
    };
    const gb = gradebookOf(s, { a: 10, b: 5 }, { k: { value: 10 } });
    expect(gb.studentView.totals.k).toBeNull();
    expect(gb.studentView.totals.course).toBeNull();
    expect(gb.course.value).toBe(15);
  });
  it('never recomputes a locked total and keeps totals above a calculated item that reads a hidden grade', () => {
    const locked: Case = {
      categories: [course('natural'), category('k', 'mean', { locked: true })],
      items: [item('a', 10, { hidden: true, categoryId: 'k' }), item('b', 10, { categoryId: 'k' })],
      options: { hiddenPolicy: 'showExcluding' },
    };
    const gb = gradebookOf(locked, { a: 10, b: 0 }, { k: { value: 50 } });
    expect(gb.studentView.totals.k!.value).toBe(50);
    const calc: Case = {
      categories: [course('mean')],
      items: [item('a', 10, { hidden: true }), item('calc', 10, { calculatedFrom: ['a'] })],
      options: { hiddenPolicy: 'showExcluding' },
    };
    const c = gradebookOf(calc, { a: 10, calc: 5 });
    expect(c.studentView.totals.course).toBe(c.course);
  });
  it('treats a grade hidden until a date as hidden before it only', () => {
    const s: Case = { categories: [course('natural')], items: [item('a', 10, { hiddenUntil: 1000 }), item('b', 10)] };
    expect(gradebookOf(s, { a: 10, b: 5 }, undefined, { now: 999 }).studentView.totals.course).toBeNull();
    expect(gradebookOf(s, { a: 10, b: 5 }, undefined, { now: 1000 }).studentView.totals.course!.value).toBe(15);
  });
  it('hides a hidden grade of a visible item', () => {
    const s: Case = { categories: [course('natural')], items: [item('a', 10), item('b', 10)], options: { hiddenPolicy: 'showExcluding' } };
    const gb = gradebookOf(s, { a: { value: 10, hidden: true }, b: 5 });
    expect(gb.studentView.totals.course).toMatchObject({ value: 5, max: 10 });
  });
});

describe('engine options', () => {
  it('can leave explanations out with the same numbers', () => {
    const setup: Case = { categories: [course('natural')], items: [item('a', 10), item('b', 10)] };
    const gb = gradebookOf(setup, { a: 4, b: 5 }, undefined, { explain: false });
    expect(gb.course).toMatchObject({ value: 9, explanation: null });
  });
  it('serialises a total with its explanation (built on first read)', () => {
    const gb = gradebookOf({ categories: [course('natural')], items: [item('a', 10)] }, { a: 4 });
    const json = JSON.parse(JSON.stringify(gb.course)) as { value: number; explanation: { children: { id: string; weight: number }[] } };
    expect(json.value).toBe(4);
    expect(json.explanation.children).toMatchObject([{ id: 'a', weight: 1 }]);
  });
  it('serialises a whole gradebook with its items and student view (built on first read)', () => {
    const gb = gradebookOf({ categories: [course('natural')], items: [item('a', 10), item('b', 10, { hidden: true })] }, { a: 4, b: 6 });
    const json = JSON.parse(JSON.stringify(gb)) as {
      items: Record<string, { weight: number }>;
      studentView: { policy: string; totals: Record<string, unknown> };
      course: { value: number };
    };
    expect(json.course.value).toBe(10);
    expect(json.items.a!.weight).toBe(0.5);
    expect(json.studentView).toMatchObject({ policy: 'hideTotals', totals: { course: null } });
    // the same objects on every read
    expect(gb.items).toBe(gb.items);
    expect(gb.studentView).toBe(gb.studentView);
  });
  it('bounds totals by max × 10 when the site allows unlimited grades', () => {
    const setup: Case = { categories: [course('mean')], items: [item('a', 10)], options: { unlimitedGrades: true } };
    // 15/10 = 1.5 → 150 (under 1000)
    expect(gradebookOf(setup, { a: 15 }).course.value).toBe(150);
  });
});
