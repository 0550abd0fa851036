import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnouncementOptions, AnnouncementRow } from '@klase/core/announcements/contracts';
import { announcements } from '../../db/schema/announcements.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { announce, currentOf, rowsBy, titlesOf } from '../../test/announcement-helpers.ts';
import { buildCourse } from '../../test/class-factories.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { uniq } from '../../test/factories.ts';

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

describe('announcements: who announces, who reads', () => {
  const ctx = useClassWorld();
  const a = {} as Record<'teacher' | 'assistant' | 'other' | 'admin' | 'jose' | 'isabel' | 'parent' | 'teacherB' | 'studentB', Agent>;

  beforeAll(async () => {
    const { t, w } = ctx;
    const pairs = [
      ['teacher', w.teacher],
      ['assistant', w.assistant],
      ['other', w.otherTeacher],
      ['admin', w.admin],
      ['jose', w.s1],
      ['isabel', w.s4],
      ['parent', w.parent],
      ['teacherB', w.teacherB],
      ['studentB', w.studentB],
    ] as const;
    for (const [k, u] of pairs) a[k] = await signIn(t.app, u.username);
  });

  it('a class announcement reaches the class (students, the parent with their child, teachers) and nobody else', async () => {
    const { w } = ctx;
    const title = uniq('Field trip ');
    const made = await announce(a.teacher, { title, bodyHtml: '<p>Bring water.</p>', audience: 'class', classId: w.cls.id });
    expect(made).toMatchObject({ audience: 'class', classId: w.cls.id, audienceName: w.cls.name, status: 'current', read: false, canEdit: true });
    expect(made.author).toMatchObject({ id: w.teacher.id, name: 'Maria Santos' });
    expect(await titlesOf(a.jose)).toContain(title);
    expect(await titlesOf(a.parent, `?childId=${w.s1.id}`)).toContain(title);
    expect(await titlesOf(a.assistant)).toContain(title);
    for (const outsider of [a.isabel, a.other, a.admin, a.studentB]) expect(await titlesOf(outsider)).not.toContain(title);
  });

  it('a parent asking for a child that is not theirs gets 404', async () => {
    const res = await a.parent.req('GET', `/api/announcements/current?childId=${ctx.w.s4.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('bad input gets field errors and stores nothing', async () => {
    const { t, w } = ctx;
    const before = (await rowsBy(t.db, w.teacher.id)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ', audience: 'class', classId: w.cls.id }, 'title', 'required'],
      [{ title: 'x', audience: 'class' }, 'classId', 'required'],
      [{ title: 'x', audience: 'course', courseId: null }, 'courseId', 'required'],
      [{ title: 'x', audience: 'everyone' }, 'audience', 'invalidChoice'],
      [{ title: 'x', audience: 'class', classId: w.cls.id, startsAt: inHours(5), endsAt: inHours(4) }, 'endsAt', 'afterOpen'],
      [{ title: 'x', audience: 'class', classId: w.cls.id, endsAt: inHours(-1) }, 'endsAt', 'invalidChoice'],
      [{ title: 'x'.repeat(256), audience: 'class', classId: w.cls.id }, 'title', 'maxLength'],
      [{ title: 'x', audience: 'class', classId: w.cls.id, bodyHtml: 'y'.repeat(20_001) }, 'bodyHtml', 'maxLength'],
      [{ title: '<script>alert(1)</script>', audience: 'class', classId: w.cls.id }, 'title', 'noHtml'],
    ];
    for (const [body, path, key] of cases) {
      const res = await a.teacher.req('POST', '/api/announcements', body);
      expect(res.statusCode, res.body).toBe(400);
      const field = res.json<{ fields: { path: string; key: string }[] }>().fields.find((f) => f.path === path);
      expect(field?.key, `${path} in ${res.body}`).toBe(key);
    }
    expect(await rowsBy(t.db, w.teacher.id)).toHaveLength(before);
  });

  it('a teacher may not announce to the school (403), nor to a class they do not teach or of another school (404)', async () => {
    const { w } = ctx;
    expect((await a.teacher.req('POST', '/api/announcements', { title: 'x', audience: 'school' })).statusCode).toBe(403);
    expect((await a.teacher.req('POST', '/api/announcements', { title: 'x', audience: 'class', classId: w.otherClass.id })).statusCode).toBe(404);
    expect((await a.teacher.req('POST', '/api/announcements', { title: 'x', audience: 'class', classId: w.classB.id })).statusCode).toBe(404);
    expect((await a.admin.req('POST', '/api/announcements', { title: 'x', audience: 'class', classId: w.classB.id })).statusCode).toBe(404);
  });

  it("editing another teacher's is 403, another school's 404; the author and the school admin may", async () => {
    const { w } = ctx;
    const made = await announce(a.teacher, { title: uniq('Quiz moved '), audience: 'class', classId: w.cls.id });
    const form = { title: 'Changed', audience: 'class', classId: w.cls.id };
    expect((await a.other.req('PUT', `/api/announcements/${made.id}`, form)).statusCode).toBe(403);
    expect((await a.other.req('DELETE', `/api/announcements/${made.id}`)).statusCode).toBe(403);
    expect((await a.teacherB.req('PUT', `/api/announcements/${made.id}`, form)).statusCode).toBe(404);
    expect((await a.teacherB.req('DELETE', `/api/announcements/${made.id}`)).statusCode).toBe(404);
    expect((await a.studentB.req('POST', `/api/announcements/${made.id}/read`)).statusCode).toBe(404);
    const edited = await a.teacher.req('PUT', `/api/announcements/${made.id}`, form);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AnnouncementRow>()).toMatchObject({ title: 'Changed', startsAt: made.startsAt });
    expect((await a.admin.req('DELETE', `/api/announcements/${made.id}`)).statusCode).toBe(204);
    expect(await rowsBy(ctx.t.db, w.teacher.id)).not.toContainEqual(expect.objectContaining({ id: made.id }));
  });

  it('a scheduled one is not current yet; an ended one is gone; the manage list filters by status', async () => {
    const { t, w } = ctx;
    const later = await announce(a.teacher, { title: uniq('Later '), audience: 'class', classId: w.cls.id, startsAt: inHours(24) });
    expect(later.status).toBe('scheduled');
    const ended = await announce(a.teacher, { title: uniq('Ended '), audience: 'class', classId: w.cls.id });
    await t.db
      .update(announcements)
      .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(announcements.id, ended.id));
    // An ended one can still be edited with its end as the form shows it (to the minute); a new end in the past is refused.
    const endedAt = Date.now() - HOUR;
    await t.db
      .update(announcements)
      .set({ endsAt: new Date(endedAt) })
      .where(eq(announcements.id, ended.id));
    const shown = new Date(Math.floor(endedAt / 60_000) * 60_000).toISOString();
    const edit = (endsAt: string) =>
      a.teacher.req('PUT', `/api/announcements/${ended.id}`, { title: ended.title, audience: 'class', classId: w.cls.id, endsAt });
    expect((await edit(shown)).statusCode).toBe(200);
    const moved = await edit(new Date(endedAt - HOUR).toISOString());
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ fields: { path: string; key: string }[] }>().fields).toEqual([{ path: 'endsAt', key: 'invalidChoice' }]);
    const titles = await titlesOf(a.jose);
    expect(titles).not.toContain(later.title);
    expect(titles).not.toContain(ended.title);
    const list = async (status: string) =>
      (await a.teacher.req('GET', `/api/announcements?status=${status}`)).json<{ items: AnnouncementRow[] }>().items.map((i) => i.id);
    expect(await list('scheduled')).toContain(later.id);
    expect(await list('ended')).toEqual(expect.arrayContaining([ended.id]));
    expect(await list('ended')).not.toContain(later.id);
    expect(await list('all')).toEqual(expect.arrayContaining([later.id, ended.id]));
    expect((await a.admin.req('GET', '/api/announcements?status=scheduled')).json<{ items: AnnouncementRow[] }>().items.map((i) => i.id)).toContain(later.id);
    expect((await a.other.req('GET', '/api/announcements')).json<{ items: AnnouncementRow[] }>().items.map((i) => i.id)).not.toContain(later.id);
    expect((await a.teacher.req('GET', '/api/announcements?status=soon')).statusCode).toBe(400);
  });

  it('opening one marks it read for that reader only', async () => {
    const { w } = ctx;
    const made = await announce(a.teacher, { title: uniq('Read me '), audience: 'class', classId: w.cls.id });
    const before = await currentOf(a.jose);
    expect((await a.jose.req('POST', `/api/announcements/${made.id}/read`)).statusCode).toBe(204);
    const after = await currentOf(a.jose);
    expect(after.items.find((i) => i.id === made.id)?.read).toBe(true);
    expect(after.unread).toBe(before.unread - 1);
    expect((await currentOf(a.parent, `?childId=${w.s1.id}`)).items.find((i) => i.id === made.id)?.read).toBe(false);
    expect((await a.isabel.req('POST', `/api/announcements/${made.id}/read`)).statusCode).toBe(404);
  });

  it('a school announcement by the admin reaches everyone of the school; a course one only once the course is published', async () => {
    const { t, w } = ctx;
    const school = await announce(a.admin, { title: uniq('No classes Monday '), audience: 'school' });
    expect(school.audienceName).toBe(w.schoolA.name);
    for (const reader of [a.teacher, a.isabel, a.parent, a.other]) expect(await titlesOf(reader)).toContain(school.title);
    expect(await titlesOf(a.studentB)).not.toContain(school.title);
    const { course } = await buildCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, published: false, materials: 0 });
    const draft = await announce(a.teacher, { title: uniq('Course news '), audience: 'course', courseId: course.id });
    expect(draft).toMatchObject({ classId: w.cls.id, courseId: course.id, audienceName: `${course.name} · ${w.cls.name}` });
    expect(await titlesOf(a.jose)).not.toContain(draft.title);
    expect(await titlesOf(a.teacher)).toContain(draft.title);
    const options = (await a.teacher.req('GET', '/api/announcements/options')).json<AnnouncementOptions>();
    expect(options.audiences).toEqual(['class', 'course']);
    expect(options.classes.map((c) => c.id)).toEqual([w.cls.id]);
    expect(options.courses.map((c) => c.id)).toContain(course.id);
    expect((await a.admin.req('GET', '/api/announcements/options')).json<AnnouncementOptions>().audiences).toContain('school');
  });

  it('script payloads are stored inert: markup in the title is refused (above), the body keeps nothing that runs', async () => {
    const { w } = ctx;
    const title = uniq('Paalala ');
    const made = await announce(a.teacher, {
      title,
      bodyHtml: '<p onclick="alert(1)">Hi</p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
      audience: 'class',
      classId: w.cls.id,
    });
    expect(made.title).toBe(title);
    expect(made.bodyHtml).toContain('Hi');
    expect(made.bodyHtml).not.toMatch(/script|onerror|onclick|javascript:/i);
  });
});
