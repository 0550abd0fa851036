import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttemptView } from '@klase/core/quizzes/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { paths } from '../../config/paths.ts';
import { resetSessionStore } from '../../lib/session-store.ts';
import {
  ATTEMPT_ID,
  CLASS_ID,
  COURSE_ID,
  QUIZ_ID,
  attemptFixture,
  questionId,
  quizMaterial,
  resultFixture,
  routeFetch,
  writesOf,
} from '../../test/quizzes-test-data.ts';
import { renderQuizRoute } from './quizzes-test-kit.tsx';

const attemptPath = paths.classQuizAttempt.to(CLASS_ID, COURSE_ID, QUIZ_ID, ATTEMPT_ID);
const answerUrl = (n: number) => `/api/attempts/${ATTEMPT_ID}/answers/${questionId(n)}`;
let attempt: AttemptView;
let saveAnswer: (init: RequestInit | undefined, url: string) => Response | Promise<Response>;
let fetchMock: ReturnType<typeof routeFetch>;

const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
const puts = () => writesOf(fetchMock).filter((w) => w.call.startsWith('PUT'));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const status = () => screen.getByTestId('save-status');
/** What the device keeps unsent (lib/unsent.ts), by storage key. */
const unsentEntries = () =>
  Object.fromEntries(
    Object.keys(localStorage)
      .filter((k) => k.startsWith('klase.unsent.'))
      .map((k) => [k, JSON.parse(localStorage.getItem(k) ?? '{}') as unknown]),
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  attempt = attemptFixture();
  saveAnswer = () => jsonResponse({ savedAt: '2030-01-01T12:01:00.000Z' });
  fetchMock = routeFetch({
    [`GET /api/materials/${QUIZ_ID}`]: () => jsonResponse(quizMaterial()),
    [`GET /api/attempts/${ATTEMPT_ID}`]: () => jsonResponse(attempt),
    [`PUT ${answerUrl(1)}`]: (init, url) => saveAnswer(init, url),
    [`PUT ${answerUrl(2)}`]: (init, url) => saveAnswer(init, url),
    [`POST /api/attempts/${ATTEMPT_ID}/submit`]: () => jsonResponse(resultFixture(false)),
    [`GET /api/attempts/${ATTEMPT_ID}/result`]: () => jsonResponse(resultFixture(false)),
  });
});
afterEach(() => {
  for (const key of Object.keys(unsentEntries())) localStorage.removeItem(key);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('attempt page', () => {
  it('resumes with the saved answers, saves a typed answer after a pause and a picked one at once, and shows Saved', async () => {
    attempt = attemptFixture({ answers: { [questionId(2)]: { type: 'shortAnswer', text: 'Jou' } } });
    const u = user();
    renderQuizRoute(attemptPath, ROLE.student);
    expect(await screen.findByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(nav).getByRole('button', { name: 'Question 1, not answered' })).toHaveAttribute('aria-current', 'step');

    await u.click(screen.getByRole('radio', { name: 'Heat' }));
    await waitFor(() => expect(puts()).toEqual([{ call: `PUT ${answerUrl(1)}`, body: { type: 'multipleChoice', choiceIds: ['c-heat'] } }]));
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
    expect(within(nav).getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();

    await u.click(within(nav).getByRole('button', { name: 'Question 2, answered' }));
    expect(screen.getByRole('heading', { name: 'Question 2 of 3' })).toHaveFocus();
    const text = screen.getByRole('textbox', { name: 'Your answer to question 2' });
    expect(text).toHaveValue('Jou');
    await u.type(text, 'le');
    expect(status()).toHaveTextContent('Saving…');
    expect(puts()).toHaveLength(1);
    await advance(800);
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ call: `PUT ${answerUrl(2)}`, body: { type: 'shortAnswer', text: 'Joule' } });
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
  });

  it('keeps an answer the server could not save and retries it until it is', async () => {
    let failures = 1;
    saveAnswer = () =>
      failures-- > 0 ? jsonResponse({ code: 'INTERNAL', message: 'Something went wrong' }, 500) : jsonResponse({ savedAt: '2030-01-01T12:01:00.000Z' });
    const u = user();
    renderQuizRoute(attemptPath, ROLE.student);
    await u.click(await screen.findByRole('radio', { name: 'Rock' }));
    await waitFor(() => expect(status()).toHaveTextContent('Not saved — retrying'));
    expect(puts()).toHaveLength(1);
    await advance(2000);
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
    expect(puts()).toHaveLength(2);
    expect(puts()[1]!.body).toEqual({ type: 'multipleChoice', choiceIds: ['c-rock'] });
  });

  it('offline keeps the answer on the device ("will send when online"), and a reopened page sends it once the network is back', async () => {
    let offline = true;
    saveAnswer = () => {
      if (offline) throw new TypeError('Failed to fetch');
      return jsonResponse({ savedAt: '2030-01-01T12:01:00.000Z' });
    };
    const u = user();
    const first = renderQuizRoute(attemptPath, ROLE.student);
    await u.click(await screen.findByRole('radio', { name: 'Rock' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved on this device, will send when online'));
    expect(Object.values(unsentEntries())).toEqual([{ [questionId(1)]: { type: 'multipleChoice', choiceIds: ['c-rock'] } }]);

    // The tab is closed while offline; later the student opens the attempt again with a connection.
    first.unmount();
    offline = false;
    const before = puts().length;
    renderQuizRoute(attemptPath, ROLE.student);
    expect(await screen.findByRole('radio', { name: 'Rock' })).toBeChecked();
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
    const sent = puts().slice(before);
    expect(sent).toEqual([{ call: `PUT ${answerUrl(1)}`, body: { type: 'multipleChoice', choiceIds: ['c-rock'] } }]);
    expect(unsentEntries()).toEqual({});
  });

  it('counts down from the server clock, announces 5 and 1 minutes left and submits at zero', async () => {
    // The device clock is an hour ahead of the server: counting from it, the attempt would be over.
    vi.setSystemTime(new Date('2030-01-01T13:00:00.000Z'));
    attempt = attemptFixture({ serverNow: '2030-01-01T12:00:00.000Z', deadlineAt: '2030-01-01T12:10:00.000Z' });
    const { router } = renderQuizRoute(attemptPath, ROLE.student);
    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent('10:00');
    await advance(60_000);
    expect(timer).toHaveTextContent('09:00');
    expect(screen.getByTestId('time-announcement')).toHaveTextContent('');

    await advance(4 * 60_000);
    expect(timer).toHaveTextContent('05:00');
    expect(screen.getByTestId('time-announcement')).toHaveTextContent('5 minutes left.');
    await advance(4 * 60_000);
    expect(screen.getByTestId('time-announcement')).toHaveTextContent('1 minute left.');
    expect(writesOf(fetchMock)).toHaveLength(0);

    await advance(60_000);
    await waitFor(() => expect(writesOf(fetchMock)).toEqual([{ call: `POST /api/attempts/${ATTEMPT_ID}/submit`, body: undefined }]));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.classQuizAttemptResult.to(CLASS_ID, COURSE_ID, QUIZ_ID, ATTEMPT_ID)));
    expect(await screen.findByText('Time is up: your saved answers were submitted.')).toBeInTheDocument();
  });

  it('lists the unanswered questions before submitting, then shows the result', async () => {
    const u = user();
    const { router } = renderQuizRoute(attemptPath, ROLE.student);
    await u.click(await screen.findByRole('radio', { name: 'Heat' }));
    await u.click(screen.getAllByRole('button', { name: 'Submit' })[0]!);
    const ask = await screen.findByRole('dialog', { name: 'Submit the quiz' });
    expect(ask).toHaveTextContent('You have not answered 2 questions: 2, 3.');
    expect(ask).toHaveTextContent('After submitting you cannot change your answers.');
    await u.click(within(ask).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toContain('/result'));
    expect(await screen.findByText('Your answers were submitted.')).toBeInTheDocument();
    expect(writesOf(fetchMock).map((w) => w.call)).toEqual([`PUT ${answerUrl(1)}`, `POST /api/attempts/${ATTEMPT_ID}/submit`]);
  });

  it('goes to the result when the server says the attempt is already finished', async () => {
    saveAnswer = () => jsonResponse({ code: 'ATTEMPT_FINISHED', message: 'x' }, 409);
    const u = user();
    const { router } = renderQuizRoute(attemptPath, ROLE.student);
    await u.click(await screen.findByRole('radio', { name: 'Heat' }));
    await waitFor(() => expect(router.state.location.pathname).toContain('/result'));
    expect(await screen.findByText('This attempt is already finished; your answers were saved up to its end.')).toBeInTheDocument();
  });

  it('sends a submitted attempt straight to its result', async () => {
    attempt = attemptFixture({ status: 'submitted' });
    const { router } = renderQuizRoute(attemptPath, ROLE.student);
    await waitFor(() => expect(router.state.location.pathname).toContain('/result'));
    expect(await screen.findByTestId('result-score')).toHaveTextContent('0 / 7');
  });
});
