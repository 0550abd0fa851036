import { describe, expect, it } from 'vitest';
import { resetCoefficientsFor, setupWeights } from './setup-weights.ts';
import { AGGREGATION_METHODS, type AggregationMethod } from './types.ts';
import { category, course, item } from './test-setup.ts';

/** Weights on the grade-setup page, before any student (semantics §2.2, §2.3). */

describe('setupWeights', () => {
  it('shows Natural automatic, overridden and extra-credit weights, and null for the course', () => {
    // Overridden q 25 %; automatic p, r share the rest by maxima: 40/(40+60) × 0.75 = 0.3, 0.45.
    // Extra credit x: 10 / T where T = 40 + 60 + 80 (q's 80 counts) = 180.
    const w = setupWeights({
      categories: [course('natural')],
      items: [item('p', 40), item('q', 80, { weightOverride: 25 }), item('r', 60), item('x', 10, { extraCredit: true })],
    });
    expect(w.course).toBeNull();
    expect(w.p).toBeCloseTo(0.3, 12);
    expect(w.q).toBeCloseTo(0.25, 12);
    expect(w.r).toBeCloseTo(0.45, 12);
    expect(w.x).toBeCloseTo(10 / 180, 12);
  });

  it('normalises Natural overrides summing above 100 % and zeroes the automatic ones', () => {
    // 90 % + 60 % = 1.5 > 1 → 0.6 and 0.4; the automatic child gets nothing.
    const w = setupWeights({
      categories: [course('natural')],
      items: [item('a', 10, { weightOverride: 90 }), item('b', 10, { weightOverride: 60 }), item('c', 30)],
    });
    expect(w.a).toBeCloseTo(0.6, 12);
    expect(w.b).toBeCloseTo(0.4, 12);
    expect(w.c).toBe(0);
  });

  it('weighs categories in a Natural course by their own maxima', () => {
    // Quizzes (Natural) max 30, Tasks (mean) max 100 by default → 30/130, 100/130.
    const w = setupWeights({
      categories: [course('natural'), category('quizzes', 'natural'), category('tasks', 'mean')],
      items: [item('q1', 10, { categoryId: 'quizzes' }), item('q2', 20, { categoryId: 'quizzes' }), item('t1', 50, { categoryId: 'tasks' })],
    });
    expect(w.quizzes).toBeCloseTo(30 / 130, 12);
    expect(w.tasks).toBeCloseTo(100 / 130, 12);
    expect(w.q1).toBeCloseTo(1 / 3, 12);
    expect(w.t1).toBe(1);
  });

  it('divides weighted-mean coefficients by their positive sum (≤ 0 shows 0)', () => {
    const w = setupWeights({
      categories: [course('weightedMean')],
      items: [item('a', 10, { weight: 3 }), item('b', 10), item('c', 10, { weight: 0 }), item('d', 10, { weight: -2 })],
    });
    expect(w).toEqual({ course: null, a: 0.75, b: 0.25, c: 0, d: 0 });
  });

  it('gives mean 1/n over participating children and null to what takes no part', () => {
    const w = setupWeights({
      categories: [course('mean')],
      items: [item('a', 10), item('b', 10), item('t', 0, { type: 'text' }), item('s', 0, { type: 'scale', scaleId: 'ok' })],
      scales: [{ id: 'ok', values: ['no', 'yes'] }],
      options: { includeScales: false },
    });
    expect(w).toEqual({ course: null, a: 0.5, b: 0.5, t: null, s: null });
  });

  it('weighs simple weighted mean by ranges and mean with extra credits by count', () => {
    const swm = setupWeights({
      categories: [course('simpleWeightedMean')],
      items: [item('a', 30), item('b', 10), item('x', 20, { extraCredit: true })],
    });
    expect(swm).toEqual({ course: null, a: 0.75, b: 0.25, x: 0.5 });
    const mec = setupWeights({
      categories: [course('meanWithExtraCredits')],
      items: [item('a', 30), item('b', 10), item('c', 10), item('x', 20, { extraCredit: true, extraCreditWeight: 2 })],
    });
    expect(mec.a).toBeCloseTo(1 / 3, 12);
    expect(mec.x).toBeCloseTo(1 / 3, 12);
  });

  it('has no weight without a student for median, lowest, highest and mode', () => {
    for (const m of ['median', 'lowest', 'highest', 'mode'] as const) {
      expect(setupWeights({ categories: [course(m)], items: [item('a', 10), item('b', 20)] })).toEqual({ course: null, a: null, b: null });
    }
  });
});

describe('resetCoefficientsFor (§2.2)', () => {
  const overridden = { weight: 40, extraCredit: false };
  const extra = { weight: 10, extraCredit: true };

  it('keeps everything when the method does not change', () => {
    for (const m of AGGREGATION_METHODS) expect(resetCoefficientsFor(m, m, extra)).toEqual(extra);
  });

  it('resets to weight 1 (default) under weighted mean, whatever came before', () => {
    for (const prev of AGGREGATION_METHODS.filter((m) => m !== 'weightedMean')) {
      expect(resetCoefficientsFor('weightedMean', prev, extra)).toEqual({ weight: null, extraCredit: false });
    }
  });

  it('makes Natural weights automatic and drops extra credit coming from a method without it', () => {
    expect(resetCoefficientsFor('natural', 'mean', extra)).toEqual({ weight: null, extraCredit: false });
    expect(resetCoefficientsFor('natural', 'weightedMean', { weight: 8, extraCredit: false })).toEqual({ weight: null, extraCredit: false });
    expect(resetCoefficientsFor('natural', 'simpleWeightedMean', overridden)).toEqual({ weight: null, extraCredit: false });
  });

  it('keeps the extra-credit flag between the three extra-credit methods, with the default weight', () => {
    const cases: [AggregationMethod, AggregationMethod][] = [
      ['meanWithExtraCredits', 'natural'],
      ['simpleWeightedMean', 'natural'],
      ['natural', 'simpleWeightedMean'],
      ['simpleWeightedMean', 'meanWithExtraCredits'],
      ['natural', 'meanWithExtraCredits'],
    ];
    for (const [to, from] of cases) expect(resetCoefficientsFor(to, from, extra)).toEqual({ weight: null, extraCredit: true });
  });

  it('does not carry a mean-with-extra-credits weight ≤ 0 as extra credit', () => {
    expect(resetCoefficientsFor('natural', 'meanWithExtraCredits', { weight: 0, extraCredit: true })).toEqual({ weight: null, extraCredit: false });
  });

  it('clears everything under methods without coefficients', () => {
    for (const to of ['mean', 'median', 'lowest', 'highest', 'mode'] as const) {
      expect(resetCoefficientsFor(to, 'natural', extra)).toEqual({ weight: null, extraCredit: false });
    }
  });
});
