import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MySubmission, SubmissionDetails } from '@klase/core/assignments/contracts';
import { submissions } from '../../db/schema/assessments.ts';
import { gradeHistory, gradeItems, submissionRubricScores } from '../../db/schema/gradebook.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildAssignment, buildSubmission } from '../../test/assessment-factories.ts';
import { buildRubric } from '../../test/gradebook-factories.ts';
import { ensureGradebook } from '../gradebook/gradebook.service.ts';
import { useClassWorld } from '../../test/class-world.ts';

describe('grading an assignment with its rubric', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let assistant: Agent;
  let jose: Agent;
  let parent: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    jose = await signIn(t.app, w.s1.username);
    parent = await signIn(t.app, w.parent.username);
  });

  /** An assignment whose grade item uses the default test rubric (Content and Grammar, 0/2/4 points each: 8 at best). */
  const rubricAssignment = async () => {
    const { t, w } = ctx;
    const { course, material } = await buildAssignment(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, maxPoints: 8 });
    await ensureGradebook(t.db, course.id);
    const rubric = await buildRubric(t.db, { courseId: course.id, name: 'Essay rubric' });
    await t.db.update(gradeItems).set({ rubricId: rubric.id }).where(eq(gradeItems.materialId, material.id));
    await buildSubmission(t.db, { materialId: material.id, studentId: w.s1.id });
    return { course, material, rubric };
  };
  const url = (materialId: string) => `/api/materials/${materialId}/submissions/${ctx.w.s1.id}`;
  const grade = (materialId: string, body: object) => teacher.req('PUT', `${url(materialId)}/grade`, body);
  const scoreRow = async (submissionId: string | null) =>
    submissionId ? ((await ctx.t.db.select().from(submissionRubricScores).where(eq(submissionRubricScores.submissionId, submissionId)))[0] ?? null) : null;

  it('shows staff the rubric with no levels chosen yet, and an assignment without one none', async () => {
    const { material, rubric } = await rubricAssignment();
    for (const agent of [teacher, assistant]) {
      const res = await agent.req('GET', url(material.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SubmissionDetails>().rubric).toEqual({
        rubricId: rubric.id,
        name: 'Essay rubric',
        criteria: rubric.criteria,
        maxPoints: 8,
        selections: null,
      });
    }
    const { material: plain } = await buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id });
    expect((await teacher.req('GET', url(plain.id))).json<SubmissionDetails>().rubric).toBeNull();
  });

  it('computes the grade from the chosen levels, keeps the choices and shows them once returned', async () => {
    const { material, rubric } = await rubricAssignment();
    const selections = { content: 'content-4', grammar: 'grammar-2' };
    // The grade sent is ignored: the rubric decides.
    const res = await grade(material.id, { grade: 1, rubric: selections, feedbackHtml: '<p>Good ideas.</p>' });
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json<SubmissionDetails>();
    expect(details.grade).toBe(6);
    expect(details.rubric?.selections).toEqual(selections);
    const [sub] = await ctx.t.db.select().from(submissions).where(eq(submissions.materialId, material.id));
    expect(sub?.grade).toBe(6);
    expect(await scoreRow(sub?.id ?? null)).toMatchObject({ rubricId: rubric.id, selections, updatedBy: ctx.w.teacher.id });
    // The gradebook's history has the grade like any other.
    const history = await ctx.t.db.select().from(gradeHistory).where(eq(gradeHistory.materialId, material.id));
    expect(history.map((h) => [h.field, h.newValue])).toEqual([['grade', '6.00']]);

    // Not returned yet: the student sees neither grade nor rubric.
    const before = (await jose.req('GET', `/api/materials/${material.id}/my-submission`)).json<MySubmission>();
    expect([before.grade, before.rubric]).toEqual([null, null]);

    // Regrading replaces the choices; returning shows them to the student and their parent.
    const again = await grade(material.id, { grade: null, rubric: { content: 'content-2', grammar: 'grammar-4' }, returnToStudent: true });
    expect(again.json<SubmissionDetails>().grade).toBe(6);
    const mine = (await jose.req('GET', `/api/materials/${material.id}/my-submission`)).json<MySubmission>();
    expect(mine.grade).toBe(6);
    expect(mine.rubric).toMatchObject({ rubricId: rubric.id, maxPoints: 8, selections: { content: 'content-2', grammar: 'grammar-4' } });
    const child = (await parent.req('GET', `/api/materials/${material.id}/my-submission?childId=${ctx.w.s1.id}`)).json<MySubmission>();
    expect(child.rubric?.selections).toEqual({ content: 'content-2', grammar: 'grammar-4' });
  });

  it('refuses a criterion left out, an unknown criterion or level, and points without the rubric; nothing is written', async () => {
    const { material } = await rubricAssignment();
    const bad = async (body: object, path: string, key: string) => {
      const res = await grade(material.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fields: { path: string; key: string }[] }>().fields).toEqual([expect.objectContaining({ path, key })]);
    };
    await bad({ grade: null, rubric: { content: 'content-4' } }, 'rubric.grammar', 'required');
    await bad({ grade: null, rubric: { content: 'content-4', grammar: 'content-2' } }, 'rubric', 'invalidChoice');
    await bad({ grade: null, rubric: { content: 'content-4', grammar: 'grammar-2', style: 'style-1' } }, 'rubric', 'invalidChoice');
    await bad({ grade: 5 }, 'rubric', 'required');
    const [sub] = await ctx.t.db.select().from(submissions).where(eq(submissions.materialId, material.id));
    expect(sub?.grade).toBeNull();
    expect(await scoreRow(sub?.id ?? null)).toBeNull();
  });

  it('clears the grade and the choices together', async () => {
    const { material } = await rubricAssignment();
    expect((await grade(material.id, { grade: null, rubric: { content: 'content-0', grammar: 'grammar-0' } })).json<SubmissionDetails>().grade).toBe(0);
    const cleared = await grade(material.id, { grade: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<SubmissionDetails>()).toMatchObject({ grade: null, rubric: { selections: null } });
    const [sub] = await ctx.t.db.select().from(submissions).where(eq(submissions.materialId, material.id));
    expect(await scoreRow(sub?.id ?? null)).toBeNull();
  });

  it('refuses a rubric for an assignment graded with points; an assistant grades by the rubric too (issue 13)', async () => {
    const { t, w } = ctx;
    const { material: plain } = await buildAssignment(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    const res = await grade(plain.id, { grade: 5, rubric: { content: 'content-4' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: { path: string; key: string }[] }>().fields).toEqual([expect.objectContaining({ path: 'rubric', key: 'invalidChoice' })]);
    const { material } = await rubricAssignment();
    const byAssistant = await assistant.req('PUT', `${url(material.id)}/grade`, { grade: null, rubric: { content: 'content-4', grammar: 'grammar-4' } });
    expect(byAssistant.statusCode, byAssistant.body).toBe(200);
    expect(byAssistant.json<{ grade: number | null }>().grade).not.toBeNull();
  });
});
