import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentSettings, FileInfo } from '@klase/core/assignments/contracts';
import { auditLog } from '../../db/schema/platform.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildAssignment, buildGraded } from '../../test/assessment-factories.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useClassWorld } from '../../test/class-world.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('assignment settings and the teacher’s attachments', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let assistant: Agent;
  let otherTeacher: Agent;
  let jose: Agent;
  let parent: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
    jose = await signIn(t.app, w.s1.username);
    parent = await signIn(t.app, w.parent.username);
  });

  const assignment = (opts: Omit<Parameters<typeof buildAssignment>[1], 'schoolId' | 'classId'> = {}) =>
    buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, ...opts });
  const url = (materialId: string) => `/api/materials/${materialId}/assignment-settings`;
  const attach = (agent: Agent, materialId: string, name: string, data: Buffer) =>
    agent.req('POST', `/api/materials/${materialId}/attachments`, undefined, multipartFile('file', name, 'application/octet-stream', data));

  it('reads the defaults, saves the settings for teachers, and audits the change', async () => {
    const dueAt = new Date(Date.now() + 3 * DAY);
    const { material } = await assignment({ dueAt, maxPoints: 40 });
    const first = await assistant.req('GET', url(material.id));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AssignmentSettings>()).toEqual({
      materialId: material.id,
      openAt: null,
      dueAt: dueAt.toISOString(),
      allowLate: false,
      lateUntil: null,
      submissionType: 'both',
      maxFiles: 5,
      maxFileMb: 100,
      maxPoints: 40,
      attachments: [],
      version: 0,
    });
    const openAt = new Date(Date.now() + DAY).toISOString();
    const lateUntil = new Date(dueAt.getTime() + DAY).toISOString();
    const saved = await teacher.req('PUT', url(material.id), { openAt, allowLate: true, lateUntil, submissionType: 'files', maxFiles: 3, maxFileMb: 20 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AssignmentSettings>()).toMatchObject({ openAt, allowLate: true, lateUntil, submissionType: 'files', maxFiles: 3, maxFileMb: 20 });
    expect((await teacher.req('GET', url(material.id))).json()).toMatchObject({ submissionType: 'files', maxFiles: 3 });
    const [entry] = await ctx.t.db.select().from(auditLog).where(eq(auditLog.targetId, material.id)).orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ action: 'assignment.settings-updated', actorId: ctx.w.teacher.id, targetType: 'material' });
    expect(entry?.data).toMatchObject({
      before: { submissionType: 'both', maxFiles: 5, allowLate: false },
      after: { submissionType: 'files', maxFiles: 3, allowLate: true },
    });
  });

  it('refuses bad settings with the field and a translated message, and keeps the old ones', async () => {
    const dueAt = new Date(Date.now() + 3 * DAY);
    const { material } = await assignment({ dueAt });
    const early = await teacher.req('PUT', url(material.id), { allowLate: true, lateUntil: new Date(dueAt.getTime() - DAY).toISOString() });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'lateUntil', key: 'afterDue' }] });
    const noLate = await teacher.req('PUT', url(material.id), { allowLate: false, lateUntil: new Date(dueAt.getTime() + DAY).toISOString() });
    expect(noLate.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'lateUntil' }] });
    const tooBig = await teacher.req('PUT', url(material.id), { maxFileMb: 901, maxFiles: 21 }, { headers: { 'accept-language': 'zh' } });
    expect(tooBig.statusCode).toBe(400);
    expect(
      tooBig
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['maxFileMb', 'maxFiles']);
    const undated = await assignment({ dueAt: null });
    expect((await teacher.req('PUT', url(undated.material.id), { allowLate: true, lateUntil: new Date().toISOString() })).json().fields).toEqual([
      expect.objectContaining({ path: 'lateUntil', key: 'afterDue' }),
    ]);
    expect((await teacher.req('GET', url(material.id))).json()).toMatchObject({ allowLate: false, lateUntil: null, maxFiles: 5 });
  });

  it('lets only the class’s teachers change settings; students and parents do not read them; other classes 404', async () => {
    const { material } = await assignment();
    expect((await assistant.req('PUT', url(material.id), { maxFiles: 2 })).statusCode).toBe(403);
    expect((await jose.req('GET', url(material.id))).statusCode).toBe(403);
    expect((await parent.req('GET', url(material.id))).statusCode).toBe(403);
    expect((await otherTeacher.req('GET', url(material.id))).statusCode).toBe(404);
    expect((await otherTeacher.req('PUT', url(material.id), { maxFiles: 2 })).statusCode).toBe(404);
    const teacherB = await signIn(ctx.t.app, ctx.w.teacherB.username);
    expect((await teacherB.req('GET', url(material.id))).statusCode).toBe(404);
    const activity = await buildGraded(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, type: 'activity' });
    expect((await teacher.req('GET', url(activity.material.id))).statusCode).toBe(404);
  });

  it('attaches files for the students, who download them; removing one deletes the stored file', async () => {
    const { material } = await assignment();
    const sheet = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]);
    const up = await attach(teacher, material.id, 'Worksheet 1.pdf', sheet);
    expect(up.statusCode, up.body).toBe(201);
    const info = up.json<FileInfo>();
    expect(info).toMatchObject({
      name: 'Worksheet 1.pdf',
      mime: 'application/pdf',
      size: sheet.length,
      downloadUrl: `/api/materials/${material.id}/attachments/${info.id}`,
    });
    expect((await teacher.req('GET', url(material.id))).json<AssignmentSettings>().attachments).toEqual([info]);
    expect((await jose.req('GET', `/api/materials/${material.id}/my-submission`)).json().settings.attachments).toEqual([info]);
    for (const agent of [jose, parent, assistant]) {
      const got = await agent.req('GET', info.downloadUrl);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(sheet)).toBe(true);
      expect(got.headers['content-disposition']).toMatch(/^attachment; /);
    }
    expect((await otherTeacher.req('GET', info.downloadUrl)).statusCode).toBe(404);
    expect((await attach(assistant, material.id, 'x.pdf', sheet)).statusCode).toBe(403);
    expect((await attach(teacher, material.id, 'tool.pdf', Buffer.from('MZ\x90\x00rest', 'latin1'))).json().code).toBe('FILE_FORBIDDEN');
    const dir = path.join(ctx.t.config.dataDir, 'files', 'courses', material.courseId, 'assignments', material.id, 'attachments');
    expect(await readdir(dir)).toHaveLength(1);
    const removed = await teacher.req('DELETE', info.downloadUrl);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await readdir(dir)).toHaveLength(0);
    expect((await jose.req('GET', info.downloadUrl)).statusCode).toBe(404);
    expect((await teacher.req('DELETE', info.downloadUrl)).statusCode).toBe(404);
    const actions = await ctx.t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, material.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['assignment.attachment-added', 'assignment.attachment-removed']);
  });
});
