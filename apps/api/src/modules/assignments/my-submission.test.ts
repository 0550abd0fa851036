import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, MySubmission } from '@klase/core/assignments/contracts';
import { MB } from '@klase/core/constants';
import { submissionFiles, submissions } from '../../db/schema/assessments.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildAssignment, buildGraded, gradeAs, saveDraftAs, submitAs, submitOnly, uploadWorkAs } from '../../test/assessment-factories.ts';
import { buildMaterial } from '../../test/course-factories.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { progressOf } from '../../test/materials-world.ts';
import { addWorkFile } from './my-submission.service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe("a student's own work on an assignment", () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let jose: Agent;
  let ana: Agent;

  beforeAll(async () => {
    teacher = await signIn(ctx.t.app, ctx.w.teacher.username);
    jose = await signIn(ctx.t.app, ctx.w.s1.username);
    ana = await signIn(ctx.t.app, ctx.w.s2.username);
  });

  const assignment = (opts: Omit<Parameters<typeof buildAssignment>[1], 'schoolId' | 'classId'> = {}) =>
    buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, ...opts });
  const mine = async (agent: Agent, materialId: string, query = ''): Promise<MySubmission> => {
    const res = await agent.req('GET', `/api/materials/${materialId}/my-submission${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MySubmission>();
  };
  const rowsOf = (materialId: string) => ctx.t.db.select().from(submissions).where(eq(submissions.materialId, materialId));
  const filesOfMaterial = async (materialId: string) => {
    const ids = (await rowsOf(materialId)).map((r) => r.id);
    return ids.length ? ctx.t.db.select().from(submissionFiles).where(inArray(submissionFiles.submissionId, ids)) : [];
  };
  const storedWork = async (courseId: string, materialId: string): Promise<string[]> => {
    try {
      return await readdir(path.join(ctx.t.config.dataDir, 'files', 'courses', courseId, 'assignments', materialId, 'work'));
    } catch {
      return [];
    }
  };

  it('shows an untouched assignment with its settings and what the student may do', async () => {
    const { material } = await assignment({ maxPoints: 50 });
    const s = await mine(jose, material.id);
    expect(s).toMatchObject({
      materialId: material.id,
      state: 'notSubmitted',
      status: 'none',
      textHtml: null,
      files: [],
      submitCount: 0,
      grade: null,
      can: { edit: true, submit: true },
      blockedBy: null,
    });
    expect(s.settings).toMatchObject({
      submissionType: 'both',
      maxFiles: 5,
      maxFileMb: 100,
      allowLate: false,
      maxPoints: 50,
      dueAt: material.dueAt?.toISOString(),
    });
  });

  it('keeps a sanitized draft, then submits it: submitted, on time, and the journey stop is complete', async () => {
    const { material } = await assignment();
    const saved = await saveDraftAs(jose, material.id, '<p>Iloilo is <strong>home</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MySubmission>()).toMatchObject({ status: 'draft', state: 'notSubmitted', textHtml: '<p>Iloilo is <strong>home</strong>.</p>' });
    expect(await progressOf(ctx.t.db, material.id, ctx.w.s1.id)).toBeNull();
    const res = await submitOnly(jose, material.id);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<MySubmission>();
    expect(s).toMatchObject({
      status: 'submitted',
      state: 'submitted',
      late: false,
      submitCount: 1,
      can: { edit: true, submit: false },
      blockedBy: 'ALREADY_SUBMITTED',
    });
    expect(s.submittedAt).not.toBeNull();
    const progress = await progressOf(ctx.t.db, material.id, ctx.w.s1.id);
    expect(progress?.completedAt).not.toBeNull();
    expect(progress?.submissions).toBe(1);
  });

  it('refuses an empty submission as the submission type asks (SUBMISSION_EMPTY)', async () => {
    const { material } = await assignment();
    const nothing = await submitOnly(jose, material.id);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'SUBMISSION_EMPTY', message: 'Add your answer or a file before submitting.' });
    expect(await saveDraftAs(jose, material.id, '<p>  </p><script>x</script>').then((r) => r.json().textHtml)).toBeNull();
    expect((await submitOnly(jose, material.id)).json().code).toBe('SUBMISSION_EMPTY');
    const filesOnly = await assignment({ settings: { submissionType: 'files' } });
    expect((await saveDraftAs(jose, filesOnly.material.id, '<p>text</p>')).json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'textHtml' }] });
    expect((await submitOnly(jose, filesOnly.material.id)).json().code).toBe('SUBMISSION_EMPTY');
    const textOnly = await assignment({ settings: { submissionType: 'text' } });
    const up = await uploadWorkAs(jose, textOnly.material.id, 'notes.pdf', Buffer.from('%PDF-1.7 notes'));
    expect(up.statusCode).toBe(400);
    expect(up.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'file' }] });
    expect(await rowsOf(textOnly.material.id)).toHaveLength(0);
  });

  it('is not open before openAt (NOT_OPEN_YET), for the draft and the submit', async () => {
    const { material } = await assignment({ settings: { openAt: new Date(Date.now() + DAY) } });
    expect(await mine(jose, material.id)).toMatchObject({ can: { edit: false, submit: false }, blockedBy: 'NOT_OPEN_YET' });
    const draft = await saveDraftAs(jose, material.id, '<p>early</p>');
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ code: 'NOT_OPEN_YET', message: 'This is not open yet.' });
    expect((await submitOnly(jose, material.id)).json().code).toBe('NOT_OPEN_YET');
    expect(await rowsOf(material.id)).toHaveLength(0);
  });

  it('refuses work after the due date when late work is off (PAST_DUE), and the work is missing', async () => {
    const { material } = await assignment({ dueAt: new Date(Date.now() - HOUR) });
    expect(await mine(jose, material.id)).toMatchObject({ state: 'missing', can: { edit: false, submit: false }, blockedBy: 'PAST_DUE' });
    const draft = await saveDraftAs(jose, material.id, '<p>too late</p>');
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ code: 'PAST_DUE', message: 'The due date has passed and late work is not accepted.' });
    expect((await submitOnly(jose, material.id)).json().code).toBe('PAST_DUE');
    expect(await rowsOf(material.id)).toHaveLength(0);
  });

  it('marks a submission after the due date late when late work is accepted, and stops at lateUntil', async () => {
    const { material } = await assignment({ dueAt: new Date(Date.now() - HOUR), settings: { allowLate: true, lateUntil: new Date(Date.now() + DAY) } });
    const res = await submitAs(jose, material.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MySubmission>()).toMatchObject({ status: 'submitted', state: 'late', late: true, submitCount: 1 });
    // Submitted work does not change after the due date.
    expect((await saveDraftAs(jose, material.id, '<p>another try</p>')).json().code).toBe('PAST_DUE');
    const closed = await assignment({ dueAt: new Date(Date.now() - 2 * DAY), settings: { allowLate: true, lateUntil: new Date(Date.now() - DAY) } });
    expect(await mine(jose, closed.material.id)).toMatchObject({ state: 'missing', blockedBy: 'PAST_DUE' });
    expect((await saveDraftAs(jose, closed.material.id, '<p>x</p>')).json().code).toBe('PAST_DUE');
  });

  it('two submits at once make one submission (one succeeds, the other sees it submitted)', async () => {
    const { material } = await assignment();
    expect((await saveDraftAs(jose, material.id, '<p>Once.</p>')).statusCode).toBe(200);
    const answers = await Promise.all([submitOnly(jose, material.id), submitOnly(jose, material.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('ALREADY_SUBMITTED');
    const rows = await rowsOf(material.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'submitted', submitCount: 1 });
    expect((await progressOf(ctx.t.db, material.id, ctx.w.s1.id))?.submissions).toBe(1);
  });

  it('resubmits after a change before the due date; once returned the work is final (SUBMISSION_RETURNED)', async () => {
    const { material } = await assignment();
    expect((await submitAs(jose, material.id, '<p>First try.</p>')).statusCode).toBe(200);
    const changed = await saveDraftAs(jose, material.id, '<p>Second try.</p>');
    expect(changed.json<MySubmission>()).toMatchObject({ status: 'draft', state: 'notSubmitted', can: { submit: true } });
    const again = await submitOnly(jose, material.id);
    expect(again.json<MySubmission>()).toMatchObject({ status: 'submitted', submitCount: 2, textHtml: '<p>Second try.</p>' });
    expect((await gradeAs(teacher, material.id, ctx.w.s1.id, { grade: 90, returnToStudent: true })).statusCode).toBe(200);
    expect(await mine(jose, material.id)).toMatchObject({ state: 'returned', can: { edit: false, submit: false }, blockedBy: 'SUBMISSION_RETURNED' });
    const refused = await saveDraftAs(jose, material.id, '<p>Third try.</p>');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SUBMISSION_RETURNED', message: 'Your teacher has already graded and returned this work.' });
    expect((await submitOnly(jose, material.id)).json().code).toBe('SUBMISSION_RETURNED');
    expect((await uploadWorkAs(jose, material.id, 'late.pdf', Buffer.from('%PDF-1.4'))).json().code).toBe('SUBMISSION_RETURNED');
  });

  it('stores work files with the type their content shows and a safe name, and serves them to their owner only', async () => {
    const { material } = await assignment();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000)]);
    const up = await uploadWorkAs(jose, material.id, '../../Sanaysay <final>.pdf', pdf, 'text/html');
    expect(up.statusCode, up.body).toBe(201);
    const info = up.json<FileInfo>();
    expect(info).toMatchObject({
      name: 'Sanaysay final.pdf',
      size: pdf.length,
      mime: 'application/pdf',
      downloadUrl: `/api/materials/${material.id}/submission-files/${info.id}`,
    });
    const unknown = await uploadWorkAs(jose, material.id, 'notes.txt', Buffer.from('plain words'), 'text/plain');
    expect(unknown.json<FileInfo>().mime).toBe('application/octet-stream');
    const got = await jose.req('GET', info.downloadUrl);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toMatch(/^attachment; /);
    expect((await teacher.req('GET', info.downloadUrl)).statusCode).toBe(200);
    // Another student never reaches it.
    expect((await ana.req('GET', info.downloadUrl)).statusCode).toBe(404);
    expect((await ana.req('DELETE', `/api/materials/${material.id}/my-submission/files/${info.id}`)).statusCode).toBe(404);
    expect((await mine(jose, material.id)).files.map((f) => f.name)).toEqual(['Sanaysay final.pdf', 'notes.txt']);
    const removed = await jose.req('DELETE', `/api/materials/${material.id}/my-submission/files/${info.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'The file has been removed.' });
    expect((await mine(jose, material.id)).files.map((f) => f.name)).toEqual(['notes.txt']);
    expect(await storedWork(material.courseId, material.id)).toHaveLength(1);
  });

  it('refuses a file over maxFileMb (FILE_OVER_LIMIT) and keeps no row and no stored object', async () => {
    const { material } = await assignment({ settings: { maxFileMb: 1 } });
    const over = await uploadWorkAs(jose, material.id, 'big.pdf', Buffer.concat([Buffer.from('%PDF'), randomBytes(MB + 1 - 4)]));
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({
      code: 'FILE_OVER_LIMIT',
      message: 'Each file must be at most 1 MB.',
      params: { max: 1 },
      fields: [{ path: 'file', key: 'fileTooLarge', params: { size: '1 MB' } }],
    });
    expect(await filesOfMaterial(material.id)).toHaveLength(0);
    expect(await storedWork(material.courseId, material.id)).toEqual([]);
    const exact = await uploadWorkAs(jose, material.id, 'exact.pdf', Buffer.concat([Buffer.from('%PDF'), randomBytes(MB - 4)]));
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().size).toBe(MB);
  });

  it('refuses programs and scripts by their content, whatever their name (FILE_FORBIDDEN)', async () => {
    const { material } = await assignment();
    const programs: [string, Buffer][] = [
      ['homework.pdf', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(3000)])],
      ['report.docx', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), randomBytes(100)])],
      ['essay.txt', Buffer.from('#!/bin/sh\nrm -rf ~\n')],
      ['photo.jpg', Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), randomBytes(50)])],
    ];
    for (const [name, data] of programs) {
      const res = await uploadWorkAs(jose, material.id, name, data, 'application/pdf');
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FILE_FORBIDDEN', message: 'This type of file is not allowed (programs and scripts cannot be submitted).' });
    }
    expect(await filesOfMaterial(material.id)).toHaveLength(0);
    expect(await storedWork(material.courseId, material.id)).toEqual([]);
  });

  it('refuses more files than maxFiles (TOO_MANY_FILES with the limit)', async () => {
    const { material } = await assignment({ settings: { maxFiles: 2 } });
    for (const n of [1, 2]) expect((await uploadWorkAs(jose, material.id, `page${n}.pdf`, Buffer.from('%PDF-1.4 page'))).statusCode).toBe(201);
    const third = await uploadWorkAs(jose, material.id, 'page3.pdf', Buffer.from('%PDF-1.4 page'));
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({ code: 'TOO_MANY_FILES', params: { max: 2 }, message: 'You can attach at most 2 files.' });
    expect(await filesOfMaterial(material.id)).toHaveLength(2);
    expect(await storedWork(material.courseId, material.id)).toHaveLength(2);
  });

  it('a dropped upload leaves no row and no stored object', async () => {
    const { material } = await assignment();
    const source = Readable.from(
      (async function* () {
        yield Buffer.from('%PDF-1.7 half of it');
        yield randomBytes(64 * 1024);
        throw new Error('connection reset');
      })(),
    );
    const c = ctxOf(ctx.t.app);
    await expect(addWorkFile(c, ctx.w.s1, material.id, async () => ({ stream: source, fileName: 'essay.pdf', truncated: () => false }))).rejects.toThrow(
      'connection reset',
    );
    expect(await filesOfMaterial(material.id)).toHaveLength(0);
    expect(await storedWork(material.courseId, material.id)).toEqual([]);
  });

  it("parents read their child's work (read-only, the grade once returned) and never another child's", async () => {
    const { w } = ctx;
    const parent = await signIn(ctx.t.app, w.parent.username);
    const { material } = await assignment({ maxPoints: 20 });
    const up = await uploadWorkAs(jose, material.id, 'map.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    expect((await submitAs(jose, material.id)).statusCode).toBe(200);
    await uploadWorkAs(ana, material.id, 'ana.pdf', Buffer.from('%PDF ana'));
    const anaFile = (await mine(ana, material.id)).files[0];
    expect((await gradeAs(teacher, material.id, w.s1.id, { grade: 18, feedbackHtml: '<p>Very good</p>' })).statusCode).toBe(200);
    const before = await mine(parent, material.id, `?childId=${w.s1.id}`);
    expect(before).toMatchObject({ status: 'submitted', state: 'submitted', grade: null, feedbackHtml: null, can: { edit: false, submit: false } });
    expect(before.files.map((f) => f.name)).toEqual(['map.png']);
    expect((await parent.req('GET', up.json<FileInfo>().downloadUrl)).statusCode).toBe(200);
    expect((await gradeAs(teacher, material.id, w.s1.id, { grade: 18, feedbackHtml: '<p>Very good</p>', returnToStudent: true })).statusCode).toBe(200);
    expect(await mine(parent, material.id, `?childId=${w.s1.id}`)).toMatchObject({ state: 'returned', grade: 18, feedbackHtml: '<p>Very good</p>' });
    // Another child: 404, by work and by file; no child named: 400.
    expect((await parent.req('GET', `/api/materials/${material.id}/my-submission?childId=${w.s2.id}`)).statusCode).toBe(404);
    expect((await parent.req('GET', anaFile?.downloadUrl ?? '')).statusCode).toBe(404);
    expect((await parent.req('GET', `/api/materials/${material.id}/my-submission`)).json()).toMatchObject({
      code: 'VALIDATION',
      fields: [{ path: 'childId' }],
    });
    // Parents do not change work.
    expect((await parent.req('PUT', `/api/materials/${material.id}/my-submission`, { textHtml: '<p>help</p>' })).statusCode).toBe(403);
    expect((await parent.req('POST', `/api/materials/${material.id}/my-submission/submit`)).statusCode).toBe(403);
  });

  it('reaches only published, assigned, unlocked assignments; other material types are 404', async () => {
    const { t, w } = ctx;
    const hidden = await assignment({ published: false });
    expect((await jose.req('GET', `/api/materials/${hidden.material.id}/my-submission`)).statusCode).toBe(404);
    const forAna = await assignment({ assign: { mode: 'students', ids: [w.s2.id] } });
    expect((await jose.req('GET', `/api/materials/${forAna.material.id}/my-submission`)).statusCode).toBe(404);
    expect((await submitAs(ana, forAna.material.id)).statusCode).toBe(200);
    const locked = await assignment({ sequential: true });
    await buildMaterial(t.db, locked.element, { name: 'Read first', position: -1 });
    const res = await jose.req('GET', `/api/materials/${locked.material.id}/my-submission`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MATERIAL_LOCKED');
    const quiz = await buildGraded(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, type: 'quiz' });
    expect((await jose.req('GET', `/api/materials/${quiz.material.id}/my-submission`)).statusCode).toBe(404);
    expect((await saveDraftAs(jose, quiz.material.id, '<p>x</p>')).statusCode).toBe(404);
    const page = await buildMaterial(t.db, forAna.element, { name: 'A page' });
    expect((await ana.req('GET', `/api/materials/${page.id}/my-submission`)).statusCode).toBe(404);
    const other = await signIn(t.app, w.studentB.username);
    expect((await other.req('GET', `/api/materials/${forAna.material.id}/my-submission`)).statusCode).toBe(404);
  });
});
