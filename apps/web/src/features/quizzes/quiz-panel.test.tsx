import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  attemptSummary,
  overviewFixture,
  quizMaterial,
  routeFetch,
  settingsFixture,
  writesOf,
} from '../../test/quizzes-test-data.ts';
import { renderQuizPanel } from './quizzes-test-kit.tsx';

const props = () => ({ material: quizMaterial(), classId: CLASS_ID, courseId: COURSE_ID });
const SECOND = '66666666-6666-4666-8666-666666666662';

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('quiz panel', () => {
  it('shows a student the quiz, their attempts and grade, and starts a timed attempt after warning that the timer starts', async () => {
    const fetchMock = routeFetch({
      [`GET /api/materials/${QUIZ_ID}/quiz`]: () =>
        jsonResponse(overviewFixture({ attempts: [attemptSummary({ score: 2, maxScore: 4, pending: true })], attemptsLeft: 1, grade: 2, passed: false })),
      [`POST /api/materials/${QUIZ_ID}/attempts`]: () => jsonResponse(attemptFixture({ id: SECOND, number: 2 }), 201),
    });
    const { router } = renderQuizPanel(props(), ROLE.student);
    const panel = await screen.findByTestId('quiz-panel');
    expect(panel).toHaveTextContent('3 questions, 4 points in total');
    expect(panel).toHaveTextContent('20 minutes');
    expect(panel).toHaveTextContent('1 of 2 used, 1 left');
    expect(panel).toHaveTextContent('Highest attempt');
    expect(panel).toHaveTextContent('75%');
    expect(within(screen.getByTestId('quiz-grade')).getByText('2 / 4 (50%)')).toBeInTheDocument();
    expect(within(screen.getByTestId('quiz-grade')).getByText('Not passed')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the teacher')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the result of attempt 1' })).toHaveAttribute(
      'href',
      paths.classQuizAttemptResult.to(CLASS_ID, COURSE_ID, QUIZ_ID, ATTEMPT_ID),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Start quiz' }));
    const ask = await screen.findByRole('dialog', { name: 'Start the quiz' });
    expect(ask).toHaveTextContent('The timer starts now: you have 20 minutes.');
    expect(ask).toHaveTextContent('Starting uses one of your attempts (1 left).');
    await userEvent.click(within(ask).getByRole('button', { name: 'Start quiz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.classQuizAttempt.to(CLASS_ID, COURSE_ID, QUIZ_ID, SECOND)));
    expect(writesOf(fetchMock)).toEqual([{ call: `POST /api/materials/${QUIZ_ID}/attempts`, body: undefined }]);
  });

  it('offers to continue the attempt in progress instead of starting one', async () => {
    routeFetch({
      [`GET /api/materials/${QUIZ_ID}/quiz`]: () =>
        jsonResponse(
          overviewFixture({
            inProgressAttemptId: ATTEMPT_ID,
            attempts: [attemptSummary({ status: 'inProgress', submittedAt: null, score: null, maxScore: null })],
          }),
        ),
    });
    renderQuizPanel(props(), ROLE.student);
    expect(await screen.findByRole('link', { name: 'Continue attempt' })).toHaveAttribute(
      'href',
      paths.classQuizAttempt.to(CLASS_ID, COURSE_ID, QUIZ_ID, ATTEMPT_ID),
    );
    expect(screen.queryByRole('button', { name: 'Start quiz' })).not.toBeInTheDocument();
  });

  it('says why a closed quiz cannot start', async () => {
    routeFetch({ [`GET /api/materials/${QUIZ_ID}/quiz`]: () => jsonResponse(overviewFixture({ window: 'closed', can: { start: false } })) });
    renderQuizPanel(props(), ROLE.student);
    expect(await screen.findByText('This quiz is closed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start quiz' })).toBeDisabled();
  });

  it('shows a parent their chosen child’s attempts, read-only', async () => {
    const fetchMock = routeFetch({
      [`GET /api/materials/${QUIZ_ID}/quiz`]: () =>
        jsonResponse(overviewFixture({ attempts: [attemptSummary({ score: 3, maxScore: 4 })], grade: 3, passed: true })),
    });
    renderQuizPanel(props(), ROLE.parent, 'child-7');
    expect(await screen.findByTestId('quiz-panel')).toHaveAttribute('data-mode', 'parent');
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/materials/${QUIZ_ID}/quiz?childId=child-7`);
    expect(screen.getByText('Passed')).toBeInTheDocument();
    expect(screen.getByText('3 / 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start quiz' })).not.toBeInTheDocument();
  });

  it('gives teachers the settings, the questions and the results', async () => {
    routeFetch({ [`GET /api/materials/${QUIZ_ID}/quiz-settings`]: () => jsonResponse(settingsFixture({ attemptCount: 5 })) });
    renderQuizPanel(props(), ROLE.teacher);
    const panel = await screen.findByTestId('quiz-panel');
    expect(panel).toHaveTextContent('2 questions, 3 points in total');
    expect(panel).toHaveTextContent('Attempts made5');
    expect(screen.getByRole('link', { name: 'Quiz settings' })).toHaveAttribute('href', paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID));
    expect(screen.getByRole('link', { name: 'Questions' })).toHaveAttribute('href', paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID, 'questions'));
    expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('href', paths.classQuizResults.to(CLASS_ID, COURSE_ID, QUIZ_ID));
  });

  it('gives assistants only the results', async () => {
    routeFetch({ [`GET /api/materials/${QUIZ_ID}/quiz-settings`]: () => jsonResponse(settingsFixture()) });
    renderQuizPanel(props(), ROLE.assistantTeacher);
    expect(await screen.findByRole('link', { name: 'Results' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Quiz settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Questions' })).not.toBeInTheDocument();
  });

  it('previews the student layout in student mode, with nothing to start', async () => {
    const fetchMock = routeFetch({
      [`GET /api/materials/${QUIZ_ID}/quiz-settings`]: () => jsonResponse(settingsFixture({ timeLimitMinutes: 15, attemptsAllowed: 3 })),
    });
    renderQuizPanel({ ...props(), studentMode: true }, ROLE.teacher);
    const panel = await screen.findByTestId('quiz-panel');
    expect(panel).toHaveAttribute('data-mode', 'preview');
    expect(panel).toHaveTextContent('This is how students see the quiz. You cannot take it in student mode.');
    expect(panel).toHaveTextContent('0 of 3 used, 3 left');
    expect(screen.getByRole('button', { name: 'Start quiz' })).toBeDisabled();
    expect(writesOf(fetchMock)).toHaveLength(0);
  });
});
