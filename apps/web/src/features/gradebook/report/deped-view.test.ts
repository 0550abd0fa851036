import { describe, expect, it } from 'vitest';
import type { DepedCourseReport, QuarterResult } from '@klase/core/deped/contracts';
import { computeQuarter } from '@klase/core/deped/engine';
import { DEFAULT_DESCRIPTORS, DEFAULT_TRANSMUTATION } from '@klase/core/deped/defaults';
import { explainQuarter, hasScores, headlineOf } from './deped-view.ts';

const weights = { ww: 30, pt: 50, qa: 20 };
const quarter = (n: 1 | 2 | 3 | 4, scores: { ww: [number, number][]; pt: [number, number][]; qa: [number, number][] }): QuarterResult =>
  computeQuarter(
    n,
    weights,
    {
      ww: scores.ww.map(([score, max]) => ({ score, max })),
      pt: scores.pt.map(([score, max]) => ({ score, max })),
      qa: scores.qa.map(([score, max]) => ({ score, max })),
    },
    DEFAULT_TRANSMUTATION,
    DEFAULT_DESCRIPTORS,
  );
const empty = (n: 1 | 2 | 3 | 4) => quarter(n, { ww: [], pt: [], qa: [] });

const report = (quarters: QuarterResult[], headline: DepedCourseReport['headline'] = null): DepedCourseReport => ({
  subjectGroup: 'languages',
  mapehPart: null,
  quarters,
  final: null,
  finalDescriptor: null,
  headline,
  remarks: null,
});

describe('headlineOf', () => {
  // Q1: WW 18/20 = 90 → 27; PT 40/50 = 80 → 40; QA 35/50 = 70 → 14; initial 81.00 → 88 (row 80.80–82.39).
  const q1 = quarter(1, { ww: [[18, 20]], pt: [[40, 50]], qa: [[35, 50]] });
  // Q2: only WW scored so far: incomplete.
  const q2 = quarter(2, { ww: [[10, 10]], pt: [], qa: [] });

  it('takes the latest quarter with a quarterly grade when the API gives none', () => {
    expect(q1.quarterly).toBe(88);
    expect(headlineOf(report([q1, q2, empty(3), empty(4)]))).toEqual({ quarter: 1, grade: 88, descriptor: 'verySatisfactory' });
  });

  it("prefers the API's headline", () => {
    expect(headlineOf(report([q1, q2, empty(3), empty(4)], { quarter: 2, grade: 99, descriptor: 'outstanding' }))).toEqual({
      quarter: 2,
      grade: 99,
      descriptor: 'outstanding',
    });
  });

  it('is null before any quarterly grade', () => {
    expect(headlineOf(report([q2, empty(2), empty(3), empty(4)]))).toBeNull();
  });
});

describe('explainQuarter', () => {
  it("tells the order's worked example step by step (84.86 → 90)", () => {
    // WW 30 % of PS 78.33 = 23.50 (47/60), PT 50 % of PS 90.00 = 45.00 (108/120), QA 20 % of PS 81.80 = 16.36 (40.9/50).
    const q = quarter(2, { ww: [[47, 60]], pt: [[108, 120]], qa: [[40.9, 50]] });
    expect(q.initial).toBe(84.86);
    const e = explainQuarter(q);
    expect(e.components[0]).toEqual({
      key: 'deped.explain.component',
      params: { component: 'ww', weight: '30', items: 1, raw: '47', highest: '60', ps: '78.33', ws: '23.50' },
    });
    expect(e.initial).toEqual({ key: 'deped.explain.initial', params: { sum: '23.50 + 45.00 + 16.36', initial: '84.86' } });
    expect(e.transmuted).toEqual({ key: 'deped.explain.transmuted', params: { initial: '84.86', min: '84.00', grade: 90 } });
  });

  it('says which component has no score yet and that the quarter is incomplete', () => {
    const q = quarter(2, { ww: [[10, 10]], pt: [], qa: [] });
    const e = explainQuarter(q);
    expect(e.components[1]).toEqual({ key: 'deped.explain.componentEmpty', params: { component: 'pt', weight: '50' } });
    expect(e.initial.key).toBe('deped.explain.incomplete');
    expect(e.transmuted).toBeNull();
    expect(hasScores(q)).toBe(true);
    expect(hasScores(empty(3))).toBe(false);
  });
});
