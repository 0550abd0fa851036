import { and, count, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { notifications } from '../../db/schema/notifications.ts';
import { outbox } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { announce, titlesOf } from '../../test/announcement-helpers.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildUser, uniq } from '../../test/factories.ts';
import { startDueAnnouncements } from './announcements.service.ts';

const HOUR = 3_600_000;

describe('announcements: notices and mail', () => {
  const ctx = useClassWorld();
  let teacher: Agent;
  let admin: Agent;
  let jose: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    teacher = await signIn(t.app, w.teacher.username);
    admin = await signIn(t.app, w.admin.username);
    jose = await signIn(t.app, w.s1.username);
  });

  const noticesOf = (title: string) =>
    ctx.t.db
      .select({ userId: notifications.userId, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.type, 'announcement'), eq(notifications.params, { title, className: ctx.w.cls.name })));
  const mailsTo = (ids: string[]) =>
    ctx.t.db
      .select({ to: outbox.toAddress, subject: outbox.subject, text: outbox.textBody })
      .from(outbox)
      .innerJoin(users, eq(users.email, outbox.toAddress))
      .where(inArray(users.id, ids));

  it('at once: each reader except the author is notified once, in-app only without email', async () => {
    const { w } = ctx;
    const title = uniq('Bring a pen ');
    await announce(teacher, { title, audience: 'class', classId: w.cls.id });
    const told = (await noticesOf(title)).map((n) => n.userId).sort();
    expect(told).toEqual([w.assistant.id, w.s1.id, w.s2.id, w.s3.id, w.parent.id].sort());
    const mails = await mailsTo([w.s1.id]);
    expect(mails.filter((m) => m.text.includes(title))).toHaveLength(0);
    expect(await startDueAnnouncements(ctxOf(ctx.t.app), new Date())).toBe(0);
    expect(await noticesOf(title)).toHaveLength(told.length);
  });

  it('with email: a mail per reader in their language, through the outbox', async () => {
    const { t, w } = ctx;
    await t.db.update(users).set({ language: 'ph' }).where(eq(users.id, w.parent.id));
    const title = uniq('Pulong ng magulang ');
    await announce(teacher, { title, audience: 'class', classId: w.cls.id, email: true });
    const mails = (await mailsTo([w.s1.id, w.parent.id, w.teacher.id])).filter((m) => m.text.includes(title));
    expect(mails).toHaveLength(2);
    const parentMail = mails.find((m) => m.to === w.parent.email);
    expect(parentMail?.subject).toContain(`Anunsyo sa ${w.cls.name}: ${title}`);
    expect(mails.find((m) => m.to === w.s1.email)?.subject).toContain(`Announcement in ${w.cls.name}: ${title}`);
  });

  it('scheduled: nobody is told before the start; the worker tells them once it has come', async () => {
    const { w } = ctx;
    const title = uniq('Exam week ');
    const start = new Date(Date.now() + 2 * HOUR);
    await announce(teacher, { title, audience: 'class', classId: w.cls.id, startsAt: start.toISOString() });
    expect(await noticesOf(title)).toHaveLength(0);
    expect(await titlesOf(jose)).not.toContain(title);
    const app = ctxOf(ctx.t.app);
    expect(await startDueAnnouncements(app, new Date(start.getTime() - 60_000))).toBe(0);
    expect(await startDueAnnouncements(app, new Date(start.getTime() + 60_000))).toBe(1);
    expect((await noticesOf(title)).map((n) => n.userId)).toContain(w.s1.id);
    expect(await startDueAnnouncements(app, new Date(start.getTime() + 120_000))).toBe(0);
  });

  it('a school of more than one slice (1,000 rows a statement) gets every notification and mail', async () => {
    const { t, w } = ctx;
    const tag = uniq('big');
    const many = await t.db
      .insert(users)
      .values(
        Array.from({ length: 1_200 }, (_, i) => ({
          schoolId: w.schoolA.id,
          customerId: w.schoolA.customerId,
          username: `${tag}-${i}`,
          email: `${tag}-${i}@example.ph`,
          roleId: ROLE.student,
          firstName: 'Juan',
          lastName: `Big ${i}`,
          active: true,
        })),
      )
      .returning({ id: users.id });
    const title = uniq('Enrollment week ');
    const res = await admin.req('POST', '/api/announcements', { title, audience: 'school', email: true });
    expect(res.statusCode, res.body).toBe(201);
    const ids = many.map((u) => u.id);
    const [notified] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), eq(notifications.type, 'announcement'), eq(notifications.params, { title, className: w.schoolA.name })));
    expect(notified?.n).toBe(ids.length);
    const [mailed] = await t.db
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.toAddress, `${tag}-%`));
    expect(mailed?.n).toBe(ids.length);
  });

  it('a school-wide one by the admin reaches every active person of the school, with a mail each, and nobody of another school', async () => {
    const { t, w } = ctx;
    const extra = await Promise.all(
      Array.from({ length: 40 }, (_, i) => buildUser(t.db, { roleId: ROLE.student, schoolId: w.schoolA.id, username: uniq(`bulk${i}`), password: null })),
    );
    const title = uniq('Typhoon: no classes ');
    const res = await admin.req('POST', '/api/announcements', { title, audience: 'school', email: true });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'announcement'), eq(notifications.params, { title, className: w.schoolA.name })));
    const ids = new Set(rows.map((r) => r.userId));
    for (const u of [...extra, w.teacher, w.s4, w.parent]) expect(ids.has(u.id)).toBe(true);
    expect(ids.has(w.admin.id)).toBe(false);
    expect(ids.has(w.studentB.id)).toBe(false);
    expect((await mailsTo(extra.map((u) => u.id))).filter((m) => m.text.includes(title))).toHaveLength(extra.length);
  });
});
