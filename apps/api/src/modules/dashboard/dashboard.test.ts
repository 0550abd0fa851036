import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DueAnswer, PendingAnswer, PendingItem, recentGradesAnswer } from '@klase/core/dashboard/contracts';
import type { z } from 'zod';
import { quizAttempts, submissions } from '../../db/schema/assessments.ts';
import { courseElements, courses } from '../../db/schema/courses.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildGraded, buildSubmission, type BuildGradedOptions } from '../../test/assessment-factories.ts';
import { buildClass, enrol, type ClassWorld } from '../../test/class-factories.ts';
import type { UserRow } from '../../platform/rows.ts';
import { useClassWorld } from '../../test/class-world.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

type Grades = z.infer<typeof recentGradesAnswer>;

/**
 * The database queries one request makes (both drivers send every query through their client's
 * `query`): a list is one query however long it is, so a long list and an empty one cost the same.
 */
const queriesOf = async (db: unknown, request: () => Promise<unknown>): Promise<number> => {
  const client = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await request();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
};

type World = ReturnType<typeof useClassWorld>;
type GradedOpts = Omit<BuildGradedOptions, 'schoolId' | 'classId' | 'name'> & { classId?: string };

/** Signs the world's users in once the world is built; `agents.name` afterwards. */
const useAgents = <K extends string>(ctx: World, pick: (w: ClassWorld) => Record<K, UserRow>): Record<K, Agent> => {
  const agents = {} as Record<K, Agent>;
  beforeAll(async () => {
    for (const [key, user] of Object.entries(pick(ctx.w)) as [K, UserRow][]) agents[key] = await signIn(ctx.t.app, user.username);
  });
  return agents;
};

/** A graded material (an assignment unless told otherwise) in its own course of the world's class (or `classId`). */
const gradedIn =
  (ctx: World) =>
  async (name: string, opts: GradedOpts = {}) =>
    buildGraded(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, name, ...opts });

const read = async <T>(agent: Agent, url: string): Promise<T> => {
  const res = await agent.req('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe("GET /api/dashboard/due: a student's What's Due", () => {
  const ctx = useClassWorld();
  const a = useAgents(ctx, (w) => ({ jose: w.s1, ana: w.s2, parent: w.parent, teacher: w.teacher, admin: w.admin, nobody: w.s4 }));
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { t, w } = ctx;
    const db = t.db;
    const graded = async (name: string, opts: GradedOpts) => {
      const built = await gradedIn(ctx)(name, opts);
      ids[name] = built.material.id;
      return built;
    };
    // Overdue: nothing handed in (no row, or a draft).
    await graded('Essay on Rizal', { dueAt: ago(3 * DAY) });
    const draft = await graded('Lab report', { dueAt: ago(DAY) });
    await buildSubmission(db, { materialId: draft.material.id, studentId: w.s1.id, status: 'draft' });
    // Past due but done: submitted, submitted late, graded and returned.
    const onTime = await graded('Poem recital', { dueAt: ago(2 * DAY) });
    await buildSubmission(db, { materialId: onTime.material.id, studentId: w.s1.id, submittedAt: ago(3 * DAY) });
    const late = await graded('Book report', { dueAt: ago(2 * DAY) });
    await buildSubmission(db, { materialId: late.material.id, studentId: w.s1.id, submittedAt: ago(DAY), late: true });
    const activity = await graded('Sayaw practice', { type: 'activity', dueAt: ago(DAY) });
    await buildSubmission(db, { materialId: activity.material.id, studentId: w.s1.id, status: 'returned', submittedAt: null, grade: 18 });
    // Upcoming.
    await graded('Fractions worksheet', { dueAt: ahead(HOUR) });
    const done = await graded('Tula sa Filipino', { dueAt: ahead(2 * DAY) });
    await buildSubmission(db, { materialId: done.material.id, studentId: w.s1.id, submittedAt: ago(HOUR) });
    await graded('Quiz: Photosynthesis', { type: 'quiz', dueAt: ahead(3 * DAY) });
    await graded('Group skit', { type: 'activity', dueAt: ahead(13 * DAY) });
    // Outside the window or without a due date.
    await graded('Science fair project', { dueAt: ahead(20 * DAY) });
    await graded('Reading log', { dueAt: null });
    // Not the student's: unpublished material, element or course; assigned to Ana only; another class; an archived class.
    await graded('Draft quiz', { type: 'quiz', dueAt: ahead(2 * DAY), published: false });
    const hiddenElement = await graded('Hidden element work', { dueAt: ahead(2 * DAY) });
    await db.update(courseElements).set({ published: false }).where(eq(courseElements.id, hiddenElement.element.id));
    const hiddenCourse = await graded('Hidden course work', { dueAt: ago(2 * DAY) });
    await db.update(courses).set({ published: false }).where(eq(courses.id, hiddenCourse.course.id));
    await graded('Ana’s make-up test', { dueAt: ahead(2 * DAY), assign: { mode: 'students', ids: [w.s2.id] } });
    await graded('Other class essay', { dueAt: ahead(2 * DAY), classId: w.otherClass.id });
    const archived = await buildClass(db, { schoolId: w.schoolA.id, teachers: [w.teacher], archived: true });
    await enrol(db, archived.id, [w.s1]);
    await graded('Last year’s essay', { dueAt: ago(DAY), classId: archived.id });
  });

  const due = (agent: Agent, query = '') => read<DueAnswer>(agent, `/api/dashboard/due${query}`);

  it('lists overdue work first, then work due within 14 days, each with its state', async () => {
    const answer = await due(a.jose);
    expect(answer.items.map((i) => [i.name, i.state, i.overdue])).toEqual([
      ['Essay on Rizal', 'missing', true],
      ['Lab report', 'missing', true],
      ['Fractions worksheet', 'notSubmitted', false],
      ['Tula sa Filipino', 'submitted', false],
      ['Quiz: Photosynthesis', 'notSubmitted', false],
      ['Group skit', 'notSubmitted', false],
    ]);
    expect(answer).toMatchObject({ overdue: 2, upcoming: 4 });
    const { w } = ctx;
    const [first] = answer.items;
    expect(first).toMatchObject({ materialId: ids['Essay on Rizal'], type: 'assignment', classId: w.cls.id, className: w.cls.name, maxPoints: 100 });
    expect(first?.courseName).toMatch(/^Course /);
    expect(answer.items.find((i) => i.name === 'Quiz: Photosynthesis')?.type).toBe('quiz');
  });

  it('costs the same queries for a long list as for an empty one', async () => {
    expect((await due(a.nobody)).items).toEqual([]);
    const long = await queriesOf(ctx.t.db, () => due(a.jose));
    expect(long).toBeGreaterThan(0);
    expect(await queriesOf(ctx.t.db, () => due(a.nobody))).toBe(long);
    expect(await queriesOf(ctx.t.db, () => read(a.jose, '/api/dashboard/grades'))).toBe(long);
  });

  it('widens the window with days', async () => {
    const names = (await due(a.jose, '?days=30')).items.map((i) => i.name);
    expect(names.at(-1)).toBe('Science fair project');
    expect((await due(a.jose, '?days=1')).items.map((i) => i.name)).toEqual(['Essay on Rizal', 'Lab report', 'Fractions worksheet']);
  });

  it('shows each student their own work only', async () => {
    const answer = await due(a.ana);
    const byName = Object.fromEntries(answer.items.map((i) => [i.name, i]));
    // Jose's submissions and drafts are not Ana's: everything past due is missing for her.
    expect(byName['Poem recital']).toMatchObject({ state: 'missing', overdue: true });
    expect(byName['Tula sa Filipino']).toMatchObject({ state: 'notSubmitted' });
    expect(byName['Ana’s make-up test']).toBeDefined();
    expect((await due(a.jose)).items.map((i) => i.name)).not.toContain('Ana’s make-up test');
  });

  it('lets a parent read their child’s list, and nobody else’s', async () => {
    const { w } = ctx;
    expect(await due(a.parent, `?childId=${w.s1.id}`)).toEqual(await due(a.jose));
    expect((await a.parent.req('GET', `/api/dashboard/due?childId=${w.s2.id}`)).statusCode).toBe(404);
    expect((await a.parent.req('GET', `/api/dashboard/due?childId=${w.teacher.id}`)).statusCode).toBe(404);
    expect((await a.parent.req('GET', '/api/dashboard/due')).json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'childId' }] });
  });

  it('refuses bad input and other roles', async () => {
    for (const q of ['?days=0', '?days=61', '?days=two', '?childId=not-a-uuid']) {
      const res = await a.jose.req('GET', `/api/dashboard/due${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await a.teacher.req('GET', '/api/dashboard/due')).statusCode).toBe(403);
    expect((await a.admin.req('GET', '/api/dashboard/due')).statusCode).toBe(403);
    expect((await a.teacher.req('GET', '/api/dashboard/grades')).statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/pending: work waiting for the teacher', () => {
  const ctx = useClassWorld();
  const a = useAgents(ctx, (w) => ({
    teacher: w.teacher,
    assistant: w.assistant,
    otherTeacher: w.otherTeacher,
    teacherB: w.teacherB,
    jose: w.s1,
    parent: w.parent,
  }));
  const graded = async (name: string, opts: GradedOpts = {}) => (await gradedIn(ctx)(name, opts)).material;

  /** A submitted quiz attempt written straight to the table. */
  const attempt = async (materialId: string, studentId: string, number: number, submittedAt: Date, pending: boolean) => {
    await ctx.t.db.insert(quizAttempts).values({
      materialId,
      studentId,
      number,
      status: 'submitted',
      questionOrder: [],
      seed: 'seed',
      startedAt: submittedAt,
      submittedAt,
      score: 5,
      maxScore: 10,
      pending,
    });
  };

  beforeAll(async () => {
    const { t, w } = ctx;
    const db = t.db;
    // Two of three handed in (one late), none graded yet.
    const essay = await graded('Essay on Rizal', { dueAt: ago(2 * DAY) });
    await buildSubmission(db, { materialId: essay.id, studentId: w.s1.id, submittedAt: ago(3 * DAY) });
    await buildSubmission(db, { materialId: essay.id, studentId: w.s2.id, submittedAt: ago(DAY), late: true });
    await buildSubmission(db, { materialId: essay.id, studentId: w.s3.id, status: 'draft' });
    // Graded (not returned yet) and returned: nothing waits.
    const graded1 = await graded('Lab report');
    await buildSubmission(db, { materialId: graded1.id, studentId: w.s1.id, submittedAt: ago(4 * DAY), grade: 90 });
    await buildSubmission(db, { materialId: graded1.id, studentId: w.s2.id, status: 'returned', submittedAt: ago(4 * DAY), grade: 80 });
    // Resubmitted after the grade: waits again.
    const again = await graded('Poem recital');
    const row = await buildSubmission(db, { materialId: again.id, studentId: w.s1.id, submittedAt: ago(HOUR), grade: 70 });
    await db
      .update(submissions)
      .set({ gradedAt: ago(2 * HOUR) })
      .where(eq(submissions.id, row.id));
    // A quiz: Jose's essay waits (two attempts), Ana's is graded, Miguel's waits since five days.
    const quiz = await graded('Quiz: Photosynthesis', { type: 'quiz' });
    await attempt(quiz.id, w.s1.id, 1, ago(2 * DAY), true);
    await attempt(quiz.id, w.s1.id, 2, ago(DAY), true);
    await attempt(quiz.id, w.s2.id, 1, ago(6 * DAY), false);
    await attempt(quiz.id, w.s3.id, 1, ago(5 * DAY), true);
    for (const s of [w.s1, w.s3]) await buildSubmission(db, { materialId: quiz.id, studentId: s.id, submittedAt: ago(DAY), grade: 5 });
    await buildSubmission(db, { materialId: quiz.id, studentId: w.s2.id, status: 'returned', submittedAt: ago(6 * DAY), grade: 8 });
    // An activity is graded directly: never listed.
    const activity = await graded('Sayaw practice', { type: 'activity' });
    await buildSubmission(db, { materialId: activity.id, studentId: w.s1.id, submittedAt: ago(7 * DAY) });
    // Assigned to Miguel only: Ana's old row (from before) does not count.
    const makeUp = await graded('Make-up test', { assign: { mode: 'students', ids: [w.s3.id] } });
    await buildSubmission(db, { materialId: makeUp.id, studentId: w.s3.id, submittedAt: ago(2 * HOUR) });
    await buildSubmission(db, { materialId: makeUp.id, studentId: w.s2.id, submittedAt: ago(10 * DAY) });
    // Another teacher's class, an archived class, another school.
    const other = await graded('Narra essay', { classId: w.otherClass.id });
    await enrol(db, w.otherClass.id, [w.s4]);
    await buildSubmission(db, { materialId: other.id, studentId: w.s4.id, submittedAt: ago(DAY) });
    const archived = await buildClass(db, { schoolId: w.schoolA.id, teachers: [w.teacher], archived: true });
    await enrol(db, archived.id, [w.s1]);
    const old = await graded('Last year’s essay', { classId: archived.id });
    await buildSubmission(db, { materialId: old.id, studentId: w.s1.id, submittedAt: ago(30 * DAY) });
  });

  const pending = (agent: Agent) => read<PendingAnswer>(agent, '/api/dashboard/pending');
  const brief = (i: PendingItem) => ({ name: i.name, toGrade: i.toGrade, submitted: i.submitted, total: i.total });

  it('lists the materials with work to grade, the longest waiting first, with counts', async () => {
    const answer = await pending(a.teacher);
    expect(answer.items.map(brief)).toEqual([
      { name: 'Quiz: Photosynthesis', toGrade: 2, submitted: 3, total: 3 },
      { name: 'Essay on Rizal', toGrade: 2, submitted: 2, total: 3 },
      { name: 'Make-up test', toGrade: 1, submitted: 1, total: 1 },
      { name: 'Poem recital', toGrade: 1, submitted: 1, total: 3 },
    ]);
    expect(answer.toGrade).toBe(6);
    const { w } = ctx;
    const [quiz, essay] = answer.items;
    expect(quiz).toMatchObject({ type: 'quiz', classId: w.cls.id, className: w.cls.name });
    // The oldest waiting: Miguel's attempt five days ago; Jose's essay three days ago.
    expect(Date.now() - Date.parse(quiz?.oldestAt ?? '')).toBeGreaterThan(5 * DAY - HOUR);
    expect(Date.now() - Date.parse(quiz?.oldestAt ?? '')).toBeLessThan(5 * DAY + HOUR);
    expect(Date.now() - Date.parse(essay?.oldestAt ?? '')).toBeGreaterThan(3 * DAY - HOUR);
    expect(Date.now() - Date.parse(essay?.oldestAt ?? '')).toBeLessThan(3 * DAY + HOUR);
    expect(essay?.elementId).toBeTruthy();
  });

  it('shows assistants the same list and each teacher their own classes only', async () => {
    expect(await pending(a.assistant)).toEqual(await pending(a.teacher));
    expect((await pending(a.otherTeacher)).items.map(brief)).toEqual([{ name: 'Narra essay', toGrade: 1, submitted: 1, total: 1 }]);
    expect(await pending(a.teacherB)).toEqual({ items: [], toGrade: 0 });
  });

  it('costs the same queries for a long list as for an empty one', async () => {
    const long = await queriesOf(ctx.t.db, () => pending(a.teacher));
    expect(long).toBeGreaterThan(0);
    expect(await queriesOf(ctx.t.db, () => pending(a.teacherB))).toBe(long);
  });

  it('refuses students and parents', async () => {
    expect((await a.jose.req('GET', '/api/dashboard/pending')).statusCode).toBe(403);
    expect((await a.parent.req('GET', '/api/dashboard/pending')).statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/grades: the latest returned grades', () => {
  const ctx = useClassWorld();
  const a = useAgents(ctx, (w) => ({ jose: w.s1, ana: w.s2, parent: w.parent }));

  beforeAll(async () => {
    const { t, w } = ctx;
    const db = t.db;
    const graded = async (name: string, opts: GradedOpts = {}) => (await gradedIn(ctx)(name, opts)).material;
    const essay = await graded('Essay on Rizal', { maxPoints: 50 });
    await buildSubmission(db, { materialId: essay.id, studentId: w.s1.id, status: 'returned', grade: 42.5, returnedAt: ago(2 * DAY) });
    await buildSubmission(db, { materialId: essay.id, studentId: w.s2.id, status: 'returned', grade: 31, returnedAt: ago(HOUR) });
    const quiz = await graded('Quiz: Photosynthesis', { type: 'quiz', maxPoints: 10 });
    await buildSubmission(db, { materialId: quiz.id, studentId: w.s1.id, status: 'returned', grade: 9, returnedAt: ago(DAY) });
    const activity = await graded('Sayaw practice', { type: 'activity', maxPoints: 20 });
    await buildSubmission(db, { materialId: activity.id, studentId: w.s1.id, status: 'returned', submittedAt: null, grade: 18, returnedAt: ago(3 * DAY) });
    // Graded but not handed back; an unpublished material; an archived class.
    const notYet = await graded('Lab report');
    await buildSubmission(db, { materialId: notYet.id, studentId: w.s1.id, grade: 75 });
    const hidden = await graded('Hidden work', { published: false });
    await buildSubmission(db, { materialId: hidden.id, studentId: w.s1.id, status: 'returned', grade: 60, returnedAt: ago(HOUR) });
    const archived = await buildClass(db, { schoolId: w.schoolA.id, teachers: [w.teacher], archived: true });
    await enrol(db, archived.id, [w.s1]);
    const old = await graded('Last year’s essay', { classId: archived.id });
    await buildSubmission(db, { materialId: old.id, studentId: w.s1.id, status: 'returned', grade: 99, returnedAt: ago(HOUR) });
  });

  const grades = (agent: Agent, query = '') => read<Grades>(agent, `/api/dashboard/grades${query}`);

  it('lists the student’s returned grades, newest first', async () => {
    const answer = await grades(a.jose);
    expect(answer.items.map((i) => [i.name, i.grade, i.maxPoints])).toEqual([
      ['Quiz: Photosynthesis', 9, 10],
      ['Essay on Rizal', 42.5, 50],
      ['Sayaw practice', 18, 20],
    ]);
    expect(answer.items[0]).toMatchObject({ type: 'quiz', classId: ctx.w.cls.id });
    expect((await grades(a.jose, '?limit=1')).items.map((i) => i.name)).toEqual(['Quiz: Photosynthesis']);
    expect((await grades(a.ana)).items.map((i) => [i.name, i.grade])).toEqual([['Essay on Rizal', 31]]);
  });

  it('lets a parent read their child’s grades only', async () => {
    const { w } = ctx;
    expect(await grades(a.parent, `?childId=${w.s1.id}`)).toEqual(await grades(a.jose));
    expect((await a.parent.req('GET', `/api/dashboard/grades?childId=${w.s2.id}`)).statusCode).toBe(404);
    expect((await a.parent.req('GET', '/api/dashboard/grades')).statusCode).toBe(400);
    expect((await a.jose.req('GET', '/api/dashboard/grades?limit=51')).statusCode).toBe(400);
  });
});
