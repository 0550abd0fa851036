import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AttemptResult, QuizSettingsAnswer } from '@klase/core/quizzes/contracts';
import { quizSettings } from '../../db/schema/assessments.ts';
import { sampleQuestions } from '../../test/quiz-factories.ts';
import { takeQuiz, useQuizWorld, wrong } from '../../test/quizzes-world.ts';

const HOUR = 3_600_000;

/**
 * The review options: whether each answer was correct, the points of each question, the right
 * answer and the teacher's feedback are each shown never, after the attempt or after the quiz
 * closes. A quiz whose answers are never shown must not tell which answers were right either when
 * the teacher says so: with several attempts that gives the answers away.
 */
describe('quiz review options', () => {
  const world = useQuizWorld();

  it('a quiz that shows nothing of the review tells the student neither correctness, points, answers nor feedback', async () => {
    const quiz = await world.makeQuiz({
      settings: { attemptsAllowed: 3, showCorrectness: 'never', showPoints: 'never', showAnswers: 'never', showFeedback: 'never' },
      questions: sampleQuestions('multipleChoice', 'trueFalse', 'essay'),
    });
    const { attempt } = await takeQuiz(world.as('jose'), quiz.materialId, wrong);
    // The teacher grades the essay with feedback.
    const graded = await world.as('teacher').req('PUT', `/api/attempts/${attempt.id}/answers/${quiz.id('essay')}/grade`, { points: 1, feedback: 'Say more.' });
    expect(graded.statusCode, graded.body).toBe(200);
    const res = await world.as('jose').req('GET', `/api/attempts/${attempt.id}/result`);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<AttemptResult>();
    expect(result.review).toEqual({ correctness: false, points: false, answers: false, feedback: false });
    for (const q of result.questions) expect(q).toMatchObject({ correct: null, points: null, key: null, feedback: null });
    expect(res.body).not.toContain('Say more.');
    expect(res.body).not.toContain('"correct":false');
    // The student still sees their own (wrong) choices and the attempt's score (the grade).
    expect(result.questions.filter((q) => q.question.type !== 'essay').every((q) => q.answer !== null)).toBe(true);
    expect(result.attempt.score).not.toBeNull();
    // A parent reads the same; staff read everything.
    const parent = (await world.as('parent').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>();
    expect(parent.review).toEqual(result.review);
    const staff = (await world.as('teacher').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>();
    expect(staff.review).toEqual({ correctness: true, points: true, answers: true, feedback: true });
    expect(staff.questions.find((q) => q.feedback === 'Say more.')).toBeDefined();
    expect(staff.questions.some((q) => q.correct === false)).toBe(true);
  });

  it('each part follows its own option, and a part shown after the close appears once the quiz has closed', async () => {
    const closeAt = new Date(Date.now() + HOUR).toISOString();
    const quiz = await world.makeQuiz({
      settings: { closeAt, showCorrectness: 'afterSubmit', showPoints: 'afterClose', showAnswers: 'never', showFeedback: 'afterSubmit' },
      questions: sampleQuestions('multipleChoice', 'trueFalse'),
    });
    const { attempt } = await takeQuiz(world.as('ana'), quiz.materialId, wrong);
    const before = (await world.as('ana').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>();
    expect(before.review).toEqual({ correctness: true, points: false, answers: false, feedback: true });
    expect(before.questions.map((q) => [q.correct, q.points, q.key])).toEqual([
      [false, null, null],
      [false, null, null],
    ]);
    // The quiz closes.
    await world.t.db
      .update(quizSettings)
      .set({ closeAt: new Date(Date.now() - 1000) })
      .where(eq(quizSettings.materialId, quiz.materialId));
    const after = (await world.as('ana').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>();
    expect(after.review).toEqual({ correctness: true, points: true, answers: false, feedback: true });
    expect(after.questions.map((q) => q.points)).toEqual([0, 0]);
  });

  it('the settings save and read every option; after the close needs a close time', async () => {
    const quiz = await world.makeQuiz();
    const url = `/api/materials/${quiz.materialId}/quiz-settings`;
    const saved = await world
      .as('teacher')
      .req('PUT', url, { showCorrectness: 'never', showPoints: 'afterSubmit', showAnswers: 'never', showFeedback: 'never' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await world.as('teacher').req('GET', url)).json<QuizSettingsAnswer>()).toMatchObject({
      showCorrectness: 'never',
      showPoints: 'afterSubmit',
      showAnswers: 'never',
      showFeedback: 'never',
    });
    const refused = await world.as('teacher').req('PUT', url, { showPoints: 'afterClose' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: [{ path: 'closeAt' }] });
    expect((await world.as('teacher').req('PUT', url, { showFeedback: 'sometimes' })).statusCode).toBe(400);
  });
});
