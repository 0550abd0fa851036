import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUIZ_SETTINGS,
  attemptDeadline,
  attemptsLeft,
  canSeeAnswers,
  quizSettingsForm,
  reviewNow,
  quizWindow,
  type QuizSettingsForm,
} from './quiz-settings.ts';

const issues = (value: QuizSettingsForm | Record<string, unknown>): string[] => {
  const r = quizSettingsForm.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.map(String).join('.')}:${i.message}`);
};
const settings = (patch: QuizSettingsForm = {}) => quizSettingsForm.parse(patch);

const OPEN = '2026-06-01T08:00:00+08:00';
const CLOSE = '2026-06-01T17:00:00+08:00';

describe('quizSettingsForm', () => {
  it('defaults to an always-open quiz with unlimited attempts, highest grade, the whole review after submitting and a 75% pass mark', () => {
    expect(DEFAULT_QUIZ_SETTINGS).toEqual({
      openAt: null,
      closeAt: null,
      timeLimitMinutes: null,
      attemptsAllowed: null,
      gradingMethod: 'highest',
      shuffleQuestions: false,
      shuffleChoices: false,
      showCorrectness: 'afterSubmit',
      showPoints: 'afterSubmit',
      showAnswers: 'afterSubmit',
      showFeedback: 'afterSubmit',
      passingPercent: 75,
    });
  });

  it('needs the close time after the open time, whatever the offsets', () => {
    expect(issues({ openAt: OPEN, closeAt: CLOSE })).toEqual([]);
    expect(issues({ openAt: CLOSE, closeAt: OPEN })).toEqual(['closeAt:afterOpen']);
    expect(issues({ openAt: OPEN, closeAt: OPEN })).toEqual(['closeAt:afterOpen']);
    // 23:30 UTC on May 31 is 07:30 in Manila: before the 08:00 opening.
    expect(issues({ openAt: OPEN, closeAt: '2026-05-31T23:30:00Z' })).toEqual(['closeAt:afterOpen']);
    expect(issues({ openAt: OPEN, closeAt: '2026-06-01T00:30:00Z' })).toEqual([]);
    expect(issues({ openAt: null, closeAt: CLOSE })).toEqual([]);
    expect(issues({ openAt: OPEN, closeAt: null })).toEqual([]);
  });

  it('reports the close time together with other mistakes', () => {
    expect(issues({ openAt: CLOSE, closeAt: OPEN, timeLimitMinutes: 0 })).toEqual(['timeLimitMinutes:greaterThanZero', 'closeAt:afterOpen']);
    // An emptied number box sends '' (a wrong type): the close time is still checked.
    expect(issues({ openAt: CLOSE, closeAt: OPEN, passingPercent: '' })).toEqual(['passingPercent:required', 'closeAt:afterOpen']);
  });

  it('refuses dates that are not ISO date-times with an offset', () => {
    expect(issues({ openAt: '2026-06-01' })).toEqual(['openAt:invalidChoice']);
    expect(issues({ closeAt: 'tomorrow' })).toEqual(['closeAt:invalidChoice']);
  });

  it('needs a close time for answers shown after the close', () => {
    expect(issues({ showAnswers: 'afterClose' })).toEqual(['closeAt:required']);
    expect(issues({ showAnswers: 'afterClose', closeAt: CLOSE })).toEqual([]);
    expect(issues({ showAnswers: 'later' })).toEqual(['showAnswers:invalidChoice']);
  });

  it('needs a close time for any review option shown after the close, and checks each option', () => {
    for (const option of ['showCorrectness', 'showPoints', 'showFeedback'] as const) {
      expect(issues({ [option]: 'afterClose' })).toEqual(['closeAt:required']);
      expect(issues({ [option]: 'afterClose', closeAt: CLOSE })).toEqual([]);
      expect(issues({ [option]: 'always' })).toEqual([`${option}:invalidChoice`]);
    }
    // One message for the close time however many options need it.
    expect(issues({ showCorrectness: 'afterClose', showPoints: 'afterClose', showAnswers: 'afterClose' })).toEqual(['closeAt:required']);
  });

  it('takes a time limit of 1 to 600 whole minutes and 1 to 20 attempts, or none', () => {
    expect(issues({ timeLimitMinutes: 0 })).toEqual(['timeLimitMinutes:greaterThanZero']);
    expect(issues({ timeLimitMinutes: 601 })).toEqual(['timeLimitMinutes:notGreaterThan']);
    expect(issues({ timeLimitMinutes: 1.5 })).toEqual(['timeLimitMinutes:invalidChoice']);
    expect(issues({ timeLimitMinutes: 600, attemptsAllowed: 20 })).toEqual([]);
    expect(issues({ attemptsAllowed: 0 })).toEqual(['attemptsAllowed:greaterThanZero']);
    expect(issues({ attemptsAllowed: 21 })).toEqual(['attemptsAllowed:notGreaterThan']);
    expect(issues({ timeLimitMinutes: null, attemptsAllowed: null })).toEqual([]);
  });

  it('takes a grading method from the list and a whole passing percent of 0 to 100', () => {
    expect(issues({ gradingMethod: 'median' })).toEqual(['gradingMethod:invalidChoice']);
    for (const gradingMethod of ['highest', 'average', 'first', 'last'] as const) expect(issues({ gradingMethod })).toEqual([]);
    expect(issues({ passingPercent: -1 })).toEqual(['passingPercent:notLessThan']);
    expect(issues({ passingPercent: 101 })).toEqual(['passingPercent:notGreaterThan']);
    expect(issues({ passingPercent: 74.5 })).toEqual(['passingPercent:invalidChoice']);
    expect(issues({ passingPercent: 0 })).toEqual([]);
    expect(issues({ passingPercent: 100 })).toEqual([]);
  });
});

describe('attemptDeadline', () => {
  const started = new Date('2026-06-01T16:30:00+08:00');

  it('is the start plus the time limit, or the close time if earlier', () => {
    expect(attemptDeadline(started, settings({ timeLimitMinutes: 20 }))).toEqual(new Date('2026-06-01T16:50:00+08:00'));
    expect(attemptDeadline(started, settings({ timeLimitMinutes: 45, closeAt: CLOSE }))).toEqual(new Date(CLOSE));
    expect(attemptDeadline(started, settings({ timeLimitMinutes: 20, closeAt: CLOSE }))).toEqual(new Date('2026-06-01T16:50:00+08:00'));
    expect(attemptDeadline(started, settings({ closeAt: CLOSE }))).toEqual(new Date(CLOSE));
  });

  it('takes an ISO start and is null without limit or close time', () => {
    expect(attemptDeadline('2026-06-01T08:30:00Z', settings({ timeLimitMinutes: 60 }))).toEqual(new Date('2026-06-01T09:30:00Z'));
    expect(attemptDeadline(started, settings())).toBeNull();
  });
});

describe('quizWindow', () => {
  it('is not open before openAt, open until closeAt, closed from closeAt', () => {
    const s = settings({ openAt: OPEN, closeAt: CLOSE });
    expect(quizWindow(s, new Date('2026-06-01T07:59:59+08:00'))).toBe('notOpen');
    expect(quizWindow(s, new Date(OPEN))).toBe('open');
    expect(quizWindow(s, new Date('2026-06-01T16:59:59+08:00'))).toBe('open');
    expect(quizWindow(s, new Date(CLOSE))).toBe('closed');
    expect(quizWindow(settings(), new Date('2030-01-01T00:00:00Z'))).toBe('open');
  });
});

describe('canSeeAnswers', () => {
  const before = new Date('2026-06-01T12:00:00+08:00');
  const after = new Date('2026-06-01T17:00:00+08:00');

  it('never shows answers of an unfinished attempt', () => {
    for (const showAnswers of ['never', 'afterSubmit', 'afterClose'] as const) {
      expect(canSeeAnswers(settings({ showAnswers, closeAt: CLOSE }), after, false)).toBe(false);
    }
  });

  it('follows the setting once the attempt is finished', () => {
    expect(canSeeAnswers(settings({ showAnswers: 'never', closeAt: CLOSE }), after, true)).toBe(false);
    expect(canSeeAnswers(settings({ showAnswers: 'afterSubmit' }), before, true)).toBe(true);
    expect(canSeeAnswers(settings({ showAnswers: 'afterClose', closeAt: CLOSE }), before, true)).toBe(false);
    expect(canSeeAnswers(settings({ showAnswers: 'afterClose', closeAt: CLOSE }), after, true)).toBe(true);
    expect(canSeeAnswers({ showAnswers: 'afterClose', closeAt: null }, after, true)).toBe(false);
  });
});

describe('reviewNow', () => {
  const before = new Date('2026-06-01T12:00:00+08:00');
  const after = new Date('2026-06-01T17:00:00+08:00');

  it('shows nothing of an unfinished attempt', () => {
    expect(reviewNow(settings(), after, false)).toEqual({ correctness: false, points: false, answers: false, feedback: false });
  });

  it('decides each part on its own', () => {
    const hidden = settings({ showCorrectness: 'never', showPoints: 'afterClose', showAnswers: 'never', showFeedback: 'afterSubmit', closeAt: CLOSE });
    expect(reviewNow(hidden, before, true)).toEqual({ correctness: false, points: false, answers: false, feedback: true });
    expect(reviewNow(hidden, after, true)).toEqual({ correctness: false, points: true, answers: false, feedback: true });
    expect(reviewNow(settings(), before, true)).toEqual({ correctness: true, points: true, answers: true, feedback: true });
  });
});

describe('attemptsLeft', () => {
  it('counts down to 0 and is null when unlimited', () => {
    expect(attemptsLeft(settings({ attemptsAllowed: 3 }), 0)).toBe(3);
    expect(attemptsLeft(settings({ attemptsAllowed: 3 }), 1)).toBe(2);
    expect(attemptsLeft(settings({ attemptsAllowed: 3 }), 3)).toBe(0);
    expect(attemptsLeft(settings({ attemptsAllowed: 3 }), 5)).toBe(0);
    expect(attemptsLeft(settings(), 40)).toBeNull();
  });
});
