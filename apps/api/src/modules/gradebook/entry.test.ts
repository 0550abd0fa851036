import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CELL, type GradeHistoryEntry } from '@klase/core/gradebook/index';
import { courseMaterials } from '../../db/schema/courses.ts';
import { gradeGrades, gradeItems } from '../../db/schema/gradebook.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildSubmission } from '../../test/assessment-factories.ts';
import { buildElement } from '../../test/course-factories.ts';
import { buildGradebookCourse, buildGradeItem, buildGradeScale, setGradebookGrade } from '../../test/gradebook-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { addTeacher, buildWeightedSetup, enter, gridOf, putGrade, rowOf, setPolicy } from '../../test/gradebook-world.ts';
import { notifications } from '../../db/schema/notifications.ts';

describe('grade entry and its history', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let rosa: Agent;
  let assistant: Agent;
  let otherTeacher: Agent;
  let jose: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    rosa = await signIn(t.app, (await addTeacher(t.db, w.schoolA.id, w.cls.id)).username);
    assistant = await signIn(t.app, w.assistant.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
    jose = await signIn(t.app, w.s1.username);
  });

  const setup = () => buildWeightedSetup(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id });
  const history = async (agent: Agent, courseId: string, itemId: string, studentId: string): Promise<GradeHistoryEntry[]> => {
    const res = await agent.req('GET', `/api/courses/${courseId}/gradebook/items/${itemId}/grades/${studentId}/history`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GradeHistoryEntry[]>();
  };
  const fieldIssue = (body: string) => (JSON.parse(body) as { fields: { path: string; key: string; params?: Record<string, number> }[] }).fields[0];

  it('issue 16: a grade entered for students to see notifies the student and the parent once; hidden grades say nothing', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const about = async (userId: string, itemName: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))
        .filter((n) => n.params.itemName === itemName)
        .map((n) => [n.type, n.params.grade]);
    await enter(teacher, s.course.id, s.e1.id, w.s1.id, { value: 88 });
    expect(await about(w.s1.id, s.e1.name)).toEqual([['grade', 88]]);
    expect(await about(w.parent.id, s.e1.name)).toEqual([['childGrade', 88]]);
    // The same value again, or a flag only: nothing new.
    await enter(teacher, s.course.id, s.e1.id, w.s1.id, { value: 88 });
    await enter(teacher, s.course.id, s.e1.id, w.s1.id, { locked: true });
    expect(await about(w.s1.id, s.e1.name)).toHaveLength(1);
    // A hidden item, or a grade book hidden from students: nobody is told.
    await t.db.update(gradeItems).set({ hidden: true }).where(eq(gradeItems.id, s.q1.id));
    await enter(teacher, s.course.id, s.q1.id, w.s2.id, { value: 7 });
    expect(await about(w.s2.id, s.q1.name)).toEqual([]);
    await setPolicy(t.db, s.course.id, { status: 'hidden' });
    await enter(teacher, s.course.id, s.e1.id, w.s2.id, { value: 70 });
    expect(await about(w.s2.id, s.e1.name)).toEqual([]);
  });

  it('stores a manual grade and answers the cell with the student’s recomputed totals', async () => {
    const { w } = ctx;
    const s = await setup();
    await enter(teacher, s.course.id, s.e1.id, w.s1.id, { value: 70 });
    const r = await enter(teacher, s.course.id, s.e1.id, w.s1.id, { value: '85.5' });
    expect(r).toMatchObject({ itemId: s.e1.id, studentId: w.s1.id, value: 85.5, flags: 0 });
    expect(r.totals[`cat:${s.exams.id}`]?.value).toBeCloseTo(85.5, 5);
    expect(r.totals[`cat:${s.root.id}`]?.value).toBeCloseTo(85.5, 5);
    expect(r.totals.final?.value).toBeCloseTo(85.5, 5);
    const grid = await gridOf(teacher, s.course.id);
    expect(rowOf(grid, w.s1.id).values[3]).toBe(85.5);
    expect(rowOf(grid, w.s1.id).totals[`cat:${s.root.id}`]?.value).toBeCloseTo(85.5, 5);
    // Clearing the grade empties the totals again.
    const cleared = await enter(teacher, s.course.id, s.e1.id, w.s1.id, { value: null });
    expect(cleared.value).toBeNull();
    expect(cleared.totals[`cat:${s.root.id}`]?.value).toBeNull();
  });

  it('overrides a material’s grade, and takes the override away again', async () => {
    const { w, t } = ctx;
    const { course } = await buildGradebookCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, categories: ['Written work'] });
    const element = await buildElement(t.db, course.id, { position: 0 });
    const [material] = await t.db
      .insert(courseMaterials)
      .values({ courseId: course.id, elementId: element.id, name: 'Essay', type: 'assignment', position: 0, published: true, maxPoints: 40 })
      .returning();
    await buildSubmission(t.db, { materialId: material!.id, studentId: w.s1.id, status: 'returned', grade: 20 });
    const grid = await gridOf(teacher, course.id);
    const item = grid.items.find((i) => i.materialId === material!.id)!;
    const root = grid.categories.find((c) => c.parentId === null)!;
    expect(rowOf(grid, w.s1.id).totals[`cat:${root.id}`]?.percent).toBeCloseTo(50, 5);
    const over = await enter(teacher, course.id, item.id, w.s1.id, { value: 30 });
    expect(over).toMatchObject({ value: 30, flags: CELL.overridden });
    expect(over.totals[`cat:${root.id}`]?.percent).toBeCloseTo(75, 5);
    const back = await enter(teacher, course.id, item.id, w.s1.id, { value: null });
    expect(back).toMatchObject({ value: 20, flags: 0 });
    expect(back.totals[`cat:${root.id}`]?.percent).toBeCloseTo(50, 5);
    // Over the material's maximum (40):
    const res = await putGrade(teacher, course.id, item.id, w.s1.id, { value: 41 });
    expect(res.statusCode).toBe(400);
    expect(fieldIssue(res.body)).toEqual({ path: 'value', key: 'notGreaterThan', params: { limit: 40, count: 40 } });
    // The history has the submission's grade and both overrides, newest first.
    const h = await history(teacher, course.id, item.id, w.s1.id);
    expect(h.map((e) => [e.field, e.source, e.oldValue, e.newValue])).toEqual([
      ['override', 'gradebook', '30.00', null],
      ['override', 'gradebook', null, '30.00'],
      ['grade', 'submission', null, '20.00'],
    ]);
    expect(h[0]?.changedBy).toEqual({ id: w.teacher.id, name: 'Maria Santos' });
  });

  it('excuses a grade: it leaves the totals', async () => {
    const { w } = ctx;
    const s = await setup();
    await enter(teacher, s.course.id, s.q1.id, w.s2.id, { value: 10 });
    await enter(teacher, s.course.id, s.q2.id, w.s2.id, { value: 6 });
    const before = await enter(teacher, s.course.id, s.e1.id, w.s2.id, { value: 40 });
    // Quizzes: 6 dropped → 100; course 0.4 × 100 + 0.6 × 40 = 64.
    expect(before.totals[`cat:${s.root.id}`]?.value).toBeCloseTo(64, 5);
    const r = await enter(teacher, s.course.id, s.e1.id, w.s2.id, { excused: true });
    expect(r).toMatchObject({ value: 40, flags: CELL.excused });
    expect(r.totals[`cat:${s.exams.id}`]?.value).toBeNull();
    expect(r.totals[`cat:${s.root.id}`]?.value).toBeCloseTo(100, 5);
  });

  it('checks the value against the item’s range and scale', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const over = await putGrade(teacher, s.course.id, s.q1.id, w.s1.id, { value: 10.5 });
    expect(over.statusCode).toBe(400);
    expect(fieldIssue(over.body)).toEqual({ path: 'value', key: 'notGreaterThan', params: { limit: 10, count: 10 } });
    const under = await putGrade(teacher, s.course.id, s.q1.id, w.s1.id, { value: -1 });
    expect(fieldIssue(under.body)).toEqual({ path: 'value', key: 'notLessThan', params: { limit: 0, count: 0 } });
    expect(fieldIssue((await putGrade(teacher, s.course.id, s.q1.id, w.s1.id, { value: 'ten' })).body)).toMatchObject({ path: 'value', key: 'number' });
    expect(fieldIssue((await putGrade(teacher, s.course.id, s.q1.id, w.s1.id, {})).body)).toMatchObject({ path: 'value', key: 'required' });
    const scale = await buildGradeScale(t.db, { schoolId: w.schoolA.id, courseId: s.course.id, values: ['Beginning', 'Developing', 'Proficient'] });
    const conduct = await buildGradeItem(t.db, { courseId: s.course.id, categoryId: s.root.id, name: 'Conduct', gradeType: 'scale', scaleId: scale.id });
    expect(fieldIssue((await putGrade(teacher, s.course.id, conduct.id, w.s1.id, { value: 4 })).body)).toMatchObject({
      key: 'notGreaterThan',
      params: { limit: 3 },
    });
    expect(fieldIssue((await putGrade(teacher, s.course.id, conduct.id, w.s1.id, { value: 0 })).body)).toMatchObject({
      key: 'notLessThan',
      params: { count: 1 },
    });
    expect(fieldIssue((await putGrade(teacher, s.course.id, conduct.id, w.s1.id, { value: 2.5 })).body)).toMatchObject({ key: 'number' });
    expect((await enter(teacher, s.course.id, conduct.id, w.s1.id, { value: 3 })).value).toBe(3);
    // Nothing was written by the refused requests.
    const rows = await t.db.select().from(gradeGrades).where(eq(gradeGrades.itemId, s.q1.id));
    expect(rows).toEqual([]);
  });

  it('refuses changes to a locked grade or item (409) but lets the grade be unlocked', async () => {
    const { w, t } = ctx;
    const s = await setup();
    await enter(teacher, s.course.id, s.q1.id, w.s1.id, { value: 7, locked: true });
    const res = await putGrade(teacher, s.course.id, s.q1.id, w.s1.id, { value: 9 });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('GRADE_LOCKED');
    expect((await putGrade(teacher, s.course.id, s.q1.id, w.s1.id, { locked: false, value: 9 })).statusCode).toBe(409);
    expect(await enter(teacher, s.course.id, s.q1.id, w.s1.id, { locked: false })).toMatchObject({ value: 7, flags: 0 });
    expect((await enter(teacher, s.course.id, s.q1.id, w.s1.id, { value: 9 })).value).toBe(9);
    await t.db
      .update(gradeItems)
      .set({ lockedAfter: new Date(Date.now() - 60_000) })
      .where(eq(gradeItems.id, s.q2.id));
    expect((await putGrade(teacher, s.course.id, s.q2.id, w.s1.id, { value: 5 })).statusCode).toBe(409);
  });

  it('lets only teachers of the class write: assistants 403, students 403, other teachers 404; unknown cells 404', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const other = await setup();
    expect((await putGrade(assistant, s.course.id, s.q1.id, w.s1.id, { value: 5 })).statusCode).toBe(403);
    expect((await putGrade(jose, s.course.id, s.q1.id, w.s1.id, { value: 5 })).statusCode).toBe(403);
    expect((await putGrade(otherTeacher, s.course.id, s.q1.id, w.s1.id, { value: 5 })).statusCode).toBe(404);
    expect((await putGrade(teacher, s.course.id, s.q1.id, w.s4.id, { value: 5 })).statusCode).toBe(404);
    expect((await putGrade(teacher, s.course.id, other.q1.id, w.s1.id, { value: 5 })).statusCode).toBe(404);
    expect(await t.db.select().from(gradeGrades).where(eq(gradeGrades.courseId, s.course.id))).toEqual([]);
    // History: staff only.
    expect((await history(assistant, s.course.id, s.q1.id, w.s1.id)).length).toBe(0);
    expect((await jose.req('GET', `/api/courses/${s.course.id}/gradebook/items/${s.q1.id}/grades/${w.s1.id}/history`)).statusCode).toBe(404);
  });

  it('refuses grades until the gradebook has a category', async () => {
    const { w, t } = ctx;
    const { course, root } = await buildGradebookCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const item = await buildGradeItem(t.db, { courseId: course.id, categoryId: root.id, name: 'Project' });
    const res = await putGrade(teacher, course.id, item.id, w.s1.id, { value: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('GRADEBOOK_NOT_READY');
  });

  it('two teachers writing the same cell at once: the last write wins, both are in the history', async () => {
    const { w, t } = ctx;
    const s = await setup();
    const [a, b] = await Promise.all([
      putGrade(teacher, s.course.id, s.e1.id, w.s3.id, { value: 81 }),
      putGrade(rosa, s.course.id, s.e1.id, w.s3.id, { value: 92 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const h = await history(teacher, s.course.id, s.e1.id, w.s3.id);
    expect(h).toHaveLength(2);
    const last = h[0]!;
    expect(new Set(h.map((e) => e.changedBy?.name))).toEqual(new Set(['Maria Santos', 'Rosa Reyes']));
    expect(h[1]?.oldValue).toBeNull();
    expect(last.oldValue).toBe(h[1]?.newValue);
    // The times shown follow the same order: the write that waited is stamped when it was made.
    expect(Date.parse(last.changedAt)).toBeGreaterThanOrEqual(Date.parse(h[1]?.changedAt ?? ''));
    const [row] = await t.db.select().from(gradeGrades).where(eq(gradeGrades.itemId, s.e1.id));
    expect(Number(row?.value).toFixed(2)).toBe(last.newValue);
    // The stored totals agree with the winner.
    const grid = await gridOf(teacher, s.course.id);
    expect(rowOf(grid, w.s3.id).totals[`cat:${s.root.id}`]?.value).toBeCloseTo(Number(last.newValue), 5);
  });

  it('keeps a grade set straight in the table in the history too (the triggers record every path)', async () => {
    const { w, t } = ctx;
    const s = await setup();
    await setGradebookGrade(t.db, { courseId: s.course.id, itemId: s.q3.id, studentId: w.s2.id, value: 4, by: w.teacher.id });
    const h = await history(teacher, s.course.id, s.q3.id, w.s2.id);
    expect(h.map((e) => [e.field, e.newValue])).toEqual([['grade', '4.00']]);
  });
});
