import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { paths } from '../../config/paths.ts';
import { resetSessionStore } from '../../lib/session-store.ts';
import { materialFixture } from '../../test/materials-test-data.ts';
import { CLASS_ID, COURSE_ID, QUIZ_ID, quizMaterial, routeFetch, savedQuestions, settingsFixture, writesOf } from '../../test/quizzes-test-data.ts';
import { renderQuizRoute } from './quizzes-test-kit.tsx';

const base = `/api/materials/${QUIZ_ID}`;
let fetchMock: ReturnType<typeof routeFetch>;

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeEach(() => {
  fetchMock = routeFetch({
    [`GET ${base}`]: () => jsonResponse(quizMaterial()),
    [`GET ${base}/quiz-settings`]: () => jsonResponse(settingsFixture()),
    [`GET ${base}/questions`]: () => jsonResponse(savedQuestions()),
    [`PUT ${base}/quiz-settings`]: (init) => jsonResponse({ ...settingsFixture(), ...(JSON.parse(String(init?.body)) as object) }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('quiz settings page', () => {
  it('refuses a close time before the open time, then saves the settings after asking', async () => {
    renderQuizRoute(paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID), ROLE.teacher);
    expect(await screen.findByRole('heading', { name: 'Quiz settings' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(field(/^Open date/), '2030-03-02');
    await userEvent.type(field(/^Open time/), '08:00');
    await userEvent.type(field(/^Close date/), '2030-03-01');
    await save();
    expect(await screen.findByText('Must be after the opening time.')).toBeInTheDocument();
    expect(field(/^Close date/)).toHaveAttribute('aria-invalid', 'true');
    expect(writesOf(fetchMock)).toHaveLength(0);

    await userEvent.clear(field(/^Close date/));
    await userEvent.type(field(/^Close date/), '2030-03-09');
    await userEvent.type(field(/^Time limit/), '30');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Grade counted from the attempts/ }), 'Last attempt');
    await userEvent.click(screen.getByRole('switch', { name: 'Shuffle the questions for each attempt' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'The correct answers' }), 'After the quiz closes');
    await userEvent.clear(field(/^Passing grade/));
    await userEvent.type(field(/^Passing grade/), '60');
    await save();
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save quiz settings' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Quiz settings saved.')).toBeInTheDocument();
    const [put] = writesOf(fetchMock);
    expect(put!.call).toBe(`PUT ${base}/quiz-settings`);
    const body = put!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      timeLimitMinutes: 30,
      attemptsAllowed: null,
      gradingMethod: 'last',
      shuffleQuestions: true,
      shuffleChoices: false,
      showAnswers: 'afterClose',
      passingPercent: 60,
    });
    // Dates in the browser's time zone; a close date without a time closes at the end of that day.
    expect(new Date(String(body.openAt)).getTime()).toBe(new Date(2030, 2, 2, 8, 0).getTime());
    expect(new Date(String(body.closeAt)).getTime()).toBe(new Date(2030, 2, 9, 23, 59).getTime());
  });

  it('sets each part of the review on its own', async () => {
    renderQuizRoute(paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID), ROLE.teacher);
    await screen.findByRole('tab', { name: 'Settings' });
    expect(screen.getByText('What students see after an attempt')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Whether each answer was correct' }), 'Never');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Points for each question' }), 'Never');
    await save();
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save quiz settings' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Quiz settings saved.')).toBeInTheDocument();
    const [put] = writesOf(fetchMock);
    expect(put!.body).toMatchObject({ showCorrectness: 'never', showPoints: 'never', showAnswers: 'afterSubmit', showFeedback: 'afterSubmit' });
  });

  it('needs a close time when a part of the review shows after closing, and a passing grade', async () => {
    renderQuizRoute(paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID), ROLE.teacher);
    await screen.findByRole('tab', { name: 'Settings' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Your feedback on their answers' }), 'After the quiz closes');
    await userEvent.clear(field(/^Passing grade/));
    await save();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(field(/^Close date/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Passing grade/)).toHaveAttribute('aria-invalid', 'true');
    expect(writesOf(fetchMock)).toHaveLength(0);
  });

  it('keeps the tab in the address and unsaved settings across tabs; a material that is not a quiz is not found', async () => {
    const { router } = renderQuizRoute(paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID), ROLE.teacher);
    await screen.findByRole('tab', { name: 'Settings' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(`${base}/questions`);
    await userEvent.type(field(/^Time limit/), '45');
    await userEvent.click(screen.getByRole('tab', { name: 'Questions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=questions'));
    expect(await screen.findByText('2 questions, 3 points in total')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(field(/^Time limit/)).toHaveValue('45');

    fetchMock.mockImplementation(async () => jsonResponse(materialFixture({ id: QUIZ_ID, type: 'page' })));
    const other = renderQuizRoute(paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID), ROLE.teacher);
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/not-found'));
  });
});
