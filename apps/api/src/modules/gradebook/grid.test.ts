import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CELL } from '@klase/core/gradebook/index';
import { submissions } from '../../db/schema/assessments.ts';
import { courseMaterials } from '../../db/schema/courses.ts';
import { gradebookSettings, gradeCategories, gradeItems, gradeRecalc, gradeTotals } from '../../db/schema/gradebook.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildSubmission } from '../../test/assessment-factories.ts';
import { buildGroup } from '../../test/class-factories.ts';
import { buildElement } from '../../test/course-factories.ts';
import { buildGradingPeriod, setGradebookGrade } from '../../test/gradebook-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { recomputeStale } from './recalc.worker.ts';
import { buildWeightedSetup, gridOf, rowOf } from '../../test/gradebook-world.ts';

describe('the grader grid', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let assistant: Agent;
  let otherTeacher: Agent;
  let jose: Agent;
  let parent: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
    jose = await signIn(t.app, w.s1.username);
    parent = await signIn(t.app, w.parent.username);
  });

  const setup = () => buildWeightedSetup(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id });
  const grade = (courseId: string, itemId: string, studentId: string, value: number | null, extra: { excused?: boolean } = {}) =>
    setGradebookGrade(ctx.t.db, { courseId, itemId, studentId, value, ...extra });

  it('shows every student by every item with weighted totals and the lowest quiz dropped', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const group = await buildGroup(t.db, w.cls.id, [w.s1], { name: 'Team Mabini' });
    for (const [item, value] of [
      [s.q1, 10],
      [s.q2, 5],
      [s.q3, 8],
      [s.e1, 70],
    ] as const)
      await grade(s.course.id, item.id, w.s1.id, value);
    await grade(s.course.id, s.q1.id, w.s2.id, 6);
    await grade(s.course.id, s.q2.id, w.s2.id, 4);
    await grade(s.course.id, s.e1.id, w.s2.id, 90, { excused: true });
    const grid = await gridOf(teacher, s.course.id);
    expect(grid.ready).toBe(true);
    expect(grid.can.manage).toBe(true);
    expect(grid.items.map((i) => i.name)).toEqual(['Quiz 1', 'Quiz 2', 'Quiz 3', 'Periodical exam']);
    expect(grid.categories.map((c) => c.name)).toEqual([s.course.name, 'Quizzes', 'Exams']);
    // Sorted by last name: Bonifacio, Dela Cruz, Villanueva.
    expect(grid.students.map((r) => r.id)).toEqual([w.s2.id, w.s1.id, w.s3.id]);
    expect(grid.groups).toEqual([{ id: group.id, name: 'Team Mabini' }]);
    const jr = rowOf(grid, w.s1.id);
    expect(jr).toMatchObject({ name: 'Jose Dela Cruz', username: w.s1.username, groupIds: [group.id], values: [10, 5, 8, 70], flags: [0, 0, 0, 0] });
    // Quizzes: (10/10 + 8/10) / 2 = 90; exams 70; course 0.4 × 90 + 0.6 × 70 = 78.
    expect(jr.totals[`cat:${s.quizzes.id}`]?.value).toBeCloseTo(90, 5);
    expect(jr.totals[`cat:${s.exams.id}`]?.value).toBeCloseTo(70, 5);
    expect(jr.totals[`cat:${s.root.id}`]).toMatchObject({ min: 0, max: 100 });
    expect(jr.totals[`cat:${s.root.id}`]?.value).toBeCloseTo(78, 5);
    expect(jr.totals.final?.value).toBeCloseTo(78, 5);
    // Ana: 4 is dropped, 6/10 stays (60 %); the excused exam is left out: the course total is the quizzes'.
    const ar = rowOf(grid, w.s2.id);
    expect(ar.flags[3]).toBe(CELL.excused);
    expect(ar.totals[`cat:${s.exams.id}`]?.value).toBeNull();
    expect(ar.totals[`cat:${s.root.id}`]?.value).toBeCloseTo(60, 5);
    // Miguel has no grade: empty totals.
    expect(rowOf(grid, w.s3.id).totals[`cat:${s.root.id}`]?.value).toBeNull();
    expect(grid.computedAt).not.toBeNull();
    // The totals are stored.
    const stored = await t.db.select().from(gradeTotals).where(eq(gradeTotals.courseId, s.course.id));
    expect(stored.find((r) => r.studentId === w.s1.id && r.key === 'final')?.value).toBeCloseTo(78, 5);
  });

  it('reads material grades: counted once returned, flagged while not returned, waiting to be graded, late', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const element = await buildElement(t.db, s.course.id, { position: 0 });
    const [material] = await t.db
      .insert(courseMaterials)
      .values({ courseId: s.course.id, elementId: element.id, name: 'Essay on Rizal', type: 'assignment', position: 0, published: true, maxPoints: 50 })
      .returning();
    await buildSubmission(t.db, { materialId: material!.id, studentId: w.s1.id, status: 'returned', grade: 40 });
    await buildSubmission(t.db, { materialId: material!.id, studentId: w.s2.id, grade: 45, late: true });
    await buildSubmission(t.db, { materialId: material!.id, studentId: w.s3.id });
    const grid = await gridOf(teacher, s.course.id);
    const i = grid.items.findIndex((it) => it.materialId === material!.id);
    expect(grid.items[i]).toMatchObject({ name: 'Essay on Rizal', source: 'assignment', maxGrade: 50, categoryId: s.root.id });
    expect(rowOf(grid, w.s1.id)).toMatchObject({ values: expect.arrayContaining([40]) });
    expect(rowOf(grid, w.s1.id).flags[i]).toBe(0);
    // The course total is the weighted mean of the categories and the essay (weight 1): 40/50 counts for Jose only.
    expect(rowOf(grid, w.s1.id).totals[`cat:${s.root.id}`]?.value).toBeCloseTo(80, 5);
    expect(rowOf(grid, w.s2.id).values[i]).toBe(45);
    expect(rowOf(grid, w.s2.id).flags[i]).toBe(CELL.notReturned | CELL.late);
    expect(rowOf(grid, w.s2.id).totals[`cat:${s.root.id}`]?.value).toBeNull();
    expect(rowOf(grid, w.s3.id).values[i]).toBeNull();
    expect(rowOf(grid, w.s3.id).flags[i]).toBe(CELL.needsGrading);
  });

  it('computes each grading period over its items and the final grade from the periods', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const p1 = await buildGradingPeriod(t.db, { courseId: s.course.id, name: 'First quarter', startsOn: '2026-06-01', endsOn: '2026-08-31', weight: 25 });
    const p2 = await buildGradingPeriod(t.db, { courseId: s.course.id, name: 'Second quarter', startsOn: '2026-09-01', endsOn: '2026-10-31', weight: 75 });
    await t.db.update(gradeCategories).set({ dropLowest: 0 }).where(eq(gradeCategories.id, s.quizzes.id));
    await t.db.update(gradeItems).set({ gradingPeriodId: p1.id }).where(eq(gradeItems.id, s.q1.id));
    await t.db.update(gradeItems).set({ gradingPeriodId: p2.id }).where(eq(gradeItems.id, s.e1.id));
    await t.db.update(gradebookSettings).set({ finalMode: 'periods' }).where(eq(gradebookSettings.courseId, s.course.id));
    await grade(s.course.id, s.q1.id, w.s1.id, 10);
    await grade(s.course.id, s.e1.id, w.s1.id, 60);
    const row = rowOf(await gridOf(teacher, s.course.id), w.s1.id);
    expect(row.totals[`period:${p1.id}`]?.percent).toBeCloseTo(100, 5);
    expect(row.totals[`period:${p2.id}`]?.percent).toBeCloseTo(60, 5);
    // 0.25 × 100 + 0.75 × 60 = 70.
    expect(row.totals.final).toMatchObject({ min: 0, max: 100 });
    expect(row.totals.final?.value).toBeCloseTo(70, 5);
  });

  it('is for staff of the class only: assistants read it; students, parents and other teachers get 404', async () => {
    const s = await setup();
    const grid = await gridOf(assistant, s.course.id);
    expect(grid.can.manage).toBe(false);
    for (const agent of [jose, parent, otherTeacher]) expect((await agent.req('GET', `/api/courses/${s.course.id}/gradebook`)).statusCode).toBe(404);
    expect((await teacher.req('GET', '/api/courses/not-an-id/gradebook')).statusCode).toBe(400);
  });

  it('marks the course stale when a submission grade changes and recomputes on the next read or in the worker', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const element = await buildElement(t.db, s.course.id, { position: 0 });
    const [material] = await t.db
      .insert(courseMaterials)
      .values({ courseId: s.course.id, elementId: element.id, name: 'Quiz on fractions', type: 'quiz', position: 0, published: true, maxPoints: 20 })
      .returning();
    const sub = await buildSubmission(t.db, { materialId: material!.id, studentId: w.s1.id, status: 'returned', grade: 10 });
    const before = await gridOf(teacher, s.course.id);
    expect(rowOf(before, w.s1.id).totals[`cat:${s.root.id}`]?.value).toBeCloseTo(50, 5);
    expect(await t.db.select().from(gradeRecalc).where(eq(gradeRecalc.courseId, s.course.id))).toEqual([]);
    // The teacher changes the grade in the quiz: the trigger marks the course.
    await t.db.update(submissions).set({ grade: 20 }).where(eq(submissions.id, sub.id));
    expect(await t.db.select().from(gradeRecalc).where(eq(gradeRecalc.courseId, s.course.id))).toHaveLength(1);
    // The worker recomputes without anyone reading.
    expect(await recomputeStale(t.db, 1000)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(gradeRecalc).where(eq(gradeRecalc.courseId, s.course.id))).toEqual([]);
    const totals = await t.db.select().from(gradeTotals).where(eq(gradeTotals.courseId, s.course.id));
    expect(totals.find((r) => r.studentId === w.s1.id && r.key === `cat:${s.root.id}`)?.value).toBeCloseTo(100, 5);
    // A read after another change recomputes first.
    await t.db.update(submissions).set({ grade: 5 }).where(eq(submissions.id, sub.id));
    expect(rowOf(await gridOf(teacher, s.course.id), w.s1.id).totals[`cat:${s.root.id}`]?.value).toBeCloseTo(25, 5);
  });
});
