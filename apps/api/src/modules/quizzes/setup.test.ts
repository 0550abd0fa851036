import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sampleForms } from '@klase/core/quizzes/test-questions';
import type { AttemptView, BankQuestion, QuizSettingsAnswer, TeacherQuestion } from '@klase/core/quizzes/contracts';
import type { TablePage } from '@klase/core/table';
import { quizQuestions } from '../../db/schema/assessments.ts';
import { courseMaterials } from '../../db/schema/courses.ts';
import { auditActions } from '../../test/materials-world.ts';
import { start, useQuizWorld } from '../../test/quizzes-world.ts';

const maxPointsOf = async (db: ReturnType<typeof useQuizWorld>['t']['db'], materialId: string) =>
  (await db.select({ max: courseMaterials.maxPoints }).from(courseMaterials).where(eq(courseMaterials.id, materialId)))[0]?.max;
const setMaxPoints = async (db: ReturnType<typeof useQuizWorld>['t']['db'], materialId: string, maxPoints: number) => {
  await db.update(courseMaterials).set({ maxPoints }).where(eq(courseMaterials.id, materialId));
};

describe('quiz setup: settings, questions, the question bank', () => {
  const world = useQuizWorld();

  it('reads the default settings, saves valid ones (audited) and refuses bad ones with field messages', async () => {
    const quiz = await world.makeQuiz();
    const teacher = world.as('teacher');
    const url = `/api/materials/${quiz.materialId}/quiz-settings`;
    const first = await teacher.req('GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<QuizSettingsAnswer>()).toEqual({
      materialId: quiz.materialId,
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
      version: 0,
      totalPoints: 7,
      maxPoints: 7,
      questionCount: 4,
      attemptCount: 0,
    });
    const saved = await teacher.req('PUT', url, {
      openAt: '2026-09-01T08:00:00+08:00',
      closeAt: '2026-09-01T17:00:00+08:00',
      timeLimitMinutes: 30,
      attemptsAllowed: 3,
      gradingMethod: 'average',
      shuffleQuestions: true,
      showAnswers: 'afterClose',
      passingPercent: 60,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<QuizSettingsAnswer>()).toMatchObject({
      openAt: '2026-09-01T00:00:00.000Z',
      closeAt: '2026-09-01T09:00:00.000Z',
      timeLimitMinutes: 30,
      attemptsAllowed: 3,
      gradingMethod: 'average',
      shuffleQuestions: true,
      shuffleChoices: false,
      passingPercent: 60,
    });
    expect((await world.as('assistant').req('GET', url)).json<QuizSettingsAnswer>()).toMatchObject({ gradingMethod: 'average' });
    expect(await auditActions(world.t.db, quiz.materialId)).toEqual(['quiz.settings-updated']);

    const bad = await teacher.req('PUT', url, {
      openAt: '2026-09-02T08:00:00Z',
      closeAt: '2026-09-01T08:00:00Z',
      timeLimitMinutes: 0,
      attemptsAllowed: 21,
      passingPercent: 101,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ fields: { path: string }[] }>()
        .fields.map((f) => f.path)
        .sort(),
    ).toEqual(['attemptsAllowed', 'closeAt', 'passingPercent', 'timeLimitMinutes']);
    const afterCloseWithoutClose = await teacher.req('PUT', url, { showAnswers: 'afterClose' });
    expect(afterCloseWithoutClose.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'closeAt' }] });
    expect((await teacher.req('GET', url)).json<QuizSettingsAnswer>()).toMatchObject({ gradingMethod: 'average', attemptsAllowed: 3 });
  });

  it('only teachers of the class change a quiz; other materials, classes and schools are 404', async () => {
    const quiz = await world.makeQuiz({ afterPage: true });
    const url = `/api/materials/${quiz.materialId}/quiz-settings`;
    expect((await world.as('assistant').req('PUT', url, {})).statusCode).toBe(403);
    expect((await world.as('assistant').req('POST', `/api/materials/${quiz.materialId}/questions`, sampleForms.trueFalse)).statusCode).toBe(403);
    expect((await world.as('otherTeacher').req('GET', url)).statusCode).toBe(404);
    expect((await world.as('teacherB').req('GET', `/api/materials/${quiz.materialId}/questions`)).statusCode).toBe(404);
    expect((await world.as('jose').req('GET', `/api/materials/${quiz.materialId}/questions`)).statusCode).toBe(403);
    expect((await world.as('teacher').req('GET', `/api/materials/${quiz.page?.id ?? ''}/quiz-settings`)).statusCode).toBe(404);
    expect((await world.as('teacher').req('GET', `/api/courses/${quiz.course.id}/question-bank`)).statusCode).toBe(200);
    expect((await world.as('otherTeacher').req('GET', `/api/courses/${quiz.course.id}/question-bank`)).statusCode).toBe(404);
  });

  it('adds, edits, reorders and deletes questions: HTML sanitized; the questions total follows, the maximum points stay the teacher’s (issue 13)', async () => {
    const quiz = await world.makeQuiz({ questions: [] });
    await setMaxPoints(world.t.db, quiz.materialId, 50);
    const teacher = world.as('teacher');
    const base = `/api/materials/${quiz.materialId}/questions`;
    const points = async () => {
      const s = (await teacher.req('GET', `/api/materials/${quiz.materialId}/quiz-settings`)).json<QuizSettingsAnswer>();
      return { total: s.totalPoints, max: s.maxPoints, stored: await maxPointsOf(world.t.db, quiz.materialId) };
    };
    const made: TeacherQuestion[] = [];
    for (const form of [
      { ...sampleForms.multipleChoice, prompt: '<p onclick="steal()">Capital?<script>alert(1)</script></p>', points: 2.5 },
      { ...sampleForms.essay, guidance: '<b>Thesis</b><img src=x onerror="alert(1)">' },
      sampleForms.trueFalse,
    ]) {
      const res = await teacher.req('POST', base, form);
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<TeacherQuestion>());
    }
    const [mc, essay, tf] = made;
    expect(made.map((q) => q.position)).toEqual([0, 1, 2]);
    expect(mc?.question).toMatchObject({ prompt: '<p>Capital?</p>', points: 2.5, multiple: false, correct: ['k3f9'] });
    expect(essay?.question).toMatchObject({ guidance: '<b>Thesis</b>' });
    // 2.5 + 10 + 1 = 13.5 points; the quiz stays worth 50.
    expect(await points()).toEqual({ total: 13.5, max: 50, stored: 50 });

    const emptyPrompt = await teacher.req('POST', base, { ...sampleForms.trueFalse, prompt: '<script>alert(1)</script>' });
    expect(emptyPrompt.statusCode).toBe(400);
    expect(emptyPrompt.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'prompt', key: 'required' }] });
    const badKey = await teacher.req('POST', base, { ...sampleForms.multipleChoice, correct: ['nope'] });
    expect(badKey.statusCode).toBe(400);
    const badPoints = await teacher.req('POST', base, { ...sampleForms.trueFalse, points: 0.555 });
    expect(badPoints.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'points' }] });
    expect(await world.t.db.select().from(quizQuestions).where(eq(quizQuestions.materialId, quiz.materialId))).toHaveLength(3);

    const edited = await teacher.req('PUT', `${base}/${tf?.id ?? ''}`, { ...sampleForms.trueFalse, points: 4 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: tf?.id, regraded: 0, question: { points: 4 } });
    expect(await points()).toEqual({ total: 16.5, max: 50, stored: 50 });

    const order = [tf?.id, mc?.id, essay?.id];
    const reordered = await teacher.req('PUT', `${base}/order`, { questionIds: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await teacher.req('GET', base)).json<TeacherQuestion[]>().map((q) => q.id)).toEqual(order);
    const incomplete = await teacher.req('PUT', `${base}/order`, { questionIds: [tf?.id, mc?.id] });
    expect(incomplete.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'questionIds' }] });
    const repeated = await teacher.req('PUT', `${base}/order`, { questionIds: [tf?.id, tf?.id, mc?.id] });
    expect(repeated.statusCode).toBe(400);

    const removed = await teacher.req('DELETE', `${base}/${essay?.id ?? ''}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await points()).toEqual({ total: 6.5, max: 50, stored: 50 });
    expect((await teacher.req('DELETE', `${base}/${essay?.id ?? ''}`)).statusCode).toBe(404);
    expect(await auditActions(world.t.db, quiz.materialId)).toEqual([
      'quiz.question-added',
      'quiz.question-added',
      'quiz.question-added',
      'quiz.question-updated',
      'quiz.questions-reordered',
      'quiz.question-deleted',
    ]);
  });

  it('a question of a quiz with attempts cannot be deleted (QUIZ_HAS_ATTEMPTS)', async () => {
    const quiz = await world.makeQuiz();
    const attempt = await start(world.as('jose'), quiz.materialId);
    const res = await world.as('teacher').req('DELETE', `/api/materials/${quiz.materialId}/questions/${quiz.id('trueFalse')}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'QUIZ_HAS_ATTEMPTS' });
    expect(await world.t.db.select().from(quizQuestions).where(eq(quizQuestions.materialId, quiz.materialId))).toHaveLength(4);
    // The attempt keeps its questions; editing the prompt is fine and regrades nothing.
    const edit = await world.as('teacher').req('PUT', `/api/materials/${quiz.materialId}/questions/${quiz.id('trueFalse')}`, {
      ...sampleForms.trueFalse,
      prompt: '<p>Is Mount Apo the highest?</p>',
    });
    expect(edit.json()).toMatchObject({ regraded: 0 });
    const reread = (await world.as('jose').req('GET', `/api/attempts/${attempt.id}`)).json<AttemptView>();
    expect(reread.questions.map((q) => q.id)).toEqual(quiz.questionIds);
    expect(reread.questions.find((q) => q.type === 'trueFalse')?.prompt).toBe('<p>Is Mount Apo the highest?</p>');
  });

  it('the question bank: save, list with filter and search, copy into a quiz, save a quiz question, delete', async () => {
    const quiz = await world.makeQuiz({ questions: [] });
    const teacher = world.as('teacher');
    const bank = `/api/courses/${quiz.course.id}/question-bank`;
    const saved: BankQuestion[] = [];
    for (const form of [sampleForms.numeric, sampleForms.matching, { ...sampleForms.trueFalse, prompt: '<p>Manila is the capital.</p>' }]) {
      const res = await teacher.req('POST', bank, form);
      expect(res.statusCode, res.body).toBe(201);
      saved.push(res.json<BankQuestion>());
    }
    const list = await world.as('assistant').req('GET', `${bank}?sortOrder=asc&search=`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<TablePage<BankQuestion>>().pagination.totalcount).toBe(3);
    const numeric = await teacher.req('GET', `${bank}?filter[key]=type&filter[values][]=numeric`);
    expect(numeric.json<TablePage<BankQuestion>>().data.map((q) => q.type)).toEqual(['numeric']);
    const search = await teacher.req('GET', `${bank}?search=manila`);
    expect(search.json<TablePage<BankQuestion>>().data.map((q) => q.id)).toEqual([saved[2]?.id]);

    const copied = await teacher.req('POST', `/api/materials/${quiz.materialId}/questions/from-bank`, { bankIds: [saved[2]?.id, saved[0]?.id] });
    expect(copied.statusCode, copied.body).toBe(201);
    const questions = copied.json<TeacherQuestion[]>();
    expect(questions.map((q) => [q.position, q.question.type])).toEqual([
      [0, 'trueFalse'],
      [1, 'numeric'],
    ]);
    // The copies add to the questions' total; the quiz keeps its maximum points (0 as built here).
    expect((await teacher.req('GET', `/api/materials/${quiz.materialId}/quiz-settings`)).json<QuizSettingsAnswer>().totalPoints).toBe(4);
    expect(await maxPointsOf(world.t.db, quiz.materialId)).toBe(0);
    // A bank question of another course is not offered.
    const other = await world.makeQuiz();
    const foreign = await teacher.req('POST', `/api/materials/${other.materialId}/questions/from-bank`, { bankIds: [saved[0]?.id] });
    expect(foreign.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'bankIds' }] });

    const toBank = await teacher.req('POST', `/api/materials/${other.materialId}/questions/${other.id('shortAnswer')}/to-bank`);
    expect(toBank.statusCode, toBank.body).toBe(201);
    expect(toBank.json<BankQuestion>()).toMatchObject({ type: 'shortAnswer', question: { accepted: sampleForms.shortAnswer.accepted } });
    expect((await teacher.req('GET', `/api/courses/${other.course.id}/question-bank`)).json<TablePage<BankQuestion>>().pagination.totalcount).toBe(1);

    expect((await world.as('assistant').req('DELETE', `${bank}/${saved[1]?.id ?? ''}`)).statusCode).toBe(403);
    const deleted = await teacher.req('DELETE', `${bank}/${saved[1]?.id ?? ''}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await teacher.req('DELETE', `${bank}/${saved[1]?.id ?? ''}`)).statusCode).toBe(404);
    expect((await teacher.req('GET', bank)).json<TablePage<BankQuestion>>().pagination.totalcount).toBe(2);
    expect(await auditActions(world.t.db, quiz.course.id)).toEqual([
      'question-bank.added',
      'question-bank.added',
      'question-bank.added',
      'question-bank.deleted',
    ]);
  });
});
