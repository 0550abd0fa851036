import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarFeed, CalendarOccurrence, CalendarRange } from '@klase/core/calendar/contracts';
import { visitor } from '../../test/agent.ts';
import { buildAssignment, buildSubmission } from '../../test/assessment-factories.ts';
import { useCalendarWorld } from '../../test/calendar-world.ts';
import { escapeText, fold, vtimezone } from './ical.ts';
import { addDays, wallClockOf } from './zone.ts';

/** Due dates on the calendar and the private iCalendar feed (issue 17), read back with ical.js. */

const DAY = 86_400_000;

/** Every occurrence ical.js expands from the feed whose start is on a day in [from, to]. */
const icalOccurrences = (text: string, from: string, to: string): string[] => {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const all = cal.getAllSubcomponents('vevent');
  const starts: string[] = [];
  const keep = (t: ICAL.Time) => {
    const s = t.toString();
    const key = t.isDate ? s.slice(0, 10) : s.slice(0, 16);
    if (key.slice(0, 10) >= from && key.slice(0, 10) <= to) starts.push(`${key} ${eventTitle}`);
  };
  let eventTitle = '';
  for (const master of all.filter((v) => !v.hasProperty('recurrence-id'))) {
    const event = new ICAL.Event(master);
    for (const x of all.filter((v) => v.hasProperty('recurrence-id') && v.getFirstPropertyValue('uid') === event.uid)) event.relateException(new ICAL.Event(x));
    if (!event.isRecurring()) {
      eventTitle = event.summary;
      keep(event.startDate);
      continue;
    }
    const it = event.iterator();
    const stop = ICAL.Time.fromDateString(addDays(to, 60));
    for (let next = it.next(); next && next.compare(stop) <= 0; next = it.next()) {
      const d = event.getOccurrenceDetails(next);
      eventTitle = d.item.summary;
      keep(d.startDate);
    }
  }
  return starts.sort();
};

describe('calendar due dates and feed', () => {
  const { ctx, as, create, get } = useCalendarWorld();

  it('students and their parents see due dates (linked, overdue until handed in); teachers do not', async () => {
    const w = ctx.w;
    const now = Date.now();
    const soon = await buildAssignment(ctx.t.db, { schoolId: w.schoolA.id, classId: w.cls.id, name: 'Essay on Rizal', dueAt: new Date(now + 2 * DAY) });
    const late = await buildAssignment(ctx.t.db, { schoolId: w.schoolA.id, classId: w.cls.id, name: 'Poem in Filipino', dueAt: new Date(now - 2 * DAY) });
    const today = wallClockOf(new Date(now), 'Asia/Manila').slice(0, 10);
    const url = `/api/calendar/events?from=${addDays(today, -7)}&to=${addDays(today, 7)}`;
    const due = (items: CalendarOccurrence[]) => items.filter((i) => i.kind === 'due').map((i) => [i.title, i.due?.overdue, i.start]);
    const expected = [
      ['Poem in Filipino', true, wallClockOf(late.material.dueAt ?? new Date(), 'Asia/Manila')],
      ['Essay on Rizal', false, wallClockOf(soon.material.dueAt ?? new Date(), 'Asia/Manila')],
    ];
    const mine = (await get<CalendarRange>(w.s1, url)).items;
    expect(due(mine)).toEqual(expected);
    expect(mine.find((i) => i.id === soon.material.id)?.due?.link).toBe(
      `/classes/${w.cls.id}/courses/${soon.course.id}/element/${soon.element.id}?material=${soon.material.id}`,
    );
    expect(due((await get<CalendarRange>(w.parent, `${url}&childId=${w.s1.id}`)).items)).toEqual(expected);
    expect(due((await get<CalendarRange>(w.teacher, url)).items)).toEqual([]);
    expect(due((await get<CalendarRange>(w.s4, url)).items)).toEqual([]);

    expect((await get<CalendarRange>(w.s1, '/api/calendar/overdue')).items.map((i) => i.title)).toEqual(['Poem in Filipino']);
    expect((await get<CalendarRange>(w.parent, `/api/calendar/overdue?childId=${w.s1.id}`)).items.map((i) => i.title)).toEqual(['Poem in Filipino']);
    expect((await get<CalendarRange>(w.s1, '/api/calendar/upcoming')).items.map((i) => i.title)).toContain('Essay on Rizal');
    await buildSubmission(ctx.t.db, { materialId: late.material.id, studentId: w.s1.id, late: true });
    expect((await get<CalendarRange>(w.s1, '/api/calendar/overdue')).items).toEqual([]);
    expect((await (await as(w.parent)).req('GET', `/api/calendar/overdue?childId=${w.s2.id}`)).statusCode).toBe(404);
  });

  it("the feed is valid iCalendar whose expanded occurrences equal the API's; revoked or unknown answers 404", async () => {
    const w = ctx.w;
    const weekly = await create(w.teacher, {
      type: 'class',
      classId: w.cls.id,
      title: 'Flag ceremony, Monday; assembly',
      date: '2026-06-01',
      repeat: 'weekly',
      count: 6,
    });
    const teacher = await as(w.teacher);
    await teacher.req('PATCH', `/api/calendar/events/${weekly.id}`, {
      event: { title: 'Flag ceremony (moved)', date: '2026-06-10', time: '09:00', type: 'class', classId: w.cls.id },
      scope: 'this',
      occurrence: '2026-06-08T07:30',
    });
    await teacher.req('DELETE', `/api/calendar/events/${weekly.id}?scope=this&occurrence=2026-06-15T07:30`);
    await create(w.teacher, {
      type: 'class',
      classId: w.cls.id,
      title: 'Month-end review',
      date: '2026-05-31',
      repeat: 'monthly',
      until: '2026-08-31',
      time: '23:30',
    });
    await create(w.admin, { type: 'school', title: 'Morning exercise', date: '2026-06-06', repeat: 'weekdays', until: '2026-06-19', time: '06:45' });
    await create(w.admin, { type: 'school', title: 'Araw ng Kalayaan', date: '2026-06-12', allDay: true, time: null, durationMinutes: null });
    await create(w.s1, {
      title: '学习 — Pag-aaral sa aklatan, mahabang pamagat upang matupi ang linya ng iCalendar',
      date: '2026-06-03',
      repeat: 'weekdays',
      until: '2026-06-09',
      time: '16:00',
    });
    const dueAt = new Date(Date.now() + 3 * DAY);
    await buildAssignment(ctx.t.db, { schoolId: w.schoolA.id, classId: w.cls.id, name: 'Science fair entry', dueAt });

    const student = await as(w.s1);
    expect((await student.req('GET', '/api/calendar/feed')).json()).toMatchObject({ url: null, active: false });
    const made = await student.req('POST', '/api/calendar/feed');
    const feed = made.json<CalendarFeed>();
    expect(feed.url).toMatch(/^http.*\/api\/calendar\/ical\/[A-Za-z0-9_-]+\.ics$/);
    const path = new URL(feed.url ?? '').pathname;
    const res = await visitor(ctx.t.app, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const text = res.body;
    expect(text.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Manila');
    expect(text).toContain('EXDATE;TZID=Asia/Manila:20260615T073000');
    expect(text).toContain('RECURRENCE-ID;TZID=Asia/Manila:20260608T073000');
    expect(text).toContain('DTSTART;VALUE=DATE:20260612');
    // Entered on Saturday 6 June, the weekday series starts on Monday 8 June (RFC 5545 counts DTSTART).
    expect(text).toMatch(/DTSTART;TZID=Asia\/Manila:20260608T064500\r\n(.*\r\n)*?SUMMARY:Morning exercise/);
    expect(text).toContain('SUMMARY:Flag ceremony\\, Monday\\; assembly');

    const apiOf = async (from: string, to: string) =>
      (await get<CalendarRange>(w.s1, `/api/calendar/events?from=${from}&to=${to}`)).items.map((i) => `${i.start} ${i.title}`).sort();
    const summer = await apiOf('2026-05-25', '2026-09-06');
    expect(summer).toContain('2026-06-30T23:30 Month-end review');
    expect(summer).toContain('2026-06-10T09:00 Flag ceremony (moved)');
    expect(icalOccurrences(text, '2026-05-25', '2026-09-06')).toEqual(summer);
    const today = wallClockOf(new Date(), 'Asia/Manila').slice(0, 10);
    const week = await apiOf(today, addDays(today, 7));
    expect(week).toContain(`${wallClockOf(dueAt, 'Asia/Manila')} Science fair entry`);
    expect(icalOccurrences(text, today, addDays(today, 7))).toEqual(week);

    expect((await student.req('POST', '/api/calendar/feed')).statusCode).toBe(200);
    expect((await visitor(ctx.t.app, 'GET', path)).statusCode).toBe(404);
    expect((await student.req('DELETE', '/api/calendar/feed')).statusCode).toBe(204);
    expect((await student.req('GET', '/api/calendar/feed')).json()).toMatchObject({ active: false });
    expect((await visitor(ctx.t.app, 'GET', '/api/calendar/ical/not-a-token.ics')).statusCode).toBe(404);
  });

  it('writes RFC 5545 text: escaping and folding at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = fold(`SUMMARY:${'学'.repeat(40)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`SUMMARY:${'学'.repeat(40)}`);
  });

  it('writes a VTIMEZONE from the runtime zone data: fixed offset for Manila, the DST changes elsewhere', () => {
    expect(vtimezone('Asia/Manila', 2026, 2027)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Manila',
      'BEGIN:STANDARD',
      'DTSTART:20260101T080000',
      'TZOFFSETFROM:+0800',
      'TZOFFSETTO:+0800',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
    const ny = vtimezone('America/New_York', 2026, 2026).join('\n');
    expect(ny).toContain('BEGIN:DAYLIGHT\nDTSTART:20260308T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400');
    expect(ny).toContain('BEGIN:STANDARD\nDTSTART:20261101T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500');
  });
});
