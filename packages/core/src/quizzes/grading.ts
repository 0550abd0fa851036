import { htmlHasContent, normalizeText, type AnswerOf, type AnswerValue, type Question, type QuestionFormValues, type QuestionOf } from './questions.ts';

/**
 * Automatic grading of quiz answers (issue 6). Pure: the API grades on submit and regrades every
 * attempt when a key changes; the SPA never grades (it never has the key).
 *
 * - No answer (null, an answer of another type, nothing picked, blank text) scores 0.
 * - multipleChoice: one answer → all or nothing (exactly the correct choice picked); several →
 *   partial credit max(0, (right picks − wrong picks) / correct choices) × points. Unknown choice
 *   ids are ignored and a repeated id counts once.
 * - trueFalse: the value. shortAnswer: compared with each accepted answer after `normalizeText`
 *   (NFC, trimmed, inner whitespace collapsed, case per the flag). numeric: |value − answer| ≤
 *   tolerance, with a relative slack of 1e-12 so float error (0.1 + 0.2 vs 0.3) does not count.
 * - matching: partial credit per left matched to a right with the correct text.
 * - essay: pending (0 points, `correct` null) until a manual score is given; a blank essay is
 *   simply 0. A manual score (`manualPoints`) is the teacher's: it replaces the automatic score of
 *   any type, clamped to 0..max.
 * - Points are rounded to 2 decimals (`roundPoints`) per question and again for sums.
 * - `correct` is true for full points only, false for less, null while an essay is pending.
 */

/** Rounds half away from zero to 2 decimals, immune to binary noise (1.005 → 1.01). */
export const roundPoints = (n: number): number => {
  if (!Number.isFinite(n)) return 0;
  const r = (Math.sign(n) * Math.round(Math.abs(n) * 100 * (1 + Number.EPSILON))) / 100;
  return r === 0 ? 0 : r;
};

export type GradeResult = { points: number; max: number; correct: boolean | null; pending: boolean };
export type GradeOptions = { manualPoints?: number | null };

/** |value − answer| ≤ tolerance, allowing for float error relative to the numbers' magnitude. */
export const withinTolerance = (value: number, answer: number, tolerance: number): boolean => {
  if (!Number.isFinite(value) || !Number.isFinite(answer)) return false;
  const slack = 1e-12 * Math.max(Math.abs(value), Math.abs(answer), Math.abs(tolerance));
  return Math.abs(value - answer) <= Math.abs(tolerance) + slack;
};

const choiceFraction = (q: QuestionOf<'multipleChoice'>, a: AnswerOf<'multipleChoice'>): number => {
  const known = new Set(q.choices.map((c) => c.id));
  const picked = new Set(a.choiceIds.filter((id) => known.has(id)));
  const key = new Set(q.correct);
  if (key.size === 0) return 0;
  if (!q.multiple) return picked.size === 1 && [...picked].every((id) => key.has(id)) ? 1 : 0;
  let net = 0;
  for (const id of picked) net += key.has(id) ? 1 : -1;
  return Math.max(0, net / key.size);
};

const shortAnswerFraction = (q: QuestionOf<'shortAnswer'>, a: AnswerOf<'shortAnswer'>): number => {
  const given = normalizeText(a.text, q.caseSensitive);
  return given !== '' && q.accepted.some((x) => normalizeText(x, q.caseSensitive) === given) ? 1 : 0;
};

const matchingFraction = (q: QuestionOf<'matching'>, a: AnswerOf<'matching'>): number => {
  if (q.pairs.length === 0) return 0;
  const rightOf = new Map(q.pairs.map((p) => [p.id, normalizeText(p.right, true)]));
  const matched = q.pairs.filter((p) => {
    const chosen = Object.hasOwn(a.pairs, p.leftId) ? a.pairs[p.leftId] : undefined;
    return chosen !== undefined && rightOf.get(chosen) === normalizeText(p.right, true);
  });
  return matched.length / q.pairs.length;
};

/** The share (0..1) of the points an answer of the question's own type earns. */
const fraction = (q: QuestionFormValues, a: AnswerValue): number => {
  switch (q.type) {
    case 'multipleChoice':
      return choiceFraction(q, a as AnswerOf<'multipleChoice'>);
    case 'trueFalse':
      return (a as AnswerOf<'trueFalse'>).value === q.correct ? 1 : 0;
    case 'shortAnswer':
      return shortAnswerFraction(q, a as AnswerOf<'shortAnswer'>);
    case 'numeric':
      return withinTolerance((a as AnswerOf<'numeric'>).value, q.answer, q.tolerance) ? 1 : 0;
    case 'matching':
      return matchingFraction(q, a as AnswerOf<'matching'>);
    case 'essay':
      return 0;
  }
};

const scored = (points: number, max: number): GradeResult => ({ points, max, correct: points >= max, pending: false });

/** Grades one answer (null: not answered). See the header for the rules of each type. */
export const gradeAnswer = (q: QuestionFormValues, answer: AnswerValue | null | undefined, opts: GradeOptions = {}): GradeResult => {
  const max = roundPoints(q.points);
  const manual = opts.manualPoints;
  if (typeof manual === 'number' && Number.isFinite(manual)) return scored(Math.min(max, Math.max(0, roundPoints(manual))), max);
  const a = answer && answer.type === q.type ? answer : null;
  if (!a) return scored(0, max);
  if (a.type === 'essay') return htmlHasContent(a.html) ? { points: 0, max, correct: null, pending: true } : scored(0, max);
  return scored(roundPoints(fraction(q, a) * max), max);
};

export type QuestionGrade = GradeResult & { questionId: string };
export type AttemptGrade = { score: number; max: number; pending: boolean; perQuestion: QuestionGrade[] };

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);

/**
 * Grades an attempt: `answers` and `manual` (the teacher's scores) are keyed by question id.
 * `pending` while any essay waits for the teacher; `score` counts what is graded so far.
 */
export const gradeAttempt = (
  questions: readonly Question[],
  answers: Readonly<Record<string, AnswerValue | null | undefined>>,
  manual: Readonly<Record<string, number | null | undefined>> = {},
): AttemptGrade => {
  const perQuestion = questions.map((q) => ({ questionId: q.id, ...gradeAnswer(q, own(answers, q.id), { manualPoints: own(manual, q.id) }) }));
  return {
    score: roundPoints(perQuestion.reduce((s, g) => s + g.points, 0)),
    max: roundPoints(perQuestion.reduce((s, g) => s + g.max, 0)),
    pending: perQuestion.some((g) => g.pending),
    perQuestion,
  };
};

// ---------------------------------------------------------------------------------------------
// Several attempts

export const GRADING_METHODS = ['highest', 'average', 'first', 'last'] as const;
export type GradingMethod = (typeof GRADING_METHODS)[number];

export type AttemptScore = { score: number; max: number; submittedAt: string | Date | null };

const timeOf = (t: string | Date | null): number => (t === null ? NaN : typeof t === 'string' ? Date.parse(t) : t.getTime());

/**
 * A raw score out of the questions' total (`max`) as a grade out of the quiz's maximum points
 * (issue 13: the teacher's "Maximum points" is what the quiz is worth; 0 when the total is 0).
 */
export const scaleToPoints = (score: number, max: number, maxPoints: number): number => (max > 0 ? roundPoints((score * maxPoints) / max) : 0);

/**
 * The quiz grade from a student's attempts, or null without a finished one (`submittedAt` set).
 * `first`/`last` go by `submittedAt` (equal times: the order given). Each attempt's score is
 * scaled to `maxPoints`, the quiz's maximum points (without it: to the max of the latest attempt,
 * which every attempt graded against the same key shares). `average` is rounded to 2 decimals.
 */
export const combineAttempts = (method: GradingMethod, attempts: readonly AttemptScore[], maxPoints?: number): number | null => {
  const finished = attempts.filter((a) => !Number.isNaN(timeOf(a.submittedAt))).sort((a, b) => timeOf(a.submittedAt) - timeOf(b.submittedAt));
  const latest = finished.at(-1);
  if (!latest) return null;
  const target = maxPoints ?? latest.max;
  const scores = finished.map((a) => (a.max === target ? a.score : scaleToPoints(a.score, a.max, target)));
  switch (method) {
    case 'highest':
      return Math.max(...scores);
    case 'average':
      return roundPoints(scores.reduce((s, x) => s + x, 0) / scores.length);
    case 'first':
      return scores[0] ?? null;
    case 'last':
      return scores.at(-1) ?? null;
  }
};

/** The score as a percentage of max, 2 decimals (0 when max is 0). */
export const percentOf = (score: number, max: number): number => (max > 0 ? roundPoints((score / max) * 100) : 0);

/** Whether the score reaches `passingPercent` of max (exactly at the mark passes; never by rounding up). */
export const passed = (score: number, max: number, passingPercent: number): boolean =>
  max > 0 ? score * 100 + 1e-9 * max >= passingPercent * max : passingPercent <= 0;
