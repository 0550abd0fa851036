import { randomBytes } from 'node:crypto';
import { ROLE } from '@klase/core/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { ctxOf } from '../../platform/app-context.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildAssignment, readZip, submitAs, uploadWorkAs } from '../../test/assessment-factories.ts';
import { enrol } from '../../test/class-factories.ts';
import { buildUser, uniq } from '../../test/factories.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { submissionsZip } from './submissions-zip.ts';

describe('the ZIP of all submitted work', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let jose: Agent;
  let ana: Agent;
  let miguel: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    jose = await signIn(t.app, w.s1.username);
    ana = await signIn(t.app, w.s2.username);
    miguel = await signIn(t.app, w.s3.username);
  });

  it('holds one folder per student ("Last, First") with the files of submitted work only, every name unique', async () => {
    const { t, w } = ctx;
    // A second Jose Dela Cruz in the class gets his own folder.
    const twin = await buildUser(t.db, { roleId: ROLE.student, schoolId: w.schoolA.id, firstName: 'Jose', lastName: 'Dela Cruz', username: uniq('jose') });
    await enrol(t.db, w.cls.id, [twin]);
    const twinAgent = await signIn(t.app, twin.username);
    const { material } = await buildAssignment(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, name: 'Essay: My town' });
    const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text}`);
    await uploadWorkAs(jose, material.id, 'essay.pdf', pdf('jose 1'));
    await uploadWorkAs(jose, material.id, 'Essay.pdf', pdf('jose 2'));
    await uploadWorkAs(jose, material.id, 'sub/../notes:1.txt', Buffer.from('jose notes'));
    expect((await submitAs(jose, material.id)).statusCode).toBe(200);
    await uploadWorkAs(twinAgent, material.id, 'essay.pdf', pdf('twin'));
    expect((await submitAs(twinAgent, material.id)).statusCode).toBe(200);
    // Ana only has a draft; Miguel submitted text only.
    await uploadWorkAs(ana, material.id, 'draft.pdf', pdf('ana draft'));
    expect((await submitAs(miguel, material.id)).statusCode).toBe(200);
    // The teacher's feedback file is not student work.
    const feedback = multipartFile('file', 'comments.pdf', 'application/pdf', pdf('feedback'));
    expect((await teacher.req('POST', `/api/materials/${material.id}/submissions/${w.s1.id}/feedback-files`, undefined, feedback)).statusCode).toBe(201);

    const c = ctxOf(t.app);
    const zip = await submissionsZip(c, w.teacher, material.id);
    expect(zip.fileName).toBe('Essay My town.zip');
    const names = zip.entries.map((e) => e.name);
    // Which of the two namesakes comes first depends on their ids: compare folder by folder.
    const folders = new Map<string, string[]>();
    for (const n of names) {
      const [folder = '', file = ''] = n.split('/');
      folders.set(folder, [...(folders.get(folder) ?? []), file]);
    }
    expect([...folders.keys()].sort()).toEqual(['Dela Cruz, Jose', 'Dela Cruz, Jose (2)']);
    expect([...folders.values()].sort((a, b) => b.length - a.length)).toEqual([['essay.pdf', 'Essay (2).pdf', 'notes1.txt'], ['essay.pdf']]);
    const contents = await Promise.all(zip.entries.map(async (e) => (await c.storage.get(e.storageKey))?.toString('latin1')));
    expect(contents.sort()).toEqual(['%PDF-1.4 jose 1', '%PDF-1.4 jose 2', '%PDF-1.4 twin', 'jose notes']);
    // Staff only.
    await expect(submissionsZip(c, w.assistant, material.id)).resolves.toMatchObject({ fileName: 'Essay My town.zip' });
    await expect(submissionsZip(c, w.s1, material.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(submissionsZip(c, w.otherTeacher, material.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('streams the ZIP to staff: every submitted file inside, byte for byte; students 403, other classes 404', async () => {
    const { t, w } = ctx;
    const { material } = await buildAssignment(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, name: 'Map project' });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200_000)]);
    const pdf = Buffer.from("%PDF-1.7 Ana's report");
    await uploadWorkAs(ana, material.id, 'Mapa ng Iloilo.png', png);
    await uploadWorkAs(ana, material.id, 'report.pdf', pdf);
    expect((await submitAs(ana, material.id)).statusCode).toBe(200);
    await uploadWorkAs(miguel, material.id, 'unsent.pdf', pdf);
    const res = await teacher.req('GET', `/api/materials/${material.id}/submissions.zip`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Map project.zip"; filename*=UTF-8''Map%20project.zip`);
    const files = readZip(res.rawPayload);
    expect([...files.keys()]).toEqual(['Bonifacio, Ana/Mapa ng Iloilo.png', 'Bonifacio, Ana/report.pdf']);
    expect(files.get('Bonifacio, Ana/Mapa ng Iloilo.png')?.equals(png)).toBe(true);
    expect(files.get('Bonifacio, Ana/report.pdf')?.equals(pdf)).toBe(true);
    const assistant = await signIn(t.app, w.assistant.username);
    expect((await assistant.req('GET', `/api/materials/${material.id}/submissions.zip`)).statusCode).toBe(200);
    expect((await ana.req('GET', `/api/materials/${material.id}/submissions.zip`)).statusCode).toBe(403);
    const other = await signIn(t.app, w.otherTeacher.username);
    expect((await other.req('GET', `/api/materials/${material.id}/submissions.zip`)).statusCode).toBe(404);
    // Nothing handed in yet: an empty archive, still a valid ZIP.
    const empty = await buildAssignment(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    expect(readZip((await teacher.req('GET', `/api/materials/${empty.material.id}/submissions.zip`)).rawPayload).size).toBe(0);
  });
});
