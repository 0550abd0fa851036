import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sampleForms } from '@klase/core/quizzes/test-questions';
import type { AttemptResult, AttemptView, QuizOverview } from '@klase/core/quizzes/contracts';
import { quizAnswers, quizAttempts } from '../../db/schema/assessments.ts';
import { materialProgress } from '../../db/schema/courses.ts';
import { moveAttempt, sampleQuestions } from '../../test/quiz-factories.ts';
import { RIGHT, WRONG, answer, right, wrong, start, submissionRow, takeQuiz, useQuizWorld } from '../../test/quizzes-world.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Words of the sample questions' keys and the essay's guidance: none may reach a student before the settings allow. */
const KEY_TELLS = ['"accepted"', '"tolerance"', '"guidance"', '"leftId"', '"answer":9.81', 'Rizal', 'concrete community example', '"correct":["'];

describe('quiz attempts: start, resume, answers, submit, results', () => {
  const world = useQuizWorld();

  it('starts an attempt with the order fixed at the start, the deadline from the time limit, and no key anywhere', async () => {
    const quiz = await world.makeQuiz({
      settings: { timeLimitMinutes: 20, attemptsAllowed: 2, shuffleQuestions: true, shuffleChoices: true, showAnswers: 'never' },
      questions: sampleQuestions('multipleChoice', 'trueFalse', 'shortAnswer', 'numeric', 'matching', 'essay'),
    });
    const jose = world.as('jose');
    const before = Date.now();
    const attempt = await start(jose, quiz.materialId);
    expect(attempt).toMatchObject({ materialId: quiz.materialId, number: 1, status: 'inProgress', answers: {} });
    expect(new Set(attempt.questions.map((q) => q.id))).toEqual(new Set(quiz.questionIds));
    const deadline = Date.parse(attempt.deadlineAt ?? '');
    expect(deadline - Date.parse(attempt.startedAt)).toBe(20 * MINUTE);
    expect(Date.parse(attempt.serverNow)).toBeGreaterThanOrEqual(before);
    for (const tell of KEY_TELLS) expect(JSON.stringify(attempt)).not.toContain(tell);

    // A reload shows the same attempt in the same order with the same choice order.
    const again = await jose.req('GET', `/api/attempts/${attempt.id}`);
    expect(again.statusCode, again.body).toBe(200);
    const reread = again.json<AttemptView>();
    expect(reread.questions).toEqual(attempt.questions);
    // Starting again resumes it (200) instead of making a second one.
    const resumed = await start(jose, quiz.materialId, 200);
    expect(resumed.id).toBe(attempt.id);
    const [stored] = await world.t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(stored?.questionOrder).toEqual(attempt.questions.map((q) => q.id));
    const mc = attempt.questions.find((q) => q.type === 'multipleChoice');
    expect(mc?.type === 'multipleChoice' ? new Set(mc.choices.map((c) => c.text)) : null).toEqual(
      new Set(sampleForms.multipleChoice.choices.map((c) => c.text)),
    );
  });

  it('saves answers as the student goes; GET attempt after a reload returns them; a wrong type is refused', async () => {
    const quiz = await world.makeQuiz({ questions: sampleQuestions('multipleChoice', 'trueFalse', 'essay') });
    const ana = world.as('ana');
    const attempt = await start(ana, quiz.materialId);
    expect((await answer(ana, attempt.id, quiz.id('multipleChoice'), WRONG.multipleChoice ?? RIGHT.trueFalse)).statusCode).toBe(200);
    // Changing one's mind overwrites the saved answer.
    const saved = await answer(ana, attempt.id, quiz.id('multipleChoice'), RIGHT.multipleChoice);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Date.parse(saved.json<{ savedAt: string }>().savedAt)).not.toBeNaN();
    const essay = await answer(ana, attempt.id, quiz.id('essay'), { type: 'essay', html: '<p onclick="x()">Bayanihan<script>alert(1)</script></p>' });
    expect(essay.statusCode, essay.body).toBe(200);

    const wrongType = await answer(ana, attempt.id, quiz.id('trueFalse'), { type: 'numeric', value: 1 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'type' }] });
    const badBody = await answer(ana, attempt.id, quiz.id('trueFalse'), { type: 'trueFalse', value: 'yes' } as never);
    expect(badBody.statusCode).toBe(400);
    const unknownQuestion = await answer(ana, attempt.id, (await world.makeQuiz()).questionIds[0] ?? '', RIGHT.trueFalse);
    expect(unknownQuestion.statusCode).toBe(404);

    const reload = await ana.req('GET', `/api/attempts/${attempt.id}`);
    expect(reload.statusCode).toBe(200);
    expect(reload.json<AttemptView>().answers).toEqual({
      [quiz.id('multipleChoice')]: RIGHT.multipleChoice,
      [quiz.id('essay')]: { type: 'essay', html: '<p>Bayanihan</p>' },
    });
  });

  it("a student never reads another student's attempt or result (404), nor answers it", async () => {
    const quiz = await world.makeQuiz();
    const { attempt } = await takeQuiz(world.as('jose'), quiz.materialId, right);
    const open = await start(world.as('jose'), quiz.materialId);
    const ana = world.as('ana');
    for (const url of [`/api/attempts/${attempt.id}`, `/api/attempts/${attempt.id}/result`, `/api/attempts/${open.id}`]) {
      const res = await ana.req('GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await answer(ana, open.id, quiz.id('trueFalse'), RIGHT.trueFalse)).statusCode).toBe(404);
    expect((await ana.req('POST', `/api/attempts/${open.id}/submit`)).statusCode).toBe(404);
    // Another school's student and a teacher of another class: 404 too.
    expect((await world.as('studentB').req('GET', `/api/attempts/${attempt.id}`)).statusCode).toBe(404);
    expect((await world.as('otherTeacher').req('GET', `/api/attempts/${attempt.id}/result`)).statusCode).toBe(404);
    // Staff of the class read it.
    expect((await world.as('assistant').req('GET', `/api/attempts/${attempt.id}/result`)).statusCode).toBe(200);
  });

  it('submits and grades: score, per-question points, completion of the material, the combined grade returned', async () => {
    const quiz = await world.makeQuiz({ settings: { showAnswers: 'afterSubmit', passingPercent: 75 } });
    const miguel = world.as('miguel');
    const { attempt, result } = await takeQuiz(miguel, quiz.materialId, (t) => (t === 'numeric' ? WRONG.numeric : right(t)));
    expect(result.attempt).toMatchObject({ score: 4, maxScore: 7, pending: false });
    const full = result as unknown as AttemptResult;
    expect(full.showAnswers).toBe(true);
    expect(full.passed).toBe(false);
    expect(full.questions.map((q) => [q.question.type, q.points, q.max, q.correct])).toEqual([
      ['multipleChoice', 2, 2, true],
      ['trueFalse', 1, 1, true],
      ['shortAnswer', 1, 1, true],
      ['numeric', 0, 3, false],
    ]);
    expect(full.questions[3]?.key).toMatchObject({ type: 'numeric', answer: 9.81 });

    const [progress] = await world.t.db
      .select()
      .from(materialProgress)
      .where(and(eq(materialProgress.materialId, quiz.materialId), eq(materialProgress.studentId, world.w.s3.id)));
    expect(progress?.completedAt).not.toBeNull();
    const row = await submissionRow(world.t.db, quiz.materialId, world.w.s3.id);
    expect(row).toMatchObject({ grade: 4, status: 'returned', submitCount: 1 });
    expect(row?.returnedAt).not.toBeNull();

    // Submitting twice, or answering afterwards: ATTEMPT_FINISHED.
    const twice = await miguel.req('POST', `/api/attempts/${attempt.id}/submit`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ATTEMPT_FINISHED' });
    const late = await answer(miguel, attempt.id, quiz.id('numeric'), RIGHT.numeric);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ATTEMPT_FINISHED' });
    const [stored] = await world.t.db
      .select()
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, attempt.id), eq(quizAnswers.questionId, quiz.id('numeric'))));
    expect(stored?.answer).toEqual(WRONG.numeric);

    const overview = await miguel.req('GET', `/api/materials/${quiz.materialId}/quiz`);
    expect(overview.json<QuizOverview>()).toMatchObject({
      grade: 4,
      passed: false,
      attemptsLeft: null,
      inProgressAttemptId: null,
      questionCount: 4,
      totalPoints: 7,
      window: 'open',
      can: { start: true },
    });
  });

  it('an attempt past its time limit is submitted with what was saved: answers then get ATTEMPT_FINISHED', async () => {
    const quiz = await world.makeQuiz({ settings: { timeLimitMinutes: 10 } });
    const jose = world.as('jose');
    const attempt = await start(jose, quiz.materialId);
    expect((await answer(jose, attempt.id, quiz.id('multipleChoice'), RIGHT.multipleChoice)).statusCode).toBe(200);
    // Eleven minutes later (the clock moved back on the attempt's row).
    const startedAt = new Date(Date.now() - 11 * MINUTE);
    await moveAttempt(world.t.db, attempt.id, { startedAt, deadlineAt: new Date(startedAt.getTime() + 10 * MINUTE) });

    const late = await answer(jose, attempt.id, quiz.id('trueFalse'), RIGHT.trueFalse);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ATTEMPT_FINISHED' });
    const [row] = await world.t.db.select().from(quizAttempts).where(eq(quizAttempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'submitted', autoSubmitted: true, score: 2, maxScore: 7 });
    // Submitted at its deadline, not when somebody noticed.
    expect(row?.submittedAt?.getTime()).toBe(startedAt.getTime() + 10 * MINUTE);
    const answers = await world.t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attempt.id));
    expect(answers.find((a) => a.questionId === quiz.id('trueFalse'))).toMatchObject({ answer: null, points: 0 });
    expect((await submissionRow(world.t.db, quiz.materialId, world.w.s1.id))?.grade).toBe(2);
  });

  it('a reload after the time limit finds the attempt submitted (GET attempt and the quiz page settle it)', async () => {
    const quiz = await world.makeQuiz({ settings: { timeLimitMinutes: 5 } });
    const ana = world.as('ana');
    const attempt = await start(ana, quiz.materialId);
    await answer(ana, attempt.id, quiz.id('trueFalse'), RIGHT.trueFalse);
    await moveAttempt(world.t.db, attempt.id, { deadlineAt: new Date(Date.now() - 1000) });
    const view = await ana.req('GET', `/api/attempts/${attempt.id}`);
    expect(view.json<AttemptView>()).toMatchObject({ status: 'submitted', answers: { [quiz.id('trueFalse')]: RIGHT.trueFalse } });
    const overview = (await ana.req('GET', `/api/materials/${quiz.materialId}/quiz`)).json<QuizOverview>();
    expect(overview.inProgressAttemptId).toBeNull();
    expect(overview.attempts).toMatchObject([{ status: 'submitted', autoSubmitted: true, score: 1 }]);
    const submitLate = await ana.req('POST', `/api/attempts/${attempt.id}/submit`);
    expect(submitLate.json()).toMatchObject({ code: 'ATTEMPT_FINISHED' });
  });

  it('refuses more attempts than allowed (NO_ATTEMPTS_LEFT) and counts numbers from the used ones', async () => {
    const quiz = await world.makeQuiz({ settings: { attemptsAllowed: 2 } });
    const jose = world.as('jose');
    const first = await takeQuiz(jose, quiz.materialId, wrong);
    const second = await takeQuiz(jose, quiz.materialId, right);
    expect([first.attempt.number, second.attempt.number]).toEqual([1, 2]);
    const third = await jose.req('POST', `/api/materials/${quiz.materialId}/attempts`);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'NO_ATTEMPTS_LEFT' });
    const overview = (await jose.req('GET', `/api/materials/${quiz.materialId}/quiz`)).json<QuizOverview>();
    expect(overview).toMatchObject({ attemptsLeft: 0, can: { start: false }, grade: 7 });
    expect(await world.t.db.select().from(quizAttempts).where(eq(quizAttempts.materialId, quiz.materialId))).toHaveLength(2);
  });

  it('two starts at once make one attempt', async () => {
    const quiz = await world.makeQuiz({ settings: { attemptsAllowed: 1 } });
    const miguel = world.as('miguel');
    const results = await Promise.all(Array.from({ length: 5 }, () => miguel.req('POST', `/api/materials/${quiz.materialId}/attempts`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json<AttemptView>().id)).size).toBe(1);
    expect(await world.t.db.select().from(quizAttempts).where(eq(quizAttempts.materialId, quiz.materialId))).toHaveLength(1);
  });

  it('QUIZ_CLOSED before the open time and after the close time; the deadline stops at the close time', async () => {
    const notYet = await world.makeQuiz({ settings: { openAt: new Date(Date.now() + HOUR).toISOString() } });
    const jose = world.as('jose');
    const early = await jose.req('POST', `/api/materials/${notYet.materialId}/attempts`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'QUIZ_CLOSED' });
    expect((await jose.req('GET', `/api/materials/${notYet.materialId}/quiz`)).json<QuizOverview>()).toMatchObject({
      window: 'notOpen',
      can: { start: false },
    });

    const closed = await world.makeQuiz({
      settings: { openAt: new Date(Date.now() - 2 * HOUR).toISOString(), closeAt: new Date(Date.now() - HOUR).toISOString() },
    });
    expect((await jose.req('POST', `/api/materials/${closed.materialId}/attempts`)).json()).toMatchObject({ code: 'QUIZ_CLOSED' });

    const closeAt = new Date(Date.now() + 5 * MINUTE);
    const closing = await world.makeQuiz({ settings: { timeLimitMinutes: 60, closeAt: closeAt.toISOString() } });
    const attempt = await start(jose, closing.materialId);
    expect(attempt.deadlineAt).toBe(closeAt.toISOString());

    const empty = await world.makeQuiz({ questions: [] });
    expect((await jose.req('POST', `/api/materials/${empty.materialId}/attempts`)).json()).toMatchObject({ code: 'QUIZ_CLOSED' });
  });

  it('only published, assigned, unlocked quizzes; other material types and other people are refused', async () => {
    const jose = world.as('jose');
    const hidden = await world.makeQuiz({ published: false });
    expect((await jose.req('POST', `/api/materials/${hidden.materialId}/attempts`)).statusCode).toBe(404);
    const forAna = await world.makeQuiz({ assign: { mode: 'students', ids: [world.w.s2.id] } });
    expect((await jose.req('GET', `/api/materials/${forAna.materialId}/quiz`)).statusCode).toBe(404);
    expect((await jose.req('POST', `/api/materials/${forAna.materialId}/attempts`)).statusCode).toBe(404);
    const locked = await world.makeQuiz({ afterPage: true });
    const refused = await jose.req('POST', `/api/materials/${locked.materialId}/attempts`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MATERIAL_LOCKED' });
    // A page is not a quiz.
    expect((await jose.req('GET', `/api/materials/${locked.page?.id ?? ''}/quiz`)).statusCode).toBe(404);
    // Not enrolled, another school: 404; teachers do not take quizzes.
    const quiz = await world.makeQuiz();
    expect((await world.as('isabel').req('POST', `/api/materials/${quiz.materialId}/attempts`)).statusCode).toBe(404);
    expect((await world.as('studentB').req('GET', `/api/materials/${quiz.materialId}/quiz`)).statusCode).toBe(404);
    expect((await world.as('teacher').req('POST', `/api/materials/${quiz.materialId}/attempts`)).statusCode).toBe(403);
    expect((await world.as('parent').req('POST', `/api/materials/${quiz.materialId}/attempts`)).statusCode).toBe(403);
  });

  it('the key stays hidden until the settings allow it (never; after the close time), and staff always see it', async () => {
    const never = await world.makeQuiz({
      settings: { showAnswers: 'never' },
      questions: sampleQuestions('multipleChoice', 'shortAnswer', 'numeric', 'matching', 'essay'),
    });
    const { attempt } = await takeQuiz(world.as('ana'), never.materialId, right);
    const own = await world.as('ana').req('GET', `/api/attempts/${attempt.id}/result`);
    expect(own.statusCode).toBe(200);
    const result = own.json<AttemptResult>();
    expect(result.showAnswers).toBe(false);
    expect(result.questions.every((q) => q.key === null)).toBe(true);
    for (const tell of KEY_TELLS) expect(own.body).not.toContain(tell);
    // The student still sees their own answers and points.
    expect(result.questions.find((q) => q.question.type === 'shortAnswer')).toMatchObject({ answer: RIGHT.shortAnswer, points: 1, correct: true });
    const staff = (await world.as('teacher').req('GET', `/api/attempts/${attempt.id}/result`)).json<AttemptResult>();
    expect(staff.showAnswers).toBe(true);
    expect(staff.questions.find((q) => q.question.type === 'essay')?.key).toMatchObject({ guidance: sampleForms.essay.guidance });

    const afterClose = await world.makeQuiz({ settings: { showAnswers: 'afterClose', closeAt: new Date(Date.now() + HOUR).toISOString() } });
    const taken = await takeQuiz(world.as('ana'), afterClose.materialId, right);
    const before = await world.as('ana').req('GET', `/api/attempts/${taken.attempt.id}/result`);
    expect(before.json<AttemptResult>().showAnswers).toBe(false);
    for (const tell of KEY_TELLS) expect(before.body).not.toContain(tell);
    // An in-progress attempt has no result yet.
    const open = await start(world.as('ana'), afterClose.materialId);
    expect((await world.as('ana').req('GET', `/api/attempts/${open.id}/result`)).statusCode).toBe(404);
  });

  it("parents read their child's quiz page and results, read-only; never another child's", async () => {
    const quiz = await world.makeQuiz({ settings: { showAnswers: 'never' } });
    const { attempt } = await takeQuiz(world.as('jose'), quiz.materialId, right);
    const anaTaken = await takeQuiz(world.as('ana'), quiz.materialId, right);
    const parent = world.as('parent');
    const page = await parent.req('GET', `/api/materials/${quiz.materialId}/quiz?childId=${world.w.s1.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<QuizOverview>()).toMatchObject({ grade: 7, passed: true, can: { start: false }, attempts: [{ id: attempt.id }] });
    const noChild = await parent.req('GET', `/api/materials/${quiz.materialId}/quiz`);
    expect(noChild.statusCode).toBe(400);
    expect((await parent.req('GET', `/api/materials/${quiz.materialId}/quiz?childId=${world.w.s2.id}`)).statusCode).toBe(404);
    const result = await parent.req('GET', `/api/attempts/${attempt.id}/result`);
    expect(result.statusCode).toBe(200);
    expect(result.json<AttemptResult>().questions.every((q) => q.key === null)).toBe(true);
    expect((await parent.req('GET', `/api/attempts/${anaTaken.attempt.id}/result`)).statusCode).toBe(404);
    // The attempt page is the student's and staff's only.
    expect((await parent.req('GET', `/api/attempts/${attempt.id}`)).statusCode).toBe(404);
  });
});
