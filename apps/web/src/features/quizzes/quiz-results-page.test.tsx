import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  quizMaterial,
  resultFixture,
  resultsFixture,
  routeFetch,
  statsFixture,
} from '../../test/quizzes-test-data.ts';
import { renderQuizRoute } from './quizzes-test-kit.tsx';

beforeEach(() => {
  routeFetch({
    [`GET /api/materials/${QUIZ_ID}`]: () => jsonResponse(quizMaterial()),
    [`GET /api/materials/${QUIZ_ID}/quiz-results`]: () => jsonResponse(resultsFixture()),
    [`GET /api/materials/${QUIZ_ID}/quiz-stats`]: () => jsonResponse(statsFixture()),
    [`GET /api/attempts/${ATTEMPT_ID}/result`]: () => jsonResponse(resultFixture(true)),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('quiz results page', () => {
  it('lists the students with their attempts, grade and what waits for grading, and opens an attempt', async () => {
    const { router } = renderQuizRoute(paths.classQuizResults.to(CLASS_ID, COURSE_ID, QUIZ_ID), ROLE.assistantTeacher);
    expect(await screen.findByRole('heading', { name: 'Quiz results' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const ana = within(table).getByText('Ana Cruz').closest('tr')!;
    expect(within(ana).getByText('2 / 7')).toBeInTheDocument();
    expect(within(ana).getByText('To grade')).toBeInTheDocument();
    const ben = within(table).getByText('Ben Reyes').closest('tr')!;
    expect(within(ben).getByText('Not attempted')).toBeInTheDocument();
    expect(screen.getByText('Attempted').nextSibling).toHaveTextContent('1');

    await userEvent.click(within(ana).getByRole('link', { name: 'Ana Cruz, attempt #1: to grade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.classQuizAttemptResult.to(CLASS_ID, COURSE_ID, QUIZ_ID, ATTEMPT_ID)));
    expect(await screen.findByText('Energy quiz · Ana Cruz')).toBeInTheDocument();
  });

  it('shows per-question statistics: share correct as a bar, average points and common wrong answers', async () => {
    renderQuizRoute(paths.classQuizResults.to(CLASS_ID, COURSE_ID, QUIZ_ID, 'statistics'), ROLE.teacher);
    expect(await screen.findByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Based on 4 submitted attempts.')).toBeInTheDocument();
    const [choice, essay] = screen.getAllByTestId('question-stat');
    expect(within(choice!).getByText('25% fully correct')).toBeInTheDocument();
    expect(within(choice!).getByRole('progressbar', { name: 'Question 1: 25% fully correct' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(choice!).getByText('Average: 0.5 of 2 points')).toBeInTheDocument();
    expect(within(choice!).getByText('Rock (3 times)')).toBeInTheDocument();
    expect(within(essay!).getByText('Graded by hand: no share correct yet.')).toBeInTheDocument();
  });
});
