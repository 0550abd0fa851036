import { z } from 'zod';
import { editVersion } from '../edit-version.ts';
import { GRADING_METHODS } from './grading.ts';
import { V, whenObject } from '../validation/rules.ts';

/**
 * The settings of a quiz material (`quiz-settings/{materialId}`, issue 6).
 *
 * - `openAt`/`closeAt`: ISO date-times with offset, or null (open from publishing / never
 *   closes); `closeAt` must be after `openAt` (error on `closeAt`: afterOpen).
 * - `timeLimitMinutes`: null (none) or 1..600. `attemptsAllowed`: null (unlimited) or 1..20.
 * - `gradingMethod` across attempts (see `combineAttempts`), default highest.
 * - `shuffleQuestions`, `shuffleChoices`: per attempt, seeded (see `seededShuffle`), default off.
 * - The review options, what a student sees of a submitted attempt, each on its own: whether each
 *   answer was correct (`showCorrectness`), the points of each question (`showPoints`), the right
 *   answer (`showAnswers`) and the teacher's feedback on an answer (`showFeedback`). Each is never,
 *   afterSubmit (default) or afterClose; afterClose needs a close time (error on `closeAt`:
 *   required), or it would never show. The attempt's total score is the grade and always shows.
 * - `passingPercent`: 0..100, default 75 (the DepEd passing mark).
 */

/** When a part of a submitted attempt shows to the student. */
export const SHOW_ANSWERS = ['never', 'afterSubmit', 'afterClose'] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];
/** The review options in the order the settings form shows them. */
export const REVIEW_OPTIONS = ['showCorrectness', 'showPoints', 'showAnswers', 'showFeedback'] as const;
export type ReviewOption = (typeof REVIEW_OPTIONS)[number];
const reviewTime = z.enum(SHOW_ANSWERS, { error: V.invalidChoice }).default('afterSubmit');
export const TIME_LIMIT_MAX = 600;
export const ATTEMPTS_MAX = 20;
export const DEFAULT_PASSING_PERCENT = 75;

const isoDateTime = z.iso.datetime({ offset: true, error: V.invalidChoice });
const timeOf = (v: unknown): number => (typeof v === 'string' ? Date.parse(v) : NaN);
const optionalCount = (max: number) =>
  z
    .number({ error: V.required })
    .int({ error: V.invalidChoice })
    .gt(0, { error: V.greaterThanZero })
    .max(max, { error: V.notGreaterThan })
    .nullable()
    .default(null);

export const quizSettingsForm = z
  .object({
    openAt: isoDateTime.nullable().default(null),
    closeAt: isoDateTime.nullable().default(null),
    timeLimitMinutes: optionalCount(TIME_LIMIT_MAX),
    attemptsAllowed: optionalCount(ATTEMPTS_MAX),
    gradingMethod: z.enum(GRADING_METHODS, { error: V.invalidChoice }).default('highest'),
    shuffleQuestions: z.boolean().default(false),
    shuffleChoices: z.boolean().default(false),
    showCorrectness: reviewTime,
    showPoints: reviewTime,
    showAnswers: reviewTime,
    showFeedback: reviewTime,
    passingPercent: z
      .number({ error: V.required })
      .int({ error: V.invalidChoice })
      .min(0, { error: V.notLessThan })
      .max(100, { error: V.notGreaterThan })
      .default(DEFAULT_PASSING_PERCENT),
  })
  .superRefine(
    (v, ctx) => {
      const open = timeOf(v.openAt);
      const close = timeOf(v.closeAt);
      if (close <= open) ctx.addIssue({ code: 'custom', path: ['closeAt'], message: V.afterOpen });
      if (v.closeAt === null && REVIEW_OPTIONS.some((o) => v[o] === 'afterClose')) ctx.addIssue({ code: 'custom', path: ['closeAt'], message: V.required });
    },
    // Checked even when other fields are wrong, so the form shows every problem at once.
    whenObject(),
  );
export type QuizSettingsForm = z.input<typeof quizSettingsForm>;
export type QuizSettings = z.output<typeof quizSettingsForm>;
/** `PUT .../quiz-settings`: the form and the version it was loaded from. */
export const quizSettingsUpdate = quizSettingsForm.and(editVersion);

/** The settings of a quiz nobody has configured yet. */
export const DEFAULT_QUIZ_SETTINGS: QuizSettings = quizSettingsForm.parse({});

const toTime = (t: Date | string): number => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** When an attempt started at `startedAt` ends: the earlier of the time limit and the close time; null for neither. */
export const attemptDeadline = (startedAt: Date | string, settings: Pick<QuizSettings, 'timeLimitMinutes' | 'closeAt'>): Date | null => {
  const ends: number[] = [];
  if (settings.timeLimitMinutes !== null) ends.push(toTime(startedAt) + settings.timeLimitMinutes * 60_000);
  if (settings.closeAt !== null) ends.push(Date.parse(settings.closeAt));
  return ends.length ? new Date(Math.min(...ends)) : null;
};

export type QuizWindow = 'notOpen' | 'open' | 'closed';
/** Whether students can start an attempt at `now`. */
export const quizWindow = (settings: Pick<QuizSettings, 'openAt' | 'closeAt'>, now: Date): QuizWindow => {
  if (settings.openAt !== null && now.getTime() < Date.parse(settings.openAt)) return 'notOpen';
  if (settings.closeAt !== null && now.getTime() >= Date.parse(settings.closeAt)) return 'closed';
  return 'open';
};

/** Whether a part set to show at `when` shows now, for an attempt finished or not (never before it is). */
const showsNow = (when: ShowAnswers, closeAt: string | null, now: Date, attemptFinished: boolean): boolean => {
  if (!attemptFinished) return false;
  switch (when) {
    case 'never':
      return false;
    case 'afterSubmit':
      return true;
    case 'afterClose':
      return closeAt !== null && now.getTime() >= Date.parse(closeAt);
  }
};

/** What a student sees of a submitted attempt now: correctness, points, right answers, feedback. */
export interface Review {
  correctness: boolean;
  points: boolean;
  answers: boolean;
  feedback: boolean;
}
/** Staff see every part of every attempt. */
export const FULL_REVIEW: Review = { correctness: true, points: true, answers: true, feedback: true };

export const reviewNow = (settings: Pick<QuizSettings, ReviewOption | 'closeAt'>, now: Date, attemptFinished: boolean): Review => {
  const shows = (o: ReviewOption) => showsNow(settings[o], settings.closeAt, now, attemptFinished);
  return { correctness: shows('showCorrectness'), points: shows('showPoints'), answers: shows('showAnswers'), feedback: shows('showFeedback') };
};

/** Whether a student may see the correct answers of their attempt. */
export const canSeeAnswers = (settings: Pick<QuizSettings, 'showAnswers' | 'closeAt'>, now: Date, attemptFinished: boolean): boolean =>
  showsNow(settings.showAnswers, settings.closeAt, now, attemptFinished);

/** Attempts a student may still start: null when unlimited, never below 0. */
export const attemptsLeft = (settings: Pick<QuizSettings, 'attemptsAllowed'>, used: number): number | null =>
  settings.attemptsAllowed === null ? null : Math.max(0, settings.attemptsAllowed - used);
