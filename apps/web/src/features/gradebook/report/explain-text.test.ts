import { afterAll, describe, expect, it } from 'vitest';
import { computeGradebook } from '@klase/core/gradebook/engine';
import type { GradebookSetup, ItemGrade, TotalExplanation } from '@klase/core/gradebook/types';
import { changeLanguage, i18next } from '../../../i18n/i18n.ts';
import { explainTotal, percentText, shareText, type Phrase, type TotalExplained } from './explain-text.ts';

const say = (p: Phrase | null, lng = 'en-us') => (p ? i18next.getFixedT(lng, 'gradeReport')(p.key, p.params) : null);
const NAMES = { q1: 'Quiz 1', q2: 'Quiz 2', q3: 'Quiz 3', q4: 'Quiz 4', exam: 'Exam', wq: 'Written work', pt: 'Performance task' };

/** The course total's explanation, as the engine gives it. */
const courseExplanation = (setup: GradebookSetup, grades: Record<string, ItemGrade>): TotalExplanation => {
  const [result] = computeGradebook(setup, [{ studentId: 's1', grades }]);
  const exp = result!.course.explanation;
  if (!exp) throw new Error('no explanation');
  return exp;
};

const childLines = (e: TotalExplained) =>
  e.children.map((c) => `${c.name}: ${i18next.getFixedT('en-us', 'gradeReport')('explain.childFacts', c.facts)}${c.note ? ` — ${say(c.note)}` : ''}`);

afterAll(() => changeLanguage('en-us'));

describe('explainTotal', () => {
  // Four quizzes of 10 points, Natural, drop the lowest, one quiz not taken yet.
  const naturalSetup: GradebookSetup = {
    categories: [{ id: 'course', parentId: null, aggregation: 'natural', dropLowest: 1 }],
    items: ['q1', 'q2', 'q3', 'q4'].map((id) => ({ id, categoryId: 'course', type: 'value' as const, max: 10 })),
  };

  it('explains Natural with the lowest grade dropped and an empty grade left out', () => {
    const e = explainTotal(courseExplanation(naturalSetup, { q1: { value: 8 }, q2: { value: 5 }, q3: { value: 9 }, q4: { value: null } }), NAMES);
    expect(say(e.method)).toBe('Natural: points earned out of points possible.');
    expect(e.rules.map((r) => say(r))).toEqual(['Empty grades are left out.', 'The lowest grade is dropped.']);
    expect(childLines(e)).toEqual([
      'Quiz 1: 8.00 of 0.00–10.00 (80.00 %) · weight 50.00 % · adds 40.00 %',
      'Quiz 2: 5.00 of 0.00–10.00 (50.00 %) · weight 0.00 % · adds 0.00 % — Dropped: the lowest grade.',
      'Quiz 3: 9.00 of 0.00–10.00 (90.00 %) · weight 50.00 % · adds 45.00 %',
      'Quiz 4: - of 0.00–10.00 (-) · weight 0.00 % · adds - — Empty: left out.',
    ]);
    expect(e.children.map((c) => c.counted)).toEqual([true, false, true, false]);
    expect(say(e.result)).toBe('Together the counted grades make 85.00 % of the 20.00 points possible: 17.00.');
    expect(e.clamped).toBeNull();
    expect(e.source).toBeNull();
    expect(e.empty).toBeNull();
  });

  it('says how many grades are dropped when more than one is', () => {
    const e = explainTotal(
      courseExplanation(
        { ...naturalSetup, categories: [{ id: 'course', parentId: null, aggregation: 'natural', dropLowest: 2 }] },
        { q1: { value: 8 }, q2: { value: 5 }, q3: { value: 9 }, q4: { value: 2 } },
      ),
      NAMES,
    );
    expect(e.rules.map((r) => say(r))).toEqual(['The lowest 2 grades are dropped.']);
    expect(e.children.filter((c) => !c.counted).map((c) => `${c.name} ${say(c.note)}`)).toEqual([
      'Quiz 2 Dropped: one of the lowest 2.',
      'Quiz 4 Dropped: one of the lowest 2.',
    ]);
  });

  it('explains a weighted mean with each weight and part, empty grades counting as 0', () => {
    const setup: GradebookSetup = {
      categories: [{ id: 'course', parentId: null, aggregation: 'weightedMean', excludeEmpty: false, max: 100 }],
      items: [
        { id: 'wq', categoryId: 'course', type: 'value', max: 50, weight: 1 },
        { id: 'pt', categoryId: 'course', type: 'value', max: 20, weight: 3 },
        { id: 'exam', categoryId: 'course', type: 'value', max: 100, weight: 4 },
      ],
    };
    const e = explainTotal(courseExplanation(setup, { wq: { value: 40 }, pt: { value: 15 }, exam: { value: null } }), NAMES);
    expect(say(e.method)).toBe('Weighted mean: each grade counts as much as its weight.');
    expect(e.rules.map((r) => say(r))).toEqual(['Empty grades count as 0.']);
    expect(childLines(e)).toEqual([
      'Written work: 40.00 of 0.00–50.00 (80.00 %) · weight 12.50 % · adds 10.00 %',
      'Performance task: 15.00 of 0.00–20.00 (75.00 %) · weight 37.50 % · adds 28.13 %',
      'Exam: - of 0.00–100.00 (0.00 %) · weight 50.00 % · adds 0.00 % — Empty: counts as 0.',
    ]);
    expect(say(e.result)).toBe('Together they make 38.13 % of the range 0.00–100.00: 38.13.');
  });

  it('says a total was capped at the maximum by extra credit', () => {
    const setup: GradebookSetup = {
      categories: [{ id: 'course', parentId: null, aggregation: 'natural' }],
      items: [
        { id: 'q1', categoryId: 'course', type: 'value', max: 10 },
        { id: 'q2', categoryId: 'course', type: 'value', max: 10, extraCredit: true },
      ],
    };
    const e = explainTotal(courseExplanation(setup, { q1: { value: 9 }, q2: { value: 5 } }), NAMES);
    expect(e.rules.map((r) => say(r))).toContain('Extra credit is added on top of the regular grades.');
    expect(say(e.children[1]!.note)).toBe('Extra credit: added on top.');
    expect(say(e.clamped)).toBe('The result was capped at the maximum: 10.00.');
  });

  it('names excused grades and hands locked totals to the teacher', () => {
    const exp = courseExplanation(naturalSetup, { q1: { value: 8 }, q2: { value: 5, excluded: true } });
    const e = explainTotal(exp, NAMES);
    expect(say(e.children[1]!.note)).toBe('Excused: left out.');

    const locked = explainTotal({ ...exp, source: 'locked' }, NAMES);
    expect(say(locked.source)).toBe('Set by the teacher: this total is locked and keeps its value.');
    expect(locked.result).toBeNull();
    expect(locked.rules).toEqual([]);
    expect(say(explainTotal({ ...exp, source: 'overridden' }, NAMES).source)).toBe('Set by the teacher: the teacher entered this total.');
  });

  it('says why a total is empty, and names every method', () => {
    const e = explainTotal(courseExplanation(naturalSetup, { q1: { value: null } }), NAMES);
    expect(e.result).toBeNull();
    expect(say(e.empty)).toBe('Every grade in it is empty, so this total is empty.');
    const methods = ['natural', 'mean', 'weightedMean', 'simpleWeightedMean', 'meanWithExtraCredits', 'median', 'lowest', 'highest', 'mode'] as const;
    const texts = methods.map((method) => say(explainTotal({ ...courseExplanation(naturalSetup, { q1: { value: 1 } }), method }, NAMES).method));
    expect(new Set(texts).size).toBe(9);
    expect(texts.every((t) => t && !t.startsWith('explain.'))).toBe(true);
  });

  it('leaves unknown names to the panel and speaks Filipino and Chinese', async () => {
    const e = explainTotal(courseExplanation(naturalSetup, { q1: { value: 8 }, q2: { value: 5 } }), {});
    expect(e.children[0]!.name).toBeNull();
    await changeLanguage('ph');
    expect(say(e.method, 'ph')).toBe('Natural: mga puntos na nakuha mula sa kabuuang puntos na maaaring makuha.');
    await changeLanguage('zh');
    expect(say(e.method, 'zh')).toBe('自然累加：所得分数除以可得总分。');
  });
});

describe('percentText and shareText', () => {
  it('print percentages and shares, "-" for none', () => {
    expect(percentText(87.5)).toBe('87.50 %');
    expect(percentText(null)).toBe('-');
    expect(shareText(0.125)).toBe('12.50 %');
    expect(shareText(null)).toBe('-');
  });
});
