import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialDetails, UploadAnswer } from '@klase/core/materials/contracts';
import { classes } from '../../db/schema/classes.ts';
import { courseMaterials, courseUploads } from '../../db/schema/courses.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildClassWorld, type ClassWorld } from '../../test/class-factories.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { materialsRoutes } from './materials.routes.ts';
import { buildJourneyCourse, uploadFile } from '../../test/materials-world.ts';
import { attachmentHeader } from '../../platform/downloads.ts';
import { safeFileName } from '@klase/core/upload';

/** The plugin registered a second time with a 1 kB limit, to test the 900 MB rule without 900 MB. */
const LOWERED = '/lowered/api';
const LOWERED_LIMIT = 1024;

describe('uploads and file downloads', () => {
  let t: TestApp;
  let w: ClassWorld;
  let teacher: Agent;
  let student: Agent;
  let courseId: string;
  let elementId: string;

  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 }, {}, (app) => {
      void app.register(materialsRoutes, { prefix: LOWERED, uploadMaxBytes: LOWERED_LIMIT });
    });
    w = await buildClassWorld(t.db);
    const built = await buildJourneyCourse(t.db, {
      schoolId: w.schoolA.id,
      classId: w.cls.id,
      sequential: false,
      elements: [{ name: 'Files', materials: [] }],
    });
    courseId = built.course.id;
    elementId = built.elementIds.Files ?? '';
    teacher = await signIn(t.app, w.teacher.username);
    student = await signIn(t.app, w.s1.username);
  });
  afterAll(() => t.close());

  const courseFiles = async (): Promise<string[]> => {
    try {
      return await readdir(path.join(t.config.dataDir, 'files', 'courses', courseId, 'files'));
    } catch {
      return [];
    }
  };
  const uploadRows = async () => t.db.select().from(courseUploads).where(eq(courseUploads.courseId, courseId));

  /** Uploads, creates a published file material of it, answers the material. */
  const fileMaterial = async (name: string, data: Buffer, contentType = 'application/octet-stream'): Promise<MaterialDetails> => {
    const up = await uploadFile(teacher, courseId, name, data, contentType);
    expect(up.statusCode, up.body).toBe(201);
    const made = await teacher.req('POST', `/api/courses/${courseId}/elements/${elementId}/materials`, { type: 'file', name, uploadId: up.json().uploadId });
    expect(made.statusCode, made.body).toBe(201);
    const material = made.json<MaterialDetails>();
    await teacher.req('PATCH', `/api/materials/${material.id}/published`, { published: true });
    return material;
  };

  it('streams a 3 MB file (over the 2 MB image limit of the app) and serves it back byte for byte', async () => {
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024)]);
    const up = await uploadFile(teacher, courseId, 'Module 1.pdf', data, 'application/pdf');
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json<UploadAnswer>()).toMatchObject({ fileName: 'Module 1.pdf', size: data.length, mime: 'application/pdf' });
    const made = await teacher.req('POST', `/api/courses/${courseId}/elements/${elementId}/materials`, {
      type: 'file',
      name: 'Module 1',
      uploadId: up.json().uploadId,
    });
    const material = made.json<MaterialDetails>();
    await teacher.req('PATCH', `/api/materials/${material.id}/published`, { published: true });
    for (const agent of [teacher, student]) {
      const res = await agent.req('GET', `/api/materials/${material.id}/file`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(data.length));
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Module 1.pdf"; filename*=UTF-8''Module%201.pdf`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await student.req('GET', `/api/materials/${material.id}`)).json().file).toEqual({
      name: 'Module 1.pdf',
      size: data.length,
      mime: 'application/pdf',
      downloadUrl: `/api/materials/${material.id}/file`,
    });
  });

  it('refuses a file over the limit with 413 and leaves no file and no row behind', async () => {
    const filesBefore = await courseFiles();
    const rowsBefore = (await uploadRows()).length;
    const over = await uploadFile(teacher, courseId, 'big.bin', randomBytes(LOWERED_LIMIT + 1), 'application/octet-stream', LOWERED);
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'Files must be at most 900 MB.' });
    const muchMore = await uploadFile(teacher, courseId, 'bigger.bin', randomBytes(LOWERED_LIMIT * 50), 'application/octet-stream', LOWERED);
    expect(muchMore.statusCode).toBe(413);
    expect(await courseFiles()).toEqual(filesBefore);
    expect(await uploadRows()).toHaveLength(rowsBefore);
    const exact = await uploadFile(teacher, courseId, 'exact.bin', randomBytes(LOWERED_LIMIT), 'application/octet-stream', LOWERED);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().size).toBe(LOWERED_LIMIT);
  });

  it('keeps the sniffed type of a disguised executable and serves it as an attachment that is never sniffed', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(2000)]);
    const material = await fileMaterial('homework.pdf', exe, 'application/pdf');
    expect(material.file).toMatchObject({ name: 'homework.pdf', mime: 'application/octet-stream', size: exe.length });
    const res = await student.req('GET', `/api/materials/${material.id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(exe)).toBe(true);
    const html = await fileMaterial('page.html', Buffer.from('<script>alert(document.cookie)</script>'), 'text/html');
    const page = await student.req('GET', `/api/materials/${html.id}/file`);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('cleans file names: no folders, no control or header characters, UTF-8 kept for the download', async () => {
    const up = await uploadFile(teacher, courseId, '..\\..\\Aralin <ikalawa>:?.docx', Buffer.from('PK\x03\x04rest', 'latin1'));
    expect(up.json()).toMatchObject({ fileName: 'Aralin ikalawa.docx', mime: 'application/zip' });
    expect(safeFileName('Aralin "1" | *ikalawa*.docx')).toBe('Aralin 1 ikalawa.docx');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('...')).toBe('file');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(196)}.pdf`);
    expect(safeFileName('line\r\nbreak\t.txt')).toBe('linebreak.txt');
    expect(attachmentHeader('Aralin sa Agham – ikalawa.pdf')).toBe(
      `attachment; filename="Aralin sa Agham _ ikalawa.pdf"; filename*=UTF-8''Aralin%20sa%20Agham%20%E2%80%93%20ikalawa.pdf`,
    );
    expect(attachmentHeader("it's (1).txt")).toBe(`attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`);
  });

  it('strips bidirectional control characters from names it stores and from every download, even of names stored before', async () => {
    // U+202E turns "homework\u202Efdp.hta" into "homeworkath.pdf" on screen.
    const material = await fileMaterial('homework\u202Efdp.hta', Buffer.from('MZ rest', 'latin1'));
    expect(material.file).toMatchObject({ name: 'homeworkfdp.hta' });
    const got = await student.req('GET', `/api/materials/${material.id}/file`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="homeworkfdp.hta"; filename*=UTF-8''homeworkfdp.hta`);
    const [row] = await uploadRows().then((rows) => rows.filter((r) => r.fileName === 'homeworkfdp.hta'));
    expect(row).toBeDefined();
    // A name stored before the fix is cleaned when it is served.
    await t.db.update(courseMaterials).set({ fileName: 'report\u2066\u202Bcod.exe\u2069\u200E\u200F.pdf' }).where(eq(courseMaterials.id, material.id));
    const old = await student.req('GET', `/api/materials/${material.id}/file`);
    expect(old.headers['content-disposition']).toBe(`attachment; filename="reportcod.exe.pdf"; filename*=UTF-8''reportcod.exe.pdf`);
    for (const bidi of ['\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(safeFileName(`a${bidi}b.pdf`)).toBe('ab.pdf');
      expect(attachmentHeader(`a${bidi}b.pdf`)).not.toContain(encodeURIComponent(bidi));
    }
    expect(safeFileName('Araling Panlipunan – ikalawa\u202E.pdf')).toBe('Araling Panlipunan – ikalawa.pdf');
  });

  it('refuses requests without a file, empty files, and people who do not manage the course', async () => {
    const notMultipart = await teacher.req('POST', `/api/courses/${courseId}/uploads`, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().fields).toEqual([{ path: 'file', key: 'required' }]);
    const wrongField = await teacher.req(
      'POST',
      `/api/courses/${courseId}/uploads`,
      undefined,
      multipartFile('photo', 'a.txt', 'text/plain', Buffer.from('x')),
    );
    expect(wrongField.statusCode).toBe(400);
    const empty = await uploadFile(teacher, courseId, 'empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ path: 'file', key: 'required' }]);
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await uploadFile(assistant, courseId, 'a.txt', Buffer.from('x'))).statusCode).toBe(403);
    expect((await uploadFile(student, courseId, 'a.txt', Buffer.from('x'))).statusCode).toBe(403);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await uploadFile(other, courseId, 'a.txt', Buffer.from('x'))).statusCode).toBe(404);
    expect((await uploadFile(teacher, '6b1d7c2e-58c1-4d38-9a55-3f3c7c1d2b10', 'a.txt', Buffer.from('x'))).statusCode).toBe(404);
    const rows = (await uploadRows()).length;
    await t.db.update(classes).set({ archivedAt: new Date() }).where(eq(classes.id, w.cls.id));
    const archived = await uploadFile(teacher, courseId, 'a.txt', Buffer.from('x'));
    await t.db.update(classes).set({ archivedAt: null }).where(eq(classes.id, w.cls.id));
    expect(archived.json().code).toBe('CLASS_ARCHIVED');
    expect(await uploadRows()).toHaveLength(rows);
  });

  it('replaces the file of a material (the old file leaves storage) or keeps it when the same upload is sent back', async () => {
    const material = await fileMaterial('first.txt', Buffer.from('first version'));
    const firstKey = (await t.db.select().from(courseMaterials).where(eq(courseMaterials.id, material.id)))[0]?.fileKey ?? '';
    const keep = await teacher.req('PUT', `/api/materials/${material.id}`, { type: 'file', name: 'Renamed', uploadId: material.file?.uploadId });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toMatchObject({ name: 'Renamed', file: { name: 'first.txt', uploadId: material.file?.uploadId } });
    expect(await t.app.storage.getStream(firstKey)).not.toBeNull();
    const up = await uploadFile(teacher, courseId, 'second.txt', Buffer.from('second version'));
    const replaced = await teacher.req('PUT', `/api/materials/${material.id}`, { type: 'file', name: 'Renamed', uploadId: up.json().uploadId });
    expect(replaced.json()).toMatchObject({ file: { name: 'second.txt', size: 14, uploadId: up.json().uploadId } });
    expect(await t.app.storage.getStream(firstKey)).toBeNull();
    expect((await student.req('GET', `/api/materials/${material.id}/file`)).body).toBe('second version');
  });

  it('deleting a file material removes its file from storage', async () => {
    const material = await fileMaterial('gone.txt', Buffer.from('bye'));
    const [row] = await t.db.select().from(courseMaterials).where(eq(courseMaterials.id, material.id));
    expect(await t.app.storage.getStream(row?.fileKey ?? '')).not.toBeNull();
    expect((await teacher.req('DELETE', `/api/materials/${material.id}`)).statusCode).toBe(200);
    expect(await t.app.storage.getStream(row?.fileKey ?? '')).toBeNull();
    expect(
      await t.db
        .select()
        .from(courseUploads)
        .where(and(eq(courseUploads.courseId, courseId), eq(courseUploads.storageKey, row?.fileKey ?? ''))),
    ).toEqual([]);
    expect((await student.req('GET', `/api/materials/${material.id}/file`)).statusCode).toBe(404);
  });

  it('clears unused uploads older than a day when the next upload arrives', async () => {
    const stale = await uploadFile(teacher, courseId, 'forgotten.txt', Buffer.from('never used'));
    const staleId = stale.json<UploadAnswer>().uploadId;
    const [row] = await t.db.select().from(courseUploads).where(eq(courseUploads.id, staleId));
    await t.db
      .update(courseUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(courseUploads.id, staleId));
    await uploadFile(teacher, courseId, 'fresh.txt', Buffer.from('new'));
    expect(await t.db.select().from(courseUploads).where(eq(courseUploads.id, staleId))).toEqual([]);
    expect(await t.app.storage.getStream(row?.storageKey ?? '')).toBeNull();
  });

  it('a page material has no file to download', async () => {
    const made = await teacher.req('POST', `/api/courses/${courseId}/elements/${elementId}/materials`, { type: 'page', name: 'Text only' });
    expect((await teacher.req('GET', `/api/materials/${made.json().id}/file`)).statusCode).toBe(404);
  });
});
