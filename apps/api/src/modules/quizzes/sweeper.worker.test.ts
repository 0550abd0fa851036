import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quizAttempts } from '../../db/schema/assessments.ts';
import { materialProgress } from '../../db/schema/courses.ts';
import { buildClassWorld } from '../../test/class-factories.ts';
import { addQuizQuestions, buildQuizCourse, moveAttempt, sampleQuestions } from '../../test/quiz-factories.ts';
import { createTestApp } from '../../test/test-app.ts';
import { insertAttempt } from './quizzes.repo.ts';
import { createQuizSweeper, finalizeExpiredAttempts, startQuizSweeper } from './sweeper.worker.ts';
import { RIGHT, answer, start, submissionRow, useQuizWorld } from '../../test/quizzes-world.ts';

const MINUTE = 60_000;

describe('the sweep of expired attempts', () => {
  const world = useQuizWorld();

  it('submits, with what was saved, every attempt whose deadline has passed at the given time, once', async () => {
    const quiz = await world.makeQuiz({ settings: { timeLimitMinutes: 15 } });
    const untimed = await world.makeQuiz();
    const jose = await start(world.as('jose'), quiz.materialId);
    await answer(world.as('jose'), jose.id, quiz.id('trueFalse'), RIGHT.trueFalse);
    const ana = await start(world.as('ana'), quiz.materialId);
    const miguel = await start(world.as('miguel'), quiz.materialId);
    await moveAttempt(world.t.db, miguel.id, { deadlineAt: new Date(Date.now() + 60 * MINUTE) });
    const noLimit = await start(world.as('jose'), untimed.materialId);

    // Nothing is due now.
    expect(await finalizeExpiredAttempts(world.t.db, new Date())).toBe(0);
    // Twenty minutes from now, two sweeps at once (two nodes): each expired attempt is submitted exactly once.
    const later = new Date(Date.now() + 20 * MINUTE);
    const swept = await Promise.all([finalizeExpiredAttempts(world.t.db, later, 1), finalizeExpiredAttempts(world.t.db, later, 1)]);
    expect(swept[0] + swept[1]).toBe(2);
    const rows = await world.t.db
      .select()
      .from(quizAttempts)
      .where(inArray(quizAttempts.id, [jose.id, ana.id, miguel.id, noLimit.id]));
    const state = Object.fromEntries(rows.map((r) => [r.id, [r.status, r.autoSubmitted, r.score]]));
    expect(state).toEqual({
      [jose.id]: ['submitted', true, 1],
      [ana.id]: ['submitted', true, 0],
      [miguel.id]: ['inProgress', false, null],
      [noLimit.id]: ['inProgress', false, null],
    });
    expect(rows.find((r) => r.id === jose.id)?.submittedAt?.toISOString()).toBe(jose.deadlineAt);
    const [progress] = await world.t.db
      .select()
      .from(materialProgress)
      .where(and(eq(materialProgress.materialId, quiz.materialId), eq(materialProgress.studentId, world.w.s1.id)));
    expect(progress).toMatchObject({ submissions: 1 });
    expect(progress?.completedAt).not.toBeNull();
    expect((await submissionRow(world.t.db, quiz.materialId, world.w.s1.id))?.grade).toBe(1);
    expect(await finalizeExpiredAttempts(world.t.db, later)).toBe(0);

    // The worker loop runs the same sweep with its clock.
    const loop = createQuizSweeper({ database: world.t.app.database, log: world.t.app.log, clock: () => new Date(Date.now() + 120 * MINUTE) });
    expect(await loop.flush()).toBe(1);
    const [last] = await world.t.db.select().from(quizAttempts).where(eq(quizAttempts.id, miguel.id));
    expect(last).toMatchObject({ status: 'submitted', autoSubmitted: true });
  });

  it('startQuizSweeper runs the sweep on its own from start-up and stops with the app', async () => {
    let started: ReturnType<typeof startQuizSweeper> | undefined;
    const t = await createTestApp({}, {}, (app) => {
      started = startQuizSweeper(app, { pollMs: 50 });
    });
    try {
      await started;
      const w = await buildClassWorld(t.db);
      const built = await buildQuizCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
      const [q] = await addQuizQuestions(t.db, built.quiz.id, sampleQuestions('trueFalse'), w.teacher.id);
      const attempt = await insertAttempt(t.db, {
        materialId: built.quiz.id,
        studentId: w.s1.id,
        number: 1,
        questionOrder: [q?.id ?? ''],
        seed: '',
        startedAt: new Date(Date.now() - 30 * MINUTE),
        deadlineAt: new Date(Date.now() - 20 * MINUTE),
      });
      let status = 'inProgress';
      for (let i = 0; i < 100 && status === 'inProgress'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const [row] = await t.db
          .select()
          .from(quizAttempts)
          .where(eq(quizAttempts.id, attempt?.id ?? ''));
        status = row?.status ?? 'missing';
      }
      expect(status).toBe('submitted');
    } finally {
      await t.close();
    }
  });
});
