import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, MySubmission, SubmissionDetails, SubmissionsAnswer } from '@klase/core/assignments/contracts';
import { auditLog } from '../../db/schema/platform.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildAssignment, buildSubmission, gradeAs, submitAs, uploadWorkAs } from '../../test/assessment-factories.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useClassWorld } from '../../test/class-world.ts';

const HOUR = 60 * 60 * 1000;

describe('teachers review, grade and return work', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let assistant: Agent;
  let otherTeacher: Agent;
  let jose: Agent;
  let ana: Agent;
  let parent: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
    jose = await signIn(t.app, w.s1.username);
    ana = await signIn(t.app, w.s2.username);
    parent = await signIn(t.app, w.parent.username);
  });

  const assignment = (opts: Omit<Parameters<typeof buildAssignment>[1], 'schoolId' | 'classId'> = {}) =>
    buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, ...opts });
  const list = async (agent: Agent, materialId: string): Promise<SubmissionsAnswer> => {
    const res = await agent.req('GET', `/api/materials/${materialId}/submissions`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SubmissionsAnswer>();
  };
  const one = (agent: Agent, materialId: string, studentId: string) => agent.req('GET', `/api/materials/${materialId}/submissions/${studentId}`);
  const mine = async (agent: Agent, materialId: string): Promise<MySubmission> =>
    (await agent.req('GET', `/api/materials/${materialId}/my-submission`)).json<MySubmission>();

  it('lists every assigned student with the state of their work and the counts', async () => {
    const { w } = ctx;
    const { material } = await assignment({ dueAt: new Date(Date.now() - HOUR), settings: { allowLate: true } });
    const onTime = new Date(Date.now() - 2 * HOUR);
    await buildSubmission(ctx.t.db, { materialId: material.id, studentId: w.s1.id, submittedAt: onTime });
    expect((await submitAs(ana, material.id)).statusCode).toBe(200);
    const answer = await list(teacher, material.id);
    expect(answer).toMatchObject({ materialId: material.id, maxPoints: 100, dueAt: material.dueAt?.toISOString() });
    expect(answer.counts).toEqual({ total: 3, submitted: 2, late: 1, missing: 1, toGrade: 2, returned: 0 });
    const byName = Object.fromEntries(answer.rows.map((r) => [r.name, r]));
    expect(byName['Jose Dela Cruz']).toMatchObject({ studentId: w.s1.id, state: 'submitted', late: false, submittedAt: onTime.toISOString(), grade: null });
    expect(byName['Ana Bonifacio']).toMatchObject({ studentId: w.s2.id, state: 'late', late: true });
    expect(byName['Miguel Villanueva']).toMatchObject({ studentId: w.s3.id, state: 'missing', submissionId: null, submittedAt: null, fileCount: 0 });
    // Sorted by last name: Bonifacio, Dela Cruz, Villanueva.
    expect(answer.rows.map((r) => r.studentId)).toEqual([w.s2.id, w.s1.id, w.s3.id]);
    expect((await list(assistant, material.id)).counts.total).toBe(3);
  });

  it('lists only the students the element is assigned to', async () => {
    const { w } = ctx;
    const { material } = await assignment({ assign: { mode: 'students', ids: [w.s3.id] } });
    expect((await list(teacher, material.id)).rows.map((r) => r.studentId)).toEqual([w.s3.id]);
    expect((await one(teacher, material.id, w.s1.id)).statusCode).toBe(404);
  });

  it('shows one student’s work in full to staff; students, parents and other classes get 404', async () => {
    const { w } = ctx;
    const { material } = await assignment();
    const file = (await uploadWorkAs(jose, material.id, 'essay.pdf', Buffer.from('%PDF-1.4 essay'))).json<FileInfo>();
    expect((await submitAs(jose, material.id, '<p>My essay.</p>')).statusCode).toBe(200);
    for (const agent of [teacher, assistant]) {
      const res = await one(agent, material.id, w.s1.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SubmissionDetails>()).toMatchObject({
        studentId: w.s1.id,
        studentName: 'Jose Dela Cruz',
        status: 'submitted',
        state: 'submitted',
        textHtml: '<p>My essay.</p>',
        files: [file],
        submitCount: 1,
        gradedAt: null,
        gradedBy: null,
        can: { edit: false, submit: false },
      });
    }
    // Another student, the parent, a teacher of another class: 404.
    expect((await one(ana, material.id, w.s1.id)).statusCode).toBe(404);
    expect((await ana.req('GET', `/api/materials/${material.id}/submissions`)).statusCode).toBe(404);
    expect((await one(parent, material.id, w.s1.id)).statusCode).toBe(404);
    expect((await one(otherTeacher, material.id, w.s1.id)).statusCode).toBe(404);
    expect((await otherTeacher.req('GET', `/api/materials/${material.id}/submissions`)).statusCode).toBe(404);
    // A student with nothing yet reads as none.
    expect((await one(teacher, material.id, w.s3.id)).json()).toMatchObject({ status: 'none', state: 'notSubmitted', submissionId: null });
  });

  it('refuses a grade over the maximum points (GRADE_OVER_MAX) and writes nothing', async () => {
    const { w } = ctx;
    const { material } = await assignment({ maxPoints: 50 });
    expect((await submitAs(jose, material.id)).statusCode).toBe(200);
    const over = await gradeAs(teacher, material.id, w.s1.id, { grade: 50.5 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'GRADE_OVER_MAX', params: { max: 50 }, message: 'The grade cannot be more than the maximum points (50).' });
    expect((await gradeAs(teacher, material.id, w.s1.id, { grade: -1 })).json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'grade' }] });
    expect((await gradeAs(teacher, material.id, w.s1.id, { grade: 10.005 })).json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'grade' }] });
    expect((await one(teacher, material.id, w.s1.id)).json()).toMatchObject({ grade: null, gradedAt: null });
    const ok = await gradeAs(teacher, material.id, w.s1.id, { grade: 50 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ grade: 50, state: 'graded', gradedBy: 'Maria Santos' });
  });

  it('grades with sanitized feedback; the student sees grade and feedback only once returned; every change is audited', async () => {
    const { w } = ctx;
    const { material } = await assignment({ maxPoints: 20 });
    expect((await submitAs(jose, material.id)).statusCode).toBe(200);
    const graded = await gradeAs(teacher, material.id, w.s1.id, { grade: 15, feedbackHtml: '<p>Good <em>start</em></p><script>steal()</script>' });
    expect(graded.json<SubmissionDetails>()).toMatchObject({ grade: 15, feedbackHtml: '<p>Good <em>start</em></p>', state: 'graded', returnedAt: null });
    const listed = await list(teacher, material.id);
    expect(listed.counts).toMatchObject({ toGrade: 0, returned: 0 });
    expect(listed.rows.find((r) => r.studentId === w.s1.id)).toMatchObject({ grade: 15, feedbackHtml: '<p>Good <em>start</em></p>' });
    expect(listed.rows.find((r) => r.studentId === w.s2.id)).toMatchObject({ grade: null, feedbackHtml: null });
    // Not returned yet: the student sees neither grade nor feedback, nor that a grade exists.
    expect(await mine(jose, material.id)).toMatchObject({ state: 'submitted', grade: null, feedbackHtml: null, returnedAt: null });
    const returned = await gradeAs(teacher, material.id, w.s1.id, { grade: 18, feedbackHtml: '<p>Much better</p>', returnToStudent: true });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json<SubmissionDetails>().returnedAt).not.toBeNull();
    expect(await mine(jose, material.id)).toMatchObject({ state: 'returned', status: 'returned', grade: 18, feedbackHtml: '<p>Much better</p>' });
    // Last write wins, and stays returned.
    expect((await gradeAs(teacher, material.id, w.s1.id, { grade: 19, feedbackHtml: '<p>Much better</p>' })).json()).toMatchObject({
      grade: 19,
      state: 'returned',
    });
    expect((await mine(jose, material.id)).grade).toBe(19);
    const submissionId = (await one(teacher, material.id, w.s1.id)).json<SubmissionDetails>().submissionId ?? '';
    const history = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, submissionId), eq(auditLog.action, 'submission.graded')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    expect(history.map((h) => h.data)).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ grade: null }), after: expect.objectContaining({ grade: 15 }) }),
      expect.objectContaining({
        before: expect.objectContaining({ grade: 15 }),
        after: expect.objectContaining({ grade: 18, returnedAt: expect.any(String) }),
      }),
      expect.objectContaining({ before: { grade: 18 }, after: { grade: 19 } }),
    ]);
    expect(history.every((h) => h.actorId === w.teacher.id && h.targetType === 'submission')).toBe(true);
  });

  it('issue 13: assistants grade like a non-editing teacher but change no settings; other classes 404; unassigned students 404', async () => {
    const { w } = ctx;
    const { material } = await assignment({ assign: { mode: 'students', ids: [w.s1.id] } });
    expect((await submitAs(jose, material.id)).statusCode).toBe(200);
    expect((await gradeAs(otherTeacher, material.id, w.s1.id, { grade: 10 })).statusCode).toBe(404);
    expect((await gradeAs(teacher, material.id, w.s2.id, { grade: 10 })).statusCode).toBe(404);
    expect((await gradeAs(teacher, material.id, w.studentB.id, { grade: 10 })).statusCode).toBe(404);
    expect((await gradeAs(jose, material.id, w.s1.id, { grade: 100 })).statusCode).toBe(403);
    expect((await gradeAs(assistant, material.id, w.s2.id, { grade: 10 })).statusCode).toBe(404);
    expect((await one(teacher, material.id, w.s1.id)).json().grade).toBeNull();
    const byAssistant = await gradeAs(assistant, material.id, w.s1.id, { grade: 10, returnToStudent: true });
    expect(byAssistant.statusCode, byAssistant.body).toBe(200);
    expect((await one(teacher, material.id, w.s1.id)).json().grade).toBe(10);
    expect((await mine(jose, material.id)).grade).toBe(10);
    expect((await assistant.req('PUT', `/api/materials/${material.id}/assignment-settings`, {})).statusCode).toBe(403);
  });

  it('feedback files reach the student and parent once returned', async () => {
    const { w } = ctx;
    const { material } = await assignment();
    expect((await submitAs(jose, material.id)).statusCode).toBe(200);
    const base = `/api/materials/${material.id}/submissions/${w.s1.id}/feedback-files`;
    const up = await teacher.req('POST', base, undefined, multipartFile('file', 'Comments.pdf', 'application/pdf', Buffer.from('%PDF-1.4 comments')));
    expect(up.statusCode, up.body).toBe(201);
    const info = up.json<FileInfo>();
    // Issue 13: an assistant adds and removes feedback files too.
    const byAssistant = await assistant.req('POST', base, undefined, multipartFile('file', 'x.pdf', 'application/pdf', Buffer.from('%PDF')));
    expect(byAssistant.statusCode, byAssistant.body).toBe(201);
    expect((await assistant.req('DELETE', `${base}/${byAssistant.json<FileInfo>().id}`)).statusCode).toBe(200);
    expect((await one(teacher, material.id, w.s1.id)).json<SubmissionDetails>().feedbackFiles).toEqual([info]);
    expect((await mine(jose, material.id)).feedbackFiles).toEqual([]);
    expect((await jose.req('GET', info.downloadUrl)).statusCode).toBe(404);
    expect((await gradeAs(teacher, material.id, w.s1.id, { grade: 88, returnToStudent: true })).statusCode).toBe(200);
    expect((await mine(jose, material.id)).feedbackFiles).toEqual([info]);
    expect((await jose.req('GET', info.downloadUrl)).statusCode).toBe(200);
    expect((await parent.req('GET', info.downloadUrl)).statusCode).toBe(200);
    expect((await ana.req('GET', info.downloadUrl)).statusCode).toBe(404);
    const removed = await teacher.req('DELETE', `${base}/${info.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await mine(jose, material.id)).feedbackFiles).toEqual([]);
    expect((await teacher.req('DELETE', `${base}/${info.id}`)).statusCode).toBe(404);
  });
});
