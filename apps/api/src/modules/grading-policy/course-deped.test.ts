import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPED_PATH, type CourseDeped, type GradingPolicyView } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import type { GradebookSetupView } from '@klase/core/gradebook/index';
import { courses } from '../../db/schema/courses.ts';
import { courseDeped } from '../../db/schema/deped.ts';
import { gradeRecalc } from '../../db/schema/gradebook.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { uniq } from '../../test/factories.ts';
import { buildGradebookCourse, buildGradeCategory, buildGradeItem, buildGradingPeriod } from '../../test/gradebook-factories.ts';
import { enter, readReport } from '../../test/gradebook-world.ts';

const path = (courseId: string) => `/api/courses/${courseId}/deped`;

describe('a course as a DepEd learning area', () => {
  const ctx = useClassWorld();
  let admin: Agent;
  let teacher: Agent;
  let otherTeacher: Agent;
  let teacherB: Agent;
  let student: Agent;
  let parent: Agent;
  const policy = { ...defaultPolicy(2025), kind: 'deped' as const };

  beforeAll(async () => {
    const { t, w } = ctx;
    admin = await signIn(t.app, w.admin.username);
    teacher = await signIn(t.app, w.teacher.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
    teacherB = await signIn(t.app, w.teacherB.username);
    student = await signIn(t.app, w.s1.username);
    parent = await signIn(t.app, w.parent.username);
    const res = await admin.req('PUT', DEPED_PATH, policy);
    expect(res.statusCode, res.body).toBe(200);
  });

  const setupOf = async (courseId: string): Promise<GradebookSetupView> => {
    const res = await teacher.req('GET', `/api/courses/${courseId}/gradebook/setup`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GradebookSetupView>();
  };

  const makeDeped = async (courseId: string, body: Record<string, unknown> = { subjectGroup: 'languages' }): Promise<CourseDeped> => {
    const res = await teacher.req('PUT', path(courseId), body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CourseDeped>();
  };

  it('turns the gradebook into WW/PT/QA with the preset weights and the quarters as grading periods', async () => {
    const { t, w } = ctx;
    const { course, root } = await buildGradebookCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const quizzes = await buildGradeCategory(t.db, { courseId: course.id, parentId: root.id, name: 'Quizzes', position: 1 });
    const quiz = await buildGradeItem(t.db, { courseId: course.id, categoryId: quizzes.id, name: 'Quiz 1', maxGrade: 10 });
    const recitation = await buildGradeItem(t.db, { courseId: course.id, categoryId: root.id, name: 'Recitation', maxGrade: 10 });
    // "First grading" overlaps quarter 1 most: it stays (as Quarter 1); "Summer" overlaps no quarter and goes.
    const first = await buildGradingPeriod(t.db, { courseId: course.id, name: 'First grading', startsOn: '2025-06-01', endsOn: '2025-08-20' });
    await buildGradingPeriod(t.db, { courseId: course.id, name: 'Summer', startsOn: '2026-05-01', endsOn: '2026-05-30' });

    expect((await teacher.req('GET', path(course.id))).json()).toBeNull();
    expect(await makeDeped(course.id)).toEqual({ subjectGroup: 'languages', mapehPart: null, weights: { ww: 30, pt: 50, qa: 20 } });
    expect((await teacher.req('GET', path(course.id))).json()).toEqual({ subjectGroup: 'languages', mapehPart: null, weights: { ww: 30, pt: 50, qa: 20 } });

    const s = await setupOf(course.id);
    const cat = (name: string) => s.categories.find((c) => c.name === name)!;
    expect(cat(course.name)).toMatchObject({ parentId: null, aggregation: 'weightedMean', maxGrade: 100 });
    const top = s.categories.filter((c) => c.parentId === root.id).map((c) => [c.name, c.aggregation, c.weight]);
    expect(top).toEqual([
      ['Written Work', 'natural', 30],
      ['Performance Tasks', 'natural', 50],
      ['Quarterly Assessment', 'natural', 20],
    ]);
    expect(cat('Quizzes').parentId).toBe(cat('Written Work').id);
    expect(s.items.find((i) => i.id === recitation.id)?.categoryId).toBe(cat('Written Work').id);
    expect(s.items.find((i) => i.id === quiz.id)?.categoryId).toBe(quizzes.id);
    expect(s.periods.map((p) => [p.name, p.startsOn, p.endsOn, p.weight])).toEqual(
      policy.quarters.map((q) => [`Quarter ${q.quarter}`, q.startsOn, q.endsOn, 25]),
    );
    expect(s.periods[0]!.id).toBe(first.id);

    // Again (e.g. another subject group): the same three categories, renamed and reweighted, no new ones.
    expect((await makeDeped(course.id, { subjectGroup: 'scienceMath' })).weights).toEqual({ ww: 40, pt: 40, qa: 20 });
    const again = await setupOf(course.id);
    expect(again.categories.filter((c) => c.parentId === root.id).map((c) => [c.id, c.weight])).toEqual([
      [cat('Written Work').id, 40],
      [cat('Performance Tasks').id, 40],
      [cat('Quarterly Assessment').id, 20],
    ]);
    expect(again.periods.map((p) => p.id)).toEqual(s.periods.map((p) => p.id));

    // DELETE: back to custom handling, categories kept.
    expect((await teacher.req('DELETE', path(course.id))).statusCode).toBe(204);
    expect((await teacher.req('GET', path(course.id))).json()).toBeNull();
    expect((await setupOf(course.id)).categories).toHaveLength(5);
  });

  it('checks the form, who asks and the school’s policy', async () => {
    const { t, w } = ctx;
    const { course } = await buildGradebookCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const bad = await teacher.req('PUT', path(course.id), { subjectGroup: 'languages', mapehPart: 'music' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'mapehPart', key: 'invalidChoice' })]);
    expect((await teacher.req('PUT', path(course.id), { subjectGroup: 'history' })).statusCode).toBe(400);
    // A teacher of another class, a student: 404; the assistant reads but may not change (403).
    expect((await otherTeacher.req('PUT', path(course.id), { subjectGroup: 'languages' })).statusCode).toBe(404);
    expect((await otherTeacher.req('GET', path(course.id))).statusCode).toBe(404);
    expect((await student.req('GET', path(course.id))).statusCode).toBe(404);
    expect((await teacher.req('PUT', path(crypto.randomUUID()), { subjectGroup: 'languages' })).statusCode).toBe(404);
    // A catalogue course has no gradebook.
    const [catalogue] = await t.db
      .insert(courses)
      .values({ name: uniq('Catalogue '), code: uniq('K'), published: true })
      .returning();
    expect((await teacher.req('PUT', path(catalogue!.id), { subjectGroup: 'languages' })).statusCode).toBe(404);
    // School B is on the custom policy.
    const b = await buildGradebookCourse(t.db, { schoolId: w.schoolB.id, classId: w.classB.id });
    const off = await teacherB.req('PUT', path(b.course.id), { subjectGroup: 'languages' });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('DEPED_POLICY_OFF');
    expect((await teacher.req('PUT', path(b.course.id), { subjectGroup: 'languages' })).statusCode).toBe(404);
  });

  it('gives the student, a parent and staff the DepEd block of the report (hand-computed), re-applied when the policy changes', async () => {
    const { t, w } = ctx;
    const { course } = await buildGradebookCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    await makeDeped(course.id);
    const s = await setupOf(course.id);
    const catId = (name: string) => s.categories.find((c) => c.name === name)!.id;
    const q1 = s.periods[0]!.id;
    const item = (name: string, category: string, maxGrade: number) =>
      buildGradeItem(t.db, { courseId: course.id, categoryId: catId(category), name, maxGrade, gradingPeriodId: q1 });
    const scores = [
      [await item('Seatwork', 'Written Work', 20), 18],
      [await item('Quiz', 'Written Work', 30), 24],
      [await item('Role play', 'Performance Tasks', 50), 40],
      [await item('Essay', 'Performance Tasks', 50), 45],
      [await item('Quarterly exam', 'Quarterly Assessment', 40), 30],
    ] as const;
    for (const [it, v] of scores) await enter(teacher, course.id, it.id, w.s1.id, { value: v });

    // WW 42/50 → 84.00 × 30% = 25.20; PT 85/100 → 85.00 × 50% = 42.50; QA 30/40 → 75.00 × 20% = 15.00; initial 82.70 → 89.
    const r = await readReport(student, course.id, w.s1.id);
    expect(r.deped).toMatchObject({ subjectGroup: 'languages', mapehPart: null, final: null, finalDescriptor: null, remarks: null });
    expect(r.deped!.headline).toEqual({ quarter: 1, grade: 89, descriptor: 'verySatisfactory' });
    const quarter1 = r.deped!.quarters[0]!;
    expect(quarter1.components.map((c) => [c.component, c.raw, c.highest, c.ps, c.ws])).toEqual([
      ['ww', 42, 50, 84, 25.2],
      ['pt', 85, 100, 85, 42.5],
      ['qa', 30, 40, 75, 15],
    ]);
    expect(quarter1).toMatchObject({ initial: 82.7, quarterly: 89, row: { min: 82.4, grade: 89 }, descriptor: 'verySatisfactory' });
    expect(r.deped!.quarters.slice(1).map((q) => q.quarterly)).toEqual([null, null, null]);
    // The ordinary course total does not contradict it: the weighted mean of the PS is the initial grade.
    expect(r.lines.find((l) => l.kind === 'course')?.value).toBeCloseTo(82.7, 5);
    expect((await readReport(parent, course.id, w.s1.id)).deped).toEqual(r.deped);
    expect((await readReport(teacher, course.id, w.s1.id)).deped).toEqual(r.deped);

    // The administrator changes the languages preset to 25/50/25 and moves quarter 1: the course follows in the same save.
    await t.db.delete(gradeRecalc).where(eq(gradeRecalc.courseId, course.id));
    const quarters = policy.quarters.map((q, i) => (i === 0 ? { ...q, startsOn: '2025-06-09' } : q));
    const view = (await admin.req('GET', DEPED_PATH)).json<GradingPolicyView>();
    const saved = await admin.req('PUT', DEPED_PATH, {
      ...policy,
      quarters,
      presets: { ...policy.presets, languages: { ww: 25, pt: 50, qa: 25 } },
      version: view.editVersion,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await setupOf(course.id);
    expect(after.categories.filter((c) => c.depth === 1).map((c) => c.weight)).toEqual([25, 50, 25]);
    expect(after.periods[0]).toMatchObject({ id: q1, startsOn: '2025-06-09' });
    expect(await t.db.select().from(gradeRecalc).where(eq(gradeRecalc.courseId, course.id))).toHaveLength(1);
    // WS 21.00 + 42.50 + 18.75 = 82.25 → row 80.80 → 88.
    const r2 = await readReport(student, course.id, w.s1.id);
    expect(r2.deped!.quarters[0]).toMatchObject({ initial: 82.25, quarterly: 88, descriptor: 'verySatisfactory' });
    expect(r2.deped!.headline).toEqual({ quarter: 1, grade: 88, descriptor: 'verySatisfactory' });
  });

  it('leaves the report of a custom-policy school as it was (no DepEd block)', async () => {
    const { t, w } = ctx;
    const b = await buildGradebookCourse(t.db, { schoolId: w.schoolB.id, classId: w.classB.id, categories: ['Quizzes'] });
    const it = await buildGradeItem(t.db, { courseId: b.course.id, categoryId: b.categories[0]!.id, name: 'Quiz', maxGrade: 10 });
    // A stale course_deped row of a school on the custom policy changes nothing either.
    await t.db.insert(courseDeped).values({ courseId: b.course.id, subjectGroup: 'languages', wwCategoryId: b.categories[0]!.id });
    await enter(teacherB, b.course.id, it.id, w.studentB.id, { value: 7 });
    const r = await readReport(teacherB, b.course.id, w.studentB.id);
    expect(r.deped).toBeUndefined();
    expect(r.lines.find((l) => l.kind === 'course')?.value).toBe(7);
  });
});
