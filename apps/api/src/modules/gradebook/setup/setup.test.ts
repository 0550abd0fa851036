import { beforeAll, describe, expect, it } from 'vitest';
import type { GradebookSettings, GradebookSetupView } from '@klase/core/gradebook/index';
import { signIn, type Agent } from '../../../test/agent.ts';
import { buildAssignment } from '../../../test/assessment-factories.ts';
import { buildGradebookCourse, buildGradeItem } from '../../../test/gradebook-factories.ts';
import { useClassWorld } from '../../../test/class-world.ts';

describe('gradebook setup: reading it and the gradebook-wide settings', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let assistant: Agent;
  let otherTeacher: Agent;
  let student: Agent;
  let parent: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
    student = await signIn(t.app, w.s1.username);
    parent = await signIn(t.app, w.parent.username);
  });

  const course = (categories: string[] = []) => buildGradebookCourse(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, categories });
  const url = (courseId: string, rest = 'setup') => `/api/courses/${courseId}/gradebook/${rest}`;

  it('shows a new gradebook: the course total, the graded materials as items, standard scales, default letters, not ready', async () => {
    const { course: c, material } = await buildAssignment(ctx.t.db, {
      schoolId: ctx.w.schoolA.id,
      classId: ctx.w.cls.id,
      maxPoints: 40,
      name: 'Essay on Rizal',
    });
    const res = await teacher.req('GET', url(c.id));
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<GradebookSetupView>();
    expect(view.ready).toBe(false);
    expect(view.can.manage).toBe(true);
    expect(view.categories).toHaveLength(1);
    expect(view.categories[0]).toMatchObject({ parentId: null, name: c.name, aggregation: 'natural', depth: 0, itemCount: 1, computedWeight: null });
    expect(view.items).toEqual([
      expect.objectContaining({
        materialId: material.id,
        source: 'assignment',
        name: 'Essay on Rizal',
        maxGrade: 40,
        categoryId: view.categories[0]?.id,
        computedWeight: 1,
      }),
    ]);
    expect(view.scales.map((s) => [s.name, s.kind, s.values.length, s.canEdit])).toEqual([
      ['Complete / Incomplete', 'standard', 2, false],
      ['DepEd proficiency descriptors', 'standard', 5, false],
    ]);
    expect(view.scales[1]?.values[0]).toBe('Did Not Meet Expectations');
    expect(view.settings).toMatchObject({ status: 'visible', gradeDisplayType: 'real', decimals: 2, defaultLetters: true, finalMode: 'courseTotal' });
    expect(view.settings.letters[0]).toEqual({ letter: 'A', boundary: 93 });
    // Reading again creates nothing twice.
    const again = (await teacher.req('GET', url(c.id))).json<GradebookSetupView>();
    expect(again.scales).toHaveLength(2);
    expect(again.items).toHaveLength(1);
  });

  it('computes each child’s weight in a Natural parent', async () => {
    const { course: c, categories } = await course(['Written work', 'Performance tasks']);
    const [ww, pt] = categories;
    if (!ww || !pt) throw new Error('categories');
    await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: ww.id, maxGrade: 20 });
    await buildGradeItem(ctx.t.db, { courseId: c.id, categoryId: pt.id, maxGrade: 60 });
    const view = (await teacher.req('GET', url(c.id))).json<GradebookSetupView>();
    expect(view.ready).toBe(true);
    const weight = (id: string) => view.categories.find((x) => x.id === id)?.computedWeight;
    expect(weight(ww.id)).toBeCloseTo(0.25);
    expect(weight(pt.id)).toBeCloseTo(0.75);
    expect(view.items.map((i) => i.computedWeight)).toEqual([1, 1]);
    expect(view.categories.map((x) => x.depth)).toEqual([0, 1, 1]);
  });

  it('lets the class’s staff read, only its teachers change; everyone else 404', async () => {
    const { course: c } = await course();
    const asAssistant = await assistant.req('GET', url(c.id));
    expect(asAssistant.statusCode).toBe(200);
    expect(asAssistant.json<GradebookSetupView>().can.manage).toBe(false);
    expect(asAssistant.json<GradebookSetupView>().scales.every((s) => !s.canEdit)).toBe(true);
    const admin = await signIn(ctx.t.app, ctx.w.admin.username);
    expect((await admin.req('GET', url(c.id))).statusCode).toBe(200);
    expect((await student.req('GET', url(c.id))).statusCode).toBe(404);
    expect((await parent.req('GET', url(c.id))).statusCode).toBe(404);
    expect((await otherTeacher.req('GET', url(c.id))).statusCode).toBe(404);
    const teacherB = await signIn(ctx.t.app, ctx.w.teacherB.username);
    expect((await teacherB.req('GET', url(c.id))).statusCode).toBe(404);
    const body = { status: 'hidden', gradeDisplayType: 'letter', decimals: 1, hiddenPolicy: 'showExcluding', minMaxToUse: 'grade', includeScales: false };
    expect((await assistant.req('PUT', url(c.id, 'settings'), body)).statusCode).toBe(403);
    expect((await admin.req('PUT', url(c.id, 'settings'), body)).statusCode).toBe(403);
    expect((await otherTeacher.req('PUT', url(c.id, 'settings'), body)).statusCode).toBe(404);
    expect((await student.req('PUT', url(c.id, 'settings'), body)).statusCode).toBe(403);
    expect((await teacher.req('GET', url('7d0c6a4e-64a8-4b6b-8d7e-1a2b3c4d5e6f'))).statusCode).toBe(404);
    expect((await teacher.req('GET', url('not-a-course'))).statusCode).toBe(400);
  });

  it('describes its routes in the OpenAPI document', async () => {
    const doc = await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      'setup',
      'settings',
      'letters',
      'categories/{categoryId}',
      'items/{itemId}',
      'scales/{scaleId}',
      'rubrics/{rubricId}',
      'periods/{periodId}',
    ])
      expect(paths).toContain(`/api/courses/{courseId}/gradebook/${path}`);
  });

  it('saves the settings, the final grade settings and the letters (null = back to the defaults)', async () => {
    const { course: c } = await course();
    const body = { status: 'hidden', gradeDisplayType: 'realLetter', decimals: '1', hiddenPolicy: 'showExcluding', minMaxToUse: 'grade', includeScales: false };
    const saved = await teacher.req('PUT', url(c.id, 'settings'), body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GradebookSettings>()).toMatchObject({ ...body, decimals: 1 });
    const final = await teacher.req('PUT', url(c.id, 'final-settings'), { finalMode: 'periods', finalDisplayType: 'percentage', finalDecimals: 0 });
    expect(final.json<GradebookSettings>()).toMatchObject({ finalMode: 'periods', finalDisplayType: 'percentage', finalDecimals: 0, status: 'hidden' });
    const letters = [
      { letter: 'O', boundary: 90 },
      { letter: 'VS', boundary: 85 },
      { letter: 'S', boundary: 80 },
      { letter: 'FS', boundary: 75 },
      { letter: 'DNME', boundary: 0 },
    ];
    const put = await teacher.req('PUT', url(c.id, 'letters'), { letters });
    expect(put.json<GradebookSettings>()).toMatchObject({ letters, defaultLetters: false });
    const view = (await teacher.req('GET', url(c.id))).json<GradebookSetupView>();
    expect(view.settings).toMatchObject({ status: 'hidden', gradeDisplayType: 'realLetter', finalMode: 'periods', letters });
    const reset = await teacher.req('PUT', url(c.id, 'letters'), { letters: null });
    expect(reset.json<GradebookSettings>()).toMatchObject({ defaultLetters: true, letters: expect.arrayContaining([{ letter: 'A-', boundary: 90 }]) });
  });

  it('leaves out blank letter rows and saves the rest sorted, highest boundary first (as Moodle)', async () => {
    const { course: c } = await course();
    const put = await teacher.req('PUT', url(c.id, 'letters'), {
      letters: [
        { letter: 'F', boundary: 0 },
        { letter: '', boundary: null },
        { letter: ' P ', boundary: 75 },
        { letter: 'X', boundary: null },
        { letter: '  ', boundary: 40 },
        { letter: 'O', boundary: 90 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = [
      { letter: 'O', boundary: 90 },
      { letter: 'P', boundary: 75 },
      { letter: 'F', boundary: 0 },
    ];
    expect(put.json<GradebookSettings>()).toMatchObject({ letters: saved, defaultLetters: false });
    expect((await teacher.req('GET', url(c.id))).json<GradebookSetupView>().settings.letters).toEqual(saved);
    const blank = await teacher.req('PUT', url(c.id, 'letters'), { letters: [{ letter: '', boundary: null }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([expect.objectContaining({ path: 'letters', key: 'minItems' })]);
  });

  it('refuses bad settings and letters with the field and key, and keeps the old ones', async () => {
    const { course: c } = await course();
    const bad = await teacher.req('PUT', url(c.id, 'settings'), {
      status: 'open',
      gradeDisplayType: 'real',
      decimals: 'abc',
      hiddenPolicy: 'hideTotals',
      minMaxToUse: 'item',
      includeScales: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'status', key: 'invalidChoice' }), expect.objectContaining({ path: 'decimals', key: 'number' })]),
    );
    const tooMany = await teacher.req('PUT', url(c.id, 'final-settings'), { finalMode: 'courseTotal', finalDisplayType: 'real', finalDecimals: 6 });
    expect(tooMany.json().fields).toEqual([
      expect.objectContaining({ path: 'finalDecimals', key: 'notGreaterThan', params: expect.objectContaining({ limit: 5 }) }),
    ]);
    const repeated = await teacher.req('PUT', url(c.id, 'letters'), {
      letters: [
        { letter: 'A', boundary: 80 },
        { letter: 'B', boundary: 90 },
        { letter: '', boundary: null },
        { letter: 'a', boundary: 101 },
        { letter: 'C', boundary: 90 },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    expect([...new Set(repeated.json().fields.map((f: { path: string; key: string }) => `${f.path}:${f.key}`))].sort()).toEqual([
      'letters.3.boundary:notGreaterThan',
      'letters.3.letter:duplicateEntry',
      'letters.4.boundary:duplicateEntry',
    ]);
    const view = (await teacher.req('GET', url(c.id))).json<GradebookSetupView>();
    expect(view.settings).toMatchObject({ status: 'visible', decimals: 2, finalDecimals: 2, defaultLetters: true });
  });
});
