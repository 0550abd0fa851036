import { describe, expect, it } from 'vitest';
import { category, course, gradebookOf, item, lineOf, type Case } from './test-setup.ts';

/**
 * The "show totals excluding hidden items" view in detail (semantics §5 policy 3). Own data; the
 * arithmetic is in the comments. "Real" = the stored totals, "view" = what the student sees.
 */

const excluding = { hiddenPolicy: 'showExcluding' } as const;

describe('exclude-hidden recomputation (§5)', () => {
  it('normalises with item-level ranges and maps Natural onto Σ minimums..maximum', () => {
    // Real (min/max from the grade): a .5 of 20, b 20 of 25 (the grade's range), c 6 of 10 (min
    // ignored) → 10 + 20 + 6 = 36 of 55.
    // View: a removed; b 20/40 = .5 (item range); c (6 − 2)/(10 − 2) = .5; G 50, G_min 2,
    // u .8 / .2 → a = .5 → 2 + .5 · 48 = 26 on 2..50 (50 %).
    const setup: Case = {
      categories: [course('natural')],
      items: [item('a', 20, { hidden: true }), item('b', 40), item('c', 10, { min: 2 })],
      options: { ...excluding, minMaxToUse: 'grade' },
    };
    const gb = gradebookOf(setup, { a: 10, b: { value: 20, min: 0, max: 25 }, c: 6 });
    expect(gb.course).toMatchObject({ value: 36, min: 0, max: 55 });
    const view = gb.studentView.totals.course!;
    expect(view).toMatchObject({ value: 26, min: 2, max: 50, percent: 50 });
    expect(gb.studentView.items.b!.weight).toBeCloseTo(0.8, 12);
    expect(gb.studentView.items.c!.weight).toBeCloseTo(0.2, 12);
    expect(gb.studentView.items.a).toEqual({ weight: null, contribution: null });
  });

  it('gives an ungraded item no weight and no contribution ("-", not 0) in the view', () => {
    // Real: a 5 + b 8 of 30 (c empty, d no record: "Empty", weight 0, contribution 0).
    // View: a removed; b alone counts: weight 1, contribution 80 %; c and d are "-".
    const setup: Case = {
      categories: [course('natural')],
      items: [item('a', 10, { hidden: true }), item('b', 10), item('c', 10), item('d', 10)],
      options: excluding,
    };
    const gb = gradebookOf(setup, { a: 5, b: 8, c: null });
    expect(gb.items.c).toMatchObject({ status: 'novalue', weight: 0, contribution: 0 });
    expect(gb.items.d).toMatchObject({ status: 'novalue', weight: 0, contribution: 0 });
    expect(gb.studentView.totals.course).toMatchObject({ value: 8, max: 10 });
    expect(gb.studentView.items.b!.weight).toBe(1);
    expect(gb.studentView.items.b!.contribution).toBeCloseTo(80, 10);
    expect(gb.studentView.items.c).toEqual({ weight: null, contribution: null });
    expect(gb.studentView.items.d).toEqual({ weight: null, contribution: null });
    const line = gb.studentView.totals.course!.explanation!.children.find((l) => l.id === 'c');
    expect(line).toMatchObject({ status: 'novalue', weight: null, part: null });
  });

  it('applies drop lowest in the view even where Natural does not allow it', () => {
    // Different maxima: the real total ignores "drop lowest 1": 2 + 18 + 15 + 5 = 40 of 70.
    // View: h removed; a .2, b .9, c .5 → a dropped; b, c: G 50, u .4/.6 → 18 + 15 = 33 of 50.
    const setup: Case = {
      categories: [course('natural', { dropLowest: 1 })],
      items: [item('a', 10), item('b', 20), item('c', 30), item('h', 10, { hidden: true })],
      options: excluding,
    };
    const gb = gradebookOf(setup, { a: 2, b: 18, c: 15, h: 5 });
    expect(gb.course).toMatchObject({ value: 40, max: 70 });
    expect(gb.course.explanation).toMatchObject({ limit: null, limitIgnored: true });
    const view = gb.studentView.totals.course!;
    expect(view).toMatchObject({ value: 33, min: 0, max: 50 });
    expect(view.explanation).toMatchObject({ limit: { rule: 'dropLowest', count: 1 }, limitIgnored: false });
    expect(view.explanation!.children.find((l) => l.id === 'a')).toMatchObject({ status: 'dropped', reason: 'dropLowest', weight: 0 });
    expect(gb.studentView.items.a!.weight).toBe(0);
  });

  it('always recomputes a Natural category, so its minimums show even without a hidden grade in it', () => {
    // k real: 7 of 10 (minimum ignored, 70 %). View: (7 − 4)/(10 − 4) = .5 → 4 + .5 · 6 = 7 on 4..10 (50 %).
    // Course view: h removed; k alone on 4..10 → 7 on 4..10.
    const setup: Case = {
      categories: [course('natural'), category('k', 'natural')],
      items: [item('p', 10, { min: 4, categoryId: 'k' }), item('h', 10, { hidden: true })],
      options: excluding,
    };
    const gb = gradebookOf(setup, { p: 7, h: 10 });
    expect(gb.totals.k).toMatchObject({ value: 7, min: 0, max: 10, percent: 70 });
    expect(gb.course).toMatchObject({ value: 17, max: 20 });
    expect(gb.studentView.totals.k).toMatchObject({ value: 7, min: 4, max: 10, percent: 50 });
    expect(gb.studentView.totals.course).toMatchObject({ value: 7, min: 4, max: 10, percent: 50 });
  });

  it('removes a hidden category from its parent and shows it as "-" when nothing is left in it', () => {
    const setup = (hiddenPolicy: 'hideTotals' | 'showExcluding'): Case => ({
      categories: [course('natural'), category('k', 'natural', { hidden: true })],
      items: [item('a', 10, { categoryId: 'k' }), item('b', 10)],
      options: { hiddenPolicy },
    });
    // Real: 8 + 5 = 13 of 20.
    const gb = gradebookOf(setup('showExcluding'), { a: 8, b: 5 });
    expect(gb.course.value).toBe(13);
    expect(gb.totals.k!.hidden).toBe(true);
    expect(gb.studentView.totals.k!.value).toBeNull();
    expect(gb.studentView.totals.course).toMatchObject({ value: 5, max: 10 });
    expect(lineOf(gb, 'course', 'k')).toMatchObject({ status: 'used' });
    expect(gb.studentView.totals.course!.explanation!.children.find((l) => l.id === 'k')).toMatchObject({ status: 'dropped', reason: 'hidden' });
    const hide = gradebookOf(setup('hideTotals'), { a: 8, b: 5 });
    expect(hide.studentView.totals.k).toBeNull();
    expect(hide.studentView.totals.course).toBeNull();
  });

  it('counts a remaining empty grade as 0 when the category does not exclude empty grades', () => {
    // Real: mean(1, .6, 0) = 53.33333; view: a removed → mean(.6, 0) = 30.
    const setup: Case = {
      categories: [course('mean', { excludeEmpty: false })],
      items: [item('a', 10, { hidden: true }), item('b', 10), item('c', 10)],
      options: excluding,
    };
    const gb = gradebookOf(setup, { a: 10, b: 6, c: null });
    expect(gb.course.value).toBe(53.33333);
    expect(gb.studentView.totals.course!.value).toBe(30);
    expect(gb.studentView.items.c!.weight).toBe(0.5);
  });

  it('keeps an overridden total as entered in the view', () => {
    const setup: Case = {
      categories: [course('natural'), category('k', 'mean')],
      items: [item('a', 10, { hidden: true, categoryId: 'k' }), item('b', 10, { categoryId: 'k' }), item('c', 10)],
      options: excluding,
    };
    const gb = gradebookOf(setup, { a: 10, b: 0, c: 10 }, { k: { value: 80, overridden: true } });
    expect(gb.studentView.totals.k).toMatchObject({ value: 80 });
    expect(gb.studentView.totals.k).toBe(gb.totals.k);
    // course view: k 80 of 100 + c 10 of 10 → 90 of 110
    expect(gb.studentView.totals.course).toMatchObject({ value: 90, max: 110 });
  });
});

describe('calculated items under exclude-hidden (§5)', () => {
  const setup: Case = {
    categories: [course('natural'), category('k', 'mean'), category('m', 'mean')],
    items: [
      item('calc', 10, { categoryId: 'k', calculatedFrom: ['h'] }),
      item('x', 10, { categoryId: 'k' }),
      item('h', 10, { categoryId: 'm', hidden: true }),
      item('y', 10, { categoryId: 'm' }),
      item('z', 10, { hidden: true }),
    ],
    options: excluding,
  };

  it('keeps every total above a calculated item whose formula reads a hidden grade, recomputes the rest', () => {
    // Real: k = mean(.8, .4) = 60; m = mean(1, 0) = 50; course = 60 + 50 + 5 = 115 of 210.
    const gb = gradebookOf(setup, { calc: 8, x: 4, h: 10, y: 0, z: 5 });
    expect(gb.course).toMatchObject({ value: 115, max: 210 });
    // k and the course hold the calculated item: kept as stored; m has the hidden grade: y alone → 0.
    expect(gb.studentView.totals.k).toBe(gb.totals.k);
    expect(gb.studentView.totals.course).toBe(gb.course);
    expect(gb.studentView.totals.m!.value).toBe(0);
  });

  it('recomputes normally when the hidden input of the formula is empty', () => {
    // h empty: m real = y alone = 0; course real = 60 + 0 + 5 = 65 of 210.
    // View: z removed; course: k .6, m 0 on 0..100 each → 60 of 200; k and m have no hidden grade: kept.
    const gb = gradebookOf(setup, { calc: 8, x: 4, h: null, y: 0, z: 5 });
    expect(gb.course).toMatchObject({ value: 65, max: 210 });
    expect(gb.studentView.totals.course).toMatchObject({ value: 60, max: 200 });
    expect(gb.studentView.totals.k).toBe(gb.totals.k);
    expect(gb.studentView.totals.m).toBe(gb.totals.m);
  });
});

describe('extra-credit means under exclude-hidden (§3.6.7–8, §5)', () => {
  it('recomputes a simple weighted mean without the hidden item’s range', () => {
    // Real: W = 10 + 30 + 20 = 60; s = 5 + 15 + 20 = 40, x adds 10 → 50/60 = 83.33333; x weight 10/60.
    // View: h removed: W = 40; s = 20, x adds 10 → 30/40 = 75; x weight 10/40.
    const setup: Case = {
      categories: [course('simpleWeightedMean')],
      items: [item('a', 10), item('b', 30), item('x', 10, { extraCredit: true }), item('h', 20, { hidden: true })],
      options: excluding,
    };
    const gb = gradebookOf(setup, { a: 5, b: 15, x: 10, h: 20 });
    expect(gb.course.value).toBe(83.33333);
    expect(gb.items.x!.weight).toBeCloseTo(10 / 60, 12);
    expect(gb.studentView.totals.course!.value).toBe(75);
    expect(gb.studentView.items.x!.weight).toBeCloseTo(0.25, 12);
    expect(gb.studentView.items.b!.weight).toBeCloseTo(0.75, 12);
  });

  it('clamps a mean with extra credits that the hidden item’s 0 was holding down, and cuts the extra weight', () => {
    // Real: three normal children .5, 1, 0 → 1.5, x adds .8 → 2.3/3 = 76.66667; x weight 1/3 (unclamped).
    // View: h removed: 1.5/2 = 75 before x; x brings 2.3/2 = 115 → clamped to 100;
    // x's weight: the 25 points it could still add, (100 − 75)/100 / .8 = .3125 instead of 1/2.
    const setup: Case = {
      categories: [course('meanWithExtraCredits')],
      items: [item('a', 10), item('b', 10), item('x', 10, { extraCredit: true }), item('h', 10, { hidden: true })],
      options: excluding,
    };
    const gb = gradebookOf(setup, { a: 5, b: 10, x: 8, h: 0 });
    expect(gb.course.value).toBe(76.66667);
    expect(gb.items.x!.weight).toBeCloseTo(1 / 3, 12);
    const view = gb.studentView.totals.course!;
    expect(view).toMatchObject({ value: 100, percent: 100 });
    expect(view.explanation!.clamped).toBe(true);
    expect(view.explanation!.unclamped).toBeCloseTo(115, 10);
    expect(gb.studentView.items.x!.weight).toBeCloseTo(0.3125, 12);
  });
});
