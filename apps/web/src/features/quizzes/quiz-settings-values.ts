import type { GradingMethod } from '@klase/core/quizzes/grading';
import type { QuizSettingsForm, ShowAnswers } from '@klase/core/quizzes/quiz-settings';
import type { QuizSettingsAnswer } from '@klase/core/quizzes/contracts';
import { joinDateTime, splitDateTime } from '../../lib/date-time-fields.ts';

/** What the settings form edits: dates and times as typed texts, empty numbers as ''. */
export interface QuizSettingsState {
  openDate: string;
  openTime: string;
  closeDate: string;
  closeTime: string;
  timeLimitMinutes: number | string;
  attemptsAllowed: number | string;
  gradingMethod: GradingMethod;
  shuffleQuestions: boolean;
  shuffleChoices: boolean;
  showCorrectness: ShowAnswers;
  showPoints: ShowAnswers;
  showAnswers: ShowAnswers;
  showFeedback: ShowAnswers;
  passingPercent: number | string;
}

/** A quiz opens at the start of its day and closes at its end when no time is typed. */
export const OPEN_TIME_DEFAULT = '00:00';
export const CLOSE_TIME_DEFAULT = '23:59';

export const stateFromSettings = (s: QuizSettingsAnswer): QuizSettingsState => {
  const open = splitDateTime(s.openAt);
  const close = splitDateTime(s.closeAt);
  return {
    openDate: open.date,
    openTime: open.time,
    closeDate: close.date,
    closeTime: close.time,
    timeLimitMinutes: s.timeLimitMinutes ?? '',
    attemptsAllowed: s.attemptsAllowed ?? '',
    gradingMethod: s.gradingMethod,
    shuffleQuestions: s.shuffleQuestions,
    shuffleChoices: s.shuffleChoices,
    showCorrectness: s.showCorrectness,
    showPoints: s.showPoints,
    showAnswers: s.showAnswers,
    showFeedback: s.showFeedback,
    passingPercent: s.passingPercent,
  };
};

/** An empty "no limit" field is null; the passing grade is required (NaN when empty). */
const optional = (v: number | string): number | null => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

export const stateToSettings = (s: QuizSettingsState): QuizSettingsForm => ({
  openAt: joinDateTime(s.openDate, s.openTime, OPEN_TIME_DEFAULT),
  closeAt: joinDateTime(s.closeDate, s.closeTime, CLOSE_TIME_DEFAULT),
  timeLimitMinutes: optional(s.timeLimitMinutes),
  attemptsAllowed: optional(s.attemptsAllowed),
  gradingMethod: s.gradingMethod,
  shuffleQuestions: s.shuffleQuestions,
  shuffleChoices: s.shuffleChoices,
  showCorrectness: s.showCorrectness,
  showPoints: s.showPoints,
  showAnswers: s.showAnswers,
  showFeedback: s.showFeedback,
  passingPercent: optional(s.passingPercent) ?? Number.NaN,
});

const FIELD_OF: Record<string, keyof QuizSettingsState> = { openAt: 'openDate', closeAt: 'closeDate' };

/** Moves errors from the request's paths to the form's fields (`closeAt` → the close date field). */
export const toSettingsErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message]));
