import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MaterialGradesSummary } from '@klase/core/gradebook/contracts';
import { courseMaterials } from '../../db/schema/courses.ts';
import { gradeGrades, gradeHistory, gradeItems } from '../../db/schema/gradebook.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildGraded, buildSubmission, type GradedType } from '../../test/assessment-factories.ts';
import { buildRubric, setGradebookGrade } from '../../test/gradebook-factories.ts';
import { ensureGradebook } from '../gradebook/gradebook.service.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { auditActions, buildJourneyCourse } from '../../test/materials-world.ts';

describe('deleting a graded material asks what to do with its grades', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let assistant: Agent;
  let otherTeacher: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
  });

  /**
   * A graded material of 40 points due on 2026-08-20 with: Jose's returned grade 30, Ana's grade 25
   * not returned yet, Miguel's returned 10 overridden in the gradebook to 12 and excused.
   */
  const gradedMaterial = async (type: GradedType = 'assignment', gradebook = true) => {
    const { t, w } = ctx;
    const built = await buildGraded(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      type,
      name: `Essay ${type}`,
      maxPoints: 40,
      dueAt: new Date('2026-08-20T09:00:00+08:00'),
    });
    const { course, material } = built;
    const now = new Date();
    await buildSubmission(t.db, { materialId: material.id, studentId: w.s1.id, status: 'returned', grade: 30, returnedAt: now });
    await buildSubmission(t.db, { materialId: material.id, studentId: w.s2.id, grade: 25 });
    await buildSubmission(t.db, { materialId: material.id, studentId: w.s3.id, status: 'returned', grade: 10, returnedAt: now });
    if (gradebook) {
      await ensureGradebook(t.db, course.id);
      const [item] = await t.db.select().from(gradeItems).where(eq(gradeItems.materialId, material.id));
      if (!item) throw new Error('item');
      await setGradebookGrade(t.db, { courseId: course.id, itemId: item.id, studentId: w.s3.id, value: 12, excused: true, by: w.teacher.id });
    }
    return built;
  };
  const remove = (agent: Agent, materialId: string, query = '') => agent.req('DELETE', `/api/materials/${materialId}${query}`);
  const summary = (agent: Agent, materialId: string) => agent.req('GET', `/api/materials/${materialId}/grades-summary`);
  const exists = async (materialId: string) => (await ctx.t.db.$count(courseMaterials, eq(courseMaterials.id, materialId))) > 0;
  const fieldsOf = (res: { json: <T>() => T }) => res.json<{ fields: { path: string; key: string }[] }>().fields.map((f) => [f.path, f.key]);

  it('tells the teacher how many students have a grade, and refuses to delete without a choice', async () => {
    const { material } = await gradedMaterial();
    const res = await summary(teacher, material.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MaterialGradesSummary>()).toEqual({ graded: true, gradeCount: 3 });
    const refused = await remove(teacher, material.id);
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual([['grades', 'required']]);
    const wrong = await remove(teacher, material.id, '?grades=maybe');
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual([['grades', 'invalidChoice']]);
    expect(await exists(material.id)).toBe(true);
  });

  it('keeps the counted grades in a manual column with the material’s name, maximum and date', async () => {
    const { course, material } = await gradedMaterial();
    const [before] = await ctx.t.db.select().from(gradeItems).where(eq(gradeItems.materialId, material.id));
    const res = await remove(teacher, material.id, '?grades=keep');
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists(material.id)).toBe(false);
    const [item] = await ctx.t.db
      .select()
      .from(gradeItems)
      .where(eq(gradeItems.id, before?.id ?? ''));
    expect(item).toMatchObject({
      courseId: course.id,
      materialId: null,
      name: 'Essay assignment',
      maxGrade: 40,
      minGrade: 0,
      rubricId: null,
      dueAt: material.dueAt,
    });
    const grades = await ctx.t.db
      .select()
      .from(gradeGrades)
      .where(eq(gradeGrades.itemId, item?.id ?? ''));
    const byStudent = Object.fromEntries(grades.map((g) => [g.studentId, { value: g.value, excused: g.excused }]));
    // Jose's returned grade is copied, Miguel's override stays (excused too), Ana's grade was never returned.
    expect(byStudent).toEqual({ [ctx.w.s1.id]: { value: 30, excused: false }, [ctx.w.s3.id]: { value: 12, excused: true } });
    const history = await ctx.t.db
      .select()
      .from(gradeHistory)
      .where(and(eq(gradeHistory.itemId, item?.id ?? ''), eq(gradeHistory.source, 'gradebook'), eq(gradeHistory.studentId, ctx.w.s1.id)));
    expect(history.map((h) => [h.field, h.newValue, h.changedBy])).toEqual([['grade', '30.00', ctx.w.teacher.id]]);
    expect(await auditActions(ctx.t.db, material.id)).toContain('material.deleted');
  });

  it('keeps the grades of a material the gradebook never listed yet (its column is made first)', async () => {
    const { material } = await gradedMaterial('activity', false);
    expect((await remove(teacher, material.id, '?grades=keep')).statusCode).toBe(200);
    const [item] = await ctx.t.db.select().from(gradeItems).where(eq(gradeItems.name, 'Essay activity'));
    const grades = await ctx.t.db
      .select()
      .from(gradeGrades)
      .where(eq(gradeGrades.itemId, item?.id ?? ''));
    expect(grades.map((g) => [g.studentId, g.value]).sort()).toEqual(
      [
        [ctx.w.s1.id, 30],
        [ctx.w.s3.id, 10],
      ].sort(),
    );
  });

  it('keeps a rubric-graded assignment’s column at the rubric’s best total', async () => {
    const { course, material } = await gradedMaterial();
    const rubric = await buildRubric(ctx.t.db, { courseId: course.id });
    await ctx.t.db.update(gradeItems).set({ rubricId: rubric.id }).where(eq(gradeItems.materialId, material.id));
    expect((await remove(teacher, material.id, '?grades=keep')).statusCode).toBe(200);
    const [item] = await ctx.t.db
      .select()
      .from(gradeItems)
      .where(and(eq(gradeItems.courseId, course.id), eq(gradeItems.name, 'Essay assignment')));
    expect(item).toMatchObject({ materialId: null, rubricId: null, maxGrade: 8 });
  });

  it('discards the item and its grades with the material', async () => {
    const { course, material } = await gradedMaterial('quiz');
    const res = await remove(teacher, material.id, '?grades=discard');
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists(material.id)).toBe(false);
    expect(await ctx.t.db.$count(gradeItems, eq(gradeItems.courseId, course.id))).toBe(0);
    expect(await ctx.t.db.$count(gradeGrades, eq(gradeGrades.courseId, course.id))).toBe(0);
  });

  it('deletes materials without grades as before, and a page never asks', async () => {
    const { t, w } = ctx;
    const { material } = await buildGraded(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    expect((await summary(teacher, material.id)).json<MaterialGradesSummary>()).toEqual({ graded: true, gradeCount: 0 });
    expect((await remove(teacher, material.id)).statusCode).toBe(200);
    const built = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      elements: [{ name: 'Week 1', materials: [{ name: 'Reading' }] }],
    });
    const pageId = built.ids.Reading ?? '';
    expect((await summary(teacher, pageId)).json<MaterialGradesSummary>()).toEqual({ graded: false, gradeCount: 0 });
    expect((await remove(teacher, pageId, '?grades=keep')).statusCode).toBe(200);
    expect(await exists(pageId)).toBe(false);
  });

  it('lets only the class’s teachers ask or delete', async () => {
    const { material } = await gradedMaterial();
    expect((await summary(assistant, material.id)).statusCode).toBe(403);
    expect((await summary(otherTeacher, material.id)).statusCode).toBe(404);
    expect((await remove(assistant, material.id, '?grades=discard')).statusCode).toBe(403);
    expect((await remove(otherTeacher, material.id, '?grades=discard')).statusCode).toBe(404);
    expect(await exists(material.id)).toBe(true);
  });
});
