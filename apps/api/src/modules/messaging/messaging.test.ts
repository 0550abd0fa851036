import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGE_BODY_MAX, type ConversationDetails, type Message } from '@klase/core/messaging/contracts';
import { translateShared } from '@klase/core/i18n/catalog';
import { schools } from '../../db/schema/tenancy.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../../platform/rows.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildGroup } from '../../test/class-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';

/** Messaging rules, privacy and bad input (issue 16). Real-time, flood, attachments and mail: messaging-live.test.ts. */

describe('messaging: who may message whom', () => {
  const ctx = useClassWorld();
  const agents = new Map<string, Agent>();
  const as = async (u: UserRow): Promise<Agent> => {
    const known = agents.get(u.id);
    if (known) return known;
    const a = await signIn(ctx.t.app, u.username);
    agents.set(u.id, a);
    return a;
  };
  const startDirect = async (from: UserRow, to: UserRow) => (await as(from)).req('POST', '/api/messages/conversations', { kind: 'direct', userId: to.id });
  const sendTo = async (from: UserRow, conversationId: string, body: string, clientId = randomUUID()) =>
    (await as(from)).req('POST', `/api/messages/conversations/${conversationId}/messages`, { clientId, body });

  it('allows each pair the rules name, both ways, and the same pair always gets the same conversation', async () => {
    const w = ctx.w;
    const pairs: [UserRow, UserRow][] = [
      [w.teacher, w.s1],
      [w.teacher, w.parent],
      [w.assistant, w.s2],
      [w.s1, w.s2],
      [w.admin, w.s4],
      [w.admin, w.parent],
      [w.admin, w.otherTeacher],
    ];
    for (const [a, b] of pairs) {
      const first = await startDirect(a, b);
      expect(first.statusCode, `${a.firstName} → ${b.firstName}: ${first.body}`).toBe(201);
      const back = await startDirect(b, a);
      expect(back.statusCode, `${b.firstName} → ${a.firstName}: ${back.body}`).toBe(200);
      expect(back.json<ConversationDetails>().id).toBe(first.json<ConversationDetails>().id);
      const sent = await sendTo(b, first.json<ConversationDetails>().id, 'Magandang umaga po');
      expect(sent.statusCode, sent.body).toBe(201);
    }
  });

  it('refuses pairs the rules do not name with a translated 403, and another school likewise', async () => {
    const w = ctx.w;
    const pairs: [UserRow, UserRow][] = [
      [w.teacher, w.s4],
      [w.otherTeacher, w.s1],
      [w.parent, w.otherTeacher],
      [w.parent, w.s2],
      [w.s1, w.s4],
      [w.s1, w.parent],
      [w.s2, w.parent],
      [w.teacher, w.teacherB],
      [w.s1, w.studentB],
      [w.admin, w.teacherB],
    ];
    for (const [a, b] of pairs) {
      const res = await startDirect(a, b);
      expect(res.statusCode, `${a.firstName} → ${b.firstName}`).toBe(403);
      expect(res.json().code).toBe('MESSAGE_NOT_ALLOWED');
    }
    expect((await startDirect(w.teacher, w.teacherB)).json().message).toBe(translateShared('en-us', 'errors', 'MESSAGE_NOT_ALLOWED'));
    await ctx.t.db.update(users).set({ language: 'ph' }).where(eq(users.id, w.s4.id));
    expect((await startDirect(w.s4, w.teacher)).json().message).toBe(translateShared('ph', 'errors', 'MESSAGE_NOT_ALLOWED'));
    expect((await startDirect(w.teacher, { ...w.teacher, id: randomUUID() })).statusCode).toBe(404);
  });

  it('contacts list exactly the allowed people, grouped, with their context', async () => {
    const w = ctx.w;
    const list = async (u: UserRow) =>
      (await (await as(u)).req('GET', '/api/messages/contacts')).json<{ items: { id: string; group: string; context: string }[] }>().items;
    const teacherContacts = await list(w.teacher);
    expect(new Set(teacherContacts.map((c) => c.id))).toEqual(new Set([w.s1.id, w.s2.id, w.s3.id, w.parent.id, w.admin.id]));
    expect(teacherContacts.find((c) => c.id === w.parent.id)).toMatchObject({ group: 'parents', context: 'Parent of Jose Dela Cruz' });
    expect(teacherContacts.find((c) => c.id === w.s1.id)).toMatchObject({ group: 'students', context: w.cls.name });
    expect(new Set((await list(w.s1)).map((c) => c.id))).toEqual(new Set([w.teacher.id, w.assistant.id, w.s2.id, w.s3.id, w.admin.id]));
    expect(new Set((await list(w.parent)).map((c) => c.id))).toEqual(new Set([w.teacher.id, w.assistant.id, w.admin.id]));
    const filtered = await (await as(w.teacher)).req('GET', '/api/messages/contacts?q=bonifacio');
    expect(filtered.json().items.map((c: { id: string }) => c.id)).toEqual([w.s2.id]);
  });

  it('a school can switch student-to-student messaging off (403 STUDENT_MESSAGING_OFF, no classmates in contacts)', async () => {
    const w = ctx.w;
    const open = await startDirect(w.s2, w.s3);
    expect(open.statusCode).toBe(201);
    await ctx.t.db.update(schools).set({ studentMessaging: false }).where(eq(schools.id, w.schoolA.id));
    try {
      const res = await startDirect(w.s3, w.s2);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('STUDENT_MESSAGING_OFF');
      const sent = await sendTo(w.s2, open.json<ConversationDetails>().id, 'hello');
      expect(sent.json().code).toBe('MESSAGE_NOT_ALLOWED');
      const details = await (await as(w.s2)).req('GET', `/api/messages/conversations/${open.json<ConversationDetails>().id}`);
      expect(details.json<ConversationDetails>().sendBlocked).toBe('notAllowed');
      const contacts = (await (await as(w.s3)).req('GET', '/api/messages/contacts')).json<{ items: { group: string }[] }>().items;
      expect(contacts.some((c) => c.group === 'classmates')).toBe(false);
      expect((await startDirect(w.s3, w.teacher)).statusCode).toBe(201);
    } finally {
      await ctx.t.db.update(schools).set({ studentMessaging: true }).where(eq(schools.id, w.schoolA.id));
    }
  });

  it('blocking stops the one-to-one conversation both ways with a translated 403, and the conversation says why', async () => {
    const w = ctx.w;
    const conv = (await startDirect(w.teacher, w.s3)).json<ConversationDetails>();
    const blocked = await (await as(w.s3)).req('PUT', `/api/messages/contacts/${w.teacher.id}/block`, { on: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, canMessage: false, conversationId: conv.id });
    const byBlocked = await sendTo(w.teacher, conv.id, 'Are you there?');
    expect(byBlocked.statusCode).toBe(403);
    expect(byBlocked.json().code).toBe('MESSAGE_BLOCKED');
    const byBlocker = await sendTo(w.s3, conv.id, 'Hello');
    expect(byBlocker.statusCode).toBe(403);
    expect(byBlocker.json().code).toBe('MESSAGE_YOU_BLOCKED');
    expect((await (await as(w.teacher)).req('GET', `/api/messages/conversations/${conv.id}`)).json()).toMatchObject({
      sendBlocked: 'blockedYou',
      contactBlocked: false,
    });
    expect((await (await as(w.s3)).req('GET', `/api/messages/conversations/${conv.id}`)).json()).toMatchObject({
      sendBlocked: 'youBlocked',
      contactBlocked: true,
    });
    await (await as(w.s3)).req('PUT', `/api/messages/contacts/${w.teacher.id}/block`, { on: false });
    expect((await sendTo(w.teacher, conv.id, 'Welcome back')).statusCode).toBe(201);
  });

  it("another's conversation, its messages and its attachments are 404 for anyone not in it (the school admin too)", async () => {
    const w = ctx.w;
    const conv = (await startDirect(w.teacher, w.s1)).json<ConversationDetails>();
    for (const u of [w.s2, w.admin, w.parent, w.teacherB]) {
      const a = await as(u);
      expect((await a.req('GET', `/api/messages/conversations/${conv.id}`)).statusCode).toBe(404);
      expect((await a.req('GET', `/api/messages/conversations/${conv.id}/messages`)).statusCode).toBe(404);
      expect((await a.req('POST', `/api/messages/conversations/${conv.id}/messages`, { clientId: randomUUID(), body: 'x' })).statusCode).toBe(404);
      expect((await a.req('POST', `/api/messages/conversations/${conv.id}/read`, { messageId: '1' })).statusCode).toBe(404);
    }
    expect((await (await as(w.s1)).req('GET', `/api/messages/conversations/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('bad bodies: over 10,000 characters → 400; HTML and script are stored and answered verbatim as text', async () => {
    const w = ctx.w;
    const conv = (await startDirect(w.teacher, w.s2)).json<ConversationDetails>();
    const long = await sendTo(w.teacher, conv.id, 'a'.repeat(MESSAGE_BODY_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('VALIDATION');
    expect((await sendTo(w.teacher, conv.id, 'a'.repeat(MESSAGE_BODY_MAX))).statusCode).toBe(201);
    expect((await sendTo(w.teacher, conv.id, '   ')).statusCode).toBe(400);
    const html = '<b>Hi</b> <script>alert(1)</script> & <img src=x onerror=alert(2)>';
    const sent = await sendTo(w.teacher, conv.id, html);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Message>().body).toBe(html);
    const page = await (await as(w.s2)).req('GET', `/api/messages/conversations/${conv.id}/messages`);
    expect(page.json<{ items: Message[] }>().items.at(-1)?.body).toBe(html);
    expect((await (await as(w.s2)).req('GET', `/api/messages/conversations/${conv.id}/messages?before=abc`)).statusCode).toBe(400);
  });

  it('a retry with the same client id answers the stored message (200) and stores nothing twice', async () => {
    const w = ctx.w;
    const conv = (await startDirect(w.assistant, w.s3)).json<ConversationDetails>();
    const clientId = randomUUID();
    const first = await sendTo(w.assistant, conv.id, 'Homework is due Friday', clientId);
    const again = await sendTo(w.assistant, conv.id, 'Homework is due Friday', clientId);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<Message>().id).toBe(first.json<Message>().id);
    const items = (await (await as(w.s3)).req('GET', `/api/messages/conversations/${conv.id}/messages`)).json<{ items: Message[] }>().items;
    expect(items.filter((m) => m.clientId === clientId)).toHaveLength(1);
  });

  it('read state: unread counts per conversation and in total, muted conversations leave the badge, read receipts', async () => {
    const w = ctx.w;
    const conv = (await startDirect(w.s3, w.admin)).json<ConversationDetails>();
    const admin = await as(w.admin);
    const before = (await admin.req('GET', '/api/messages/unread-count')).json<{ count: number }>().count;
    await sendTo(w.s3, conv.id, 'one');
    const second = (await sendTo(w.s3, conv.id, 'two')).json<Message>();
    expect((await admin.req('GET', '/api/messages/unread-count')).json().count).toBe(before + 2);
    const unreadList = (await admin.req('GET', '/api/messages/conversations?filter=unread')).json<{ items: { id: string; unread: number }[] }>().items;
    expect(unreadList.find((c) => c.id === conv.id)?.unread).toBe(2);
    await admin.req('PUT', `/api/messages/conversations/${conv.id}/mute`, { on: true });
    expect((await admin.req('GET', '/api/messages/unread-count')).json().count).toBe(before);
    await admin.req('PUT', `/api/messages/conversations/${conv.id}/mute`, { on: false });
    const read = await admin.req('POST', `/api/messages/conversations/${conv.id}/read`, { messageId: second.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().unread).toBe(before);
    const seen = (await (await as(w.s3)).req('GET', `/api/messages/conversations/${conv.id}`)).json<ConversationDetails>();
    expect(seen.readUpTo).toEqual([{ userId: w.admin.id, messageId: second.id }]);
  });

  it('filters: starred, private; search by name', async () => {
    const w = ctx.w;
    const s1 = await as(w.s1);
    const direct = (await startDirect(w.s1, w.teacher)).json<ConversationDetails>();
    await s1.req('PUT', `/api/messages/conversations/${direct.id}/star`, { on: true });
    const starred = (await s1.req('GET', '/api/messages/conversations?filter=starred')).json<{ items: { id: string }[] }>().items;
    expect(starred.map((c) => c.id)).toEqual([direct.id]);
    const byName = (await s1.req('GET', '/api/messages/conversations?q=santos')).json<{ items: { id: string; title: string }[] }>().items;
    expect(byName.map((c) => c.title)).toEqual(['Maria Santos']);
    const priv = (await s1.req('GET', '/api/messages/conversations?filter=private')).json<{ items: { kind: string }[] }>().items;
    expect(priv.every((c) => c.kind === 'direct')).toBe(true);
    expect((await s1.req('GET', '/api/messages/conversations?filter=bogus')).statusCode).toBe(400);
  });

  it('class and group conversations: teachers start them, members follow the class, students of other classes get 404', async () => {
    const w = ctx.w;
    const cls = await (await as(w.teacher)).req('POST', '/api/messages/conversations', { kind: 'class', classId: w.cls.id });
    expect(cls.statusCode, cls.body).toBe(201);
    const conv = cls.json<ConversationDetails>();
    expect(conv).toMatchObject({ kind: 'class', title: w.cls.name, memberCount: 5 });
    expect((await (await as(w.s1)).req('POST', '/api/messages/conversations', { kind: 'class', classId: w.cls.id })).json().code).toBe('MESSAGE_NOT_ALLOWED');
    expect((await (await as(w.s4)).req('POST', '/api/messages/conversations', { kind: 'class', classId: w.cls.id })).statusCode).toBe(404);
    expect((await (await as(w.teacherB)).req('POST', '/api/messages/conversations', { kind: 'class', classId: w.cls.id })).statusCode).toBe(404);
    expect((await sendTo(w.s2, conv.id, 'Good morning class')).statusCode).toBe(201);
    expect((await (await as(w.parent)).req('GET', `/api/messages/conversations/${conv.id}`)).statusCode).toBe(404);
  });

  it('group conversations: a group member or the class teacher starts one; a classmate outside the group gets 403', async () => {
    const w = ctx.w;
    const group = await buildGroup(ctx.t.db, w.cls.id, [w.s1, w.s2], { name: 'Reading Circle' });
    const made = await (await as(w.s1)).req('POST', '/api/messages/conversations', { kind: 'group', groupId: group.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<ConversationDetails>()).toMatchObject({ kind: 'group', title: `Reading Circle · ${w.cls.name}`, memberCount: 4 });
    const again = await (await as(w.teacher)).req('POST', '/api/messages/conversations', { kind: 'group', groupId: group.id });
    expect(again.statusCode).toBe(200);
    const outside = await (await as(w.s3)).req('POST', '/api/messages/conversations', { kind: 'group', groupId: group.id });
    expect(outside.json().code).toBe('MESSAGE_NOT_ALLOWED');
    expect((await (await as(w.s3)).req('GET', `/api/messages/conversations/${made.json<ConversationDetails>().id}`)).statusCode).toBe(404);
    expect((await (await as(w.s1)).req('GET', '/api/messages/conversations?cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('search finds only the caller’s own conversations’ messages and keeps a history', async () => {
    const w = ctx.w;
    const conv = (await startDirect(w.teacher, w.s1)).json<ConversationDetails>();
    await sendTo(w.teacher, conv.id, 'The quiz on photosynthesis is tomorrow');
    const s1 = await as(w.s1);
    const hits = (await s1.req('GET', '/api/messages/search?q=photosynthesis')).json<{ items: { message: Message; conversationTitle: string }[] }>().items;
    expect(hits.map((h) => h.conversationTitle)).toEqual(['Maria Santos']);
    expect((await (await as(w.s2)).req('GET', '/api/messages/search?q=photosynthesis')).json().items).toEqual([]);
    expect((await s1.req('GET', '/api/messages/search?q=x')).statusCode).toBe(400);
    await s1.req('GET', '/api/messages/search?q=quiz');
    expect((await s1.req('GET', '/api/messages/search-history')).json().items).toEqual(['quiz', 'photosynthesis']);
    expect((await s1.req('DELETE', '/api/messages/search-history')).json().items).toEqual([]);
  });

  it('settings default to on and are saved; user details show an allowed person and hide others', async () => {
    const w = ctx.w;
    const s2 = await as(w.s2);
    expect((await s2.req('GET', '/api/messages/settings')).json()).toEqual({ enterToSend: true, emailWhenOffline: true });
    expect((await s2.req('PUT', '/api/messages/settings', { enterToSend: false, emailWhenOffline: false })).json()).toEqual({
      enterToSend: false,
      emailWhenOffline: false,
    });
    expect((await s2.req('PUT', '/api/messages/settings', { enterToSend: 'yes' })).statusCode).toBe(400);
    const details = await s2.req('GET', `/api/messages/users/${w.teacher.id}`);
    expect(details.json()).toMatchObject({ id: w.teacher.id, name: 'Maria Santos', roleName: 'Teacher', canMessage: true, email: w.teacher.email });
    expect((await s2.req('GET', `/api/messages/users/${w.studentB.id}`)).statusCode).toBe(404);
    expect((await s2.req('GET', `/api/messages/users/${w.s4.id}`)).statusCode).toBe(404);
    expect((await s2.req('GET', `/api/messages/users/${w.s3.id}`)).json().email).toBeNull();
  });

  it('a message notifies the unmuted recipients: one unread notification per conversation, linking to it', async () => {
    const w = ctx.w;
    const conv = (await startDirect(w.teacher, w.s2)).json<ConversationDetails>();
    const student = await as(w.s2);
    type Page = { items: { type: string; link: string; params: Record<string, string>; readAt: string | null }[]; unread: number };
    const messageNotes = async () =>
      (await student.req('GET', '/api/notifications?filter=unread')).json<Page>().items.filter((n) => n.link === `/messages/list/${conv.id}`);
    await sendTo(w.teacher, conv.id, 'Una');
    await sendTo(w.teacher, conv.id, 'Ikalawa');
    const notes = await messageNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'message',
      params: { senderName: `${w.teacher.firstName} ${w.teacher.lastName}`, conversationTitle: `${w.teacher.firstName} ${w.teacher.lastName}` },
    });
    // The sender gets none for their own message.
    const teacherNotes = (await (await as(w.teacher)).req('GET', '/api/notifications?filter=unread')).json<Page>().items;
    expect(teacherNotes.filter((n) => n.link === `/messages/list/${conv.id}`)).toHaveLength(0);
    // Read it, mute the conversation: a new message brings no new notification.
    await student.req('POST', '/api/notifications/read-all');
    await student.req('PUT', `/api/messages/conversations/${conv.id}/mute`, { on: true });
    await sendTo(w.teacher, conv.id, 'Ikatlo');
    expect(await messageNotes()).toHaveLength(0);
  });
});
