import { beforeAll, describe, expect, it } from 'vitest';
import { POST_BODY_MAX, type DiscussionCategory, type PostDetails, type PostPage, type PostRow } from '@klase/core/discussions/contracts';
import { useDiscussionWorld } from '../../test/discussions-world.ts';

/** Course discussions (issue 18): categories, posts, access and bad input. Comments: comments.test.ts; live: discussions-live.test.ts. */

const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>';

describe('discussions: categories and settings', () => {
  const d = useDiscussionWorld();
  beforeAll(() => d.build());

  it('makes the three default categories once, also when the first reads come together', async () => {
    const s1 = await d.as(d.w.s1);
    const t = await d.as(d.w.teacher);
    const reads = await Promise.all([s1.req('GET', `${d.base()}/categories`), t.req('GET', `${d.base()}/categories`), s1.req('GET', `${d.base()}/categories`)]);
    for (const r of reads) expect(r.statusCode, r.body).toBe(200);
    const names = (r: (typeof reads)[number]) => r.json<{ items: DiscussionCategory[] }>().items.map((c) => c.name);
    expect(names(reads[0] ?? reads[1])).toEqual(['Announcement', 'General', 'Question']);
    for (const r of reads) expect(names(r)).toEqual(['Announcement', 'General', 'Question']);
  });

  it('lets teachers add, rename and delete categories with unique names; not students', async () => {
    const t = await d.as(d.w.teacher);
    const made = await t.req('POST', `${d.base()}/categories`, { name: 'Takdang-Aralin' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<DiscussionCategory>().id;
    const dup = await t.req('POST', `${d.base()}/categories`, { name: 'takdang-aralin' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'name', key: 'duplicateEntry' }] });
    const renamed = await t.req('PUT', `${d.base()}/categories/${id}`, { name: 'Homework' });
    expect(renamed.json<DiscussionCategory>()).toMatchObject({ id, name: 'Homework', postCount: 0 });
    expect((await (await d.as(d.w.s1)).req('POST', `${d.base()}/categories`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await (await d.as(d.w.s1)).req('DELETE', `${d.base()}/categories/${id}`)).statusCode).toBe(403);
    expect((await t.req('DELETE', `${d.base()}/categories/${id}`)).statusCode).toBe(204);
    expect((await t.req('DELETE', `${d.base()}/categories/${id}`)).statusCode).toBe(404);
  });

  it('keeps settings to teachers and assistants', async () => {
    expect((await (await d.as(d.w.teacher)).req('GET', `${d.base()}/settings`)).json()).toEqual({ parentsRead: false });
    expect((await (await d.as(d.w.assistant)).req('PUT', `${d.base()}/settings`, { parentsRead: false })).statusCode).toBe(200);
    expect((await (await d.as(d.w.s1)).req('PUT', `${d.base()}/settings`, { parentsRead: true })).statusCode).toBe(403);
    expect((await (await d.as(d.w.teacher)).req('PUT', `${d.base()}/settings`, {})).statusCode).toBe(400);
  });
});

describe('discussions: posts', () => {
  const d = useDiscussionWorld();
  beforeAll(() => d.build());
  const list = async (u = d.w.s1, query = '') => {
    const res = await (await d.as(u)).req('GET', `${d.base()}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PostPage>();
  };

  it('stores script payloads inert: the body sanitized, the title verbatim as text', async () => {
    const p = await d.post(d.w.s1, {
      title: `Tanong ${SCRIPT}`,
      bodyHtml: `<p>Ano ang <strong>klima</strong>?</p>${SCRIPT}<a href="javascript:alert(1)">x</a>`,
    });
    expect(p.title).toBe(`Tanong ${SCRIPT}`);
    expect(p.bodyHtml).toBe('<p>Ano ang <strong>klima</strong>?</p><a rel="noopener noreferrer">x</a>');
    expect(p.excerpt).toBe('Ano ang klima? x');
    expect(p).toMatchObject({ canEdit: true, canDelete: true, canComment: true, canModerate: false, unread: true, hidden: false });
  });

  it('refuses a blank title (400 required), a body over the limit (400 maxLength) and a 1 MB request (413)', async () => {
    const s1 = await d.as(d.w.s1);
    const blank = await s1.req('POST', d.base(), { title: '   ', bodyHtml: '<p>x</p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: [{ path: 'title', key: 'required' }] });
    const long = await s1.req('POST', d.base(), { title: 'Mahaba', bodyHtml: 'a'.repeat(POST_BODY_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: [{ path: 'bodyHtml', key: 'maxLength' }] });
    const huge = await s1.req('POST', d.base(), { title: 'Malaki', bodyHtml: 'a'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).not.toBe('');
  });

  it('answers 404 to students, teachers and parents outside the course, and to another school', async () => {
    const p = await d.post(d.w.s2, { title: 'Para sa klase lamang' });
    for (const u of [d.w.s4, d.w.otherTeacher, d.w.studentB, d.w.teacherB]) {
      const a = await d.as(u);
      expect((await a.req('GET', d.base())).statusCode, u.firstName).toBe(404);
      expect((await a.req('POST', d.base(), { title: 'Pasok' })).statusCode, u.firstName).toBe(404);
      expect((await a.req('GET', `/api/discussions/posts/${p.id}`)).statusCode, u.firstName).toBe(404);
      expect((await a.req('POST', `/api/discussions/posts/${p.id}/comments`, { body: 'hi' })).statusCode, u.firstName).toBe(404);
    }
    expect((await (await d.as(d.w.s1)).req('GET', `/api/courses/${d.otherCourse.id}/discussions`)).statusCode).toBe(404);
  });

  it('lets only the author edit (403 to others, teachers too) and the author or a teacher delete', async () => {
    const p = await d.post(d.w.s1, { title: 'Unang bersyon', bodyHtml: '<p>luma</p>' });
    for (const u of [d.w.s2, d.w.teacher])
      expect((await (await d.as(u)).req('PUT', `/api/discussions/posts/${p.id}`, { title: 'Akin na' })).statusCode).toBe(403);
    const edited = await (await d.as(d.w.s1)).req('PUT', `/api/discussions/posts/${p.id}`, { title: 'Ikalawang bersyon', bodyHtml: '<p>bago</p>' });
    expect(edited.json<PostDetails>()).toMatchObject({ title: 'Ikalawang bersyon', bodyHtml: '<p>bago</p>' });
    expect(edited.json<PostDetails>().editedAt).not.toBeNull();
    expect((await (await d.as(d.w.s2)).req('DELETE', `/api/discussions/posts/${p.id}`)).statusCode).toBe(403);
    expect((await (await d.as(d.w.teacher)).req('DELETE', `/api/discussions/posts/${p.id}`)).statusCode).toBe(204);
    expect((await (await d.as(d.w.s1)).req('GET', `/api/discussions/posts/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses pinning, locking and hiding to students (403); pinned posts come first, newest pinned first', async () => {
    const old = await d.post(d.w.teacher, { title: 'Mga alituntunin' });
    const newer = await d.post(d.w.teacher, { title: 'Iskedyul ng pagsusulit' });
    await d.post(d.w.s2, { title: 'Pinakabagong tanong' });
    for (const path of ['pin', 'lock', 'hide'])
      expect((await (await d.as(d.w.s1)).req('PUT', `/api/discussions/posts/${old.id}/${path}`, { on: true })).statusCode).toBe(403);
    const t = await d.as(d.w.teacher);
    expect((await t.req('PUT', `/api/discussions/posts/${old.id}/pin`, { on: true })).json<PostRow>().pinned).toBe(true);
    expect((await t.req('PUT', `/api/discussions/posts/${newer.id}/pin`, { on: true })).statusCode).toBe(200);
    const titles = (await list()).items.map((p) => p.title);
    expect(titles.slice(0, 3)).toEqual(['Iskedyul ng pagsusulit', 'Mga alituntunin', 'Pinakabagong tanong']);
  });

  it('filters by category and by words of the title or body, and pages with a cursor', async () => {
    const cats = (await (await d.as(d.w.teacher)).req('GET', `${d.base()}/categories`)).json<{ items: DiscussionCategory[] }>().items;
    const question = cats.find((c) => c.name === 'Question');
    if (!question) throw new Error('no Question category');
    await d.post(d.w.s3, { title: 'Bakit umuulan?', bodyHtml: '<p>Tungkol sa <em>bagyo</em> 100%_</p>', categoryId: question.id });
    const byCat = await list(d.w.s1, `?categoryId=${question.id}`);
    expect(byCat.items.map((p) => p.title)).toEqual(['Bakit umuulan?']);
    expect(byCat.items[0]?.category).toEqual({ id: question.id, name: 'Question' });
    expect((await list(d.w.s1, '?q=BAGYO')).items.map((p) => p.title)).toEqual(['Bakit umuulan?']);
    expect((await list(d.w.s1, `?q=${encodeURIComponent('100%_')}`)).items).toHaveLength(1);
    expect((await list(d.w.s1, '?q=%25')).items.map((p) => p.title)).toEqual(['Bakit umuulan?']);
    for (let i = 0; i < 21; i += 1) await d.post(d.w.s2, { title: `Tanong blg. ${i}` });
    const first = await list();
    expect(first.items).toHaveLength(20);
    const second = await list(d.w.s1, `?cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    const seen = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(second.nextCursor).toBeNull();
    expect((await (await d.as(d.w.s1)).req('GET', `${d.base()}?cursor=nonsense`)).statusCode).toBe(400);
  });

  it('hides a post from everyone but teachers and its author; a locked post takes no comments (POST_LOCKED)', async () => {
    const p = await d.post(d.w.s1, { title: 'Itatago' });
    const t = await d.as(d.w.teacher);
    expect((await t.req('PUT', `/api/discussions/posts/${p.id}/hide`, { on: true })).json<PostRow>().hidden).toBe(true);
    expect((await (await d.as(d.w.s2)).req('GET', `/api/discussions/posts/${p.id}`)).statusCode).toBe(404);
    expect((await list(d.w.s2)).items.some((x) => x.id === p.id)).toBe(false);
    expect((await list(d.w.s1)).items.find((x) => x.id === p.id)?.hidden).toBe(true);
    expect((await list(d.w.assistant)).items.some((x) => x.id === p.id)).toBe(true);
    const q = await d.post(d.w.s1, { title: 'Isasara' });
    await t.req('PUT', `/api/discussions/posts/${q.id}/lock`, { on: true });
    const refused = await (await d.as(d.w.s2)).req('POST', `/api/discussions/posts/${q.id}/comments`, { body: 'Huli na ba?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'POST_LOCKED' });
    expect((await (await d.as(d.w.s2)).req('GET', `/api/discussions/posts/${q.id}`)).json<PostDetails>().canComment).toBe(false);
  });

  it('lets parents read (never write) only when the teachers allow it, and only through their own child', async () => {
    const p = await d.post(d.w.s1, { title: 'Proyekto sa agham' });
    const parent = await d.as(d.w.parent);
    expect((await parent.req('GET', d.base())).statusCode).toBe(403);
    expect((await parent.req('GET', `/api/discussions/posts/${p.id}`)).statusCode).toBe(403);
    await (await d.as(d.w.teacher)).req('PUT', `${d.base()}/settings`, { parentsRead: true });
    const page = await parent.req('GET', `${d.base()}?childId=${d.w.s1.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<PostPage>()).toMatchObject({ canPost: false, canModerate: false });
    expect((await parent.req('GET', `/api/discussions/posts/${p.id}/comments`)).statusCode).toBe(200);
    expect((await parent.req('GET', `${d.base()}?childId=${d.w.s2.id}`)).statusCode).toBe(404);
    expect((await parent.req('POST', d.base(), { title: 'Magulang' })).statusCode).toBe(403);
    expect((await parent.req('POST', `/api/discussions/posts/${p.id}/comments`, { body: 'Salamat' })).statusCode).toBe(403);
    await (await d.as(d.w.teacher)).req('PUT', `${d.base()}/settings`, { parentsRead: false });
  });

  it('counts a post unread until opened, and its unread comments from others since', async () => {
    const p = await d.post(d.w.teacher, { title: 'Basahin ito' });
    const mine = async () => (await list(d.w.s1)).items.find((x) => x.id === p.id);
    expect(await mine()).toMatchObject({ unread: true, unreadComments: 0 });
    expect((await (await d.as(d.w.s1)).req('POST', `/api/discussions/posts/${p.id}/read`)).json()).toEqual({ unreadComments: 0 });
    await (await d.as(d.w.s2)).req('POST', `/api/discussions/posts/${p.id}/comments`, { body: 'Una' });
    await (await d.as(d.w.s1)).req('POST', `/api/discussions/posts/${p.id}/comments`, { body: 'Ako rin' });
    await (await d.as(d.w.s3)).req('POST', `/api/discussions/posts/${p.id}/comments`, { body: 'Pangatlo' });
    expect(await mine()).toMatchObject({ unread: false, unreadComments: 2, commentCount: 3 });
    await (await d.as(d.w.s1)).req('POST', `/api/discussions/posts/${p.id}/read`);
    expect(await mine()).toMatchObject({ unread: false, unreadComments: 0 });
  });
});
