import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GradeItemRow } from '@klase/core/gradebook/index';
import { courseMaterials } from '../../../db/schema/courses.ts';
import { gradeGrades, gradeHistory, gradeItems } from '../../../db/schema/gradebook.ts';
import { buildAssignment, buildGraded } from '../../../test/assessment-factories.ts';
import { buildGradeCategory, buildGradeItem, buildGradeScale, buildGradingPeriod, buildRubric, setGradebookGrade } from '../../../test/gradebook-factories.ts';
import { ensureGradebook } from '../setup-loader.ts';
import { useSetupWorld } from '../../../test/gradebook-setup-world.ts';

describe('gradebook setup: grade items', () => {
  const k = useSetupWorld();
  const { ctx, setup, fieldsOf } = k;
  const course = (categories: string[] = ['Written work']) => k.course(categories);
  const url = (courseId: string, id?: string) => `/api/courses/${courseId}/gradebook/items${id ? `/${id}` : ''}`;

  it('needs a grading category first', async () => {
    const { course: c, root } = await course([]);
    const res = await k.teacher.req('POST', url(c.id), { name: 'Recitation', categoryId: root.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'GRADEBOOK_NOT_READY', message: 'At least one grading category is required to use the gradebook.' });
  });

  it('adds a manual item last in its category, with a scale, a period and a date', async () => {
    const { course: c, categories } = await course();
    const ww = categories[0];
    if (!ww) throw new Error('category');
    await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: ww.id, position: 4 });
    const period = await buildGradingPeriod(ctx.t.db, { courseId: c.id, name: 'Q1', startsOn: '2026-06-01', endsOn: '2026-08-15' });
    const res = await k.teacher.req('POST', url(c.id), {
      name: 'Recitation 1',
      categoryId: ww.id,
      maxGrade: '20',
      minGrade: 5,
      gradePass: '15',
      weight: '12.5',
      dueAt: '2026-07-01T02:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<GradeItemRow>()).toMatchObject({
      name: 'Recitation 1',
      source: 'manual',
      materialId: null,
      maxGrade: 20,
      minGrade: 5,
      gradePass: 15,
      weight: 12.5,
      position: 5,
      periodId: period.id,
      gradingPeriodId: null,
    });
    const [deped] = (await setup(c.id)).scales;
    if (!deped) throw new Error('scale');
    const scaled = await k.teacher.req('POST', url(c.id), {
      name: 'Behaviour',
      categoryId: ww.id,
      gradeType: 'scale',
      scaleId: deped.id,
      gradingPeriodId: period.id,
      maxGrade: 100,
    });
    expect(scaled.statusCode, scaled.body).toBe(201);
    expect(scaled.json<GradeItemRow>()).toMatchObject({
      gradeType: 'scale',
      scaleId: deped.id,
      minGrade: 1,
      maxGrade: deped.values.length,
      gradingPeriodId: period.id,
    });
  });

  it('refuses references of other courses and bad numbers', async () => {
    const { course: c, categories } = await course();
    const ww = categories[0];
    if (!ww) throw new Error('category');
    const other = await course();
    const otherScale = await buildGradeScale(ctx.t.db, { schoolId: ctx.w.schoolA.id, courseId: other.course.id });
    const schoolBScale = await buildGradeScale(ctx.t.db, { schoolId: ctx.w.schoolB.id, courseId: null });
    const otherPeriod = await buildGradingPeriod(ctx.t.db, { courseId: other.course.id, startsOn: '2026-06-01', endsOn: '2026-06-30' });
    const base = { name: 'Quiz', categoryId: ww.id };
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { ...base, categoryId: other.categories[0]?.id })).json())).toEqual(['categoryId:invalidChoice']);
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { ...base, gradeType: 'scale', scaleId: otherScale.id })).json())).toEqual([
      'scaleId:invalidChoice',
    ]);
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { ...base, gradeType: 'scale', scaleId: schoolBScale.id })).json())).toEqual([
      'scaleId:invalidChoice',
    ]);
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { ...base, gradeType: 'scale' })).json())).toEqual(['scaleId:required']);
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { ...base, gradingPeriodId: otherPeriod.id })).json())).toEqual(['gradingPeriodId:invalidChoice']);
    const rubric = await buildRubric(ctx.t.db, { courseId: c.id });
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { ...base, rubricId: rubric.id })).json())).toEqual(['rubricId:invalidChoice']);
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { ...base, weight: 'abc' })).json())).toEqual(['weight:number']);
    const range = await k.teacher.req('POST', url(c.id), { ...base, maxGrade: 10, minGrade: 10 });
    expect(range.json().fields).toEqual([expect.objectContaining({ path: 'maxGrade', key: 'greaterThan' })]);
    const pass = await k.teacher.req('POST', url(c.id), { ...base, maxGrade: 10, gradePass: 12 });
    expect(pass.json().fields).toEqual([expect.objectContaining({ path: 'gradePass', key: 'notGreaterThan', params: expect.objectContaining({ limit: 10 }) })]);
    expect((await k.assistant.req('POST', url(c.id), base)).statusCode).toBe(403);
    expect((await setup(c.id)).items).toHaveLength(0);
  });

  it('rescales a manual item’s grades when its range changes with “rescale”, and records who changed them', async () => {
    const { course: c, categories } = await course();
    const ww = categories[0];
    if (!ww) throw new Error('category');
    const item = await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: ww.id, name: 'Long test', maxGrade: 50 });
    await setGradebookGrade(ctx.t.db, { courseId: c.id, itemId: item.id, studentId: ctx.w.s1.id, value: 40 });
    await setGradebookGrade(ctx.t.db, { courseId: c.id, itemId: item.id, studentId: ctx.w.s2.id, value: 33 });
    const grades = async () =>
      Object.fromEntries(
        (await ctx.t.db.select({ s: gradeGrades.studentId, v: gradeGrades.value }).from(gradeGrades).where(eq(gradeGrades.itemId, item.id))).map((r) => [
          r.s,
          r.v,
        ]),
      );
    const kept = await k.teacher.req('PUT', url(c.id, item.id), { name: 'Long test', categoryId: ww.id, maxGrade: 60 });
    expect(kept.json<GradeItemRow>().maxGrade).toBe(60);
    expect(await grades()).toEqual({ [ctx.w.s1.id]: 40, [ctx.w.s2.id]: 33 });
    const res = await k.teacher.req('PUT', url(c.id, item.id), { name: 'Long test', categoryId: ww.id, maxGrade: 100, rescale: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await grades()).toEqual({ [ctx.w.s1.id]: 66.67, [ctx.w.s2.id]: 55 });
    const history = await ctx.t.db
      .select()
      .from(gradeHistory)
      .where(and(eq(gradeHistory.itemId, item.id), eq(gradeHistory.studentId, ctx.w.s1.id)));
    expect(history.map((h) => [h.oldValue, h.newValue, h.changedBy])).toContainEqual(['40.00', '66.67', ctx.w.teacher.id]);
  });

  it('keeps a material’s name and maximum; an assignment’s item may grade with a rubric, which sets the maximum', async () => {
    const { course: c, material } = await buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, maxPoints: 30, name: 'Essay' });
    await ensureGradebook(ctx.t.db, c.id);
    const [row] = await ctx.t.db.select().from(gradeItems).where(eq(gradeItems.materialId, material.id));
    if (!row) throw new Error('item');
    const ww = await buildGradeCategory(ctx.t.db, { courseId: c.id, parentId: row.categoryId, name: 'Written work' });
    const rubric = await buildRubric(ctx.t.db, { courseId: c.id });
    const res = await k.teacher.req('PUT', url(c.id, row.id), { name: 'Renamed', categoryId: ww.id, maxGrade: 99, rubricId: rubric.id, hidden: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GradeItemRow>()).toMatchObject({ name: 'Essay', categoryId: ww.id, maxGrade: 8, rubricId: rubric.id, hidden: true, source: 'assignment' });
    const [m] = await ctx.t.db.select({ maxPoints: courseMaterials.maxPoints }).from(courseMaterials).where(eq(courseMaterials.id, material.id));
    expect(m?.maxPoints).toBe(8);
    const pass = await k.teacher.req('PUT', url(c.id, row.id), { name: 'Essay', categoryId: ww.id, rubricId: rubric.id, gradePass: 9 });
    expect(pass.json().fields).toEqual([expect.objectContaining({ path: 'gradePass', key: 'notGreaterThan', params: expect.objectContaining({ limit: 8 }) })]);
    const quiz = await buildGraded(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, type: 'quiz' });
    await ensureGradebook(ctx.t.db, quiz.course.id);
    const [quizItem] = await ctx.t.db.select().from(gradeItems).where(eq(gradeItems.materialId, quiz.material.id));
    const quizRubric = await buildRubric(ctx.t.db, { courseId: quiz.course.id });
    const refused = await k.teacher.req('PUT', url(quiz.course.id, quizItem?.id), { name: 'Quiz', categoryId: quizItem?.categoryId, rubricId: quizRubric.id });
    expect(fieldsOf(refused.json())).toEqual(['rubricId:invalidChoice']);
    const foreignRubric = await k.teacher.req('PUT', url(c.id, row.id), { name: 'Essay', categoryId: ww.id, rubricId: quizRubric.id });
    expect(fieldsOf(foreignRubric.json())).toEqual(['rubricId:invalidChoice']);
  });

  it('deletes manual items with their grades; a material’s item goes with its material only', async () => {
    const { course: c, material } = await buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id });
    await ensureGradebook(ctx.t.db, c.id);
    const [matItem] = await ctx.t.db.select().from(gradeItems).where(eq(gradeItems.materialId, material.id));
    if (!matItem) throw new Error('item');
    const refused = await k.teacher.req('DELETE', url(c.id, matItem.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONFLICT');
    const manual = await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: matItem.categoryId });
    await setGradebookGrade(ctx.t.db, { courseId: c.id, itemId: manual.id, studentId: ctx.w.s1.id, value: 70 });
    expect((await k.assistant.req('DELETE', url(c.id, manual.id))).statusCode).toBe(403);
    const other = await course();
    expect((await k.teacher.req('DELETE', url(other.course.id, manual.id))).statusCode).toBe(404);
    const done = await k.teacher.req('DELETE', url(c.id, manual.id));
    expect(done.statusCode, done.body).toBe(200);
    expect(await ctx.t.db.select().from(gradeGrades).where(eq(gradeGrades.itemId, manual.id))).toEqual([]);
    expect((await setup(c.id)).items.map((i) => i.id)).toEqual([matItem.id]);
  });
});
