import { vi } from 'vitest';
import type { PublicQuestion, QuestionFormValues } from '@klase/core/quizzes/questions';
import type {
  AttemptResult,
  AttemptSummary,
  AttemptView,
  QuizOverview,
  QuizResults,
  QuizSettingsAnswer,
  QuizStats,
  TeacherQuestion,
} from '@klase/core/quizzes/contracts';
import { jsonResponse } from './test-utils.tsx';
import { CLASS_ID, COURSE_ID, ELEMENT_2, materialFixture, materialId } from './materials-test-data.ts';

export { CLASS_ID, COURSE_ID };
export const QUIZ_ID = materialId(3);
export const ATTEMPT_ID = '66666666-6666-4666-8666-666666666661';
export const questionId = (n: number) => `77777777-7777-4777-8777-${String(n).padStart(12, '0')}`;

export const quizMaterial = () =>
  materialFixture({
    id: QUIZ_ID,
    type: 'quiz',
    name: 'Energy quiz',
    elementId: ELEMENT_2,
    elementName: 'Unit 2: Energy',
    contentHtml: null,
    instructions: '<p>Answer all.</p>',
    maxPoints: 10,
  });

export const settingsFixture = (over: Partial<QuizSettingsAnswer> = {}): QuizSettingsAnswer => ({
  version: 1,
  materialId: QUIZ_ID,
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
  totalPoints: 3,
  maxPoints: 3,
  questionCount: 2,
  attemptCount: 0,
  ...over,
});

/** Two saved questions: a multiple choice (2 points) and a true/false (1 point). */
export const savedQuestions = (): TeacherQuestion[] => [
  {
    id: questionId(1),
    position: 1,
    question: {
      type: 'multipleChoice',
      prompt: '<p>Which is a form of energy?</p>',
      points: 2,
      multiple: false,
      choices: [
        { id: 'c-heat', text: 'Heat' },
        { id: 'c-rock', text: 'Rock' },
      ],
      correct: ['c-heat'],
    },
  },
  { id: questionId(2), position: 2, question: { type: 'trueFalse', prompt: '<p>The sun gives light.</p>', points: 1, correct: true } },
];

const mc: PublicQuestion = {
  type: 'multipleChoice',
  id: questionId(1),
  prompt: '<p>Which is a form of energy?</p>',
  points: 2,
  multiple: false,
  choices: [
    { id: 'c-heat', text: 'Heat' },
    { id: 'c-rock', text: 'Rock' },
  ],
};
const short: PublicQuestion = { type: 'shortAnswer', id: questionId(2), prompt: '<p>Name the unit of energy.</p>', points: 1, caseSensitive: false };
const tf: PublicQuestion = { type: 'trueFalse', id: questionId(3), prompt: '<p>The sun gives light.</p>', points: 1 };

export const attemptFixture = (over: Partial<AttemptView> = {}): AttemptView => ({
  id: ATTEMPT_ID,
  materialId: QUIZ_ID,
  number: 1,
  status: 'inProgress',
  startedAt: '2030-01-01T12:00:00.000Z',
  deadlineAt: null,
  serverNow: '2030-01-01T12:00:00.000Z',
  questions: [mc, short, tf],
  answers: {},
  ...over,
});

export const attemptSummary = (over: Partial<AttemptSummary> = {}): AttemptSummary => ({
  id: ATTEMPT_ID,
  number: 1,
  status: 'submitted',
  startedAt: '2030-01-01T12:00:00.000Z',
  deadlineAt: null,
  submittedAt: '2030-01-01T12:08:00.000Z',
  autoSubmitted: false,
  score: 2,
  maxScore: 3,
  pending: false,
  ...over,
});

const essayQuestion: PublicQuestion = { type: 'essay', id: questionId(4), prompt: '<p>Explain how a dam makes electricity.</p>', points: 5 };
const mcKey: QuestionFormValues = {
  type: 'multipleChoice',
  prompt: mc.prompt,
  points: 2,
  multiple: false,
  choices: [
    { id: 'c-heat', text: 'Heat' },
    { id: 'c-rock', text: 'Rock' },
  ],
  correct: ['c-heat'],
};

/**
 * A submitted attempt: the choice question wrong, an essay waiting for the teacher; keys only with
 * `withKeys`; correctness and points unless the review hides them (as the API sends it: null).
 */
export const resultFixture = (withKeys: boolean, hide: { correctness?: boolean; points?: boolean } = {}): AttemptResult => ({
  attempt: attemptSummary({ score: 0, maxScore: 7, pending: true }),
  grade: null,
  maxPoints: 7,
  review: { correctness: !hide.correctness, points: !hide.points, answers: withKeys, feedback: true },
  showAnswers: withKeys,
  passed: false,
  questions: [
    {
      question: mc,
      key: withKeys ? mcKey : null,
      answer: { type: 'multipleChoice', choiceIds: ['c-rock'] },
      points: hide.points ? null : 0,
      max: 2,
      correct: hide.correctness ? null : false,
      pending: false,
      feedback: null,
    },
    {
      question: essayQuestion,
      key: withKeys ? { type: 'essay', prompt: essayQuestion.prompt, points: 5, guidance: 'Mentions turbines.' } : null,
      answer: { type: 'essay', html: '<p>Water turns a turbine.</p>' },
      points: null,
      max: 5,
      correct: null,
      pending: true,
      feedback: null,
    },
  ],
});

export const overviewFixture = (over: Partial<QuizOverview> = {}): QuizOverview => ({
  materialId: QUIZ_ID,
  name: 'Energy quiz',
  instructions: null,
  openAt: null,
  closeAt: '2030-02-01T15:59:00.000Z',
  timeLimitMinutes: 20,
  attemptsAllowed: 2,
  attemptsLeft: 2,
  gradingMethod: 'highest',
  passingPercent: 75,
  questionCount: 3,
  totalPoints: 4,
  maxPoints: 4,
  window: 'open',
  inProgressAttemptId: null,
  attempts: [],
  grade: null,
  passed: null,
  can: { start: true },
  ...over,
});

export const resultsFixture = (): QuizResults => ({
  materialId: QUIZ_ID,
  totalPoints: 7,
  maxPoints: 7,
  counts: { total: 2, attempted: 1, pending: 1, passed: 0 },
  rows: [
    { studentId: 's1', name: 'Ana Cruz', photoUrl: null, attempts: [attemptSummary({ score: 2, maxScore: 7, pending: true })], grade: 2, pending: true },
    { studentId: 's2', name: 'Ben Reyes', photoUrl: null, attempts: [], grade: null, pending: false },
  ],
});

export const statsFixture = (): QuizStats => ({
  materialId: QUIZ_ID,
  attempts: 4,
  questions: [
    {
      questionId: questionId(1),
      position: 1,
      type: 'multipleChoice',
      prompt: mc.prompt,
      points: 2,
      answered: 4,
      correctShare: 0.25,
      averagePoints: 0.5,
      commonWrong: [{ text: 'Rock', count: 3 }],
    },
    {
      questionId: questionId(4),
      position: 2,
      type: 'essay',
      prompt: essayQuestion.prompt,
      points: 5,
      answered: 3,
      correctShare: null,
      averagePoints: null,
      commonWrong: [],
    },
  ],
});

export const notFound = () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);

/** A fetch stub answering by "METHOD path" (the query string left out); unknown calls are 404. */
export const routeFetch = (routes: Record<string, (init: RequestInit | undefined, url: string) => Response | Promise<Response>>) => {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const answer = routes[key];
    return answer ? answer(init, url) : notFound();
  });
  vi.stubGlobal('fetch', mock);
  return mock;
};

/** The writes sent, as "METHOD path" and parsed JSON body. */
export const writesOf = (mock: ReturnType<typeof routeFetch>) =>
  mock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => ({ call: `${init!.method} ${String(url)}`, body: init!.body ? (JSON.parse(String(init!.body)) as unknown) : undefined }));
