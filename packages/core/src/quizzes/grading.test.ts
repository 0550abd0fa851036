import { describe, expect, it } from 'vitest';
import {
  GRADING_METHODS,
  combineAttempts,
  scaleToPoints,
  gradeAnswer,
  gradeAttempt,
  passed,
  percentOf,
  roundPoints,
  withinTolerance,
  type AttemptScore,
} from './grading.ts';
import type { AnswerValue } from './questions.ts';
import { sample, sharedRightPairs } from './test-questions.ts';

const mc = (...choiceIds: string[]): AnswerValue => ({ type: 'multipleChoice', choiceIds });
const text = (t: string): AnswerValue => ({ type: 'shortAnswer', text: t });
const num = (value: number): AnswerValue => ({ type: 'numeric', value });
const match = (pairs: Record<string, string>): AnswerValue => ({ type: 'matching', pairs });
const essay = (html: string): AnswerValue => ({ type: 'essay', html });
const full = (points: number) => ({ points, max: points, correct: true, pending: false });
const part = (points: number, max: number) => ({ points, max, correct: false, pending: false });

describe('roundPoints', () => {
  it('rounds to 2 decimals, half away from zero, despite binary noise', () => {
    expect(roundPoints(1.005)).toBe(1.01);
    expect(roundPoints(2 / 3)).toBe(0.67);
    expect(roundPoints(0.1 + 0.2)).toBe(0.3);
    expect(roundPoints(-1.005)).toBe(-1.01);
    expect(roundPoints(12.344)).toBe(12.34);
    expect(Object.is(roundPoints(-0.001), 0)).toBe(true);
    expect(roundPoints(Number.NaN)).toBe(0);
  });
});

describe('multiple choice, one answer', () => {
  const q = sample('multipleChoice');

  it('is all or nothing', () => {
    expect(gradeAnswer(q, mc('k3f9'))).toEqual(full(2));
    expect(gradeAnswer(q, mc('x81q'))).toEqual(part(0, 2));
    expect(gradeAnswer(q, mc('k3f9', 'x81q'))).toEqual(part(0, 2));
  });

  it('scores no answer, an empty pick or an answer of another type as 0', () => {
    expect(gradeAnswer(q, null)).toEqual(part(0, 2));
    expect(gradeAnswer(q, undefined)).toEqual(part(0, 2));
    expect(gradeAnswer(q, mc())).toEqual(part(0, 2));
    expect(gradeAnswer(q, { type: 'trueFalse', value: true })).toEqual(part(0, 2));
  });

  it('ignores unknown choice ids and counts a repeated id once', () => {
    expect(gradeAnswer(q, mc('k3f9', 'not-a-choice'))).toEqual(full(2));
    expect(gradeAnswer(q, mc('k3f9', 'k3f9'))).toEqual(full(2));
    expect(gradeAnswer(q, mc('not-a-choice'))).toEqual(part(0, 2));
  });
});

describe('multiple choice, several answers', () => {
  // Correct: Luzon, Visayas, Mindanao (3 of 5); 3 points.
  const q = sample('multipleChoice', {
    points: 3,
    multiple: true,
    choices: [
      { id: 'lz', text: 'Luzon' },
      { id: 'vs', text: 'Visayas' },
      { id: 'mn', text: 'Mindanao' },
      { id: 'bo', text: 'Borneo' },
      { id: 'jv', text: 'Java' },
    ],
    correct: ['lz', 'vs', 'mn'],
  });

  it('gives (right − wrong) / correct choices of the points, never below 0', () => {
    expect(gradeAnswer(q, mc('lz', 'vs', 'mn'))).toEqual(full(3));
    expect(gradeAnswer(q, mc('lz', 'vs'))).toEqual(part(2, 3));
    expect(gradeAnswer(q, mc('lz', 'vs', 'bo'))).toEqual(part(1, 3));
    expect(gradeAnswer(q, mc('lz', 'bo', 'jv'))).toEqual(part(0, 3));
    expect(gradeAnswer(q, mc('lz', 'vs', 'mn', 'bo', 'jv'))).toEqual(part(1, 3));
  });

  it('counts repeats once and ignores unknown ids', () => {
    expect(gradeAnswer(q, mc('lz', 'lz', 'lz'))).toEqual(part(1, 3));
    expect(gradeAnswer(q, mc('lz', 'vs', 'mn', 'ghost'))).toEqual(full(3));
  });

  it('rounds partial credit to 2 decimals', () => {
    expect(gradeAnswer({ ...q, points: 1 }, mc('lz', 'vs'))).toEqual(part(0.67, 1));
    expect(gradeAnswer({ ...q, points: 1 }, mc('lz'))).toEqual(part(0.33, 1));
  });
});

describe('true/false', () => {
  it('compares the value, false keys included', () => {
    expect(gradeAnswer(sample('trueFalse'), { type: 'trueFalse', value: true })).toEqual(full(1));
    expect(gradeAnswer(sample('trueFalse'), { type: 'trueFalse', value: false })).toEqual(part(0, 1));
    expect(gradeAnswer(sample('trueFalse', { correct: false }), { type: 'trueFalse', value: false })).toEqual(full(1));
    expect(gradeAnswer(sample('trueFalse'), null)).toEqual(part(0, 1));
  });
});

describe('short answer', () => {
  const q = sample('shortAnswer');

  it('ignores case, surrounding and repeated whitespace', () => {
    expect(gradeAnswer(q, text('  jose   RIZAL '))).toEqual(full(1));
    expect(gradeAnswer(q, text('José\tRizal\n'))).toEqual(full(1));
    expect(gradeAnswer(q, text('Bonifacio'))).toEqual(part(0, 1));
  });

  it('ignores Unicode normalization but not accents', () => {
    // "é" typed as e + combining acute (NFD) matches the accepted NFC "é".
    expect(gradeAnswer(sample('shortAnswer', { accepted: ['José'] }), text('Jose\u0301'))).toEqual(full(1));
    expect(gradeAnswer(sample('shortAnswer', { accepted: ['José'] }), text('Jose'))).toEqual(part(0, 1));
  });

  it('respects case when asked', () => {
    const cs = sample('shortAnswer', { accepted: ['NaCl'], caseSensitive: true });
    expect(gradeAnswer(cs, text(' NaCl '))).toEqual(full(1));
    expect(gradeAnswer(cs, text('nacl'))).toEqual(part(0, 1));
  });

  it('scores a blank answer as 0', () => {
    expect(gradeAnswer(q, text('   '))).toEqual(part(0, 1));
    expect(gradeAnswer(q, text(''))).toEqual(part(0, 1));
  });
});

describe('numeric', () => {
  it('accepts values within the absolute tolerance', () => {
    const q = sample('numeric'); // 9.81 ± 0.05, 3 points
    expect(gradeAnswer(q, num(9.81))).toEqual(full(3));
    expect(gradeAnswer(q, num(9.86))).toEqual(full(3));
    expect(gradeAnswer(q, num(9.76))).toEqual(full(3));
    expect(gradeAnswer(q, num(9.87))).toEqual(part(0, 3));
    expect(gradeAnswer(q, num(9.75))).toEqual(part(0, 3));
  });

  it('handles negative numbers and a tolerance of 0', () => {
    const q = sample('numeric', { answer: -273.15, tolerance: 0 });
    expect(gradeAnswer(q, num(-273.15))).toEqual(full(3));
    expect(gradeAnswer(q, num(273.15))).toEqual(part(0, 3));
    expect(gradeAnswer(q, num(-273.1500001))).toEqual(part(0, 3));
  });

  it('does not count float error as a mistake', () => {
    expect(gradeAnswer(sample('numeric', { answer: 0.3, tolerance: 0 }), num(0.1 + 0.2))).toEqual(full(3));
    expect(gradeAnswer(sample('numeric', { answer: 0.2, tolerance: 0.1 }), num(0.1 + 0.2))).toEqual(full(3));
    expect(withinTolerance(1.1 * 3, 3.3, 0)).toBe(true);
  });

  it('still tells close numbers apart at any magnitude', () => {
    expect(withinTolerance(1_000_001, 1_000_000, 0)).toBe(false);
    expect(withinTolerance(2e-9, 1e-9, 0)).toBe(false);
    expect(withinTolerance(0, 1e-300, 0)).toBe(false);
    expect(withinTolerance(Number.NaN, 0, 1)).toBe(false);
  });
});

describe('matching', () => {
  const q = sample('matching'); // 4 pairs, 2 points
  const all = { l9c2: 'r7a1', lq0d: 'r2m8', l1zk: 'r5x3', l4wp: 'r0b6' };

  it('gives partial credit per correctly matched left', () => {
    expect(gradeAnswer(q, match(all))).toEqual(full(2));
    expect(gradeAnswer(q, match({ ...all, l4wp: 'r2m8' }))).toEqual(part(1.5, 2));
    expect(gradeAnswer(q, match({ l9c2: 'r7a1' }))).toEqual(part(0.5, 2));
    expect(gradeAnswer(q, match({ l9c2: 'r2m8', lq0d: 'r7a1' }))).toEqual(part(0, 2));
    expect(gradeAnswer(q, match({}))).toEqual(part(0, 2));
  });

  it('ignores unknown lefts and rights and object-prototype keys', () => {
    expect(gradeAnswer(q, match({ ...all, ghost: 'r7a1', l4wp: 'ghost' }))).toEqual(part(1.5, 2));
    expect(gradeAnswer(q, match(JSON.parse('{"__proto__":"r7a1","constructor":"r2m8","toString":"r5x3"}')))).toEqual(part(0, 2));
  });

  it('accepts either option when two pairs share a right-hand text', () => {
    const animals = sample('matching', { pairs: sharedRightPairs, points: 3 });
    expect(gradeAnswer(animals, match({ b1: 'a1', b2: 'a1', b3: 'a3' }))).toEqual(full(3));
    expect(gradeAnswer(animals, match({ b1: 'a3', b2: 'a1', b3: 'a2' }))).toEqual(part(1, 3));
  });
});

describe('essay', () => {
  const q = sample('essay'); // 10 points

  it('waits for the teacher', () => {
    expect(gradeAnswer(q, essay('<p>Bayanihan means helping one another.</p>'))).toEqual({ points: 0, max: 10, correct: null, pending: true });
  });

  it('scores a blank or missing essay as 0 without waiting', () => {
    expect(gradeAnswer(q, essay('<p> </p>'))).toEqual(part(0, 10));
    expect(gradeAnswer(q, null)).toEqual(part(0, 10));
  });

  it('takes the manual score, clamped to 0..max and rounded', () => {
    const a = essay('<p>Bayanihan means helping one another.</p>');
    expect(gradeAnswer(q, a, { manualPoints: 7.5 })).toEqual(part(7.5, 10));
    expect(gradeAnswer(q, a, { manualPoints: 10 })).toEqual(full(10));
    expect(gradeAnswer(q, a, { manualPoints: 12 })).toEqual(full(10));
    expect(gradeAnswer(q, a, { manualPoints: -3 })).toEqual(part(0, 10));
    expect(gradeAnswer(q, a, { manualPoints: 3.333 })).toEqual(part(3.33, 10));
    expect(gradeAnswer(q, a, { manualPoints: 0 })).toEqual(part(0, 10));
  });

  it('ignores a manual score that is not a number', () => {
    const a = essay('<p>Bayanihan</p>');
    expect(gradeAnswer(q, a, { manualPoints: null }).pending).toBe(true);
    expect(gradeAnswer(q, a, { manualPoints: Number.NaN }).pending).toBe(true);
  });

  it('lets a teacher override an automatic score too', () => {
    expect(gradeAnswer(sample('multipleChoice'), mc('x81q'), { manualPoints: 1 })).toEqual(part(1, 2));
  });
});

describe('gradeAttempt', () => {
  const questions = [sample('multipleChoice'), sample('trueFalse'), sample('numeric'), sample('essay')]; // 2 + 1 + 3 + 10

  it('adds up the automatic scores and stays pending while an essay waits', () => {
    const answers = {
      'q-multipleChoice': mc('k3f9'),
      'q-trueFalse': { type: 'trueFalse', value: false } as AnswerValue,
      'q-numeric': num(9.8),
      'q-essay': essay('<p>We help each other.</p>'),
    };
    const g = gradeAttempt(questions, answers);
    expect(g).toMatchObject({ score: 5, max: 16, pending: true });
    expect(g.perQuestion.map((p) => [p.questionId, p.points, p.correct])).toEqual([
      ['q-multipleChoice', 2, true],
      ['q-trueFalse', 0, false],
      ['q-numeric', 3, true],
      ['q-essay', 0, null],
    ]);
    expect(gradeAttempt(questions, answers, { 'q-essay': 8 })).toMatchObject({ score: 13, max: 16, pending: false });
  });

  it('scores unanswered questions as 0', () => {
    expect(gradeAttempt(questions, {})).toMatchObject({ score: 0, max: 16, pending: false });
    expect(gradeAttempt([], {})).toEqual({ score: 0, max: 0, pending: false, perQuestion: [] });
  });

  it('keeps sums free of float error', () => {
    const tenths = [sample('trueFalse', { points: 0.1 }, 'a'), sample('trueFalse', { points: 0.2 }, 'b')];
    const yes: AnswerValue = { type: 'trueFalse', value: true };
    expect(gradeAttempt(tenths, { a: yes, b: yes })).toMatchObject({ score: 0.3, max: 0.3 });
  });
});

describe('combineAttempts', () => {
  const at = (score: number, day: number, max = 20): AttemptScore => ({ score, max, submittedAt: `2026-06-${String(day).padStart(2, '0')}T08:00:00+08:00` });
  // Given out of order on purpose: day 3 (12), day 1 (15), day 2 (8).
  const attempts = [at(12, 3), at(15, 1), at(8, 2)];

  it('returns null without a finished attempt, for every method', () => {
    for (const method of GRADING_METHODS) {
      expect(combineAttempts(method, [])).toBeNull();
      expect(combineAttempts(method, [{ score: 10, max: 20, submittedAt: null }])).toBeNull();
    }
  });

  it('combines by each method, first and last by submission time', () => {
    expect(combineAttempts('highest', attempts)).toBe(15);
    expect(combineAttempts('average', attempts)).toBe(11.67);
    expect(combineAttempts('first', attempts)).toBe(15);
    expect(combineAttempts('last', attempts)).toBe(12);
  });

  it('leaves out unfinished attempts', () => {
    const withOpen = [...attempts, { score: 20, max: 20, submittedAt: null }];
    expect(combineAttempts('highest', withOpen)).toBe(15);
    expect(combineAttempts('average', withOpen)).toBe(11.67);
    expect(combineAttempts('last', withOpen)).toBe(12);
  });

  it('handles ties: equal scores, and equal times in the order given', () => {
    expect(combineAttempts('highest', [at(14, 1), at(14, 2), at(9, 3)])).toBe(14);
    const sameTime = [at(10, 5), at(16, 5), at(13, 5)];
    expect(combineAttempts('first', sameTime)).toBe(10);
    expect(combineAttempts('last', sameTime)).toBe(13);
    expect(combineAttempts('average', sameTime)).toBe(13);
  });

  it('accepts Date times', () => {
    const dated = [
      { score: 4, max: 5, submittedAt: new Date('2026-06-02T00:00:00Z') },
      { score: 2, max: 5, submittedAt: new Date('2026-06-01T00:00:00Z') },
    ];
    expect(combineAttempts('first', dated)).toBe(2);
    expect(combineAttempts('last', dated)).toBe(4);
  });

  it('puts an attempt graded against another max on the latest attempt’s scale', () => {
    expect(combineAttempts('highest', [at(9, 1, 10), at(15, 2, 20)])).toBe(18);
    expect(combineAttempts('average', [at(9, 1, 10), at(15, 2, 20)])).toBe(16.5);
  });

  it('issue 13: scales every attempt to the quiz’s maximum points (score = raw / total × maximum)', () => {
    // Questions worth 20 in all, the quiz worth 100: 12/20 is 60, 15/20 is 75, 8/20 is 40.
    expect(combineAttempts('highest', attempts, 100)).toBe(75);
    expect(combineAttempts('average', attempts, 100)).toBe(58.33);
    expect(combineAttempts('first', attempts, 100)).toBe(75);
    expect(combineAttempts('last', attempts, 100)).toBe(60);
    // Fewer points than the questions' total scale down; another total scales on its own.
    expect(combineAttempts('last', [at(7, 1, 7)], 10)).toBe(10);
    expect(combineAttempts('average', [at(9, 1, 10), at(15, 2, 20)], 50)).toBe(41.25);
    expect(combineAttempts('highest', [at(0, 1, 0)], 100)).toBe(0);
  });

  it('scaleToPoints rounds to 2 decimals', () => {
    expect(scaleToPoints(1, 3, 100)).toBe(33.33);
    expect(scaleToPoints(2, 3, 10)).toBe(6.67);
    expect(scaleToPoints(5, 0, 100)).toBe(0);
  });
});

describe('percentOf and passed', () => {
  it('gives the percentage with 2 decimals', () => {
    expect(percentOf(15, 20)).toBe(75);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('passes at the mark, never by rounding up', () => {
    expect(passed(15, 20, 75)).toBe(true);
    expect(passed(14.99, 20, 75)).toBe(false);
    expect(percentOf(14.999, 20)).toBe(75);
    expect(passed(14.999, 20, 75)).toBe(false);
    expect(passed(0.3, 0.4, 75)).toBe(true);
    expect(passed(0, 20, 0)).toBe(true);
    expect(passed(0, 0, 75)).toBe(false);
    expect(passed(20, 20, 100)).toBe(true);
  });
});
