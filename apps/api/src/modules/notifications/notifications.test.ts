import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage, NotificationSettings } from '@klase/core/notifications/contracts';
import { notifications } from '../../db/schema/notifications.ts';
import { outbox } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildAssignment, gradeAs } from '../../test/assessment-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { connectRealtime, listenUrl, type RealtimeClient } from '../../test/realtime-client.ts';
import { notify, type NotifyInput } from './notifications.service.ts';
import { KEEP_DAYS, KEEP_READ_DAYS, notifyDueSoon, pruneOldNotifications, sendDigests } from './notifications.worker.ts';

const HOUR = 3_600_000;

describe('notifications', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let jose: Agent;
  let ana: Agent;
  let parent: Agent;
  let base: string;
  const sockets: RealtimeClient[] = [];

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    jose = await signIn(t.app, w.s1.username);
    ana = await signIn(t.app, w.s2.username);
    parent = await signIn(t.app, w.parent.username);
    base = await listenUrl(t.app);
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  const assignment = (opts: Omit<Parameters<typeof buildAssignment>[1], 'schoolId' | 'classId'> = {}) =>
    buildAssignment(ctx.t.db, { schoolId: ctx.w.schoolA.id, classId: ctx.w.cls.id, ...opts });
  const list = async (agent: Agent, query = ''): Promise<NotificationPage> => {
    const res = await agent.req('GET', `/api/notifications${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NotificationPage>();
  };
  const rowsOf = (userId: string, type: string) =>
    ctx.t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const mailsTo = (email: string) => ctx.t.db.select().from(outbox).where(eq(outbox.toAddress, email));
  const settingsOf = async (agent: Agent) => (await agent.req('GET', '/api/notifications/settings')).json<NotificationSettings>();
  const saveSettings = (agent: Agent, s: NotificationSettings) => agent.req('PUT', '/api/notifications/settings', s);
  /** `notify` in a transaction of its own, for school A, linking to the dashboard unless told. */
  const notifyNow = (input: Omit<NotifyInput, 'schoolId' | 'link'> & Partial<Pick<NotifyInput, 'link'>>) =>
    ctx.t.db.transaction((tx) => notify(tx, ctxOf(ctx.t.app), { schoolId: ctx.w.schoolA.id, link: '/dashboard', ...input }));
  const emailOf = async (id: string) => {
    const [u] = await ctx.t.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return u?.email ?? '';
  };

  it('a returned grade notifies the student (grade) and the parent (childGrade), live and by mail in their language', async () => {
    const { w, t } = ctx;
    await t.db.update(users).set({ language: 'ph' }).where(eq(users.id, w.parent.id));
    const { material, course } = await assignment({ name: 'Sanaysay tungkol sa bayan' });
    const socket = await connectRealtime(base, { cookie: parent.cookie });
    sockets.push(socket);
    const before = (await list(parent)).unread;
    const res = await gradeAs(teacher, material.id, w.s1.id, { grade: 88, returnToStudent: true });
    expect(res.statusCode, res.body).toBe(200);

    const own = (await list(jose)).items.find((n) => n.type === 'grade');
    expect(own).toMatchObject({
      params: { itemName: 'Sanaysay tungkol sa bayan', courseName: course.name, grade: 88 },
      link: `/classes/${w.cls.id}/courses/${course.id}/grade`,
      actor: { id: w.teacher.id, name: 'Maria Santos' },
      readAt: null,
    });
    const page = await list(parent);
    expect(page.unread).toBe(before + 1);
    expect(page.items[0]).toMatchObject({ type: 'childGrade', params: { childName: 'Jose Dela Cruz', itemName: 'Sanaysay tungkol sa bayan', grade: 88 } });
    await socket.until((f) => f.some((x) => x.type === 'notification.new'));
    const event = socket.events().find((x) => x.type === 'notification.new');
    expect(event?.data).toMatchObject({ notification: { id: page.items[0]?.id, type: 'childGrade' }, unread: before + 1 });
    // Nobody else hears of it; the teacher gets nothing.
    expect((await list(ana)).items.filter((n) => n.params.itemName === 'Sanaysay tungkol sa bayan')).toEqual([]);
    expect((await list(teacher)).items.filter((n) => n.type === 'grade' || n.type === 'childGrade')).toEqual([]);

    const [parentMail] = (await mailsTo(await emailOf(w.parent.id))).filter((m) => m.textBody.includes('Sanaysay'));
    expect(parentMail?.subject).toContain('Nakakuha si Jose Dela Cruz ng marka');
    expect(parentMail?.textBody).toContain(`http://klase.test/#/classes/${w.cls.id}/courses/${course.id}/grade`);
    const [studentMail] = (await mailsTo(await emailOf(w.s1.id))).filter((m) => m.textBody.includes('Sanaysay'));
    expect(studentMail?.subject).toContain('Your work "Sanaysay tungkol sa bayan"');

    // A save that changes nothing for the student adds nothing.
    await gradeAs(teacher, material.id, w.s1.id, { grade: 88, returnToStudent: true });
    expect((await list(parent)).unread).toBe(before + 1);
  });

  it('work returned without a grade is submissionReturned; an unreturned grade says nothing', async () => {
    const { w } = ctx;
    const { material } = await assignment();
    await gradeAs(teacher, material.id, w.s2.id, { grade: 50 });
    expect(await rowsOf(w.s2.id, 'grade')).toEqual([]);
    await gradeAs(teacher, material.id, w.s3.id, { grade: null, feedbackHtml: '<p>Please redo part 2.</p>', returnToStudent: true });
    const rows = await rowsOf(w.s3.id, 'submissionReturned');
    expect(rows.map((r) => r.params.materialName)).toEqual([material.name]);
  });

  it('publishing a material notifies the students it is assigned to, once', async () => {
    const { w } = ctx;
    const { material } = await assignment({ published: false, assign: { mode: 'students', ids: [w.s2.id] } });
    expect((await teacher.req('PATCH', `/api/materials/${material.id}/published`, { published: true })).statusCode).toBe(200);
    expect((await rowsOf(w.s2.id, 'materialPublished')).filter((r) => r.params.materialName === material.name)).toHaveLength(1);
    expect((await rowsOf(w.s1.id, 'materialPublished')).filter((r) => r.params.materialName === material.name)).toHaveLength(0);
    await teacher.req('PATCH', `/api/materials/${material.id}/published`, { published: true });
    expect((await rowsOf(w.s2.id, 'materialPublished')).filter((r) => r.params.materialName === material.name)).toHaveLength(1);
  });

  it('a student joining a class notifies the student and the class’s teachers', async () => {
    const { w, t } = ctx;
    const isabel = await signIn(t.app, w.s4.username);
    const res = await isabel.req('POST', '/api/classes/join', { code: w.otherClass.accessCode });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsOf(w.s4.id, 'classJoined')).map((r) => r.params)).toEqual([{ className: w.otherClass.name }]);
    expect((await rowsOf(w.otherTeacher.id, 'classJoined')).map((r) => r.params)).toEqual([{ studentName: 'Isabel Garcia', className: w.otherClass.name }]);
    expect(await rowsOf(w.teacher.id, 'classJoined')).toEqual([]);
  });

  it('dueSoon: unsubmitted work due within 24 hours is told once, even when two workers run', async () => {
    const { w, t } = ctx;
    const { material } = await assignment({ dueAt: new Date(Date.now() + 3 * HOUR) });
    await assignment({ dueAt: new Date(Date.now() + 30 * HOUR) });
    const c = ctxOf(t.app);
    await Promise.all([notifyDueSoon(c, new Date()), notifyDueSoon(c, new Date())]);
    await notifyDueSoon(c, new Date());
    for (const s of [w.s1, w.s2, w.s3]) {
      const due = (await rowsOf(s.id, 'dueSoon')).filter((r) => r.params.materialName === material.name);
      expect(due).toHaveLength(1);
    }
    expect((await rowsOf(w.s1.id, 'dueSoon')).every((r) => r.params.materialName === material.name || r.createdAt < new Date(Date.now() - HOUR))).toBe(true);
  });

  it('marks one read, all read; another user’s notification is 404', async () => {
    const mine = await list(jose);
    const first = mine.items[0];
    if (!first) throw new Error('jose has notifications');
    expect((await ana.req('POST', `/api/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await jose.req('POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read')).statusCode).toBe(404);
    const res = await jose.req('POST', `/api/notifications/${first.id}/read`);
    expect(res.json()).toEqual({ unread: mine.unread - 1 });
    expect((await list(jose, '?filter=unread')).items.map((n) => n.id)).not.toContain(first.id);
    expect((await jose.req('POST', '/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await jose.req('GET', '/api/notifications/unread-count')).json()).toEqual({ count: 0 });
    expect((await list(jose, '?filter=unread')).items).toEqual([]);
    expect((await list(ana)).items.every((n) => n.id !== first.id)).toBe(true);
    expect((await jose.req('GET', '/api/notifications?filter=nope')).statusCode).toBe(400);
    expect((await jose.req('GET', '/api/notifications?cursor=bad')).statusCode).toBe(400);
  });

  it('pages newest first, 30 at a time', async () => {
    const { w, t } = ctx;
    const c = ctxOf(t.app);
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 35; i += 1) {
        await notify(tx, c, {
          userIds: [w.s3.id],
          schoolId: w.schoolA.id,
          type: 'announcement',
          params: { title: `News ${i}`, className: 'X' },
          link: '/dashboard',
          now: new Date(Date.now() + i * 1000),
        });
      }
    });
    const one = await list(await signIn(t.app, w.s3.username));
    expect(one.items).toHaveLength(30);
    expect(one.items[0]?.params.title).toBe('News 34');
    const miguel = await signIn(t.app, w.s3.username);
    const two = await list(miguel, `?cursor=${encodeURIComponent(one.nextCursor ?? '')}`);
    expect(two.items.length).toBeGreaterThanOrEqual(5);
    expect(two.items.map((n) => n.id)).not.toContain(one.items[29]?.id);
  });

  it('settings: in-app off stores nothing, email off sends nothing, message mail stays off, digest only for parents', async () => {
    const { w } = ctx;
    const s = await settingsOf(ana);
    expect(s.types.grade).toEqual({ inApp: true, email: true });
    expect(s.types.materialPublished).toEqual({ inApp: true, email: false });
    expect(s.quietHours).toEqual({ enabled: true, from: '21:00', to: '06:00' });
    expect((await saveSettings(ana, { ...s, digest: 'daily' })).statusCode).toBe(400);
    const saved = await saveSettings(ana, {
      ...s,
      types: { ...s.types, grade: { inApp: false, email: false }, message: { inApp: true, email: true } },
      quietHours: { enabled: false, from: '21:00', to: '06:00' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<NotificationSettings>().types.message).toEqual({ inApp: true, email: false });
    expect((await saveSettings(ana, { ...s, quietHours: { enabled: true, from: '25:00', to: '06:00' } })).statusCode).toBe(400);

    const mailsBefore = (await mailsTo(await emailOf(w.s2.id))).length;
    const { material } = await assignment();
    await gradeAs(teacher, material.id, w.s2.id, { grade: 70, returnToStudent: true });
    expect((await rowsOf(w.s2.id, 'grade')).filter((r) => r.params.itemName === material.name)).toEqual([]);
    expect((await mailsTo(await emailOf(w.s2.id))).length).toBe(mailsBefore);
  });

  it('quiet hours delay the mail to their end (Asia/Manila); a parent’s digest collects and sends once at 18:00', async () => {
    const { w, t } = ctx;
    const c = ctxOf(t.app);
    // 22:30 in Manila (14:30 UTC): the mail waits until 06:00 Manila (22:00 UTC).
    const night = new Date('2026-03-02T14:30:00.000Z');
    await notifyNow({ userIds: [w.s1.id], type: 'announcement', params: { title: 'Quiet test', className: 'X' }, now: night });
    const [quiet] = (await mailsTo(await emailOf(w.s1.id))).filter((m) => m.textBody.includes('Quiet test'));
    expect(quiet?.nextAttemptAt.toISOString()).toBe('2026-03-02T22:00:00.000Z');

    const s = await settingsOf(parent);
    expect((await saveSettings(parent, { ...s, digest: 'daily' })).statusCode).toBe(200);
    const parentEmail = await emailOf(w.parent.id);
    const before = (await mailsTo(parentEmail)).length;
    // 10:00 Manila: collected, no single mail.
    const morning = new Date('2026-03-03T02:00:00.000Z');
    const params = { childName: 'Jose', itemName: 'Digest item', courseName: 'Math', grade: 90 };
    await notifyNow({ userIds: [w.parent.id], type: 'childGrade', params, now: morning });
    expect((await mailsTo(parentEmail)).length).toBe(before);
    // 17:00 Manila: not yet; 18:05: one digest; again: nothing more.
    expect(await sendDigests(c, new Date('2026-03-03T09:00:00.000Z'))).toBe(0);
    expect(await sendDigests(c, new Date('2026-03-03T10:05:00.000Z'))).toBe(1);
    expect(await sendDigests(c, new Date('2026-03-03T10:10:00.000Z'))).toBe(0);
    const digests = (await mailsTo(parentEmail)).filter((m) => m.textBody.includes('Digest item'));
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe('Klase: ang iyong buod');
    const pending = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.parent.id), inArray(notifications.digestState, ['pending'])));
    expect(pending).toEqual([]);
  });

  it('a keyed notification updates the unread one instead of adding another', async () => {
    const { w } = ctx;
    const send = (senderName: string) =>
      notifyNow({ userIds: [w.s2.id], type: 'message', params: { senderName, conversationTitle: 'Math' }, link: '/messages/1', key: 'message:c1' });
    await send('Maria');
    await send('Andres');
    const rows = await rowsOf(w.s2.id, 'message');
    expect(rows.map((r) => r.params.senderName)).toEqual(['Andres']);
    await ana.req('POST', '/api/notifications/read-all');
    await send('Liza');
    expect((await rowsOf(w.s2.id, 'message')).map((r) => r.params.senderName).sort()).toEqual(['Andres', 'Liza']);
    // Another school's user is never notified by this school's change.
    await notifyNow({ userIds: [w.studentB.id], type: 'announcement', params: { title: 'x', className: 'y' } });
    expect(await rowsOf(w.studentB.id, 'announcement')).toEqual([]);
  });

  it('old notifications are pruned: read ones after 180 days, any after a year unless its digest mail still waits', async () => {
    const { t, w } = ctx;
    const day = 24 * HOUR;
    const now = new Date('2027-06-01T00:00:00.000Z');
    const ago = (days: number) => new Date(now.getTime() - days * day);
    const row = (title: string, createdAt: Date, readAt: Date | null, digestState: 'pending' | 'sent' | null = null) => ({
      userId: w.s2.id,
      schoolId: w.schoolA.id,
      type: 'announcement',
      params: { title, className: 'Prune' },
      link: '/dashboard',
      createdAt,
      readAt,
      digestState,
    });
    await t.db
      .insert(notifications)
      .values([
        row('read long ago', ago(KEEP_READ_DAYS + 20), ago(KEEP_READ_DAYS + 1)),
        row('read lately', ago(KEEP_READ_DAYS + 20), ago(KEEP_READ_DAYS - 1)),
        row('unread, over a year', ago(KEEP_DAYS + 1), null),
        row('unread, under a year', ago(KEEP_DAYS - 1), null),
        row('digest waiting', ago(KEEP_DAYS + 1), null, 'pending'),
      ]);
    const titles = async () =>
      (await rowsOf(w.s2.id, 'announcement'))
        .map((r) => r.params.title)
        .filter((x) => typeof x === 'string' && x !== 'x')
        .sort();
    expect(await pruneOldNotifications(ctxOf(t.app), now)).toBeGreaterThanOrEqual(2);
    expect(await titles()).toEqual(['digest waiting', 'read lately', 'unread, under a year']);
    // Nothing left to prune: a second pass deletes nothing.
    expect(await pruneOldNotifications(ctxOf(t.app), now)).toBe(0);
  });
});
