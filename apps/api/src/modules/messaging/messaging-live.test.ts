import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_EVENTS, MESSAGE_FLOOD_PER_MINUTE, type AttachmentRef, type ConversationDetails, type Message } from '@klase/core/messaging/contracts';
import { conversationMembers } from '../../db/schema/messaging.ts';
import { outbox } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { onlineUsers } from '../../platform/realtime/presence.ts';
import type { UserRow } from '../../platform/rows.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildClassWorld, type ClassWorld } from '../../test/class-factories.ts';
import { fakePng, multipartFile } from '../../test/multipart.ts';
import { connectRealtime, listenUrl, sleep, type Frame } from '../../test/realtime-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendMessageMails } from './mail.worker.ts';

/** Messaging over the real-time channel, the flood limit, attachments and offline mail (issue 16). */

describe('messaging: live delivery, flood, attachments, offline mail', () => {
  let t: TestApp;
  let w: ClassWorld;
  let base: string;
  const agents = new Map<string, Agent>();
  const as = async (u: UserRow): Promise<Agent> => {
    const known = agents.get(u.id);
    if (known) return known;
    const a = await signIn(t.app, u.username);
    agents.set(u.id, a);
    return a;
  };
  const direct = async (from: UserRow, to: UserRow) =>
    (await (await as(from)).req('POST', '/api/messages/conversations', { kind: 'direct', userId: to.id })).json<ConversationDetails>();
  const send = async (from: UserRow, conversationId: string, body: string, extra: { clientId?: string; attachmentIds?: string[] } = {}) =>
    (await as(from)).req('POST', `/api/messages/conversations/${conversationId}/messages`, {
      clientId: extra.clientId ?? randomUUID(),
      body,
      attachmentIds: extra.attachmentIds ?? [],
    });
  const messageEvents = (frames: Frame[]) =>
    frames.filter((f) => f.kind === 'event' && f.type === MESSAGE_EVENTS.new).map((f) => (f.data as { message: Message }).message);

  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    w = await buildClassWorld(t.db);
    base = await listenUrl(t.app);
  });
  afterAll(() => t.close());

  it('a sent message reaches the other member live, once; typing and read state too (delivery time: bench/realtime)', async () => {
    const conv = await direct(w.teacher, w.s1);
    const socket = await connectRealtime(base, { cookie: (await as(w.s1)).cookie });
    await socket.until((f) => f.some((x) => x.kind === 'hello'));
    const sent = (await send(w.teacher, conv.id, 'Kumusta, Jose?')).json<Message>();
    await socket.until((f) => messageEvents(f).some((m) => m.id === sent.id));
    expect(messageEvents(socket.frames)).toEqual([sent]);
    expect((await (await as(w.teacher)).req('POST', `/api/messages/conversations/${conv.id}/typing`)).statusCode).toBe(204);
    await socket.until((f) => f.some((x) => x.type === MESSAGE_EVENTS.typing));
    expect(socket.frames.find((x) => x.type === MESSAGE_EVENTS.typing)?.data).toEqual({ conversationId: conv.id, userId: w.teacher.id, name: 'Maria Santos' });
    const teacherSocket = await connectRealtime(base, { cookie: (await as(w.teacher)).cookie });
    await teacherSocket.until((f) => f.some((x) => x.kind === 'hello'));
    await (await as(w.s1)).req('POST', `/api/messages/conversations/${conv.id}/read`, { messageId: sent.id });
    await teacherSocket.until((f) => f.some((x) => x.type === MESSAGE_EVENTS.read));
    expect(teacherSocket.frames.find((x) => x.type === MESSAGE_EVENTS.read)?.data).toEqual({ conversationId: conv.id, userId: w.s1.id, messageId: sent.id });
    await socket.until((f) => f.some((x) => x.type === MESSAGE_EVENTS.read));
    expect(socket.frames.find((x) => x.type === MESSAGE_EVENTS.read)?.data).toMatchObject({ unread: 0 });
    socket.close();
    teacherSocket.close();
  });

  it('after a dropped connection the client resumes from its last event: nothing lost, nothing twice, and a retried send adds nothing', async () => {
    const conv = await direct(w.teacher, w.s2);
    const first = await connectRealtime(base, { cookie: (await as(w.s2)).cookie });
    await first.until((f) => f.some((x) => x.kind === 'hello'));
    const m1 = (await send(w.teacher, conv.id, 'one')).json<Message>();
    await first.until((f) => messageEvents(f).length === 1);
    const lastId = first.events().at(-1)?.id;
    first.socket.terminate();
    await first.closed;
    const retryId = randomUUID();
    const m2 = (await send(w.teacher, conv.id, 'two', { clientId: retryId })).json<Message>();
    expect((await send(w.teacher, conv.id, 'two', { clientId: retryId })).statusCode).toBe(200);
    const m3 = (await send(w.teacher, conv.id, 'three')).json<Message>();
    const again = await connectRealtime(base, { cookie: (await as(w.s2)).cookie, after: lastId });
    await again.until((f) => messageEvents(f).length >= 2);
    await sleep(150);
    expect(messageEvents(again.frames).map((m) => m.id)).toEqual([m2.id, m3.id]);
    expect(messageEvents(first.frames).map((m) => m.id)).toEqual([m1.id]);
    again.close();
  });

  it(`a flood from one sender is limited (${MESSAGE_FLOOD_PER_MINUTE} a minute, then 429) and the refused message is not stored`, async () => {
    const conv = await direct(w.assistant, w.s3);
    for (let i = 0; i < MESSAGE_FLOOD_PER_MINUTE; i++) expect((await send(w.assistant, conv.id, `message ${i}`)).statusCode).toBe(201);
    const over = await send(w.assistant, conv.id, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    const page = (await (await as(w.s3)).req('GET', `/api/messages/conversations/${conv.id}/messages?limit=100`)).json<{ items: Message[] }>();
    expect(page.items).toHaveLength(MESSAGE_FLOOD_PER_MINUTE);
  });

  it('attachments are judged by content (a program renamed .png is refused), and only members download them', async () => {
    const teacher = await as(w.teacher);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const bad = multipartFile('file', 'photo.png', 'image/png', exe);
    const refused = await teacher.req('POST', '/api/messages/attachments', bad.payload, { headers: bad.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('FILE_FORBIDDEN');
    const good = multipartFile('file', 'notes.txt', 'text/plain', fakePng());
    const up = await teacher.req('POST', '/api/messages/attachments', good.payload, { headers: good.headers });
    expect(up.statusCode, up.body).toBe(201);
    const ref = up.json<AttachmentRef>();
    expect(ref.mime).toBe('image/png');
    expect((await (await as(w.s1)).req('GET', ref.downloadUrl)).statusCode).toBe(404);
    const conv = await direct(w.teacher, w.s1);
    const sent = await send(w.teacher, conv.id, '', { attachmentIds: [ref.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Message>().attachments).toEqual([ref]);
    expect((await send(w.teacher, conv.id, 'again', { attachmentIds: [ref.id] })).statusCode).toBe(400);
    const download = await (await as(w.s1)).req('GET', ref.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(fakePng())).toBe(true);
    expect((await (await as(w.s2)).req('GET', ref.downloadUrl)).statusCode).toBe(404);
    expect((await (await as(w.teacherB)).req('GET', ref.downloadUrl)).statusCode).toBe(404);
    // An attachment never sent is removed after a day; a sent one stays.
    const unsent = (await teacher.req('POST', '/api/messages/attachments', good.payload, { headers: good.headers })).json<AttachmentRef>();
    expect((await teacher.req('GET', unsent.downloadUrl)).statusCode).toBe(200);
    await sendMessageMails(ctxOf(t.app), new Date(Date.now() + 25 * 3_600_000));
    expect((await teacher.req('GET', unsent.downloadUrl)).statusCode).toBe(404);
    expect((await (await as(w.s1)).req('GET', ref.downloadUrl)).statusCode).toBe(200);
  });

  it('offline mail: one per conversation per 15 minutes, in the recipient’s language, none while online or muted', async () => {
    const ctx = ctxOf(t.app);
    const mailsTo = async (u: UserRow) =>
      t.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, u.email ?? ''));
    await t.db.update(users).set({ language: 'ph' }).where(eq(users.id, w.parent.id));
    const conv = await direct(w.admin, w.parent);
    await send(w.admin, conv.id, 'Paalala: pulong ng mga magulang sa Biyernes');
    await sendMessageMails(ctx);
    await send(w.admin, conv.id, 'Ikalawang paalala');
    await sendMessageMails(ctx);
    const mails = await mailsTo(w.parent);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`http://klase.test/#/messages/list/${conv.id}`);
    expect(mails[0]?.textBody).toContain('Paalala: pulong ng mga magulang sa Biyernes');
    expect(mails[0]?.subject).toBe('Mga bagong mensahe sa Klase: Liza Mendoza');
    // After the window the next mail covers only what came after the first.
    await t.db
      .update(conversationMembers)
      .set({ emailedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(conversationMembers.conversationId, conv.id));
    await sendMessageMails(ctx);
    const later = await mailsTo(w.parent);
    expect(later).toHaveLength(2);
    expect(later[1]?.textBody).toContain('Ikalawang paalala');
    expect(later[1]?.textBody).not.toContain('Biyernes');

    // Online (a socket open): no mail.
    const online = await direct(w.admin, w.s4);
    const socket = await connectRealtime(base, { cookie: (await as(w.s4)).cookie });
    await socket.until((f) => f.some((x) => x.kind === 'hello'));
    for (const t0 = Date.now(); (await onlineUsers(t.db, [w.s4.id])).size === 0 && Date.now() - t0 < 10_000;) await sleep(20);
    await send(w.admin, online.id, 'Are you there?');
    await sendMessageMails(ctx);
    expect(await mailsTo(w.s4)).toHaveLength(0);
    socket.close();

    // Muted: no mail.
    const muted = await direct(w.admin, w.otherTeacher);
    await (await as(w.otherTeacher)).req('PUT', `/api/messages/conversations/${muted.id}/mute`, { on: true });
    await send(w.admin, muted.id, 'Staff meeting');
    await sendMessageMails(ctx);
    expect(await mailsTo(w.otherTeacher)).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(inArray(outbox.toAddress, [w.admin.email ?? ''])),
    ).toHaveLength(0);
  });
});
