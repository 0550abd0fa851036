import type { PortfolioDetails, PortfolioItem, PortfolioRow } from '@klase/core/portfolios/contracts';
import type { TablePage } from '@klase/core/table';
import { beforeAll, describe, expect, it } from 'vitest';
import { ctxOf } from '../../platform/app-context.ts';
import { signIn, visitor, type Agent } from '../../test/agent.ts';
import { buildGroup } from '../../test/class-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { multipartFile, fakePng } from '../../test/multipart.ts';
import { addFileItemAs, addItemAs, buildGradedWork, createPortfolioAs, publishAs } from '../../test/portfolio-factories.ts';

describe('portfolios: who sees what, publishing, items, cover', () => {
  const ctx = useClassWorld();
  const as: Record<string, Agent> = {};

  beforeAll(async () => {
    const { t, w } = ctx;
    for (const [k, u] of Object.entries({
      s1: w.s1,
      s2: w.s2,
      s3: w.s3,
      s4: w.s4,
      teacher: w.teacher,
      assistant: w.assistant,
      otherTeacher: w.otherTeacher,
      admin: w.admin,
      parent: w.parent,
      teacherB: w.teacherB,
      studentB: w.studentB,
    }))
      as[k] = await signIn(t.app, u.username);
  });
  const agent = (k: string): Agent => {
    const a = as[k];
    if (!a) throw new Error(k);
    return a;
  };
  const status = async (k: string, url: string) => (await agent(k).req('GET', url)).statusCode;

  it("a student's portfolio: the owner and the school admin always; teachers of the student's classes and parents only once published; others 404", async () => {
    const p = await createPortfolioAs(agent('s1'), { title: 'My Grade 7 work', description: 'Best of the year' });
    expect(p).toMatchObject({ published: false, status: 'UNPUBLISHED', canEdit: true, owner: { kind: 'student', id: ctx.w.s1.id }, items: [] });
    const url = `/api/portfolios/${p.id}`;
    for (const k of ['s1', 'admin']) expect(await status(k, url), k).toBe(200);
    for (const k of ['s2', 'teacher', 'assistant', 'parent', 'otherTeacher', 'teacherB', 'studentB']) expect(await status(k, url), k).toBe(404);
    const listed = await agent('teacher').req('GET', `/api/users/${ctx.w.s1.id}/portfolios`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<TablePage<PortfolioRow>>().data.map((r) => r.id)).not.toContain(p.id);

    const published = await publishAs(agent('s1'), p.id);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ message: 'The portfolio has been published. Your teachers and parents can see it now.' });
    for (const k of ['s1', 'admin', 'teacher', 'assistant', 'parent']) expect(await status(k, url), k).toBe(200);
    // Another student, a teacher who does not teach Jose, another school: 404, never 403.
    for (const k of ['s2', 'otherTeacher', 'teacherB', 'studentB', 's4']) expect(await status(k, url), k).toBe(404);
    expect((await agent('teacher').req('GET', url)).json<PortfolioDetails>()).toMatchObject({ canEdit: false, published: true });
    const rows = (await agent('parent').req('GET', `/api/users/${ctx.w.s1.id}/portfolios`)).json<TablePage<PortfolioRow>>();
    expect(rows.data.map((r) => r.id)).toContain(p.id);
    expect(await status('otherTeacher', `/api/users/${ctx.w.s1.id}/portfolios`)).toBe(404);

    // A reader cannot change it; someone who cannot see it gets 404.
    expect((await agent('teacher').req('PUT', url, { title: 'Hacked' })).statusCode).toBe(403);
    expect((await agent('s2').req('PUT', url, { title: 'Hacked' })).statusCode).toBe(404);

    const unpublished = await publishAs(agent('s1'), p.id, false);
    expect(unpublished.json()).toEqual({ message: 'The portfolio has been unpublished. Only you can see it now.' });
    for (const k of ['teacher', 'parent']) expect(await status(k, url), k).toBe(404);
  });

  it("a parent reading a portfolio of someone else's child: 404, the list too", async () => {
    const p = await createPortfolioAs(agent('s2'), { title: 'Ana portfolio' });
    await publishAs(agent('s2'), p.id);
    expect(await status('parent', `/api/portfolios/${p.id}`)).toBe(404);
    expect(await status('parent', `/api/users/${ctx.w.s2.id}/portfolios`)).toBe(404);
    expect(await status('teacher', `/api/portfolios/${p.id}`)).toBe(200);
  });

  it('edits with the edit version: a stale save is a conflict; bad input answers 400', async () => {
    const p = await createPortfolioAs(agent('s1'), { title: 'Science' });
    const url = `/api/portfolios/${p.id}`;
    const saved = await agent('s1').req('PUT', url, { title: 'Science fair', description: 'Volcano', version: p.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PortfolioDetails>()).toMatchObject({ title: 'Science fair', description: 'Volcano', version: p.version + 1 });
    expect((await agent('s1').req('PUT', url, { title: 'Old', version: p.version })).statusCode).toBe(409);
    expect((await agent('s1').req('PUT', url, { title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await agent('s1').req('PUT', url, { title: 'a\u0000b' })).statusCode).toBe(400);
    expect((await agent('s1').req('POST', '/api/portfolios', { title: '' })).statusCode).toBe(400);
    expect(await status('s1', '/api/portfolios/not-a-uuid')).toBe(400);
    expect((await agent('parent').req('POST', '/api/portfolios', { title: 'Mine' })).statusCode).toBe(403);
    expect((await agent('s1').req('DELETE', url)).statusCode).toBe(204);
    expect(await status('s1', url)).toBe(404);
  });

  it('items of four kinds: reflections sanitized, links http(s) only, work only the own handed-in one, grade and feedback only when included', async () => {
    const { t, w } = ctx;
    const c = ctxOf(t.app);
    const p = await createPortfolioAs(agent('s1'), { title: 'Items' });
    const items = `/api/portfolios/${p.id}/items`;
    const reflection = await addItemAs(agent('s1'), p.id, {
      kind: 'reflection',
      title: 'What I learned',
      bodyHtml: '<p>Fractions <strong>finally</strong> make sense.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
    });
    expect(reflection.kind === 'reflection' && reflection.bodyHtml).not.toMatch(/script|onerror/);
    expect(reflection.kind === 'reflection' && reflection.bodyHtml).toContain('<strong>finally</strong>');
    for (const url of ['javascript:alert(1)', 'ftp://example.com/x', 'data:text/html,hi', '']) {
      expect((await agent('s1').req('POST', items, { kind: 'link', title: 'Bad', url })).statusCode, url).toBe(400);
    }
    const link = await addItemAs(agent('s1'), p.id, { kind: 'link', title: 'My blog', url: 'https://example.com/blog' });

    const mine = await buildGradedWork(t.db, c.storage, { schoolId: w.schoolA.id, classId: w.cls.id, studentId: w.s1.id });
    const draft = await buildGradedWork(t.db, c.storage, { schoolId: w.schoolA.id, classId: w.cls.id, studentId: w.s1.id, status: 'draft' });
    const anas = await buildGradedWork(t.db, c.storage, { schoolId: w.schoolA.id, classId: w.cls.id, studentId: w.s2.id });
    const choices = (await agent('s1').req('GET', '/api/portfolios/work-choices')).json<{ items: { submissionId: string; graded: boolean }[] }>().items;
    expect(choices.map((x) => x.submissionId)).toContain(mine.submission.id);
    expect(choices.map((x) => x.submissionId)).not.toContain(draft.submission.id);
    expect(choices.find((x) => x.submissionId === mine.submission.id)?.graded).toBe(true);
    for (const s of [anas.submission.id, draft.submission.id]) {
      const res = await agent('s1').req('POST', items, { kind: 'work', title: 'Not mine', submissionId: s });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'submissionId', key: 'invalidChoice' })]);
    }
    const work = await addItemAs(agent('s1'), p.id, { kind: 'work', title: 'My essay', submissionId: mine.submission.id });
    expect(work).toMatchObject({ kind: 'work', includeGrade: false, work: { materialName: 'Essay: My town', grade: null, feedbackHtml: null } });
    const file = await addFileItemAs(agent('s1'), p.id, 'poster.pdf', Buffer.from('%PDF-1.4 poster'), { title: 'Poster', caption: 'Art month' });
    expect(file.statusCode, file.body).toBe(201);
    expect(file.json<PortfolioItem>()).toMatchObject({
      kind: 'file',
      title: 'Poster',
      caption: 'Art month',
      file: { name: 'poster.pdf', mime: 'application/pdf' },
    });

    await publishAs(agent('s1'), p.id);
    const seen = (await agent('teacher').req('GET', `/api/portfolios/${p.id}`)).json<PortfolioDetails>();
    expect(seen.items.map((i) => i.kind)).toEqual(['reflection', 'link', 'work', 'file']);
    const w1 = seen.items.find((i) => i.id === work.id);
    expect(w1?.kind === 'work' && w1.work).toMatchObject({
      grade: null,
      feedbackHtml: null,
      textHtml: '<p>Iloilo is the city of love.</p>',
      files: [{ name: 'essay.pdf' }],
    });

    const flags = await agent('s1').req('PUT', `${items}/${work.id}`, { kind: 'work', title: 'My essay', includeGrade: true, includeFeedback: true });
    expect(flags.statusCode, flags.body).toBe(200);
    const again = (await agent('parent').req('GET', `/api/portfolios/${p.id}`)).json<PortfolioDetails>().items.find((i) => i.id === work.id);
    expect(again?.kind === 'work' && again.work).toMatchObject({ grade: { points: 45, maxPoints: 50 }, feedbackHtml: '<p>Well argued.</p>' });
    // Its file downloads for a reader; the file item too.
    const wf = again?.kind === 'work' ? again.work?.files[0] : undefined;
    expect((await agent('parent').req('GET', wf?.downloadUrl ?? '')).body).toBe('%PDF-1.4 my essay');
    const fileDownload = await agent('teacher').req('GET', `${items}/${file.json<PortfolioItem>().id}/file`);
    expect(fileDownload.statusCode).toBe(200);
    expect(fileDownload.headers['content-disposition']).toContain('attachment');
    expect((await agent('s2').req('GET', `${items}/${file.json<PortfolioItem>().id}/file`)).statusCode).toBe(404);
    // The kind of an item does not change.
    expect((await agent('s1').req('PUT', `${items}/${link.id}`, { kind: 'reflection', title: 'x', bodyHtml: '' })).statusCode).toBe(400);
    expect((await agent('s1').req('DELETE', `${items}/${reflection.id}`)).statusCode).toBe(204);
    expect((await agent('s1').req('DELETE', `${items}/${reflection.id}`)).statusCode).toBe(404);
  });

  it('reorders by the exact list of item ids, anything else 400', async () => {
    const p = await createPortfolioAs(agent('s1'), { title: 'Order' });
    const a = await addItemAs(agent('s1'), p.id, { kind: 'link', title: 'A', url: 'https://a.example.com' });
    const b = await addItemAs(agent('s1'), p.id, { kind: 'link', title: 'B', url: 'https://b.example.com' });
    const c = await addItemAs(agent('s1'), p.id, { kind: 'reflection', title: 'C', bodyHtml: '<p>c</p>' });
    const order = `/api/portfolios/${p.id}/items/order`;
    const res = await agent('s1').req('PUT', order, { itemIds: [c.id, a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PortfolioDetails>().items.map((i) => i.title)).toEqual(['C', 'A', 'B']);
    const other = await createPortfolioAs(agent('s1'), { title: 'Other' });
    const foreign = await addItemAs(agent('s1'), other.id, { kind: 'link', title: 'F', url: 'https://f.example.com' });
    for (const itemIds of [[a.id, b.id], [a.id, b.id, c.id, c.id], [a.id, b.id, c.id, foreign.id], [a.id, b.id, foreign.id], []]) {
      expect((await agent('s1').req('PUT', order, { itemIds })).statusCode, JSON.stringify(itemIds)).toBe(400);
    }
    expect((await agent('s1').req('GET', `/api/portfolios/${p.id}`)).json<PortfolioDetails>().items.map((i) => i.title)).toEqual(['C', 'A', 'B']);
  });

  it('the cover is a jpeg or png by content: HTML or SVG named .png is refused; programs are refused as file items', async () => {
    const p = await createPortfolioAs(agent('s1'), { title: 'Cover' });
    const cover = `/api/portfolios/${p.id}/cover`;
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    for (const body of [html, svg]) {
      const res = await agent('s1').req('PUT', cover, undefined, multipartFile('cover', 'cover.png', 'image/png', body));
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('FILE_TYPE');
    }
    const big = await agent('s1').req('PUT', cover, undefined, multipartFile('cover', 'big.png', 'image/png', fakePng(2 * 1024 * 1024 + 10)));
    expect(big.statusCode).toBe(413);
    const ok = await agent('s1').req('PUT', cover, undefined, multipartFile('cover', 'me.png', 'image/png', fakePng(500)));
    expect(ok.statusCode, ok.body).toBe(200);
    const coverUrl = ok.json<PortfolioDetails>().coverUrl;
    expect(coverUrl).toMatch(new RegExp(`^/api/portfolios/${p.id}/cover\\?v=1$`));
    expect((await agent('s1').req('GET', coverUrl ?? '')).headers['content-type']).toBe('image/png');
    expect(await status('teacher', coverUrl ?? '')).toBe(404);
    const program = await addFileItemAs(agent('s1'), p.id, 'game.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)]));
    expect(program.statusCode).toBe(400);
    expect(program.json().code).toBe('FILE_FORBIDDEN');
    // HTML as a file item is kept, but only ever served as an attachment of a neutral type.
    const page = await addFileItemAs(agent('s1'), p.id, 'page.png', html);
    expect(page.statusCode).toBe(201);
    expect(page.json<PortfolioItem>()).toMatchObject({ file: { mime: 'application/octet-stream' } });
    expect((await agent('s1').req('DELETE', cover)).json<PortfolioDetails>().coverUrl).toBeNull();
  });

  it("share links: the token opens the published portfolio signed out; revoked, expired, unknown or unpublished: 404 'Content not available.'", async () => {
    const { t } = ctx;
    const p = await createPortfolioAs(agent('s1'), { title: 'Shared' });
    const file = await addFileItemAs(agent('s1'), p.id, 'notes.txt', Buffer.from('my notes'));
    await publishAs(agent('s1'), p.id);
    const links = `/api/portfolios/${p.id}/share-links`;
    const made = await agent('s1').req('POST', links, {});
    expect(made.statusCode, made.body).toBe(201);
    const { token, id, pagePath, hint } = made.json<{ token: string; id: string; pagePath: string; hint: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pagePath).toBe(`/shared/portfolios/${token}`);
    expect(hint).toBe(token.slice(-4));
    const shared = await visitor(t.app, 'GET', `/api/shared/portfolios/${token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    const details = shared.json<PortfolioDetails>();
    expect(details).toMatchObject({ id: p.id, shared: true, canEdit: false, canExport: false });
    const fileUrl = details.items[0]?.kind === 'file' ? details.items[0].file.downloadUrl : '';
    expect(fileUrl).toBe(`/api/shared/portfolios/${token}/items/${file.json<PortfolioItem>().id}/file`);
    expect((await visitor(t.app, 'GET', fileUrl)).body).toBe('my notes');
    // The token reaches only this portfolio's items.
    const other = await createPortfolioAs(agent('s1'), { title: 'Not shared' });
    const otherFile = await addFileItemAs(agent('s1'), other.id, 'secret.txt', Buffer.from('secret'));
    expect((await visitor(t.app, 'GET', `/api/shared/portfolios/${token}/items/${otherFile.json<PortfolioItem>().id}/file`)).statusCode).toBe(404);
    // Only the owner manages links; the list never shows a token.
    expect((await agent('teacher').req('GET', links)).statusCode).toBe(403);
    const listed = (await agent('s1').req('GET', links)).json<{ items: Record<string, unknown>[] }>().items;
    expect(listed).toEqual([expect.objectContaining({ id, state: 'active' })]);
    expect(JSON.stringify(listed)).not.toContain(token);

    const unavailable = async (tk: string) => {
      const res = await visitor(t.app, 'GET', `/api/shared/portfolios/${tk}`);
      expect(res.statusCode, tk).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SHARE_LINK_UNAVAILABLE', message: 'Content not available.' });
    };
    await unavailable('A'.repeat(43));
    await unavailable('short');
    await publishAs(agent('s1'), p.id, false);
    await unavailable(token);
    await publishAs(agent('s1'), p.id);
    expect((await visitor(t.app, 'GET', `/api/shared/portfolios/${token}`)).statusCode).toBe(200);
    expect((await agent('s1').req('DELETE', `${links}/${id}`)).statusCode).toBe(204);
    await unavailable(token);
    expect((await visitor(t.app, 'GET', fileUrl)).statusCode).toBe(404);
    expect((await agent('s1').req('GET', links)).json<{ items: { state: string }[] }>().items[0]?.state).toBe('revoked');

    // Expiry: in the past is refused; one that passes makes the link unavailable.
    expect((await agent('s1').req('POST', links, { expiresAt: '2020-01-01T00:00:00Z' })).statusCode).toBe(400);
    const soon = new Date(Date.now() + 1500).toISOString();
    const expiring = (await agent('s1').req('POST', links, { expiresAt: soon })).json<{ token: string }>();
    expect((await visitor(t.app, 'GET', `/api/shared/portfolios/${expiring.token}`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    await unavailable(expiring.token);
    expect((await agent('s1').req('GET', links)).json<{ items: { state: string }[] }>().items[0]?.state).toBe('expired');
  });

  it("group portfolios: members make and edit them; the class's teachers and classmates read them once published", async () => {
    const { t, w } = ctx;
    const group = await buildGroup(t.db, w.cls.id, [w.s1, w.s2], { name: 'Team Mabini' });
    const made = await agent('s1').req('POST', '/api/portfolios', { title: 'Team project', groupId: group.id });
    expect(made.statusCode, made.body).toBe(201);
    const p = made.json<PortfolioDetails>();
    expect(p.owner).toMatchObject({ kind: 'group', id: group.id, name: 'Team Mabini', classId: w.cls.id });
    expect((await agent('s3').req('POST', '/api/portfolios', { title: 'Not my group', groupId: group.id })).statusCode).toBe(404);
    const url = `/api/portfolios/${p.id}`;
    expect((await agent('s2').req('PUT', url, { title: 'Team project (final)' })).statusCode).toBe(200);
    for (const k of ['s3', 'teacher', 'parent']) expect(await status(k, url), k).toBe(404);
    await publishAs(agent('s2'), p.id);
    for (const k of ['s3', 'teacher', 'assistant', 'admin']) expect(await status(k, url), k).toBe(200);
    for (const k of ['s4', 'otherTeacher', 'teacherB']) expect(await status(k, url), k).toBe(404);
    const list = (await agent('s3').req('GET', `/api/groups/${group.id}/portfolios`)).json<TablePage<PortfolioRow>>();
    expect(list.data.map((r) => r.title)).toEqual(['Team project (final)']);
    expect(await status('s4', `/api/groups/${group.id}/portfolios`)).toBe(404);
    expect((await agent('s3').req('PUT', url, { title: 'Mine now' })).statusCode).toBe(403);
  });

  it("a teacher's portfolio: read once published by the teacher's students, their parents and the school's staff", async () => {
    const p = await createPortfolioAs(agent('teacher'), { title: 'Teaching portfolio' });
    expect(p.owner).toMatchObject({ kind: 'teacher', id: ctx.w.teacher.id });
    const url = `/api/portfolios/${p.id}`;
    expect(await status('s1', url)).toBe(404);
    await publishAs(agent('teacher'), p.id);
    for (const k of ['s1', 'parent', 'otherTeacher', 'assistant', 'admin']) expect(await status(k, url), k).toBe(200);
    for (const k of ['s4', 'teacherB', 'studentB']) expect(await status(k, url), k).toBe(404);
    const list = (await agent('s1').req('GET', `/api/users/${ctx.w.teacher.id}/portfolios`)).json<TablePage<PortfolioRow>>();
    expect(list.data.map((r) => r.id)).toEqual([p.id]);
    expect((await agent('teacher').req('GET', '/api/portfolios')).json<TablePage<PortfolioRow>>().data.map((r) => r.id)).toContain(p.id);
  });

  it("a student's groups: the choices to make a portfolio for, and every portfolio of those groups, published or not; nobody else's", async () => {
    const { t, w } = ctx;
    const group = await buildGroup(t.db, w.cls.id, [w.s1, w.s3], { name: 'Team Rizal' });
    const other = await buildGroup(t.db, w.cls.id, [w.s2], { name: 'Team Luna' });
    const choices = (await agent('s3').req('GET', '/api/portfolios/group-choices')).json<{ groups: { id: string; name: string; className: string }[] }>();
    expect(choices.groups).toEqual([{ id: group.id, name: 'Team Rizal', classId: w.cls.id, className: w.cls.name }]);
    const draft = await createPortfolioAs(agent('s1'), { title: 'Rizal draft', groupId: group.id });
    await createPortfolioAs(agent('s2'), { title: 'Luna work', groupId: other.id });
    await createPortfolioAs(agent('s3'), { title: 'My own' });
    const listed = (await agent('s3').req('GET', '/api/portfolios/groups')).json<TablePage<PortfolioRow>>();
    expect(listed.data.map((r) => [r.title, r.owner.kind, r.owner.name, r.published])).toEqual([['Rizal draft', 'group', 'Team Rizal', false]]);
    expect(listed.pagination.totalcount).toBe(1);
    expect((await agent('s3').req('GET', '/api/portfolios')).json<TablePage<PortfolioRow>>().data.map((r) => r.id)).not.toContain(draft.id);
    for (const k of ['s4', 'teacher', 'studentB']) {
      expect((await agent(k).req('GET', '/api/portfolios/groups')).json<TablePage<PortfolioRow>>().data, k).toEqual([]);
    }
    expect((await agent('teacher').req('GET', '/api/portfolios/group-choices')).json<{ groups: unknown[] }>().groups).toEqual([]);
    for (const url of ['/api/portfolios/groups', '/api/portfolios/group-choices']) expect((await agent('parent').req('GET', url)).statusCode).toBe(403);
  });
});
