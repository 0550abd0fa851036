import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { paths } from '../../config/paths.ts';
import { resetSessionStore } from '../../lib/session-store.ts';
import { ATTEMPT_ID, CLASS_ID, COURSE_ID, QUIZ_ID, questionId, quizMaterial, resultFixture, routeFetch, writesOf } from '../../test/quizzes-test-data.ts';
import { renderQuizRoute } from './quizzes-test-kit.tsx';

const resultPath = paths.classQuizAttemptResult.to(CLASS_ID, COURSE_ID, QUIZ_ID, ATTEMPT_ID);
const gradeUrl = `/api/attempts/${ATTEMPT_ID}/answers/${questionId(4)}/grade`;

const serve = (withKeys: boolean, hide: Parameters<typeof resultFixture>[1] = {}) =>
  routeFetch({
    [`GET /api/materials/${QUIZ_ID}`]: () => jsonResponse(quizMaterial()),
    [`GET /api/attempts/${ATTEMPT_ID}/result`]: () => jsonResponse(resultFixture(withKeys, hide)),
    [`PUT ${gradeUrl}`]: () => jsonResponse(resultFixture(withKeys)),
  });

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('attempt result page', () => {
  it('shows the score, the pending essay and the student’s answers, but no key when the API sends none', async () => {
    serve(false);
    renderQuizRoute(resultPath, ROLE.student);
    expect(await screen.findByTestId('result-score')).toHaveTextContent('0 / 7');
    expect(screen.getByText('Not passed')).toBeInTheDocument();
    expect(screen.getByText(/Some answers wait for the teacher/)).toBeInTheDocument();
    expect(screen.getByText('Not shown for this quiz now: the correct answers.')).toBeInTheDocument();
    const [choice, essay] = screen.getAllByTestId('result-question');
    expect(within(choice!).getByText('Rock')).toBeInTheDocument();
    expect(within(choice!).getByText('Incorrect')).toBeInTheDocument();
    expect(within(essay!).getByText('Waiting for the teacher')).toBeInTheDocument();
    expect(within(essay!).getByText('Water turns a turbine.')).toBeInTheDocument();
    expect(screen.queryByTestId('answer-key')).not.toBeInTheDocument();
    expect(screen.queryByText('Correct answer')).not.toBeInTheDocument();
    expect(screen.queryByText('Heat')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save grade' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to the quiz' })).toHaveAttribute('href', expect.stringContaining(`/element/`)));
  });

  it('shows the key when the API sends it', async () => {
    serve(true);
    renderQuizRoute(resultPath, ROLE.student);
    const [choice] = await screen.findAllByTestId('result-question');
    const key = within(choice!).getByTestId('answer-key');
    expect(within(key).getByText('Correct answer')).toBeInTheDocument();
    expect(within(key).getByText('Heat')).toBeInTheDocument();
    expect(screen.queryByText(/Not shown for this quiz now/)).not.toBeInTheDocument();
  });

  it('shows neither verdict nor points when the quiz hides them, and says what is hidden', async () => {
    serve(false, { correctness: true, points: true });
    renderQuizRoute(resultPath, ROLE.student);
    const [choice] = await screen.findAllByTestId('result-question');
    expect(
      screen.getByText('Not shown for this quiz now: whether each answer was correct, the points for each question, and the correct answers.'),
    ).toBeInTheDocument();
    expect(within(choice!).getByText('– / 2')).toBeInTheDocument();
    expect(within(choice!).queryByText('Incorrect')).not.toBeInTheDocument();
    expect(within(choice!).queryByText('0 / 2')).not.toBeInTheDocument();
    // The student's own choice still shows.
    expect(within(choice!).getByText('Rock')).toBeInTheDocument();
  });

  it('says an answer is not fully correct when correctness shows but points do not', async () => {
    serve(false, { points: true });
    renderQuizRoute(resultPath, ROLE.student);
    const [choice] = await screen.findAllByTestId('result-question');
    expect(within(choice!).getByText('Not fully correct')).toBeInTheDocument();
    expect(screen.getByText('Not shown for this quiz now: the points for each question and the correct answers.')).toBeInTheDocument();
  });

  it('lets the teacher grade the essay with feedback, not over its maximum', async () => {
    const fetchMock = serve(true);
    renderQuizRoute(resultPath, ROLE.teacher);
    const [, essay] = await screen.findAllByTestId('result-question');
    expect(within(essay!).getByText("Student's answer")).toBeInTheDocument();
    expect(within(essay!).getByText('Mentions turbines.')).toBeInTheDocument();
    const points = within(essay!).getByRole('textbox', { name: /Points for question 2 \(out of 5\)/ });
    await userEvent.type(points, '6');
    await userEvent.click(within(essay!).getByRole('button', { name: 'Save grade' }));
    expect(await within(essay!).findByText('Must not be greater than 5')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toHaveLength(0);

    await userEvent.clear(points);
    await userEvent.type(points, '4.5');
    await userEvent.type(within(essay!).getByRole('textbox', { name: 'Feedback on question 2' }), 'Good, name the generator too.');
    await userEvent.click(within(essay!).getByRole('button', { name: 'Save grade' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save grade' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Grade saved.')).toBeInTheDocument();
    expect(writesOf(fetchMock)).toEqual([{ call: `PUT ${gradeUrl}`, body: { points: 4.5, feedback: 'Good, name the generator too.' } }]);
    expect(screen.getByRole('link', { name: 'Back to the quiz results' })).toHaveAttribute('href', paths.classQuizResults.to(CLASS_ID, COURSE_ID, QUIZ_ID));
  });

  it('answers not-found for an attempt out of reach', async () => {
    routeFetch({});
    const { router } = renderQuizRoute(resultPath, ROLE.parent);
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});
