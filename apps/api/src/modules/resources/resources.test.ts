import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRow, ResourceSaved } from '@klase/core/resources/contracts';
import { ROLE } from '@klase/core/roles';
import type { TablePage } from '@klase/core/table';
import { auditLog } from '../../db/schema/platform.ts';
import { schoolResources } from '../../db/schema/resources.ts';
import { users } from '../../db/schema/users.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildClassWorld, type ClassWorld } from '../../test/class-factories.ts';
import { buildUser, uniq } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RESOURCE_MESSAGES } from './messages.ts';
import { resourcesRoutes } from './resources.routes.ts';

/** The plugin registered a second time with a 1 kB limit, to test the 900 MB rule without 900 MB. */
const LOWERED = '/lowered/api/resources';
const LOWERED_LIMIT = 1024;
const MISSING_ID = '6b1d7c2e-58c1-4d38-9a55-3f3c7c1d2b10';

interface FilePart {
  field?: string;
  name: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body: the text fields first, then (optionally) one file part. */
const multipartForm = (fields: Record<string, string>, file?: FilePart) => {
  const boundary = `----klase${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const pdf = (size = 600): Buffer => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size)]);

describe('the school resource library', () => {
  let t: TestApp;
  let w: ClassWorld;
  let teacher: Agent;
  let otherTeacher: Agent;
  let admin: Agent;
  let student: Agent;

  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 }, {}, (app) => {
      void app.register(resourcesRoutes, { prefix: LOWERED, uploadMaxBytes: LOWERED_LIMIT });
    });
    w = await buildClassWorld(t.db);
    teacher = await signIn(t.app, w.teacher.username);
    otherTeacher = await signIn(t.app, w.otherTeacher.username);
    admin = await signIn(t.app, w.admin.username);
    student = await signIn(t.app, w.s1.username);
  });
  afterAll(() => t.close());

  const storedFiles = async (schoolId = w.schoolA.id): Promise<string[]> => {
    try {
      return await readdir(path.join(t.config.dataDir, 'files', 'schools', schoolId, 'resources'));
    } catch {
      return [];
    }
  };
  const rowCount = async (schoolId = w.schoolA.id) => t.db.$count(schoolResources, eq(schoolResources.schoolId, schoolId));
  const auditOf = async (id: string) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'resource'), eq(auditLog.targetId, id)))
        .orderBy(auditLog.createdAt)
    ).map((a) => a.action);

  const addLink = (agent: Agent, body: Record<string, unknown>) => agent.req('POST', '/api/resources/links', body);
  const upload = (agent: Agent, fields: Record<string, string>, file?: FilePart, prefix = '/api/resources') =>
    agent.req('POST', `${prefix}/files`, undefined, multipartForm(fields, file));
  const list = async (agent: Agent, query = '') => {
    const res = await agent.req('GET', `/api/resources?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TablePage<ResourceRow>>();
  };
  const newLink = async (agent: Agent, title: string, extra: Record<string, unknown> = {}): Promise<ResourceRow> => {
    const res = await addLink(agent, { title, url: 'https://www.deped.gov.ph/k-to-12/', ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ResourceSaved>().resource;
  };

  it('a teacher shares a link; everyone of the school sees it with who added it, only the adder and the school admin may edit', async () => {
    const res = await addLink(teacher, {
      title: '  DepEd K to 12 curriculum guides ',
      description: 'Official curriculum guides per learning area.',
      url: 'https://www.deped.gov.ph/k-to-12/about/k-to-12-basic-education-curriculum/',
      gradeLevel: 'Grade 7',
      subject: 'Science',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<ResourceSaved>();
    expect(answer.message).toBe(RESOURCE_MESSAGES.linkAdded['en-us']);
    expect(answer.resource).toMatchObject({
      kind: 'link',
      title: 'DepEd K to 12 curriculum guides',
      url: 'https://www.deped.gov.ph/k-to-12/about/k-to-12-basic-education-curriculum/',
      gradeLevel: 'Grade 7',
      subject: 'Science',
      file: null,
      addedBy: { id: w.teacher.id, name: 'Maria Santos' },
      can: { edit: true },
    });
    const id = answer.resource.id;
    expect(await auditOf(id)).toEqual(['resource.created']);

    const seenBy = async (username: string) => (await list(await signIn(t.app, username))).data.find((r) => r.id === id);
    expect(await seenBy(w.s1.username)).toMatchObject({ title: 'DepEd K to 12 curriculum guides', addedBy: { name: 'Maria Santos' }, can: { edit: false } });
    expect(await seenBy(w.parent.username)).toMatchObject({ can: { edit: false } });
    expect(await seenBy(w.assistant.username)).toMatchObject({ can: { edit: false } });
    expect(await seenBy(w.otherTeacher.username)).toMatchObject({ can: { edit: false } });
    expect(await seenBy(w.admin.username)).toMatchObject({ can: { edit: true } });
    // Another school's people never see it.
    expect(await seenBy(w.studentB.username)).toBeUndefined();
    expect(await seenBy(w.teacherB.username)).toBeUndefined();
  });

  it('refuses bad links with field messages and stores nothing', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, { path: string; key: string }][] = [
      [
        { title: '   ', url: 'https://example.ph/a' },
        { path: 'title', key: 'required' },
      ],
      [{ url: 'https://example.ph/a' }, { path: 'title', key: 'required' }],
      [
        { title: 'Script', url: 'javascript:alert(1)' },
        { path: 'url', key: 'url' },
      ],
      [
        { title: 'Data', url: 'data:text/html,<b>x</b>' },
        { path: 'url', key: 'url' },
      ],
      [
        { title: 'No address', url: '' },
        { path: 'url', key: 'required' },
      ],
      [
        { title: 'x'.repeat(161), url: 'https://example.ph/a' },
        { path: 'title', key: 'maxLength' },
      ],
      [
        { title: 'Long', description: 'd'.repeat(2001), url: 'https://example.ph/a' },
        { path: 'description', key: 'maxLength' },
      ],
      [
        { title: 'Long subject', subject: 's'.repeat(81), url: 'https://example.ph/a' },
        { path: 'subject', key: 'maxLength' },
      ],
      [
        { title: 'Long url', url: `https://example.ph/${'a'.repeat(2048)}` },
        { path: 'url', key: 'maxLength' },
      ],
      [
        { title: '<b>Bold</b>', url: 'https://example.ph/a' },
        { path: 'title', key: 'noHtml' },
      ],
      [
        { title: 'Grade', url: 'https://example.ph/a', gradeLevel: 'Grade 99' },
        { path: 'gradeLevel', key: 'invalidChoice' },
      ],
    ];
    for (const [body, issue] of cases) {
      const res = await addLink(teacher, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().fields, JSON.stringify(body)).toContainEqual(expect.objectContaining(issue));
    }
    expect(await rowCount()).toBe(before);
  });

  it('uploads a file: text fields first, then the file, streamed; everyone of the school downloads it byte for byte as an attachment', async () => {
    const data = pdf(3 * 1024 * 1024);
    const res = await upload(
      teacher,
      { title: 'Periodic table', description: 'Printable, A4.', gradeLevel: 'Grade 8', subject: 'Chemistry' },
      { name: 'Periodic table (A4).pdf', type: 'application/pdf', data },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { resource, message } = res.json<ResourceSaved>();
    expect(message).toBe(RESOURCE_MESSAGES.fileAdded['en-us']);
    expect(resource).toMatchObject({
      kind: 'file',
      title: 'Periodic table',
      url: null,
      gradeLevel: 'Grade 8',
      subject: 'Chemistry',
      file: { name: 'Periodic table (A4).pdf', size: data.length, mime: 'application/pdf', downloadUrl: `/api/resources/${resource.id}/file` },
    });
    expect(await auditOf(resource.id)).toEqual(['resource.created']);
    for (const username of [w.s1.username, w.parent.username, w.admin.username, w.assistant.username]) {
      const agent = await signIn(t.app, username);
      const file = await agent.req('GET', `/api/resources/${resource.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(data)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-length']).toBe(String(data.length));
      expect(file.headers['content-disposition']).toBe(`attachment; filename="Periodic table (A4).pdf"; filename*=UTF-8''Periodic%20table%20%28A4%29.pdf`);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');
    }
    // Another school: the file does not exist for them.
    const outsider = await signIn(t.app, w.studentB.username);
    expect((await outsider.req('GET', `/api/resources/${resource.id}/file`)).statusCode).toBe(404);
  });

  it('stores a disguised executable (or an HTML page) as application/octet-stream, whatever its name and claimed type, and cleans the file name', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(2000)]);
    const res = await upload(teacher, { title: 'Worksheet' }, { name: '..\\..\\worksheet <1>.pdf', type: 'application/pdf', data: exe });
    expect(res.statusCode, res.body).toBe(201);
    const { resource } = res.json<ResourceSaved>();
    expect(resource.file).toMatchObject({ name: 'worksheet 1.pdf', mime: 'application/octet-stream', size: exe.length });
    const file = await student.req('GET', `/api/resources/${resource.id}/file`);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="worksheet 1.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(exe)).toBe(true);
    const html = await upload(
      teacher,
      { title: 'Page' },
      { name: 'page.html', type: 'text/html', data: Buffer.from('<script>alert(document.cookie)</script>') },
    );
    expect(html.json<ResourceSaved>().resource.file?.mime).toBe('application/octet-stream');
  });

  it('refuses uploads without a valid title, without a file, with an empty file or over the limit, leaving no file and no row', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = await rowCount();
    const blank = await upload(teacher, { title: '  ' }, { name: 'a.pdf', data: pdf() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toContainEqual(expect.objectContaining({ path: 'title', key: 'required' }));
    expect(blank.json().fields.map((f: { path: string }) => f.path)).not.toContain('file');
    const long = await upload(teacher, { title: 'Long', description: 'd'.repeat(2001) }, { name: 'a.pdf', data: pdf() });
    expect(long.json().fields).toEqual([expect.objectContaining({ path: 'description', key: 'maxLength' })]);
    const grade = await upload(teacher, { title: 'Grade', gradeLevel: 'Grade 99' }, { name: 'a.pdf', data: pdf() });
    expect(grade.json().fields).toEqual([{ path: 'gradeLevel', key: 'invalidChoice' }]);

    const noFile = await upload(teacher, { title: '' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toContainEqual(expect.objectContaining({ path: 'title', key: 'required' }));
    expect(noFile.json().fields).toContainEqual({ path: 'file', key: 'required' });
    const wrongField = await upload(teacher, { title: 'Photo' }, { field: 'photo', name: 'a.pdf', data: pdf() });
    expect(wrongField.json().fields).toEqual([{ path: 'file', key: 'required' }]);
    const notMultipart = await teacher.req('POST', '/api/resources/files', { title: 'JSON', file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().fields).toContainEqual({ path: 'file', key: 'required' });
    const empty = await upload(teacher, { title: 'Empty' }, { name: 'empty.txt', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ path: 'file', key: 'required' }]);

    const over = await upload(teacher, { title: 'Too big' }, { name: 'big.bin', data: randomBytes(LOWERED_LIMIT + 1) }, LOWERED);
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'Files must be at most 900 MB.' });
    const muchMore = await upload(teacher, { title: 'Far too big' }, { name: 'bigger.bin', data: randomBytes(LOWERED_LIMIT * 50) }, LOWERED);
    expect(muchMore.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);

    const exact = await upload(teacher, { title: 'Just fits' }, { name: 'exact.bin', data: randomBytes(LOWERED_LIMIT) }, LOWERED);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json<ResourceSaved>().resource.file?.size).toBe(LOWERED_LIMIT);
    expect(await storedFiles()).toHaveLength(filesBefore.length + 1);
  });

  it('only teachers and the school admin add; students, parents and assistants get 403', async () => {
    const rowsBefore = await rowCount();
    for (const username of [w.s1.username, w.parent.username, w.assistant.username]) {
      const agent = await signIn(t.app, username);
      expect((await addLink(agent, { title: 'Mine', url: 'https://example.ph/' })).statusCode, username).toBe(403);
      expect((await upload(agent, { title: 'Mine' }, { name: 'a.pdf', data: pdf() })).statusCode, username).toBe(403);
    }
    expect(await rowCount()).toBe(rowsBefore);
    const byAdmin = await addLink(admin, { title: 'School calendar', url: 'https://example.ph/calendar' });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json<ResourceSaved>().resource.addedBy?.name).toBe('Liza Mendoza');
  });

  it('the adder edits a link; a file keeps its file and takes no address', async () => {
    const link = await newLink(teacher, 'Khan Academy: cells');
    const res = await teacher.req('PUT', `/api/resources/${link.id}`, {
      title: 'Khan Academy: the cell',
      description: 'Videos and practice.',
      gradeLevel: 'Grade 7',
      subject: 'Biology',
      url: 'https://www.khanacademy.org/science/biology',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ResourceSaved>()).toMatchObject({
      message: RESOURCE_MESSAGES.updated['en-us'],
      resource: { title: 'Khan Academy: the cell', subject: 'Biology', gradeLevel: 'Grade 7', url: 'https://www.khanacademy.org/science/biology' },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, link.id), eq(auditLog.action, 'resource.updated')));
    expect(entry?.data).toMatchObject({ before: { title: 'Khan Academy: cells' }, after: { title: 'Khan Academy: the cell' } });

    const cleared = await teacher.req('PUT', `/api/resources/${link.id}`, {
      title: 'Khan Academy',
      url: 'https://www.khanacademy.org/',
      gradeLevel: null,
      subject: '',
    });
    expect(cleared.json<ResourceSaved>().resource).toMatchObject({ gradeLevel: null, subject: null, description: '' });
    expect((await teacher.req('PUT', `/api/resources/${link.id}`, { title: 'Khan Academy' })).json().fields).toEqual([{ path: 'url', key: 'required' }]);
    expect((await teacher.req('PUT', `/api/resources/${link.id}`, { title: 'Khan', url: 'javascript:void(0)' })).json().fields).toEqual([
      { path: 'url', key: 'url' },
    ]);
    expect((await teacher.req('PUT', `/api/resources/${link.id}`, { title: '', url: 'https://example.ph/' })).json().fields).toContainEqual(
      expect.objectContaining({ path: 'title', key: 'required' }),
    );

    const up = await upload(teacher, { title: 'Reading list' }, { name: 'list.pdf', data: pdf() });
    const file = up.json<ResourceSaved>().resource;
    expect((await teacher.req('PUT', `/api/resources/${file.id}`, { title: 'Reading list', url: 'https://example.ph/' })).json().fields).toEqual([
      { path: 'url', key: 'invalidChoice' },
    ]);
    const renamed = await teacher.req('PUT', `/api/resources/${file.id}`, { title: 'Summer reading list' });
    expect(renamed.json<ResourceSaved>().resource).toMatchObject({ title: 'Summer reading list', url: null, file: { name: 'list.pdf' } });
  });

  it('another teacher of the school may not edit or remove it (403); another school gets 404; the school admin removes it and its file', async () => {
    const up = await upload(teacher, { title: 'Quarter 1 exam reviewer' }, { name: 'reviewer.pdf', data: pdf() });
    const id = up.json<ResourceSaved>().resource.id;
    const [row] = await t.db.select().from(schoolResources).where(eq(schoolResources.id, id));
    const key = row?.fileKey ?? '';
    expect(await t.app.storage.getStream(key)).not.toBeNull();

    const edit = { title: 'Taken over' };
    expect((await otherTeacher.req('PUT', `/api/resources/${id}`, edit)).statusCode).toBe(403);
    expect((await otherTeacher.req('DELETE', `/api/resources/${id}`)).statusCode).toBe(403);
    expect((await student.req('PUT', `/api/resources/${id}`, edit)).statusCode).toBe(403);
    expect((await student.req('DELETE', `/api/resources/${id}`)).statusCode).toBe(403);
    const teacherB = await signIn(t.app, w.teacherB.username);
    expect((await teacherB.req('PUT', `/api/resources/${id}`, edit)).statusCode).toBe(404);
    expect((await teacherB.req('DELETE', `/api/resources/${id}`)).statusCode).toBe(404);
    expect((await teacher.req('PUT', `/api/resources/${MISSING_ID}`, edit)).statusCode).toBe(404);
    expect((await teacher.req('DELETE', `/api/resources/${MISSING_ID}`)).statusCode).toBe(404);
    expect((await teacher.req('GET', `/api/resources/not-an-id/file`)).statusCode).toBe(400);
    expect((await t.db.select().from(schoolResources).where(eq(schoolResources.id, id)))[0]?.title).toBe('Quarter 1 exam reviewer');

    const removed = await admin.req('DELETE', `/api/resources/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: RESOURCE_MESSAGES.deleted['en-us'] });
    expect(await t.db.select().from(schoolResources).where(eq(schoolResources.id, id))).toEqual([]);
    expect(await t.app.storage.getStream(key)).toBeNull();
    expect(await auditOf(id)).toEqual(['resource.created', 'resource.deleted']);
    expect((await student.req('GET', `/api/resources/${id}/file`)).statusCode).toBe(404);
    expect((await admin.req('DELETE', `/api/resources/${id}`)).statusCode).toBe(404);
  });

  it('the adder removes their own link; a link has no file to download', async () => {
    const link = await newLink(otherTeacher, 'Wikipedia: Philippine Revolution');
    expect((await student.req('GET', `/api/resources/${link.id}/file`)).statusCode).toBe(404);
    expect((await otherTeacher.req('DELETE', `/api/resources/${link.id}`)).statusCode).toBe(200);
    expect((await list(student)).data.some((r) => r.id === link.id)).toBe(false);
  });

  it('searches title, description and subject; filters by kind and grade; sorts, newest first by default; pages', async () => {
    const teacherB = await signIn(t.app, w.teacherB.username);
    const a = await newLink(teacherB, 'Bayani ng Lahi', { description: 'Mga talambuhay ng mga bayani.', subject: 'Araling Panlipunan', gradeLevel: 'Grade 5' });
    const b = await newLink(teacherB, 'Fractions practice', { subject: 'Mathematics', gradeLevel: 'Grade 6' });
    const c = (
      await upload(teacherB, { title: 'Alphabet chart', subject: 'English', gradeLevel: 'Grade 5' }, { name: 'abc.pdf', data: pdf() })
    ).json<ResourceSaved>().resource;
    const titles = (page: TablePage<ResourceRow>) => page.data.map((r) => r.title);

    expect(titles(await list(teacherB))).toEqual([c.title, b.title, a.title]);
    expect((await list(teacherB)).pagination).toEqual({ page: 1, totalcount: 3 });
    expect(titles(await list(teacherB, 'sortBy=title&sortOrder=asc'))).toEqual(['Alphabet chart', 'Bayani ng Lahi', 'Fractions practice']);
    expect(titles(await list(teacherB, 'sortBy=kind&sortOrder=asc'))[0]).toBe('Alphabet chart');
    expect(titles(await list(teacherB, 'search=talambuhay'))).toEqual(['Bayani ng Lahi']);
    expect(titles(await list(teacherB, 'search=mathematics'))).toEqual(['Fractions practice']);
    expect(titles(await list(teacherB, 'search=100%25'))).toEqual([]);
    expect(titles(await list(teacherB, 'filter[key]=kind&filter[values][]=file'))).toEqual(['Alphabet chart']);
    expect(titles(await list(teacherB, 'filter[key]=kind&filter[values][]=link&sortBy=title'))).toEqual(['Bayani ng Lahi', 'Fractions practice']);
    expect(titles(await list(teacherB, 'filter[key]=kind&filter[values][]=video'))).toEqual([]);
    expect(titles(await list(teacherB, 'gradeLevel=Grade%205&sortBy=title'))).toEqual(['Alphabet chart', 'Bayani ng Lahi']);
    const paged = await list(teacherB, 'sortBy=title&page=2&rowsperpage=10');
    expect(paged).toEqual({ data: [], pagination: { page: 2, totalcount: 3 } });
    expect((await teacherB.req('GET', '/api/resources?gradeLevel=Grade%2099')).statusCode).toBe(400);
    // School A's library is untouched by school B's.
    expect(titles(await list(student)).some((x) => ['Bayani ng Lahi', 'Fractions practice', 'Alphabet chart'].includes(x))).toBe(false);
  });

  it('answers in the language of the signed-in user', async () => {
    await t.db.update(users).set({ language: 'ph' }).where(eq(users.id, w.otherTeacher.id));
    const ph = await signIn(t.app, w.otherTeacher.username);
    const res = await addLink(ph, { title: 'Diksiyonaryo', url: 'https://diksiyonaryo.ph/' });
    expect(res.json<ResourceSaved>().message).toBe('Naidagdag na ang link sa mga sanggunian ng paaralan.');
    const bad = await addLink(ph, { title: '', url: 'https://diksiyonaryo.ph/' });
    expect(bad.json().message).not.toBe('Please fill in required fields!');
    await t.db.update(users).set({ language: 'en-us' }).where(eq(users.id, w.otherTeacher.id));
  });

  it('has every message in every language', () => {
    for (const [key, texts] of Object.entries(RESOURCE_MESSAGES)) {
      expect(texts.ph, key).not.toBe(texts['en-us']);
      expect(texts.zh, key).not.toBe(texts['en-us']);
      expect(texts.ph.trim(), key).not.toBe('');
      expect(texts.zh.trim(), key).not.toBe('');
    }
  });

  it('an account without a school has an empty library and cannot add to one', async () => {
    const loner = await buildUser(t.db, { roleId: ROLE.parent, schoolId: null, username: uniq('loner') });
    expect(await list(await signIn(t.app, loner.username))).toEqual({ data: [], pagination: { page: 1, totalcount: 0 } });
    const teacherWithout = await buildUser(t.db, { roleId: ROLE.teacher, schoolId: null, username: uniq('nowhere') });
    const agent = await signIn(t.app, teacherWithout.username);
    expect((await addLink(agent, { title: 'Lost', url: 'https://example.ph/' })).statusCode).toBe(404);
    expect((await upload(agent, { title: 'Lost' }, { name: 'a.pdf', data: pdf() })).statusCode).toBe(404);
  });
});
