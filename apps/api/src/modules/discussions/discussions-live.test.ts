import { beforeAll, describe, expect, it } from 'vitest';
import { DISCUSSION_EVENTS, type CommentRow, type PostDetails, type PostRow } from '@klase/core/discussions/contracts';
import type { AttachmentRef, PersonRef } from '@klase/core/messaging/contracts';
import type { NotificationPage } from '@klase/core/notifications/contracts';
import type { UserRow } from '../../platform/rows.ts';
import { useDiscussionWorld } from '../../test/discussions-world.ts';
import { fakePng, multipartFile } from '../../test/multipart.ts';
import { connectRealtime, listenUrl, sleep, type Frame, type RealtimeClient } from '../../test/realtime-client.ts';

/** Course discussions live (issue 18): real-time events, mentions, attachments. */

describe('discussions: live events, mentions and attachments', () => {
  const d = useDiscussionWorld();
  let base = '';
  beforeAll(async () => {
    await d.build();
    base = await listenUrl(d.t.app);
  });
  const socketOf = async (u: UserRow): Promise<RealtimeClient> => {
    const s = await connectRealtime(base, { cookie: (await d.as(u)).cookie });
    await s.until((f) => f.some((x) => x.kind === 'hello'));
    return s;
  };
  const ofType = (frames: Frame[], type: string) => frames.filter((f) => f.kind === 'event' && f.type === type).map((f) => f.data);
  const mentions = async (u: UserRow) =>
    (await (await d.as(u)).req('GET', '/api/notifications')).json<NotificationPage>().items.filter((n) => n.type === 'mention');

  it('tells the course’s other readers of new posts, comments and deletions, never the author or outsiders', async () => {
    const s2 = await socketOf(d.w.s2);
    const author = await socketOf(d.w.s1);
    const outsider = await socketOf(d.w.s4);
    const p = await d.post(d.w.s1, { title: 'Live na tanong' });
    await s2.until((f) => ofType(f, DISCUSSION_EVENTS.post).length > 0);
    expect(ofType(s2.frames, DISCUSSION_EVENTS.post)).toEqual([
      { courseId: d.course.id, post: expect.objectContaining({ id: p.id, title: 'Live na tanong' }) },
    ]);
    const c = (await (await d.as(d.w.teacher)).req('POST', `/api/discussions/posts/${p.id}/comments`, { body: 'Magandang tanong!' })).json<CommentRow>();
    await author.until((f) => ofType(f, DISCUSSION_EVENTS.comment).length > 0);
    expect(ofType(author.frames, DISCUSSION_EVENTS.comment)[0]).toEqual({ courseId: d.course.id, postId: p.id, comment: c, commentCount: 1 });
    await (await d.as(d.w.teacher)).req('DELETE', `/api/discussions/comments/${c.id}`);
    await s2.until((f) => ofType(f, DISCUSSION_EVENTS.commentDeleted).length > 0);
    expect(ofType(s2.frames, DISCUSSION_EVENTS.commentDeleted)).toEqual([{ courseId: d.course.id, postId: p.id, commentId: c.id, commentCount: 0 }]);
    await (await d.as(d.w.s1)).req('DELETE', `/api/discussions/posts/${p.id}`);
    await s2.until((f) => ofType(f, DISCUSSION_EVENTS.postDeleted).length > 0);
    await sleep(200);
    expect(ofType(author.frames, DISCUSSION_EVENTS.post)).toEqual([]);
    expect(outsider.frames.filter((f) => f.kind === 'event')).toEqual([]);
    for (const s of [s2, author, outsider]) s.close();
  });

  it('tells students a hidden post is gone, while teachers keep it', async () => {
    const p = await d.post(d.w.s1, { title: 'Itatago nang live' });
    const s2 = await socketOf(d.w.s2);
    const assistant = await socketOf(d.w.assistant);
    const hid = (await (await d.as(d.w.teacher)).req('PUT', `/api/discussions/posts/${p.id}/hide`, { on: true })).json<PostRow>();
    await s2.until((f) => ofType(f, DISCUSSION_EVENTS.postDeleted).length > 0);
    await assistant.until((f) => ofType(f, DISCUSSION_EVENTS.post).length > 0);
    expect(ofType(assistant.frames, DISCUSSION_EVENTS.post)).toEqual([{ courseId: d.course.id, post: hid }]);
    expect(ofType(s2.frames, DISCUSSION_EVENTS.post)).toEqual([]);
    s2.close();
    assistant.close();
  });

  it('notifies mentioned participants who can read the course, not the author nor outsiders', async () => {
    const found = await (await d.as(d.w.s1)).req('GET', `${d.base()}/participants?q=ana`);
    expect(found.json<{ items: PersonRef[] }>().items.map((p) => p.id)).toEqual([d.w.s2.id]);
    const p = await d.post(d.w.s1, {
      title: 'Pangkatang gawain',
      bodyHtml: '<p>@Ana Bonifacio @Isabel Garcia</p>',
      mentionIds: [d.w.s2.id, d.w.s4.id, d.w.s1.id],
    });
    const [n] = await mentions(d.w.s2);
    expect(n).toMatchObject({
      params: { actorName: 'Jose Dela Cruz', postTitle: 'Pangkatang gawain', courseName: 'Araling Panlipunan 7' },
      link: `/classes/${d.w.cls.id}/courses/${d.course.id}/discussions/${p.id}`,
    });
    expect(await mentions(d.w.s4)).toEqual([]);
    expect(await mentions(d.w.s1)).toEqual([]);
    await (await d.as(d.w.s3)).req('POST', `/api/discussions/posts/${p.id}/comments`, { body: '@Maria Santos po', mentionIds: [d.w.teacher.id] });
    expect((await mentions(d.w.teacher)).map((x) => x.params.actorName)).toEqual(['Miguel Villanueva']);
  });

  it('takes attachments judged by content, keeps a script file name as text, and serves them to the post’s readers only', async () => {
    const s1 = await d.as(d.w.s1);
    const exe = multipartFile('file', 'larawan.png', 'image/png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]));
    const refused = await s1.req('POST', `${d.base()}/attachments`, exe.payload, { headers: exe.headers });
    expect(refused.json()).toMatchObject({ code: 'FILE_FORBIDDEN' });
    const png = multipartFile('file', 'img onerror=alert(1).png', 'text/html', fakePng());
    const up = await s1.req('POST', `${d.base()}/attachments`, png.payload, { headers: png.headers });
    expect(up.statusCode, up.body).toBe(201);
    const ref = up.json<AttachmentRef>();
    expect(ref).toMatchObject({ name: 'img onerror=alert(1).png', mime: 'image/png' });
    expect((await (await d.as(d.w.s2)).req('GET', ref.downloadUrl)).statusCode).toBe(404);
    const p = await d.post(d.w.s1, { title: 'May kalakip', attachmentIds: [ref.id] });
    expect(p.attachments).toEqual([ref]);
    expect((await s1.req('POST', d.base(), { title: 'Muli', attachmentIds: [ref.id] })).statusCode).toBe(400);
    const got = await (await d.as(d.w.s2)).req('GET', ref.downloadUrl);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(fakePng())).toBe(true);
    for (const u of [d.w.s4, d.w.teacherB]) expect((await (await d.as(u)).req('GET', ref.downloadUrl)).statusCode).toBe(404);
    const dropped = await s1.req('PUT', `/api/discussions/posts/${p.id}`, { title: 'Wala nang kalakip', attachmentIds: [] });
    expect(dropped.json<PostDetails>().attachments).toEqual([]);
    expect((await s1.req('GET', ref.downloadUrl)).statusCode).toBe(404);
  });
});
