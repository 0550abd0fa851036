import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GradingPeriodRow, RubricRow, ScaleRow } from '@klase/core/gradebook/index';
import { submissionRubricScores, gradeItems } from '../../../db/schema/gradebook.ts';
import { courseMaterials } from '../../../db/schema/courses.ts';
import { buildAssignment, buildSubmission } from '../../../test/assessment-factories.ts';
import { buildGradeItem, buildGradeScale, buildGradingPeriod, buildRubric } from '../../../test/gradebook-factories.ts';
import { ensureGradebook } from '../setup-loader.ts';
import type { ScaleDetails } from './setup-schemas.ts';
import { useSetupWorld } from '../../../test/gradebook-setup-world.ts';

describe('gradebook setup: scales, rubrics and grading periods', () => {
  const k = useSetupWorld();
  const { ctx, setup, fieldsOf } = k;
  const course = (categories: string[] = ['Written work']) => k.course(categories);
  const { url } = k;

  it('creates, reads, edits and deletes a custom scale; names are unique in the course', async () => {
    const { course: c } = await course();
    const res = await k.teacher.req('POST', url(c.id, 'scales'), {
      name: 'Reading level',
      values: ' Frustration, Instructional ,Independent ',
      description: 'Phil-IRI',
    });
    expect(res.statusCode, res.body).toBe(201);
    const scale = res.json<ScaleRow>();
    expect(scale).toMatchObject({
      kind: 'custom',
      values: ['Frustration', 'Instructional', 'Independent'],
      minGrade: 1,
      maxGrade: 3,
      usedBy: 0,
      canEdit: true,
    });
    const dup = await k.teacher.req('POST', url(c.id, 'scales'), { name: 'reading LEVEL', values: 'a, b' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'NAME_EXISTS', message: 'That name is already used in this gradebook.' });
    expect(fieldsOf((await k.teacher.req('POST', url(c.id, 'scales'), { name: 'One', values: 'Only' })).json())).toEqual(['values:minItems']);
    expect(fieldsOf((await k.teacher.req('POST', url(c.id, 'scales'), { name: 'Twice', values: 'Yes, yes' })).json())).toEqual(['values:duplicateEntry']);
    const edited = await k.teacher.req('PUT', url(c.id, `scales/${scale.id}`), {
      name: 'Reading levels',
      values: 'Frustration, Instructional, Independent, Advanced',
    });
    expect(edited.json<ScaleRow>()).toMatchObject({ name: 'Reading levels', maxGrade: 4 });
    const read = await k.assistant.req('GET', url(c.id, `scales/${scale.id}`));
    expect(read.statusCode).toBe(200);
    expect(read.json<ScaleDetails>()).toMatchObject({ name: 'Reading levels', items: [], canEdit: false });
    expect((await k.assistant.req('PUT', url(c.id, `scales/${scale.id}`), { name: 'X', values: 'a, b' })).statusCode).toBe(403);
    expect((await k.otherTeacher.req('GET', url(c.id, `scales/${scale.id}`))).statusCode).toBe(404);
    const other = await course();
    expect((await k.teacher.req('GET', url(other.course.id, `scales/${scale.id}`))).statusCode).toBe(404);
    expect((await k.teacher.req('DELETE', url(other.course.id, `scales/${scale.id}`))).statusCode).toBe(404);
    const del = await k.teacher.req('DELETE', url(c.id, `scales/${scale.id}`));
    expect(del.statusCode, del.body).toBe(200);
    expect((await setup(c.id)).scales.map((s) => s.id)).not.toContain(scale.id);
  });

  it('keeps a used scale: no deletion, no change in its number of words; standard scales are read-only', async () => {
    const { course: c, categories } = await course();
    const scale = await buildGradeScale(ctx.t.db, { schoolId: ctx.w.schoolA.id, courseId: c.id, values: ['Beginning', 'Developing', 'Proficient'] });
    const item = await buildGradeItem(ctx.t.db, {
      courseId: c.id,
      categoryId: categories[0]?.id ?? '',
      name: 'Oral reading',
      gradeType: 'scale',
      scaleId: scale.id,
    });
    const del = await k.teacher.req('DELETE', url(c.id, `scales/${scale.id}`));
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'SCALE_IN_USE', message: 'You cannot delete this scale because it is associated with course materials.' });
    const grow = await k.teacher.req('PUT', url(c.id, `scales/${scale.id}`), { name: scale.name, values: 'Beginning, Developing, Proficient, Advanced' });
    expect(grow.json().code).toBe('SCALE_VALUES_IN_USE');
    const reword = await k.teacher.req('PUT', url(c.id, `scales/${scale.id}`), { name: scale.name, values: 'Starting, Growing, Proficient' });
    expect(reword.json<ScaleRow>()).toMatchObject({ values: ['Starting', 'Growing', 'Proficient'], usedBy: 1 });
    expect((await k.teacher.req('GET', url(c.id, `scales/${scale.id}`))).json<ScaleDetails>().items).toEqual([{ id: item.id, name: 'Oral reading' }]);
    const standard = (await setup(c.id)).scales.find((s) => s.kind === 'standard');
    if (!standard) throw new Error('standard scale');
    const put = await k.teacher.req('PUT', url(c.id, `scales/${standard.id}`), { name: 'Mine now', values: 'a, b' });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('STANDARD_SCALE');
    expect((await k.teacher.req('DELETE', url(c.id, `scales/${standard.id}`))).json().code).toBe('STANDARD_SCALE');
    expect((await k.teacher.req('GET', url(c.id, `scales/${standard.id}`))).json<ScaleDetails>()).toMatchObject({ kind: 'standard', canEdit: false });
  });

  it('creates a rubric with new ids, keeps ids on edit and updates the maximum of the items using it', async () => {
    const { course: c, material } = await buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, maxPoints: 10 });
    await ensureGradebook(ctx.t.db, c.id);
    const criteria = [
      {
        id: 'forged',
        title: 'Content',
        levels: [
          { label: 'Weak', points: 1 },
          { label: 'Strong', points: '4' },
        ],
      },
      {
        title: 'Organisation',
        levels: [
          { label: 'Weak', points: 0 },
          { label: 'Strong', points: 2.5 },
        ],
      },
    ];
    const res = await k.teacher.req('POST', url(c.id, 'rubrics'), { name: 'Essay rubric', criteria });
    expect(res.statusCode, res.body).toBe(201);
    const rubric = res.json<RubricRow>();
    expect(rubric).toMatchObject({ name: 'Essay rubric', maxPoints: 6.5, usedBy: 0 });
    expect(rubric.criteria[0]?.id).not.toBe('forged');
    expect(new Set(rubric.criteria.flatMap((x) => [x.id, ...x.levels.map((l) => l.id)])).size).toBe(6);
    expect((await k.teacher.req('POST', url(c.id, 'rubrics'), { name: 'essay RUBRIC', criteria })).json().code).toBe('NAME_EXISTS');
    expect(fieldsOf((await k.teacher.req('POST', url(c.id, 'rubrics'), { name: 'Empty', criteria: [] })).json())).toEqual(['criteria:minItems']);
    const bad = await k.teacher.req('POST', url(c.id, 'rubrics'), {
      name: 'Bad',
      criteria: [
        {
          title: 'A',
          levels: [
            { label: 'x', points: 'abc' },
            { label: 'y', points: 1001 },
          ],
        },
      ],
    });
    expect(fieldsOf(bad.json())).toEqual(['criteria.0.levels.0.points:number', 'criteria.0.levels.1.points:notGreaterThan']);
    await ctx.t.db.update(gradeItems).set({ rubricId: rubric.id }).where(eq(gradeItems.materialId, material.id));
    const [first, second] = rubric.criteria;
    if (!first || !second) throw new Error('criteria');
    const edited = await k.teacher.req('PUT', url(c.id, `rubrics/${rubric.id}`), {
      name: 'Essay rubric',
      criteria: [
        { id: first.id, title: 'Content', levels: first.levels.map((l) => ({ ...l, points: l.points * 2 })) },
        { id: second.id, title: 'Organisation', levels: second.levels },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<RubricRow>()).toMatchObject({ maxPoints: 10.5, usedBy: 1 });
    expect(edited.json<RubricRow>().criteria.map((x) => x.id)).toEqual([first.id, second.id]);
    expect(edited.json<RubricRow>().criteria[0]?.levels.map((l) => l.id)).toEqual(first.levels.map((l) => l.id));
    expect((await setup(c.id)).items[0]).toMatchObject({ rubricId: rubric.id, maxGrade: 10.5 });
    const [m] = await ctx.t.db.select({ maxPoints: courseMaterials.maxPoints }).from(courseMaterials).where(eq(courseMaterials.id, material.id));
    expect(m?.maxPoints).toBe(11);
    const del = await k.teacher.req('DELETE', url(c.id, `rubrics/${rubric.id}`));
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('RUBRIC_IN_USE');
  });

  it('refuses to remove a level chosen for a student’s work; a rubric nobody uses is deleted', async () => {
    const { course: c, material } = await buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id });
    const rubric = await buildRubric(ctx.t.db, { courseId: c.id });
    const submission = await buildSubmission(ctx.t.db, { materialId: material.id, studentId: ctx.w.s1.id, grade: 6 });
    await ctx.t.db
      .insert(submissionRubricScores)
      .values({ submissionId: submission.id, rubricId: rubric.id, selections: { content: 'content-4', grammar: 'grammar-2' } });
    const [content, grammar] = rubric.criteria;
    if (!content || !grammar) throw new Error('criteria');
    const dropChosen = await k.teacher.req('PUT', url(c.id, `rubrics/${rubric.id}`), {
      name: rubric.name,
      criteria: [content, { ...grammar, levels: grammar.levels.filter((l) => l.id !== 'grammar-2') }],
    });
    expect(dropChosen.statusCode).toBe(409);
    expect(dropChosen.json().code).toBe('RUBRIC_IN_USE');
    const dropOther = await k.teacher.req('PUT', url(c.id, `rubrics/${rubric.id}`), {
      name: rubric.name,
      criteria: [content, { ...grammar, levels: grammar.levels.filter((l) => l.id !== 'grammar-0') }],
    });
    expect(dropOther.statusCode, dropOther.body).toBe(200);
    expect((await k.assistant.req('DELETE', url(c.id, `rubrics/${rubric.id}`))).statusCode).toBe(403);
    const unused = await buildRubric(ctx.t.db, { courseId: c.id });
    const other = await course();
    expect((await k.teacher.req('DELETE', url(other.course.id, `rubrics/${unused.id}`))).statusCode).toBe(404);
    expect((await k.teacher.req('DELETE', url(c.id, `rubrics/${unused.id}`))).statusCode).toBe(200);
    expect((await setup(c.id)).rubrics.map((r) => r.id)).toEqual([rubric.id]);
  });

  it('adds grading periods that do not overlap, with unique names; deleting one sends its items back to “by date”', async () => {
    const { course: c, categories } = await course();
    const q1 = await k.teacher.req('POST', url(c.id, 'periods'), { name: 'First quarter', startsOn: '2026-06-08', endsOn: '2026-08-14', weight: '25' });
    expect(q1.statusCode, q1.body).toBe(201);
    expect(q1.json<GradingPeriodRow>()).toMatchObject({ name: 'First quarter', startsOn: '2026-06-08', endsOn: '2026-08-14', weight: 25 });
    const overlap = await k.teacher.req('POST', url(c.id, 'periods'), { name: 'Second quarter', startsOn: '2026-08-14', endsOn: '2026-10-30' });
    expect(overlap.statusCode).toBe(400);
    expect(fieldsOf(overlap.json())).toEqual(['startsOn:periodOverlap']);
    const backwards = await k.teacher.req('POST', url(c.id, 'periods'), { name: 'Second quarter', startsOn: '2026-10-30', endsOn: '2026-08-17' });
    expect(fieldsOf(backwards.json())).toEqual(['endsOn:afterOpen']);
    expect(
      fieldsOf((await k.teacher.req('POST', url(c.id, 'periods'), { name: 'Q2', startsOn: '2026-08-17', endsOn: '2026-10-30', weight: 101 })).json()),
    ).toEqual(['weight:notGreaterThan']);
    const q2 = await k.teacher.req('POST', url(c.id, 'periods'), { name: 'Second quarter', startsOn: '2026-08-17', endsOn: '2026-10-30', weight: 25 });
    expect(q2.statusCode).toBe(201);
    const sameName = await k.teacher.req('POST', url(c.id, 'periods'), { name: 'second QUARTER', startsOn: '2026-11-02', endsOn: '2027-01-22' });
    expect(sameName.json().code).toBe('NAME_EXISTS');
    const q1Id = q1.json<GradingPeriodRow>().id;
    // Editing a period may keep its own dates (no overlap with itself).
    expect(
      (await k.teacher.req('PUT', url(c.id, `periods/${q1Id}`), { name: 'Q1', startsOn: '2026-06-08', endsOn: '2026-08-16', weight: 30 })).json(),
    ).toMatchObject({ name: 'Q1', endsOn: '2026-08-16' });
    expect(fieldsOf((await k.teacher.req('PUT', url(c.id, `periods/${q1Id}`), { name: 'Q1', startsOn: '2026-06-08', endsOn: '2026-08-20' })).json())).toEqual([
      'startsOn:periodOverlap',
    ]);
    const item = await buildGradeItem(ctx.t.db, {
      courseId: c.id,
      categoryId: categories[0]?.id ?? '',
      gradingPeriodId: q1Id,
      dueAt: new Date('2026-09-01T02:00:00Z'),
    });
    expect((await setup(c.id)).items.find((i) => i.id === item.id)).toMatchObject({ gradingPeriodId: q1Id, periodId: q1Id });
    const other = await course();
    expect((await k.teacher.req('DELETE', url(other.course.id, `periods/${q1Id}`))).statusCode).toBe(404);
    expect((await k.teacher.req('PUT', url(other.course.id, `periods/${q1Id}`), { name: 'Q1', startsOn: '2026-06-08', endsOn: '2026-08-16' })).statusCode).toBe(
      404,
    );
    expect((await k.assistant.req('DELETE', url(c.id, `periods/${q1Id}`))).statusCode).toBe(403);
    expect((await k.teacher.req('DELETE', url(c.id, `periods/${q1Id}`))).statusCode).toBe(200);
    expect((await setup(c.id)).items.find((i) => i.id === item.id)).toMatchObject({ gradingPeriodId: null, periodId: q2.json<GradingPeriodRow>().id });
    await buildGradingPeriod(ctx.t.db, { courseId: other.course.id, name: 'Elsewhere', startsOn: '2026-06-08', endsOn: '2026-08-14' });
    expect((await k.teacher.req('POST', url(c.id, 'periods'), { name: 'Q1 again', startsOn: '2026-06-08', endsOn: '2026-08-14' })).statusCode).toBe(201);
  });
});
