import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sampleForms } from '@klase/core/quizzes/test-questions';
import type { AttemptResult, AttemptView, QuizOverview, QuizResults, QuizStats } from '@klase/core/quizzes/contracts';
import { quizAttempts } from '../../db/schema/assessments.ts';
import { courseMaterials } from '../../db/schema/courses.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { sampleQuestions } from '../../test/quiz-factories.ts';
import { auditActions } from '../../test/materials-world.ts';
import { RIGHT, WRONG, answer, right, start, submissionRow, takeQuiz, useQuizWorld, wrong } from '../../test/quizzes-world.ts';

describe('quiz review: combined grades, regrading, essays, results and statistics', () => {
  const world = useQuizWorld();

  it('grading methods across attempts, end to end: highest, average, first, last', async () => {
    // Three attempts scoring 2, 7 and 4 of 7.
    const quiz = await world.makeQuiz({ settings: { attemptsAllowed: 3, gradingMethod: 'highest' } });
    const jose = world.as('jose');
    await takeQuiz(jose, quiz.materialId, (t) => (t === 'multipleChoice' ? RIGHT.multipleChoice : wrong(t)));
    await takeQuiz(jose, quiz.materialId, right);
    await takeQuiz(jose, quiz.materialId, (t) => (t === 'numeric' ? RIGHT.numeric : t === 'trueFalse' ? RIGHT.trueFalse : wrong(t)));
    const gradeOf = async () => (await jose.req('GET', `/api/materials/${quiz.materialId}/quiz`)).json<QuizOverview>();
    expect((await gradeOf()).attempts.map((a) => a.score)).toEqual([2, 7, 4]);
    const expected = { highest: 7, average: 4.33, first: 2, last: 4 } as const;
    for (const [method, grade] of Object.entries(expected)) {
      const saved = await world.as('teacher').req('PUT', `/api/materials/${quiz.materialId}/quiz-settings`, { attemptsAllowed: 3, gradingMethod: method });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await gradeOf()).grade, method).toBe(grade);
      expect((await submissionRow(world.t.db, quiz.materialId, world.w.s1.id))?.grade, method).toBe(grade);
    }
  });

  it('a key change regrades every attempt, their scores and the combined grades, in one change', async () => {
    const quiz = await world.makeQuiz({ settings: { attemptsAllowed: 2 } });
    // Jose says Cebu City (wrong), Ana says Manila (right); Jose tries again with Manila.
    await takeQuiz(world.as('jose'), quiz.materialId, (t) => (t === 'multipleChoice' ? WRONG.multipleChoice : right(t)));
    await takeQuiz(world.as('ana'), quiz.materialId, right);
    const open = await world.as('jose').req('POST', `/api/materials/${quiz.materialId}/attempts`);
    expect(open.statusCode).toBe(201);
    expect((await submissionRow(world.t.db, quiz.materialId, world.w.s1.id))?.grade).toBe(5);
    expect((await submissionRow(world.t.db, quiz.materialId, world.w.s2.id))?.grade).toBe(7);

    // The teacher decides Cebu City is the answer, worth 3 points.
    const res = await world.as('teacher').req('PUT', `/api/materials/${quiz.materialId}/questions/${quiz.id('multipleChoice')}`, {
      ...sampleForms.multipleChoice,
      points: 3,
      correct: ['x81q'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ regraded: 2 });
    const scores = await world.t.db.select().from(quizAttempts).where(eq(quizAttempts.materialId, quiz.materialId));
    expect(
      scores
        .filter((a) => a.status === 'submitted')
        .map((a) => [a.studentId === world.w.s1.id ? 'jose' : 'ana', a.score, a.maxScore])
        .sort(),
    ).toEqual([
      ['ana', 5, 8],
      ['jose', 8, 8],
    ]);
    // The quiz stays worth its 7 maximum points (issue 13): 8 of 8 is 7, 5 of 8 is 4.38.
    expect((await submissionRow(world.t.db, quiz.materialId, world.w.s1.id))?.grade).toBe(7);
    expect((await submissionRow(world.t.db, quiz.materialId, world.w.s2.id))?.grade).toBe(4.38);
    const result = (
      await world.as('ana').req('GET', `/api/attempts/${scores.find((a) => a.studentId === world.w.s2.id)?.id ?? ''}/result`)
    ).json<AttemptResult>();
    expect(result.questions[0]).toMatchObject({ points: 0, max: 3, correct: false });
    expect(await auditActions(world.t.db, quiz.materialId)).toContain('quiz.question-updated');
  });

  it('issue 13: an assistant grades an essay by hand (and still changes no question)', async () => {
    const quiz = await world.makeQuiz({ questions: sampleQuestions('trueFalse', 'essay') });
    const { attempt } = await takeQuiz(world.as('ana'), quiz.materialId, right);
    const graded = await world.as('assistant').req('PUT', `/api/attempts/${attempt.id}/answers/${quiz.id('essay')}/grade`, { points: 7, feedback: 'Clear.' });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json<AttemptResult>().attempt).toMatchObject({ score: 8, pending: false });
    expect(await submissionRow(world.t.db, quiz.materialId, world.w.s2.id)).toMatchObject({ grade: 8, gradedBy: world.w.assistant.id });
    const edit = await world.as('assistant').req('PUT', `/api/materials/${quiz.materialId}/questions/${quiz.id('essay')}`, sampleForms.essay);
    expect(edit.statusCode).toBe(403);
  });

  it('issue 13: the quiz grade is scaled to its maximum points (raw / total × maximum) in the result, the page, the results, a regrade and a change of the points', async () => {
    const quiz = await world.makeQuiz({ settings: { passingPercent: 75 } });
    await world.t.db.update(courseMaterials).set({ maxPoints: 100 }).where(eq(courseMaterials.id, quiz.materialId));
    // Jose misses only the short answer (1 of 7 points): 6 of 7 is 85.71 of 100.
    const { attempt, result } = await takeQuiz(world.as('jose'), quiz.materialId, (t) => (t === 'shortAnswer' ? wrong(t) : right(t)));
    expect(result).toMatchObject({ attempt: { score: 6, maxScore: 7 }, grade: 85.71, maxPoints: 100, passed: true });
    expect((await world.as('jose').req('GET', `/api/materials/${quiz.materialId}/quiz`)).json<QuizOverview>()).toMatchObject({
      grade: 85.71,
      maxPoints: 100,
      totalPoints: 7,
      passed: true,
    });
    expect(await submissionRow(world.t.db, quiz.materialId, world.w.s1.id)).toMatchObject({ grade: 85.71 });
    const results = (await world.as('teacher').req('GET', `/api/materials/${quiz.materialId}/quiz-results`)).json<QuizResults>();
    expect(results).toMatchObject({ totalPoints: 7, maxPoints: 100, counts: { passed: 1 } });
    expect(results.rows.find((r) => r.studentId === world.w.s1.id)?.grade).toBe(85.71);

    // A regrade (the true/false key flipped: 5 of 7, under 75 %) is scaled too.
    const regraded = await world
      .as('teacher')
      .req('PUT', `/api/materials/${quiz.materialId}/questions/${quiz.id('trueFalse')}`, { ...sampleForms.trueFalse, correct: false });
    expect(regraded.json()).toMatchObject({ regraded: 1 });
    expect(await submissionRow(world.t.db, quiz.materialId, world.w.s1.id)).toMatchObject({ grade: 71.43 });

    // The teacher makes the quiz worth 20 in the material form: the grade follows (5 / 7 × 20).
    const form = { type: 'quiz', name: 'Quiz 1', maxPoints: 20 };
    const saved = await world.as('teacher').req('PUT', `/api/materials/${quiz.materialId}`, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await submissionRow(world.t.db, quiz.materialId, world.w.s1.id)).toMatchObject({ grade: 14.29 });
    expect((await world.as('jose').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>()).toMatchObject({
      grade: 14.29,
      maxPoints: 20,
      passed: false,
    });
    // The grade book's item is out of the same maximum.
    const setup = await world.as('teacher').req('GET', `/api/courses/${quiz.course.id}/gradebook/setup`);
    expect(setup.statusCode, setup.body).toBe(200);
    const item = (setup.json() as { items: { materialId: string | null; maxGrade: number }[] }).items.find((i) => i.materialId === quiz.materialId);
    expect(item?.maxGrade).toBe(20);
  });

  it('submissions at the same time as a key change are all graded with the new key', async () => {
    const quiz = await world.makeQuiz();
    const takers = (['jose', 'ana', 'miguel'] as const).map((who) => world.as(who));
    const attempts: AttemptView[] = [];
    for (const agent of takers) {
      const attempt = await start(agent, quiz.materialId);
      expect((await answer(agent, attempt.id, quiz.id('multipleChoice'), WRONG.multipleChoice)).statusCode).toBe(200);
      attempts.push(attempt);
    }
    const [edit, ...submits] = await Promise.all([
      world
        .as('teacher')
        .req('PUT', `/api/materials/${quiz.materialId}/questions/${quiz.id('multipleChoice')}`, { ...sampleForms.multipleChoice, correct: ['x81q'] }),
      ...takers.map((agent, i) => agent.req('POST', `/api/attempts/${attempts[i]?.id ?? ''}/submit`)),
    ]);
    expect(edit?.statusCode, edit?.body).toBe(200);
    expect(submits.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await world.t.db.select().from(quizAttempts).where(eq(quizAttempts.materialId, quiz.materialId));
    expect(rows.map((r) => r.score)).toEqual([2, 2, 2]);
  });

  it('an essay waits for the teacher (the grade hidden from the student), then the hand grade completes it', async () => {
    const quiz = await world.makeQuiz({ questions: sampleQuestions('trueFalse', 'essay') });
    const { attempt, result } = await takeQuiz(world.as('miguel'), quiz.materialId, right);
    expect(result.attempt).toMatchObject({ score: 1, maxScore: 11, pending: true });
    const own = (await world.as('miguel').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>();
    expect(own.passed).toBeNull();
    expect(own.questions[1]).toMatchObject({ pending: true, points: null, correct: null, answer: RIGHT.essay });
    expect((await world.as('miguel').req('GET', `/api/materials/${quiz.materialId}/quiz`)).json<QuizOverview>()).toMatchObject({ grade: null, passed: null });
    expect(await submissionRow(world.t.db, quiz.materialId, world.w.s3.id)).toMatchObject({ status: 'submitted', grade: 1, returnedAt: null });
    const results = (await world.as('assistant').req('GET', `/api/materials/${quiz.materialId}/quiz-results`)).json<QuizResults>();
    expect(results.counts).toMatchObject({ total: 3, attempted: 1, pending: 1, passed: 0 });

    const gradeUrl = `/api/attempts/${attempt.id}/answers/${quiz.id('essay')}/grade`;
    const over = await world.as('teacher').req('PUT', gradeUrl, { points: 10.5, feedback: 'Good example.' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'GRADE_OVER_MAX', params: { max: 10 } });
    expect((await world.as('teacher').req('PUT', gradeUrl, { points: -1 })).statusCode).toBe(400);
    expect((await world.as('assistant').req('PUT', gradeUrl, { points: 10.5 })).json()).toMatchObject({ code: 'GRADE_OVER_MAX' });
    expect((await world.as('miguel').req('PUT', gradeUrl, { points: 10 })).statusCode).toBe(403);

    const graded = await world.as('teacher').req('PUT', gradeUrl, { points: 8, feedback: ' Good example; say more about today. ' });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json<AttemptResult>()).toMatchObject({ attempt: { score: 9, pending: false }, passed: true });
    const seen = (await world.as('miguel').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>();
    expect(seen.questions[1]).toMatchObject({ pending: false, points: 8, correct: false, feedback: 'Good example; say more about today.' });
    expect((await world.as('miguel').req('GET', `/api/materials/${quiz.materialId}/quiz`)).json<QuizOverview>()).toMatchObject({ grade: 9, passed: true });
    const row = await submissionRow(world.t.db, quiz.materialId, world.w.s3.id);
    expect(row).toMatchObject({ status: 'returned', grade: 9, gradedBy: world.w.teacher.id });
    expect(await auditActions(world.t.db, quiz.materialId)).toEqual(['quiz.answer-graded']);
    // An attempt in progress is not graded by hand.
    const other = await world.as('ana').req('POST', `/api/materials/${quiz.materialId}/attempts`);
    const inProgress = await world
      .as('teacher')
      .req('PUT', `/api/attempts/${other.json<{ id: string }>().id}/answers/${quiz.id('essay')}/grade`, { points: 1 });
    expect(inProgress.statusCode).toBe(409);
  });

  it('issue 16: the hand grade that completes a quiz notifies the student (grade) and the parent (childGrade)', async () => {
    const quiz = await world.makeQuiz({ questions: sampleQuestions('trueFalse', 'essay') });
    const { attempt } = await takeQuiz(world.as('jose'), quiz.materialId, right);
    const about = async (userId: string) =>
      (await world.t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.params.itemName === quiz.quiz.name);
    expect(await about(world.w.s1.id)).toEqual([]);
    const gradeUrl = `/api/attempts/${attempt.id}/answers/${quiz.id('essay')}/grade`;
    expect((await world.as('teacher').req('PUT', gradeUrl, { points: 8 })).statusCode).toBe(200);
    expect((await about(world.w.s1.id)).map((n) => [n.type, n.params.grade])).toEqual([['grade', 9]]);
    expect((await about(world.w.parent.id)).map((n) => [n.type, n.params.childName, n.params.grade])).toEqual([['childGrade', 'Jose Dela Cruz', 9]]);
    // The same grade again tells nobody twice.
    expect((await world.as('teacher').req('PUT', gradeUrl, { points: 8 })).statusCode).toBe(200);
    expect(await about(world.w.s1.id)).toHaveLength(1);
  });

  it('quiz results: every assigned student with attempts, grades and counts', async () => {
    const quiz = await world.makeQuiz({ settings: { passingPercent: 50 } });
    await takeQuiz(world.as('jose'), quiz.materialId, right);
    await takeQuiz(world.as('ana'), quiz.materialId, wrong);
    await world.as('miguel').req('POST', `/api/materials/${quiz.materialId}/attempts`);
    const res = await world.as('teacher').req('GET', `/api/materials/${quiz.materialId}/quiz-results`);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<QuizResults>();
    expect(results).toMatchObject({ materialId: quiz.materialId, totalPoints: 7, counts: { total: 3, attempted: 2, pending: 0, passed: 1 } });
    expect(results.rows.map((r) => [r.name, r.grade, r.attempts.map((a) => a.status)])).toEqual([
      ['Ana Bonifacio', 0, ['submitted']],
      ['Jose Dela Cruz', 7, ['submitted']],
      ['Miguel Villanueva', null, ['inProgress']],
    ]);
    expect((await world.as('jose').req('GET', `/api/materials/${quiz.materialId}/quiz-results`)).statusCode).toBe(403);
    expect((await world.as('otherTeacher').req('GET', `/api/materials/${quiz.materialId}/quiz-results`)).statusCode).toBe(404);
  });

  it('statistics per question: answered, share correct, average points, common wrong answers as text', async () => {
    const quiz = await world.makeQuiz({
      questions: sampleQuestions('multipleChoice', 'trueFalse', 'shortAnswer', 'numeric', 'matching', 'essay'),
      settings: { attemptsAllowed: 2 },
    });
    await takeQuiz(world.as('jose'), quiz.materialId, right);
    await takeQuiz(world.as('ana'), quiz.materialId, (t) => (t === 'shortAnswer' ? { type: 'shortAnswer', text: 'andres  bonifacio' } : wrong(t)));
    await takeQuiz(world.as('miguel'), quiz.materialId, (t) => (t === 'essay' || t === 'trueFalse' ? undefined : wrong(t)));
    await takeQuiz(world.as('miguel'), quiz.materialId, (t) => (t === 'multipleChoice' ? { type: 'multipleChoice', choiceIds: ['p0zz'] } : undefined));
    const res = await world.as('assistant').req('GET', `/api/materials/${quiz.materialId}/quiz-stats`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<QuizStats>();
    expect(stats.attempts).toBe(4);
    const byType = Object.fromEntries(stats.questions.map((q) => [q.type, q]));
    expect(byType.multipleChoice).toMatchObject({
      position: 0,
      answered: 4,
      correctShare: 0.25,
      averagePoints: 0.5,
      commonWrong: [
        { text: 'Cebu City', count: 2 },
        { text: 'Davao City', count: 1 },
      ],
    });
    expect(byType.trueFalse).toMatchObject({ answered: 2, correctShare: 0.25, commonWrong: [{ text: 'False', count: 1 }] });
    expect(byType.shortAnswer).toMatchObject({ answered: 3, correctShare: 0.25, commonWrong: [{ text: 'andres bonifacio', count: 2 }] });
    expect(byType.numeric).toMatchObject({ answered: 3, averagePoints: 0.75, commonWrong: [{ text: '10', count: 2 }] });
    expect(byType.matching?.commonWrong).toEqual([
      { text: 'Mindanao group → Samar', count: 2 },
      { text: 'Visayas group → Mindanao', count: 2 },
    ]);
    // Essays wait for the teacher: answered, but not in the shares until graded.
    expect(byType.essay).toMatchObject({ answered: 1, correctShare: 0, averagePoints: 0, commonWrong: [] });
  });
});
