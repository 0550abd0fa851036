import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GradeCategoryRow } from '@klase/core/gradebook/index';
import { gradeCategories, gradeItems } from '../../../db/schema/gradebook.ts';
import { buildGradeCategory, buildGradeItem } from '../../../test/gradebook-factories.ts';
import { useSetupWorld } from '../../../test/gradebook-setup-world.ts';

describe('gradebook setup: grading categories', () => {
  const k = useSetupWorld();
  const { ctx, setup, fieldsOf } = k;
  const course = (categories: string[] = []) => k.course(categories);
  const url = (courseId: string, id?: string) => `/api/courses/${courseId}/gradebook/categories${id ? `/${id}` : ''}`;

  it('creates categories under the course total, last in order, nested and with every field', async () => {
    const { course: c, root } = await course();
    const first = await k.teacher.req('POST', url(c.id), { name: 'Written work', weight: '40' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<GradeCategoryRow>()).toMatchObject({
      parentId: root.id,
      name: 'Written work',
      weight: 40,
      aggregation: 'natural',
      depth: 1,
      itemCount: 0,
      excludeEmpty: true,
    });
    const second = await k.teacher.req('POST', url(c.id), {
      name: 'Quizzes',
      parentId: first.json<GradeCategoryRow>().id,
      aggregation: 'mean',
      dropLowest: 1,
      maxGrade: '50',
      gradePass: 37.5,
      idNumber: 'WW-Q',
      hidden: true,
      hiddenUntil: '2026-08-01T00:00:00.000Z',
      displayType: 'percentage',
      decimals: 1,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<GradeCategoryRow>()).toMatchObject({
      depth: 2,
      aggregation: 'mean',
      dropLowest: 1,
      maxGrade: 50,
      gradePass: 37.5,
      idNumber: 'WW-Q',
      hidden: true,
      hiddenUntil: '2026-08-01T00:00:00.000Z',
      displayType: 'percentage',
      decimals: 1,
    });
    const third = await k.teacher.req('POST', url(c.id), { name: 'Performance tasks' });
    const view = await setup(c.id);
    expect(view.ready).toBe(true);
    expect(view.categories.map((x) => x.name)).toEqual([c.name, 'Written work', 'Quizzes', 'Performance tasks']);
    expect(third.json<GradeCategoryRow>().position).toBeGreaterThan(first.json<GradeCategoryRow>().position);
  });

  it('refuses weights that do not parse, negative and over-limit values, with translated keys and limits', async () => {
    const { course: c } = await course();
    const abc = await k.teacher.req('POST', url(c.id), { name: 'Projects', weight: 'abc' });
    expect(abc.statusCode).toBe(400);
    expect(fieldsOf(abc.json())).toEqual(['weight:number']);
    const negative = await k.teacher.req('POST', url(c.id), { name: 'Projects', weight: -5, dropLowest: -1 });
    expect(negative.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'weight', key: 'notLessThan', params: expect.objectContaining({ count: 0 }) }),
        expect.objectContaining({ path: 'dropLowest', key: 'notLessThan' }),
      ]),
    );
    const over = await k.teacher.req('POST', url(c.id), { name: 'Projects', weight: 100.5, maxGrade: 20000 }, { headers: { 'accept-language': 'ph' } });
    expect(over.json().fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'weight', key: 'notGreaterThan', params: expect.objectContaining({ limit: 100 }) }),
        expect.objectContaining({ path: 'maxGrade', key: 'notGreaterThan', params: expect.objectContaining({ limit: 10000 }) }),
      ]),
    );
    const both = await k.teacher.req('POST', url(c.id), { name: 'Projects', dropLowest: 1, keepHighest: 2 });
    expect(fieldsOf(both.json())).toEqual(['keepHighest:invalidChoice']);
    const blank = await k.teacher.req('POST', url(c.id), { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank.json())[0]).toBe('name:required');
    expect((await setup(c.id)).categories).toHaveLength(1);
  });

  it('checks the parent, the ID number and a Natural category’s grade to pass against the sum of its children', async () => {
    const { course: c, categories } = await course(['Written work', 'Exams']);
    const [ww, exams] = categories;
    if (!ww || !exams) throw new Error('categories');
    const other = await course(['Elsewhere']);
    const foreign = await k.teacher.req('POST', url(c.id), { name: 'X', parentId: other.categories[0]?.id });
    expect(fieldsOf(foreign.json())).toEqual(['parentId:invalidChoice']);
    expect(fieldsOf((await k.teacher.req('POST', url(c.id), { name: 'X', parentId: 'not-an-id' })).json())).toEqual(['parentId:invalidChoice']);
    const child = await buildGradeCategory(ctx.t.db, { courseId: c.id, parentId: ww.id, name: 'Seatwork', idNumber: 'SW' });
    const cycle = await k.teacher.req('PUT', url(c.id, ww.id), { name: 'Written work', parentId: child.id });
    expect(fieldsOf(cycle.json())).toEqual(['parentId:invalidChoice']);
    const self = await k.teacher.req('PUT', url(c.id, ww.id), { name: 'Written work', parentId: ww.id });
    expect(fieldsOf(self.json())).toEqual(['parentId:invalidChoice']);
    const dup = await k.teacher.req('POST', url(c.id), { name: 'Homework', idNumber: 'sw' });
    expect(fieldsOf(dup.json())).toEqual(['idNumber:duplicateEntry']);
    await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: exams.id, maxGrade: 30 });
    await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: exams.id, maxGrade: 20 });
    const pass = await k.teacher.req('PUT', url(c.id, exams.id), { name: 'Exams', gradePass: 50.5 });
    expect(pass.statusCode).toBe(400);
    expect(pass.json().fields).toEqual([expect.objectContaining({ path: 'gradePass', key: 'notGreaterThan', params: expect.objectContaining({ limit: 50 }) })]);
    const ok = await k.teacher.req('PUT', url(c.id, exams.id), { name: 'Exams', gradePass: 37.5 });
    expect(ok.json<GradeCategoryRow>().gradePass).toBe(37.5);
    const nonNatural = await k.teacher.req('PUT', url(c.id, exams.id), { name: 'Exams', aggregation: 'mean', maxGrade: 40, gradePass: 45 });
    expect(fieldsOf(nonNatural.json())).toEqual(['gradePass:notGreaterThan']);
  });

  it('moves a category to another parent, last there', async () => {
    const { course: c, categories } = await course(['Written work', 'Performance tasks']);
    const [ww, pt] = categories;
    if (!ww || !pt) throw new Error('categories');
    const moved = await k.teacher.req('PUT', url(c.id, pt.id), { name: 'Performance tasks', parentId: ww.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<GradeCategoryRow>()).toMatchObject({ parentId: ww.id, depth: 2 });
  });

  it('keeps the course total in place: editable, never moved or deleted', async () => {
    const { course: c, root, categories } = await course(['Written work']);
    const renamed = await k.teacher.req('PUT', url(c.id, root.id), { name: 'Course total', aggregation: 'weightedMean', weight: 30 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<GradeCategoryRow>()).toMatchObject({ parentId: null, name: 'Course total', aggregation: 'weightedMean', weight: null });
    const move = await k.teacher.req('PUT', url(c.id, root.id), { name: 'Course total', parentId: categories[0]?.id });
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe('ROOT_CATEGORY');
    const del = await k.teacher.req('DELETE', url(c.id, root.id));
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'ROOT_CATEGORY', message: 'The course total cannot be deleted or moved.' });
  });

  it('resets the children’s weights and extra credit when the method changes', async () => {
    const { course: c, categories } = await course(['Exams']);
    const [exams] = categories;
    if (!exams) throw new Error('categories');
    const sub = await buildGradeCategory(ctx.t.db, { courseId: c.id, parentId: exams.id, weight: 25, extraCredit: true });
    const item = await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: exams.id, weight: 40 });
    const plain = await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: exams.id, extraCredit: true });
    const read = async () => {
      const kids = await ctx.t.db
        .select({ id: gradeItems.id, weight: gradeItems.weight, extraCredit: gradeItems.extraCredit })
        .from(gradeItems)
        .where(eq(gradeItems.categoryId, exams.id));
      const [cat] = await ctx.t.db
        .select({ weight: gradeCategories.weight, extraCredit: gradeCategories.extraCredit })
        .from(gradeCategories)
        .where(eq(gradeCategories.id, sub.id));
      return { item: kids.find((k) => k.id === item.id), plain: kids.find((k) => k.id === plain.id), sub: cat };
    };
    // Natural → simple weighted mean: overrides back to automatic, extra credit kept.
    expect((await k.teacher.req('PUT', url(c.id, exams.id), { name: 'Exams', aggregation: 'simpleWeightedMean' })).statusCode).toBe(200);
    expect(await read()).toEqual({
      item: { id: item.id, weight: null, extraCredit: false },
      plain: { id: plain.id, weight: null, extraCredit: true },
      sub: { weight: null, extraCredit: true },
    });
    // Saving again with the same method changes nothing.
    await ctx.t.db.update(gradeItems).set({ weight: 3 }).where(eq(gradeItems.id, item.id));
    await k.teacher.req('PUT', url(c.id, exams.id), { name: 'Exams', aggregation: 'simpleWeightedMean' });
    expect((await read()).item?.weight).toBe(3);
    // → weighted mean: weights back to 1 (null), no extra credit.
    await k.teacher.req('PUT', url(c.id, exams.id), { name: 'Exams', aggregation: 'weightedMean', maxGrade: 100 });
    expect(await read()).toEqual({
      item: { id: item.id, weight: null, extraCredit: false },
      plain: { id: plain.id, weight: null, extraCredit: false },
      sub: { weight: null, extraCredit: false },
    });
    const view = await setup(c.id);
    expect(view.items.find((i) => i.id === item.id)?.computedWeight).toBeCloseTo(1 / 3);
  });

  it('deletes an empty category with its empty sub-categories; one holding items is refused', async () => {
    const { course: c, categories } = await course(['Projects', 'Exams']);
    const [projects, exams] = categories;
    if (!projects || !exams) throw new Error('categories');
    const emptySub = await buildGradeCategory(ctx.t.db, { courseId: c.id, parentId: projects.id });
    const usedSub = await buildGradeCategory(ctx.t.db, { courseId: c.id, parentId: exams.id });
    await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: usedSub.id });
    const refused = await k.teacher.req('DELETE', url(c.id, exams.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'GRADE_CATEGORY_IN_USE', message: 'You cannot delete a grading category used by any course materials.' });
    expect((await k.assistant.req('DELETE', url(c.id, projects.id))).statusCode).toBe(403);
    expect((await k.otherTeacher.req('DELETE', url(c.id, projects.id))).statusCode).toBe(404);
    const other = await course(['Elsewhere']);
    expect((await k.teacher.req('DELETE', url(c.id, other.categories[0]?.id))).statusCode).toBe(404);
    const done = await k.teacher.req('DELETE', url(c.id, projects.id));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('The grading category has been deleted.');
    const left = (await setup(c.id)).categories.map((x) => x.id);
    expect(left).not.toContain(projects.id);
    expect(left).not.toContain(emptySub.id);
    expect(left).toContain(usedSub.id);
  });
});
