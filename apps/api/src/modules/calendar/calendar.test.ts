import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence, CalendarRange, EventDetails, EventForm } from '@klase/core/calendar/contracts';
import { calendarEventExceptions, calendarEvents } from '../../db/schema/calendar.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { Agent } from '../../test/agent.ts';
import { eventFormOf, useCalendarWorld } from '../../test/calendar-world.ts';
import { schoolFormFor } from '../../test/admin-world.ts';
import { buildCourse, buildGroup } from '../../test/class-factories.ts';

/** The calendar API (issue 17): bad input, who creates and sees what, this-only and all-events edits. */

const form = eventFormOf;

describe('calendar API', () => {
  const { ctx, as, create, get } = useCalendarWorld();
  const rows = async () => {
    const [a] = await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(calendarEvents);
    const [b] = await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(calendarEventExceptions);
    return { events: Number(a?.n), exceptions: Number(b?.n) };
  };
  const range = async (u: UserRow, from: string, to: string, childId?: string) =>
    (await get<CalendarRange>(u, `/api/calendar/events?from=${from}&to=${to}${childId ? `&childId=${childId}` : ''}`)).items;
  const titles = (items: CalendarOccurrence[]) => items.filter((i) => i.kind === 'event').map((i) => i.title);

  it('refuses each bad input with a field error (4xx) and writes nothing', async () => {
    const w = ctx.w;
    const teacher = await as(w.teacher);
    const cases: [Agent, EventForm, number, { path: string; key: string }[] | null][] = [
      [teacher, form({ repeat: 'daily', until: '2026-03-01' }), 400, [{ path: 'until', key: 'notBeforeStart' }]],
      [teacher, form({ repeat: 'weekly', count: 0 }), 400, [{ path: 'count', key: 'greaterThanZero' }]],
      [teacher, form({ repeat: 'weekly', count: 501 }), 400, [{ path: 'count', key: 'notGreaterThan' }]],
      [teacher, form({ repeat: 'weekly' }), 400, [{ path: 'count', key: 'required' }]],
      [teacher, form({ repeat: 'daily', count: 3 }), 400, [{ path: 'count', key: 'invalidChoice' }]],
      [teacher, form({ title: 'x'.repeat(256) }), 400, [{ path: 'title', key: 'maxLength' }]],
      [teacher, form({ allDay: true }), 400, [{ path: 'time', key: 'allDayNoTime' }]],
      [teacher, form({ date: '2026-02-30' }), 400, [{ path: 'date', key: 'invalidChoice' }]],
      [teacher, form({ type: 'class', classId: w.otherClass.id }), 400, [{ path: 'classId', key: 'invalidChoice' }]],
      [teacher, form({ type: 'class' }), 400, [{ path: 'classId', key: 'required' }]],
      [teacher, form({ type: 'school' }), 403, null],
      [await as(w.s1), form({ type: 'class', classId: w.cls.id }), 403, null],
      [teacher, form({ type: 'class', classId: w.classB.id }), 404, null],
    ];
    const before = await rows();
    for (const [agent, body, status, fields] of cases) {
      const res = await agent.req('POST', '/api/calendar/events', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().message).toBeTruthy();
      if (fields) expect(res.json().fields.map((f: { path: string; key: string }) => ({ path: f.path, key: f.key }))).toEqual(fields);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses an invalid school time zone with a field error and keeps the stored one', async () => {
    const w = ctx.w;
    const admin = await as(w.admin);
    const school = (await admin.req('GET', `/api/admin/schools/${w.schoolA.id}`)).json();
    expect(school.timeZone).toBe('Asia/Manila');
    const tidy = schoolFormFor(school.customerId, { code: school.code });
    const bad = await admin.req('PUT', `/api/admin/schools/${w.schoolA.id}`, { ...tidy, timeZone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fields).toEqual([{ path: 'timeZone', key: 'timeZone' }]);
    expect((await admin.req('GET', `/api/admin/schools/${w.schoolA.id}`)).json().timeZone).toBe('Asia/Manila');
    const ok = await admin.req('PUT', `/api/admin/schools/${w.schoolA.id}`, { ...tidy, timeZone: 'Asia/Manila' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('students see their class, published course, own group and school events; not other classes, groups or users', async () => {
    const w = ctx.w;
    const { course } = await buildCourse(ctx.t.db, { schoolId: w.schoolA.id, classId: w.cls.id, materials: 0 });
    const { course: hidden } = await buildCourse(ctx.t.db, { schoolId: w.schoolA.id, classId: w.cls.id, materials: 0, published: false });
    const g1 = await buildGroup(ctx.t.db, w.cls.id, [w.s1]);
    const g2 = await buildGroup(ctx.t.db, w.cls.id, [w.s2]);
    const day = { date: '2026-04-06' };
    await create(w.teacher, form({ ...day, type: 'class', classId: w.cls.id, title: 'Class meeting' }));
    await create(w.assistant, form({ ...day, type: 'course', courseId: course.id, title: 'Course quiz review' }));
    await create(w.teacher, form({ ...day, type: 'course', courseId: hidden.id, title: 'Hidden course event' }));
    await create(w.teacher, form({ ...day, type: 'group', groupId: g1.id, title: 'Group 1 practice' }));
    await create(w.teacher, form({ ...day, type: 'group', groupId: g2.id, title: 'Group 2 practice' }));
    await create(w.otherTeacher, form({ ...day, type: 'class', classId: w.otherClass.id, title: 'Other class trip' }));
    await create(w.admin, form({ ...day, type: 'school', title: 'Intramurals', allDay: true, time: null, durationMinutes: null }));
    await create(w.s1, form({ ...day, title: 'Jose studies' }));
    await create(w.s2, form({ ...day, title: 'Ana studies' }));
    await create(w.teacherB, form({ ...day, type: 'class', classId: w.classB.id, title: 'School B class' }));
    const from = '2026-04-06';
    expect(titles(await range(w.s1, from, from)).sort()).toEqual(['Class meeting', 'Course quiz review', 'Group 1 practice', 'Intramurals', 'Jose studies']);
    expect(titles(await range(w.parent, from, from, w.s1.id)).sort()).toEqual(['Class meeting', 'Course quiz review', 'Group 1 practice', 'Intramurals']);
    expect(titles(await range(w.parent, from, from)).sort()).toEqual(['Intramurals']);
    expect(titles(await range(w.teacher, from, from)).sort()).toEqual([
      'Class meeting',
      'Course quiz review',
      'Group 1 practice',
      'Group 2 practice',
      'Hidden course event',
      'Intramurals',
    ]);
    expect(titles(await range(w.admin, from, from))).toEqual(['Intramurals']);
    expect(titles(await range(w.studentB, from, from))).toEqual(['School B class']);
    const parentOther = await (await as(w.parent)).req('GET', `/api/calendar/events?from=${from}&to=${from}&childId=${w.s2.id}`);
    expect(parentOther.statusCode).toBe(404);
  });

  it("another school's or another class's events answer 404; a class event is read-only to its students", async () => {
    const w = ctx.w;
    const other = await create(w.otherTeacher, form({ type: 'class', classId: w.otherClass.id, title: 'Narra outing' }));
    const schoolB = await create(w.teacherB, form({ type: 'class', classId: w.classB.id, title: 'Masipag outing' }));
    const mine = await create(w.teacher, form({ type: 'class', classId: w.cls.id, title: 'Sampaguita outing' }));
    const teacher = await as(w.teacher);
    for (const id of [other.id, schoolB.id]) {
      expect((await teacher.req('GET', `/api/calendar/events/${id}`)).statusCode).toBe(404);
      expect((await teacher.req('PATCH', `/api/calendar/events/${id}`, { event: form() })).statusCode).toBe(404);
      expect((await teacher.req('DELETE', `/api/calendar/events/${id}`)).statusCode).toBe(404);
    }
    const student = await as(w.s1);
    const seen = await student.req('GET', `/api/calendar/events/${mine.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<EventDetails>().canEdit).toBe(false);
    expect((await student.req('DELETE', `/api/calendar/events/${mine.id}`)).statusCode).toBe(403);
    expect((await (await as(w.s4)).req('GET', `/api/calendar/events/${mine.id}`)).statusCode).toBe(404);
    expect((await (await as(w.assistant)).req('GET', `/api/calendar/events/${mine.id}`)).json<EventDetails>().canEdit).toBe(true);
  });

  it('edits and deletes one occurrence or the whole series; "all" edits keep the exceptions', async () => {
    const w = ctx.w;
    const series = await create(w.teacher, form({ type: 'class', classId: w.cls.id, title: 'Homeroom', date: '2026-05-04', repeat: 'weekly', count: 5 }));
    const teacher = await as(w.teacher);
    const url = `/api/calendar/events/${series.id}`;
    const before = await rows();
    const noOccurrence = await teacher.req('PATCH', url, { event: form({ type: 'class', classId: w.cls.id }), scope: 'this' });
    expect(noOccurrence.json().fields).toEqual([{ path: 'occurrence', key: 'required' }]);
    const notOne = await teacher.req('DELETE', `${url}?scope=this&occurrence=2026-05-05T07:30`);
    expect(notOne.json().fields).toEqual([{ path: 'occurrence', key: 'invalidChoice' }]);
    expect(await rows()).toEqual(before);

    const moved = form({ type: 'class', classId: w.cls.id, title: 'Homeroom (moved)', date: '2026-05-13', time: '10:00' });
    expect((await teacher.req('PATCH', url, { event: moved, scope: 'this', occurrence: '2026-05-11T07:30' })).statusCode).toBe(200);
    expect((await teacher.req('DELETE', `${url}?scope=this&occurrence=2026-05-18T07:30`)).statusCode).toBe(204);
    const view = async () => (await range(w.s1, '2026-05-01', '2026-06-30')).filter((i) => i.id === series.id).map((i) => [i.start, i.title, i.exception]);
    expect(await view()).toEqual([
      ['2026-05-04T07:30', 'Homeroom', false],
      ['2026-05-13T10:00', 'Homeroom (moved)', true],
      ['2026-05-25T07:30', 'Homeroom', false],
      ['2026-06-01T07:30', 'Homeroom', false],
    ]);

    const all = form({ type: 'class', classId: w.cls.id, title: 'Homeroom period', date: '2026-05-05', time: '08:00', repeat: 'weekly', count: 5 });
    expect((await teacher.req('PATCH', url, { event: all, scope: 'all' })).statusCode).toBe(200);
    expect(await view()).toEqual([
      ['2026-05-05T08:00', 'Homeroom period', false],
      ['2026-05-13T10:00', 'Homeroom (moved)', true],
      ['2026-05-26T08:00', 'Homeroom period', false],
      ['2026-06-02T08:00', 'Homeroom period', false],
    ]);

    expect((await teacher.req('DELETE', `${url}?scope=all`)).statusCode).toBe(204);
    expect(await view()).toEqual([]);
    expect((await teacher.req('GET', url)).statusCode).toBe(404);
  });

  it('a one-off event ignores the scope; options list what each role may create', async () => {
    const w = ctx.w;
    const one = await create(w.s1, form({ title: 'Library visit' }));
    const student = await as(w.s1);
    const changed = await student.req('PATCH', `/api/calendar/events/${one.id}`, {
      event: form({ title: 'Library visit (new time)', time: '09:00' }),
      scope: 'this',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<EventDetails>().form).toMatchObject({ title: 'Library visit (new time)', time: '09:00' });
    expect((await student.req('GET', '/api/calendar/options')).json()).toMatchObject({ types: ['user'], classes: [], timeZone: 'Asia/Manila' });
    expect((await (await as(w.admin)).req('GET', '/api/calendar/options')).json().types).toEqual(['school', 'user']);
    const teacherOptions = (await (await as(w.teacher)).req('GET', '/api/calendar/options')).json();
    expect(teacherOptions.types).toEqual(['class', 'course', 'group', 'user']);
    expect(teacherOptions.classes.map((c: { id: string }) => c.id)).toEqual([w.cls.id]);
    expect((await student.req('DELETE', `/api/calendar/events/${one.id}?scope=this`)).statusCode).toBe(204);
    expect((await student.req('GET', `/api/calendar/events/${one.id}`)).statusCode).toBe(404);
  });

  it('refuses a reversed or too wide range', async () => {
    const res = await (await as(ctx.w.s1)).req('GET', '/api/calendar/events?from=2026-05-01&to=2026-04-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'to', key: 'notBeforeStart' }]);
    const wide = await (await as(ctx.w.s1)).req('GET', '/api/calendar/events?from=2026-01-01&to=2027-12-31');
    expect(wide.json().fields).toEqual([{ path: 'to', key: 'notGreaterThan' }]);
  });
});
