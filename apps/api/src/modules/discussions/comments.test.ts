import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PAGE, type CommentPage, type CommentRow, type PostRow } from '@klase/core/discussions/contracts';
import { discussionComments, discussionPosts } from '../../db/schema/discussions.ts';
import { eq } from 'drizzle-orm';
import type { UserRow } from '../../platform/rows.ts';
import { useDiscussionWorld } from '../../test/discussions-world.ts';

/** Comments of course discussions (issue 18): replies, order, paging, deleting, hiding, retries. */

describe('discussions: comments', () => {
  const d = useDiscussionWorld();
  beforeAll(() => d.build());
  const path = (postId: string) => `/api/discussions/posts/${postId}/comments`;
  const comment = async (u: UserRow, postId: string, body: string, extra: { parentId?: string; clientId?: string } = {}) => {
    const res = await (await d.as(u)).req('POST', path(postId), { body, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CommentRow>();
  };
  const page = async (u: UserRow, postId: string, query = '') => {
    const res = await (await d.as(u)).req('GET', `${path(postId)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CommentPage>();
  };

  it('keeps comments as text (script payloads verbatim) and a retry with the same client id adds nothing', async () => {
    const p = await d.post(d.w.teacher, { title: 'Talakayan' });
    const payload = '<script>alert(1)</script> x < 5 && y > 2';
    const clientId = randomUUID();
    const first = await comment(d.w.s1, p.id, payload, { clientId });
    expect(first.body).toBe(payload);
    const again = await (await d.as(d.w.s1)).req('POST', path(p.id), { body: payload, clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json<CommentRow>().id).toBe(first.id);
    expect((await page(d.w.s2, p.id)).items.map((c) => c.body)).toEqual([payload]);
    expect((await page(d.w.s2, p.id)).total).toBe(1);
    const blank = await (await d.as(d.w.s1)).req('POST', path(p.id), { body: '  ' });
    expect(blank.statusCode).toBe(400);
  });

  it('stores a reply to a reply under its top-level comment; replies come oldest first', async () => {
    const p = await d.post(d.w.teacher, { title: 'Sagot sa sagot' });
    const top = await comment(d.w.s1, p.id, 'Unang komento');
    const reply = await comment(d.w.s2, p.id, 'Sagot', { parentId: top.id });
    const deeper = await comment(d.w.s3, p.id, 'Sagot sa sagot', { parentId: reply.id });
    expect(deeper.parentId).toBe(top.id);
    const items = (await page(d.w.s1, p.id)).items;
    expect(items).toHaveLength(1);
    expect(items[0]?.replies.map((r) => r.body)).toEqual(['Sagot', 'Sagot sa sagot']);
    const other = await d.post(d.w.teacher, { title: 'Iba' });
    const wrongPost = await (await d.as(d.w.s1)).req('POST', path(other.id), { body: 'x', parentId: top.id });
    expect(wrongPost.statusCode).toBe(400);
    expect(wrongPost.json()).toMatchObject({ fields: [{ path: 'parentId', key: 'invalidChoice' }] });
  });

  it('sorts top-level comments oldest or newest first', async () => {
    const p = await d.post(d.w.teacher, { title: 'Pagkakasunod' });
    for (const body of ['isa', 'dalawa', 'tatlo']) await comment(d.w.s1, p.id, body);
    expect((await page(d.w.s2, p.id)).items.map((c) => c.body)).toEqual(['isa', 'dalawa', 'tatlo']);
    expect((await page(d.w.s2, p.id, '?sort=newest')).items.map((c) => c.body)).toEqual(['tatlo', 'dalawa', 'isa']);
    expect((await (await d.as(d.w.s2)).req('GET', `${path(p.id)}?sort=random`)).statusCode).toBe(400);
  });

  it('pages 2,000 comments by cursor, each exactly once, in both orders', async () => {
    const p = await d.post(d.w.teacher, { title: 'Mahabang talakayan' });
    const rows = Array.from({ length: 2000 }, (_, i) => ({ postId: p.id, authorId: i % 2 ? d.w.s1.id : d.w.s2.id, body: `Komento ${i}` }));
    await d.t.db.insert(discussionComments).values(rows);
    await d.t.db.update(discussionPosts).set({ commentCount: 2000 }).where(eq(discussionPosts.id, p.id));
    for (const sort of ['oldest', 'newest']) {
      const seen: string[] = [];
      let cursor: string | null = '';
      const started = Date.now();
      while (cursor !== null) {
        const got: CommentPage = await page(d.w.s3, p.id, `?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(got.items.length).toBeLessThanOrEqual(COMMENTS_PAGE);
        expect(got.total).toBe(2000);
        seen.push(...got.items.map((c) => c.body));
        cursor = got.nextCursor;
      }
      expect(seen).toHaveLength(2000);
      expect(new Set(seen).size).toBe(2000);
      expect(seen[0]).toBe(sort === 'oldest' ? 'Komento 0' : 'Komento 1999');
      expect(Date.now() - started).toBeLessThan(30_000);
    }
  });

  it('lets only the author edit a comment, the author or a teacher delete it; with replies it stays as deleted', async () => {
    const p = await d.post(d.w.teacher, { title: 'Burahin' });
    const top = await comment(d.w.s1, p.id, 'May sagot ito');
    await comment(d.w.s2, p.id, 'Ako ang sagot', { parentId: top.id });
    const lone = await comment(d.w.s1, p.id, 'Walang sagot');
    const t = await d.as(d.w.teacher);
    expect((await t.req('PUT', `/api/discussions/comments/${top.id}`, { body: 'Binago ng guro' })).statusCode).toBe(403);
    expect((await (await d.as(d.w.s2)).req('DELETE', `/api/discussions/comments/${top.id}`)).statusCode).toBe(403);
    const edited = await (await d.as(d.w.s1)).req('PUT', `/api/discussions/comments/${top.id}`, { body: 'May sagot ito (binago)' });
    expect(edited.json<CommentRow>()).toMatchObject({ body: 'May sagot ito (binago)' });
    expect(edited.json<CommentRow>().editedAt).not.toBeNull();
    expect((await (await d.as(d.w.s1)).req('DELETE', `/api/discussions/comments/${top.id}`)).statusCode).toBe(204);
    expect((await t.req('DELETE', `/api/discussions/comments/${lone.id}`)).statusCode).toBe(204);
    const got = await page(d.w.s3, p.id);
    expect(got.items).toHaveLength(1);
    expect(got.items[0]).toMatchObject({ id: top.id, deleted: true, body: '', canEdit: false });
    expect(got.items[0]?.replies.map((r) => r.body)).toEqual(['Ako ang sagot']);
    expect(got.total).toBe(1);
    expect((await t.req('DELETE', `/api/discussions/comments/${lone.id}`)).statusCode).toBe(404);
  });

  it('hides a comment from all but teachers and its author; a locked post refuses edits too', async () => {
    const p = await d.post(d.w.teacher, { title: 'Itago ang komento' });
    const c = await comment(d.w.s1, p.id, 'Hindi magandang salita');
    expect((await (await d.as(d.w.s2)).req('PUT', `/api/discussions/comments/${c.id}/hide`, { on: true })).statusCode).toBe(403);
    const hidden = await (await d.as(d.w.teacher)).req('PUT', `/api/discussions/comments/${c.id}/hide`, { on: true });
    expect(hidden.json<CommentRow>()).toMatchObject({ hidden: true, body: 'Hindi magandang salita' });
    expect((await page(d.w.s2, p.id)).items[0]).toMatchObject({ hidden: true, body: '' });
    expect((await page(d.w.s1, p.id)).items[0]).toMatchObject({ hidden: true, body: 'Hindi magandang salita' });
    const locked = await (await d.as(d.w.teacher)).req('PUT', `/api/discussions/posts/${p.id}/lock`, { on: true });
    expect(locked.json<PostRow>().locked).toBe(true);
    const edit = await (await d.as(d.w.s1)).req('PUT', `/api/discussions/comments/${c.id}`, { body: 'Paumanhin' });
    expect(edit.json()).toMatchObject({ code: 'POST_LOCKED' });
    expect((await (await d.as(d.w.teacher)).req('POST', path(p.id), { body: 'Sarado na ang talakayang ito.' })).statusCode).toBe(201);
  });

  it('marks comments of others unread until the post is opened', async () => {
    const p = await d.post(d.w.teacher, { title: 'Bago' });
    await comment(d.w.s2, p.id, 'Mula kay Ana');
    await comment(d.w.s1, p.id, 'Mula kay Jose');
    expect((await page(d.w.s1, p.id)).items.map((c) => c.unread)).toEqual([true, false]);
    await (await d.as(d.w.s1)).req('POST', `/api/discussions/posts/${p.id}/read`);
    expect((await page(d.w.s1, p.id)).items.map((c) => c.unread)).toEqual([false, false]);
  });
});
