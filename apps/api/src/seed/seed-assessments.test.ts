import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySubmission, SubmissionsAnswer } from '@klase/core/assignments/contracts';
import type { DueAnswer, PendingAnswer } from '@klase/core/dashboard/contracts';
import { combineAttempts, gradeAttempt } from '@klase/core/quizzes/grading';
import { QUESTION_TYPES, type AnswerValue, type Question, type QuestionFormValues } from '@klase/core/quizzes/questions';
import type { Journey } from '@klase/core/materials/contracts';
import { sanitizeRichText } from '../platform/sanitize.ts';
import { signIn } from '../test/agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { assignmentSettings, quizAnswers, quizAttempts, quizQuestions, quizSettings, submissions } from '../db/schema/assessments.ts';
import { courseMaterials, courses, materialProgress } from '../db/schema/courses.ts';
import { users } from '../db/schema/users.ts';
import { DEMO_WORK } from './seed-assessments-content.ts';
import { seedDemoAssessments } from './seed-assessments.ts';
import { DEMO_COURSES } from './seed-courses.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed.ts';

const nameOf = (username: string): string => {
  const u = DEMO_USERS.find((x) => x.username === username);
  return `${u?.firstName} ${u?.middleName ? `${u.middleName} ` : ''}${u?.lastName}`;
};

describe('demo assessments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    expect(await seedDemo(t.db)).toBe(true);
  });
  afterAll(() => t.close());

  const as = (username: string) => signIn(t.app, username, DEMO_PASSWORD);
  const materialId = async (name: string): Promise<string> => {
    const [row] = await t.db.select({ id: courseMaterials.id }).from(courseMaterials).where(eq(courseMaterials.name, name));
    if (!row) throw new Error(`${name} missing`);
    return row.id;
  };
  const idOf = async (username: string): Promise<string> => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`${username} missing`);
    return row.id;
  };

  it('gives every demo course of teacher1 assignments, a quiz and an activity', () => {
    expect(DEMO_WORK.map((w) => w.course).sort()).toEqual(
      DEMO_COURSES.filter((c) => c.teacher === 'teacher1')
        .map((c) => c.name)
        .sort(),
    );
    for (const w of DEMO_WORK) expect(new Set(w.materials.map((m) => m.type))).toEqual(new Set(['assignment', 'quiz', 'activity']));
  });

  it("fills teacher1's Pending Submissions with late, on-time and essay work of both classes", async () => {
    const pending = (await (await as('teacher1')).req('GET', '/api/dashboard/pending')).json<PendingAnswer>();
    expect(pending.items.map((i) => [i.name, i.className, i.toGrade])).toEqual([
      ['Slopes around our school', 'Grade 8 - Narra', 1],
      ['Cell analogy: our school as a cell', 'Grade 7 - Sampaguita', 2],
      ['Draw a plant cell and an animal cell', 'Grade 7 - Sampaguita', 1],
      ['Cells and ecosystems quiz', 'Grade 7 - Sampaguita', 1],
      ['Slope and intercept quiz', 'Grade 8 - Narra', 1],
    ]);
    expect(pending.toGrade).toBe(6);
    const assistant = (await (await as('assistant1')).req('GET', '/api/dashboard/pending')).json<PendingAnswer>();
    expect(assistant.items.map((i) => i.className)).toEqual(['Grade 7 - Sampaguita', 'Grade 7 - Sampaguita', 'Grade 7 - Sampaguita']);
  });

  it("shows student1 overdue and upcoming work in What's Due, and parent1 their children's recent grades", async () => {
    const due = (await (await as('student1')).req('GET', '/api/dashboard/due')).json<DueAnswer>();
    expect(due.items.map((i) => [i.name, i.state, i.overdue])).toEqual([
      ['Cell analogy: our school as a cell', 'missing', true],
      ['Food web role-play', 'missing', true],
      ['Slope and intercept quiz', 'returned', false],
      ['Market problems: systems of equations', 'notSubmitted', false],
      ['Draw a plant cell and an animal cell', 'notSubmitted', false],
      ['Cells and ecosystems quiz', 'notSubmitted', false],
    ]);
    expect([due.overdue, due.upcoming]).toEqual([2, 4]);

    const parent = await as('parent1');
    const grades = async (child: string) =>
      (await parent.req('GET', `/api/dashboard/grades?childId=${await idOf(child)}`))
        .json<{ items: { name: string; grade: number; maxPoints: number }[] }>()
        .items.map((g) => [g.name, g.grade, g.maxPoints]);
    expect(await grades('student1')).toEqual([
      ['Slope and intercept quiz', 16.33, 20],
      ['Slopes around our school', 17, 20],
      ['Board work: solve in pairs', 9, 10],
    ]);
    expect(await grades('student2')).toEqual([['Food web role-play', 8, 10]]);
  });

  it('lists every state on the assignments: returned, graded, late, submitted and missing', async () => {
    const teacher = await as('teacher1');
    const list = async (name: string) => (await teacher.req('GET', `/api/materials/${await materialId(name)}/submissions`)).json<SubmissionsAnswer>();
    const states = (a: SubmissionsAnswer) => Object.fromEntries(a.rows.map((r) => [r.name, [r.state, r.late, r.grade]]));

    const analogy = await list('Cell analogy: our school as a cell');
    expect(states(analogy)).toEqual({
      [nameOf('student1')]: ['missing', false, null],
      [nameOf('student2')]: ['late', true, null],
      [nameOf('student3')]: ['missing', false, null],
      [nameOf('student4')]: ['returned', false, 18],
      [nameOf('student5')]: ['graded', false, 15],
      [nameOf('student6')]: ['submitted', false, null],
    });
    expect(analogy.counts).toMatchObject({ total: 6, missing: 2, late: 1, toGrade: 2, returned: 1 });
    expect(analogy.rows.find((r) => r.state === 'returned')?.feedbackHtml).toContain('Isabel');

    const slopes = await list('Slopes around our school');
    expect(states(slopes)).toEqual({
      [nameOf('student1')]: ['returned', true, 17],
      [nameOf('student4')]: ['submitted', false, null],
      [nameOf('student6')]: ['missing', false, null],
    });
    const drawing = await list('Draw a plant cell and an animal cell');
    expect(drawing.rows.map((r) => r.state).sort()).toEqual(['notSubmitted', 'notSubmitted', 'notSubmitted', 'notSubmitted', 'returned', 'submitted']);
    const market = await list('Market problems: systems of equations');
    expect(market.rows.map((r) => r.state)).toEqual(['notSubmitted', 'notSubmitted', 'notSubmitted']);

    const settings = async (name: string) =>
      (await teacher.req('GET', `/api/materials/${await materialId(name)}/assignment-settings`)).json<{
        dueAt: string;
        allowLate: boolean;
        lateUntil: string | null;
        submissionType: string;
      }>();
    const overdue = await settings('Cell analogy: our school as a cell');
    expect(overdue).toMatchObject({ allowLate: true, submissionType: 'text' });
    expect(Date.parse(overdue.dueAt)).toBeLessThan(Date.now());
    expect(Date.parse(overdue.lateUntil ?? '')).toBeGreaterThan(Date.now());
    expect(await settings('Slopes around our school')).toMatchObject({ allowLate: true, lateUntil: null });
    const nextWeek = await settings('Draw a plant cell and an animal cell');
    expect(nextWeek).toMatchObject({ allowLate: false, submissionType: 'both' });
    const days = (Date.parse(nextWeek.dueAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(5);
    expect(days).toBeLessThan(8);
  });

  it('grades every quiz attempt with the engine and stores the combined grade as the quizzes module does', async () => {
    const quizIds = [await materialId('Cells and ecosystems quiz'), await materialId('Slope and intercept quiz')];
    const types = new Set<string>();
    for (const id of quizIds) {
      const [settings] = await t.db.select().from(quizSettings).where(eq(quizSettings.materialId, id));
      expect(settings).toMatchObject({ timeLimitMinutes: 20, attemptsAllowed: 2, gradingMethod: 'highest', showAnswers: 'afterSubmit', passingPercent: 75 });
      const rows = await t.db.select().from(quizQuestions).where(eq(quizQuestions.materialId, id)).orderBy(asc(quizQuestions.position));
      expect(rows).toHaveLength(6);
      expect(rows.filter((r) => r.type === 'essay')).toHaveLength(1);
      for (const r of rows) types.add(r.type);
      const [material] = await t.db.select({ maxPoints: courseMaterials.maxPoints }).from(courseMaterials).where(eq(courseMaterials.id, id));
      expect(material?.maxPoints).toBe(rows.reduce((s, r) => s + r.points, 0));
      const questions: Question[] = rows.map((r) => ({ ...(r.body as QuestionFormValues), id: r.id }));

      const attempts = await t.db.select().from(quizAttempts).where(eq(quizAttempts.materialId, id)).orderBy(asc(quizAttempts.number));
      expect(attempts.length).toBeGreaterThan(0);
      for (const a of attempts) {
        expect(a.status).toBe('submitted');
        expect(a.deadlineAt && a.submittedAt && a.submittedAt <= a.deadlineAt).toBe(true);
        const answers = await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id));
        const grade = gradeAttempt(
          questions,
          Object.fromEntries(answers.map((x) => [x.questionId, x.answer as AnswerValue | null])),
          Object.fromEntries(answers.map((x) => [x.questionId, x.manualPoints])),
        );
        expect([a.score, a.maxScore, a.pending]).toEqual([grade.score, grade.max, grade.pending]);
        for (const g of grade.perQuestion)
          expect(answers.find((x) => x.questionId === g.questionId)).toMatchObject({ points: g.points, correct: g.correct, pending: g.pending });
      }
      for (const studentId of new Set(attempts.map((a) => a.studentId))) {
        const own = attempts.filter((a) => a.studentId === studentId);
        const [row] = await t.db
          .select()
          .from(submissions)
          .where(and(eq(submissions.materialId, id), eq(submissions.studentId, studentId)));
        const pending = own.some((a) => a.pending);
        expect(row).toMatchObject({
          grade: combineAttempts(
            'highest',
            own.map((a) => ({ score: a.score ?? 0, max: a.maxScore ?? 0, submittedAt: a.submittedAt })),
          ),
          status: pending ? 'submitted' : 'returned',
          submitCount: own.length,
        });
        expect(row?.returnedAt === null).toBe(pending);
      }
    }
    expect([...types].sort()).toEqual([...QUESTION_TYPES].sort());

    const grades = async (quiz: string) => {
      const rows = await t.db
        .select({ username: users.username, grade: submissions.grade, status: submissions.status })
        .from(submissions)
        .innerJoin(users, eq(users.id, submissions.studentId))
        .where(eq(submissions.materialId, await materialId(quiz)))
        .orderBy(asc(users.username));
      return rows.map((r) => [r.username, r.grade, r.status]);
    };
    expect(await grades('Cells and ecosystems quiz')).toEqual([
      ['student4', 24, 'returned'],
      ['student6', 16, 'submitted'],
    ]);
    expect(await grades('Slope and intercept quiz')).toEqual([
      ['student1', 16.33, 'returned'],
      ['student4', 13, 'submitted'],
    ]);
  });

  it('completes the material for whoever handed in, took the quiz or was graded, and for nobody else', async () => {
    const graded = await t.db
      .select({ materialId: submissions.materialId, studentId: submissions.studentId })
      .from(submissions)
      .where(isNotNull(submissions.submittedAt));
    const activityRows = await t.db
      .select({ materialId: submissions.materialId, studentId: submissions.studentId })
      .from(submissions)
      .innerJoin(courseMaterials, eq(courseMaterials.id, submissions.materialId))
      .where(eq(courseMaterials.type, 'activity'));
    expect(activityRows).toHaveLength(6);
    const worked = [...graded, ...activityRows].map((r) => `${r.materialId}/${r.studentId}`).sort();
    const gradedIds = (
      await t.db
        .select({ id: courseMaterials.id })
        .from(courseMaterials)
        .where(inArray(courseMaterials.type, ['assignment', 'quiz', 'activity']))
    ).map((r) => r.id);
    const done = await t.db
      .select({ materialId: materialProgress.materialId, studentId: materialProgress.studentId })
      .from(materialProgress)
      .where(and(inArray(materialProgress.materialId, gradedIds), isNotNull(materialProgress.completedAt)));
    expect(done.map((r) => `${r.materialId}/${r.studentId}`).sort()).toEqual(worked);

    // student1 stands at the overdue assignment on the path and may still hand it in late.
    const student = await as('student1');
    const [science] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.code, 'SCI7'));
    const journey = (await student.req('GET', `/api/courses/${science?.id}/journey`)).json<Journey>();
    const stops = (j: Journey) => j.elements.map((e) => e.stops.map((s) => [s.name, s.state]));
    expect(stops(journey)).toEqual([
      [
        ['What is a cell?', 'done'],
        ['A tour of the cell', 'done'],
        ['Cell (biology) reference', 'done'],
        ['Cell analogy: our school as a cell', 'current'],
      ],
      [
        ['Food chains in a rice field', 'locked'],
        ['Draw a plant cell and an animal cell', 'locked'],
        ['Food web role-play', 'locked'],
      ],
      [['Cells and ecosystems quiz', 'locked']],
    ]);
    const analogy = await materialId('Cell analogy: our school as a cell');
    expect(journey.currentMaterialId).toBe(analogy);
    const [math] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.code, 'MATH8'));
    expect(stops((await student.req('GET', `/api/courses/${math?.id}/journey`)).json<Journey>())).toEqual([
      [
        ['Reading a linear graph', 'done'],
        ['Slope-intercept form', 'done'],
        ['Graphing calculator', 'done'],
        ['Slopes around our school', 'done'],
        ['Slope and intercept quiz', 'done'],
      ],
      [
        ['Solving by substitution', 'current'],
        ['Board work: solve in pairs', 'done'],
        ['Market problems: systems of equations', 'locked'],
      ],
    ]);
    const mine = (await student.req('GET', `/api/materials/${analogy}/my-submission`)).json<MySubmission>();
    expect(mine).toMatchObject({ state: 'missing', can: { edit: true, submit: true }, blockedBy: null });
  });

  it('writes only clean rich text', async () => {
    const html = [
      ...(await t.db.select({ h: submissions.textHtml }).from(submissions)),
      ...(await t.db.select({ h: submissions.feedbackHtml }).from(submissions)),
      ...(await t.db.select({ h: courseMaterials.instructions }).from(courseMaterials)),
    ].flatMap((r) => (r.h ? [r.h] : []));
    expect(html.length).toBeGreaterThan(20);
    for (const h of html) expect(sanitizeRichText(h)).toBe(h);
  });

  it('adds nothing when run again, and only what is missing when part of it was removed', async () => {
    const counts = async () =>
      Promise.all(
        [courseMaterials, assignmentSettings, quizSettings, quizQuestions, submissions, quizAttempts, quizAnswers, materialProgress].map((table) =>
          t.db.$count(table),
        ),
      );
    const before = await counts();
    expect(await seedDemoAssessments(t.db)).toBe(0);
    expect(await counts()).toEqual(before);

    await t.db.delete(courseMaterials).where(eq(courseMaterials.id, await materialId('Market problems: systems of equations')));
    await t.db.delete(assignmentSettings).where(eq(assignmentSettings.materialId, await materialId('Draw a plant cell and an animal cell')));
    // The drawing still has its students' work, so it is left alone; the removed assignment comes back.
    expect(await seedDemoAssessments(t.db)).toBe(1);
    expect(await counts()).toEqual(before.map((n, i) => (i === 1 ? n - 1 : n)));
    const [market] = await t.db
      .select()
      .from(assignmentSettings)
      .where(eq(assignmentSettings.materialId, await materialId('Market problems: systems of equations')));
    expect(market).toMatchObject({ allowLate: false, submissionType: 'text' });
  });
});
