import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MAX, type MySubmission, type SubmissionsAnswer } from '@klase/core/assignments/contracts';
import type { Journey } from '@klase/core/materials/contracts';
import { submissions } from '../../db/schema/assessments.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildAssignment, buildGraded, uploadWorkAs } from '../../test/assessment-factories.ts';
import { buildMaterial } from '../../test/course-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { progressOf, statesOf } from '../../test/materials-world.ts';

describe('activity grades', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let assistant: Agent;
  let jose: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    jose = await signIn(t.app, w.s1.username);
  });

  /** A sequential course: the activity "Role play", then the page "Reflection". */
  const activityCourse = async () => {
    const built = await buildGraded(ctx.t.db, {
      schoolId: ctx.w.schoolA.id,
      classId: ctx.w.cls.id,
      type: 'activity',
      name: 'Role play',
      maxPoints: 30,
      sequential: true,
    });
    await buildMaterial(ctx.t.db, built.element, { name: 'Reflection', position: 1 });
    return built;
  };
  const url = (materialId: string) => `/api/materials/${materialId}/activity-grades`;
  const put = (agent: Agent, materialId: string, grades: { studentId: string; grade: number | null; feedbackHtml?: string }[]) =>
    agent.req('PUT', url(materialId), { grades });
  const journeyOf = async (agent: Agent, courseId: string): Promise<Journey> => (await agent.req('GET', `/api/courses/${courseId}/journey`)).json<Journey>();

  it('grades several students at once: returned at once, and the journey stop completes', async () => {
    const { w } = ctx;
    const { course, material } = await activityCourse();
    expect(statesOf(await journeyOf(jose, course.id))).toEqual(['Role play: current', 'Reflection: locked']);
    const empty = await assistant.req('GET', url(material.id));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<SubmissionsAnswer>().counts).toMatchObject({ total: 3, returned: 0 });
    const res = await put(teacher, material.id, [
      { studentId: w.s1.id, grade: 27.5, feedbackHtml: '<p>Clear voice</p><iframe src="https://x"></iframe>' },
      { studentId: w.s2.id, grade: 20 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<SubmissionsAnswer>();
    expect(answer.counts).toMatchObject({ total: 3, returned: 2 });
    expect(answer.rows.find((r) => r.studentId === w.s1.id)).toMatchObject({ state: 'returned', grade: 27.5 });
    expect(answer.rows.find((r) => r.studentId === w.s3.id)).toMatchObject({ state: 'notSubmitted', grade: null });
    const [row] = await ctx.t.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.studentId, w.s1.id), eq(submissions.materialId, material.id)));
    expect(row).toMatchObject({ status: 'returned', grade: 27.5, feedbackHtml: '<p>Clear voice</p>', gradedBy: w.teacher.id });
    expect(row?.returnedAt).not.toBeNull();
    expect((await progressOf(ctx.t.db, material.id, w.s1.id))?.completedAt).not.toBeNull();
    expect(statesOf(await journeyOf(jose, course.id))).toEqual(['Role play: done', 'Reflection: current']);
  });

  it('clearing a grade takes back the grade, its feedback and the completion', async () => {
    const { w } = ctx;
    const { course, material } = await activityCourse();
    expect((await put(teacher, material.id, [{ studentId: w.s1.id, grade: 25, feedbackHtml: '<p>ok</p>' }])).statusCode).toBe(200);
    const cleared = await put(teacher, material.id, [{ studentId: w.s1.id, grade: null }]);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<SubmissionsAnswer>().rows.find((r) => r.studentId === w.s1.id)).toMatchObject({ state: 'notSubmitted', grade: null, returnedAt: null });
    expect((await progressOf(ctx.t.db, material.id, w.s1.id))?.completedAt).toBeNull();
    expect(statesOf(await journeyOf(jose, course.id))).toEqual(['Role play: current', 'Reflection: locked']);
  });

  it('refuses the whole batch when one grade is over the maximum, a student is not assigned, or a student is named twice', async () => {
    const { w } = ctx;
    const { material } = await activityCourse();
    const over = await put(teacher, material.id, [
      { studentId: w.s1.id, grade: 10 },
      { studentId: w.s2.id, grade: 31 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'GRADE_OVER_MAX', params: { max: 30 } });
    const stranger = await put(teacher, material.id, [
      { studentId: w.s1.id, grade: 10 },
      { studentId: w.s4.id, grade: 10 },
    ]);
    expect(stranger.statusCode).toBe(404);
    const twice = await put(teacher, material.id, [
      { studentId: w.s1.id, grade: 10 },
      { studentId: w.s1.id, grade: 12 },
    ]);
    expect(twice.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'grades.1.studentId' }] });
    expect((await put(teacher, material.id, [])).json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'grades' }] });
    expect(await ctx.t.db.select().from(submissions).where(eq(submissions.materialId, material.id))).toHaveLength(0);
    expect(await progressOf(ctx.t.db, material.id, w.s1.id)).toBeNull();
  });

  it('issue 13: assistants grade too; students and other classes are kept out; assignments are not activities', async () => {
    const { t, w } = ctx;
    const { material } = await activityCourse();
    const byAssistant = await put(assistant, material.id, [{ studentId: w.s1.id, grade: 10 }]);
    expect(byAssistant.statusCode, byAssistant.body).toBe(200);
    expect(byAssistant.json<SubmissionsAnswer>().rows.find((r) => r.studentId === w.s1.id)?.grade).toBe(10);
    expect((await jose.req('GET', url(material.id))).statusCode).toBe(403);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('GET', url(material.id))).statusCode).toBe(404);
    expect((await put(other, material.id, [{ studentId: w.s1.id, grade: 10 }])).statusCode).toBe(404);
    const { material: essay } = await buildAssignment(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    expect((await teacher.req('GET', url(essay.id))).statusCode).toBe(404);
  });

  it('students and parents read an activity grade and feedback once graded, read-only; drafts, files and submit stay assignment-only', async () => {
    const { t, w } = ctx;
    const { material } = await buildGraded(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      type: 'activity',
      name: 'Debate',
      maxPoints: 20,
      dueAt: new Date(Date.now() - 60_000),
    });
    const mine = `/api/materials/${material.id}/my-submission`;
    const parent = await signIn(t.app, w.parent.username);
    const before = await jose.req('GET', mine);
    expect(before.statusCode, before.body).toBe(200);
    // Past its date without a grade: missing, nothing to do on the student's side.
    expect(before.json<MySubmission>()).toMatchObject({
      materialId: material.id,
      state: 'missing',
      status: 'none',
      grade: null,
      feedbackHtml: null,
      files: [],
      can: { edit: false, submit: false },
      blockedBy: null,
    });
    expect(before.json<MySubmission>().settings).toMatchObject({ maxPoints: 20, dueAt: material.dueAt?.toISOString(), attachments: [] });

    expect((await put(teacher, material.id, [{ studentId: w.s1.id, grade: 17.5, feedbackHtml: '<p>Strong rebuttal</p>' }])).statusCode).toBe(200);
    const graded = {
      state: 'returned',
      status: 'returned',
      grade: 17.5,
      feedbackHtml: '<p>Strong rebuttal</p>',
      can: { edit: false, submit: false },
      blockedBy: null,
    };
    expect((await jose.req('GET', mine)).json<MySubmission>()).toMatchObject(graded);
    const child = await parent.req('GET', `${mine}?childId=${w.s1.id}`);
    expect(child.statusCode, child.body).toBe(200);
    expect(child.json<MySubmission>()).toMatchObject(graded);
    // Another child, another student: nothing of Jose's grade.
    expect((await parent.req('GET', `${mine}?childId=${w.s2.id}`)).statusCode).toBe(404);
    const ana = await signIn(t.app, w.s2.username);
    expect((await ana.req('GET', mine)).json<MySubmission>()).toMatchObject({ state: 'missing', grade: null, feedbackHtml: null });

    // The work routes are the assignment's only.
    expect((await jose.req('PUT', mine, { textHtml: '<p>mine</p>' })).statusCode).toBe(404);
    expect((await jose.req('POST', `${mine}/submit`)).statusCode).toBe(404);
    expect((await uploadWorkAs(jose, material.id, 'notes.txt', Buffer.from('notes'))).statusCode).toBe(404);

    // A cleared grade is hidden again.
    expect((await put(teacher, material.id, [{ studentId: w.s1.id, grade: null }])).statusCode).toBe(200);
    expect((await jose.req('GET', mine)).json<MySubmission>()).toMatchObject({ state: 'missing', status: 'draft', grade: null, feedbackHtml: null });
  });

  it('rows carry the saved feedback; a row without feedbackHtml keeps it, an empty one clears it', async () => {
    const { w } = ctx;
    const { material } = await activityCourse();
    const rowOf = (answer: SubmissionsAnswer, studentId: string) => answer.rows.find((r) => r.studentId === studentId);
    const first = await put(teacher, material.id, [
      { studentId: w.s1.id, grade: 20, feedbackHtml: '<p>Good pacing</p>' },
      { studentId: w.s2.id, grade: 15, feedbackHtml: '<p>Speak up</p>' },
    ]);
    expect(rowOf(first.json<SubmissionsAnswer>(), w.s1.id)).toMatchObject({ grade: 20, feedbackHtml: '<p>Good pacing</p>' });
    const listed = (await assistant.req('GET', url(material.id))).json<SubmissionsAnswer>();
    expect(rowOf(listed, w.s2.id)).toMatchObject({ grade: 15, feedbackHtml: '<p>Speak up</p>' });
    expect(rowOf(listed, w.s3.id)).toMatchObject({ grade: null, feedbackHtml: null });

    const changed = await put(teacher, material.id, [
      { studentId: w.s1.id, grade: 25 },
      { studentId: w.s2.id, grade: 16, feedbackHtml: '' },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(rowOf(changed.json<SubmissionsAnswer>(), w.s1.id)).toMatchObject({ grade: 25, feedbackHtml: '<p>Good pacing</p>', state: 'returned' });
    expect(rowOf(changed.json<SubmissionsAnswer>(), w.s2.id)).toMatchObject({ grade: 16, feedbackHtml: null, state: 'returned' });
    expect((await jose.req('GET', `/api/materials/${material.id}/my-submission`)).json<MySubmission>()).toMatchObject({
      grade: 25,
      feedbackHtml: '<p>Good pacing</p>',
    });
    const tooLong = await put(teacher, material.id, [{ studentId: w.s1.id, grade: 25, feedbackHtml: 'x'.repeat(FEEDBACK_MAX + 1) }]);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'grades.0.feedbackHtml' }] });
  });
});
