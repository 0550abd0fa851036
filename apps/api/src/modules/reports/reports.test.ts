import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { agentsOf } from '../../test/agent.ts';
import { buildUser } from '../../test/factories.ts';
import { buildReportsWorld, dayOffset, type ReportsWorld } from '../../test/reports-world.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const url = (path: string, params: Record<string, string | number | string[]>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, String(one));
  return `${path}?${p.toString()}`;
};

describe('reports (issue 21)', () => {
  let t: TestApp;
  let w: ReportsWorld;
  const as = agentsOf(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    w = await buildReportsWorld(t.db);
  });
  afterAll(() => t.close());

  it('class report: time in the range, last accesses, submitted, missing; sorted by name; search and other sorts', async () => {
    const teacher = await as(w.teacher);
    await w.setAccess();
    const res = await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id }));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.pagination).toEqual({ page: 1, totalcount: 3 });
    expect(page.data.map((r: { fullName: string }) => r.fullName)).toEqual(['Ana Bonifacio', 'Jose Dela Cruz', 'Miguel Villanueva']);
    const [s2, s1, s3] = page.data;
    expect(s1).toMatchObject({
      studentId: w.s1.id,
      totalSeconds: 900,
      lastMaterialTitle: 'Essay 1',
      lastMaterialAccess: new Date(`${dayOffset(w.today, -1)}T10:00:00+08:00`).toISOString(),
      submitted: 2,
      totalSubmissions: 3,
      missing: 0,
    });
    expect(Date.now() - Date.parse(s1.lastSystemAccess)).toBeGreaterThan(3_500_000);
    expect(s2).toMatchObject({ totalSeconds: 0, lastMaterialAccess: null, lastMaterialTitle: null, submitted: 1, totalSubmissions: 3, missing: 1 });
    expect(s3).toMatchObject({ lastSystemAccess: null, totalSeconds: 0, submitted: 0, totalSubmissions: 3, missing: 2 });

    const wider = (await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id, from: dayOffset(w.today, -45), to: w.today }))).json();
    expect(wider.data.find((r: { studentId: string }) => r.studentId === w.s2.id).totalSeconds).toBe(120);

    const bySeconds = (await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id, sortBy: 'totalSeconds', sortOrder: 'desc' }))).json();
    expect(bySeconds.data[0].studentId).toBe(w.s1.id);
    const byMissing = (await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id, sortBy: 'missing', sortOrder: 'desc' }))).json();
    expect(byMissing.data.map((r: { studentId: string }) => r.studentId)).toEqual([w.s3.id, w.s2.id, w.s1.id]);
    const byAccess = (await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id, sortBy: 'lastSystemAccess', sortOrder: 'desc' }))).json();
    expect(byAccess.data.map((r: { studentId: string }) => r.studentId)).toEqual([w.s1.id, w.s2.id, w.s3.id]);

    const search = (await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id, search: 'villa' }))).json();
    expect(search.data.map((r: { studentId: string }) => r.studentId)).toEqual([w.s3.id]);
    const grouped = (await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id, groupId: w.group.id }))).json();
    expect(grouped.pagination.totalcount).toBe(2);
  });

  it('material report: one row per student and assigned material, status filter, sort, paging', async () => {
    const teacher = await as(w.teacher);
    const all = (await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, page: 1, rowsperpage: 10 }))).json();
    expect(all.pagination).toEqual({ page: 1, totalcount: 12 });
    expect(all.data).toHaveLength(10);
    const second = (await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, page: 2, rowsperpage: 10 }))).json();
    expect(second.data).toHaveLength(2);
    const ids = [...all.data, ...second.data].map((r: { studentId: string; materialId: string }) => `${r.studentId}/${r.materialId}`);
    expect(new Set(ids).size).toBe(12);
    expect(ids.some((id) => id.endsWith(w.hidden.id))).toBe(false);

    const rows = (await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, studentId: w.s1.id }))).json().data;
    const byTitle = Object.fromEntries(rows.map((r: { materialTitle: string }) => [r.materialTitle, r]));
    expect(byTitle['Essay 1']).toMatchObject({
      status: 'submitted',
      submitted: true,
      late: false,
      totalSeconds: 300,
      courseTitle: 'Filipino 7',
      materialType: 'assignment',
    });
    expect(byTitle['Quiz 1']).toMatchObject({ status: 'late', submitted: true, late: true });
    expect(byTitle['Essay 2']).toMatchObject({ status: 'notDue', submitted: false, submittedAt: null });
    expect(byTitle['@Reading log']).toMatchObject({ status: 'none', submitted: null, totalSeconds: 600 });

    const missing = (
      await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, 'filter[key]': 'status', 'filter[values][]': 'missing' }))
    ).json();
    expect(
      missing.data
        .map(
          (r: { studentId: string; materialTitle: string }) => `${r.studentId === w.s2.id ? 's2' : r.studentId === w.s3.id ? 's3' : 's1'} ${r.materialTitle}`,
        )
        .sort(),
    ).toEqual(['s2 Quiz 1', 's3 Essay 1', 's3 Quiz 1']);
    const late = (
      await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, 'filter[key]': 'status', 'filter[values][]': ['late', 'submitted'] }))
    ).json();
    expect(late.pagination.totalcount).toBe(3);
    const bad = await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, 'filter[key]': 'status', 'filter[values][]': 'lost' }));
    expect(bad.statusCode).toBe(400);

    const byTime = (await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, sortBy: 'totalSeconds', sortOrder: 'desc' }))).json();
    expect(byTime.data[0]).toMatchObject({ studentId: w.s1.id, materialId: w.reading.id, totalSeconds: 600 });
    const search = (await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, search: 'quiz' }))).json();
    expect(search.pagination.totalcount).toBe(3);
  });

  it('student report and charts', async () => {
    const teacher = await as(w.teacher);
    await w.setAccess();
    const res = await teacher.req('GET', url(`/api/reports/students/${w.s1.id}`, { classId: w.cls.id }));
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.student).toMatchObject({ id: w.s1.id, fullName: 'Jose Dela Cruz' });
    expect(report.courses).toEqual([
      expect.objectContaining({ courseId: w.course.id, courseTitle: 'Filipino 7', totalSeconds: 900, submitted: 2, totalSubmissions: 3, late: 1, missing: 0 }),
    ]);
    expect(report.daily).toHaveLength(30);
    expect(report.daily.at(-1).date).toBe(w.today);
    expect(report.daily.find((d: { date: string }) => d.date === dayOffset(w.today, -2)).seconds).toBe(600);
    expect(report.daily.reduce((n: number, d: { seconds: number }) => n + d.seconds, 0)).toBe(900);

    const charts = (await teacher.req('GET', url('/api/reports/class/charts', { classId: w.cls.id }))).json();
    expect(charts.completion).toHaveLength(30);
    expect(charts.completion.at(-1)).toEqual({ date: w.today, submitted: 3, total: 9 });
    expect(charts.perMaterial.map((m: { title: string }) => m.title)).toEqual(['Essay 1', 'Quiz 1', 'Essay 2']);
    expect(charts.perMaterial[0]).toMatchObject({ onTime: 1, late: 1, missing: 1, notDue: 0 });
    expect(charts.perMaterial[2]).toMatchObject({ onTime: 0, late: 0, missing: 0, notDue: 3 });
    expect(charts.timePerStudent[0]).toEqual({ studentId: w.s1.id, fullName: 'Jose Dela Cruz', seconds: 900 });
  });

  it('class list and filter options follow who reaches which class', async () => {
    const teacherList = (await (await as(w.teacher)).req('GET', url('/api/reports/classes', { search: '' }))).json();
    expect(teacherList.data.map((c: { id: string }) => c.id)).toEqual([w.cls.id]);
    expect(teacherList.data[0]).toMatchObject({ studentCount: 3, schoolName: w.schoolA.name });
    const adminList = (await (await as(w.admin)).req('GET', url('/api/reports/classes', {}))).json();
    expect(adminList.data.map((c: { id: string }) => c.id).sort()).toEqual([w.cls.id, w.otherClass.id].sort());
    const lsgList = (await (await as(w.lsg)).req('GET', url('/api/reports/classes', { search: 'narra' }))).json();
    expect(lsgList.data.map((c: { id: string }) => c.id)).toEqual([w.otherClass.id]);
    const options = (await (await as(w.assistant)).req('GET', `/api/reports/classes/${w.cls.id}/options`)).json();
    expect(options).toEqual({
      courses: [{ id: w.course.id, title: 'Filipino 7' }],
      groups: [{ id: w.group.id, name: 'Team Mabini' }],
      students: [
        { id: w.s2.id, fullName: 'Ana Bonifacio' },
        { id: w.s1.id, fullName: 'Jose Dela Cruz' },
        { id: w.s3.id, fullName: 'Miguel Villanueva' },
      ],
      timeZone: 'Asia/Manila',
    });
  });

  it('access: another class 404, students and parents 403, lsg reads but may not message, other school 404', async () => {
    const classUrl = url('/api/reports/class', { classId: w.cls.id });
    const status = async (u: { id: string; username: string }, method: 'GET' | 'POST', path: string, body?: unknown) =>
      (await (await as(u)).req(method, path, body)).statusCode;
    expect(await status(w.otherTeacher, 'GET', classUrl)).toBe(404);
    expect(await status(w.teacherB, 'GET', classUrl)).toBe(404);
    expect(await status(w.adminB, 'GET', classUrl)).toBe(404);
    expect(await status(w.lsgOther, 'GET', classUrl)).toBe(404);
    expect(await status(w.s1, 'GET', classUrl)).toBe(403);
    expect(await status(w.parent, 'GET', classUrl)).toBe(403);
    expect(await status(w.s1, 'GET', url('/api/reports/classes', {}))).toBe(403);
    expect(
      await status(w.parent, 'POST', '/api/reports/at-risk/message', { classId: w.cls.id, studentIds: [w.s1.id], includeParents: false, text: 'Hi' }),
    ).toBe(403);
    expect(await status(w.assistant, 'GET', classUrl)).toBe(200);
    expect(await status(w.admin, 'GET', classUrl)).toBe(200);
    expect(await status(w.lsg, 'GET', classUrl)).toBe(200);
    expect(await status(w.lsg, 'GET', url('/api/reports/materials', { classId: w.cls.id }))).toBe(200);
    const lsgMessage = await (
      await as(w.lsg)
    ).req('POST', '/api/reports/at-risk/message', { classId: w.cls.id, studentIds: [w.s3.id], includeParents: true, text: 'Hello' });
    expect(lsgMessage.statusCode).toBe(403);
    expect(lsgMessage.json().code).toBe('FORBIDDEN');
    // Filters naming another class's course, group or student, and a student outside the class.
    expect(await status(w.teacher, 'GET', url('/api/reports/class', { classId: w.cls.id, courseId: w.otherCourse.id }))).toBe(404);
    expect(await status(w.teacher, 'GET', url('/api/reports/materials', { classId: w.cls.id, studentId: w.studentB.id }))).toBe(404);
    expect(await status(w.teacher, 'GET', url(`/api/reports/students/${w.s4.id}`, { classId: w.cls.id }))).toBe(404);
    expect(await status(w.otherTeacher, 'GET', url(`/api/reports/students/${w.s1.id}`, { classId: w.cls.id }))).toBe(404);
    expect(await status(w.otherTeacher, 'GET', `/api/reports/classes/${w.cls.id}/options`)).toBe(404);
    expect(await status(w.teacherB, 'GET', url('/api/reports/class/export', { classId: w.cls.id, format: 'csv' }))).toBe(404);
  });

  it('date ranges: reversed and longer than two years are field errors on `to`', async () => {
    const teacher = await as(w.teacher);
    const reversed = await teacher.req('GET', url('/api/reports/class', { classId: w.cls.id, from: '2026-11-10', to: '2026-11-01' }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual([expect.objectContaining({ path: 'to', key: 'notBeforeStart' })]);
    const long = await teacher.req('GET', url('/api/reports/materials', { classId: w.cls.id, from: '2024-01-01', to: '2026-01-02' }));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([expect.objectContaining({ path: 'to', key: 'dateRangeTooLong' })]);
    const twoYears = await teacher.req('GET', url('/api/reports/class/charts', { classId: w.cls.id, from: '2024-01-01', to: '2025-12-31' }));
    expect(twoYears.statusCode).toBe(200);
    const student = await teacher.req('GET', url(`/api/reports/students/${w.s1.id}`, { classId: w.cls.id, from: '2026-02-30' }));
    expect(student.statusCode).toBe(400);
    expect(student.json().fields).toEqual([expect.objectContaining({ path: 'from', key: 'invalidChoice' })]);
  });

  it('at-risk list and message: inactive or missing work; the message reaches the students and their parents', async () => {
    const teacher = await as(w.teacher);
    await w.setAccess();
    const list = (await teacher.req('GET', url('/api/reports/at-risk', { classId: w.cls.id }))).json();
    expect(list.data.map((r: { studentId: string }) => r.studentId)).toEqual([w.s2.id, w.s3.id]);
    expect(list.data[0]).toMatchObject({ daysInactive: 10, missing: 1, parentCount: 0, reasons: ['inactive'] });
    expect(list.data[1]).toMatchObject({ lastSystemAccess: null, daysInactive: null, missing: 2, parentCount: 1, reasons: ['inactive'] });
    const strict = (await teacher.req('GET', url('/api/reports/at-risk', { classId: w.cls.id, inactiveDays: 30, missing: 1 }))).json();
    expect(strict.data.map((r: { studentId: string; reasons: string[] }) => [r.studentId, r.reasons])).toEqual([
      [w.s2.id, ['missing']],
      [w.s3.id, ['inactive', 'missing']],
    ]);

    const outsider = await teacher.req('POST', '/api/reports/at-risk/message', {
      classId: w.cls.id,
      studentIds: [w.s3.id, w.s4.id],
      includeParents: true,
      text: 'Hi',
    });
    expect(outsider.statusCode).toBe(404);
    const text = 'Kumusta? You have missing work in Filipino 7. Please see me tomorrow.';
    const sent = await teacher.req('POST', '/api/reports/at-risk/message', { classId: w.cls.id, studentIds: [w.s2.id, w.s3.id], includeParents: true, text });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: 3 });
    for (const who of [w.s2, w.s3, w.parent2]) {
      const inbox = (await (await as(who)).req('GET', '/api/messages/conversations')).json();
      expect(
        inbox.items.map((c: { lastMessage: { body: string } | null }) => c.lastMessage?.body),
        who.username,
      ).toContain(text);
    }
    const withoutParents = await teacher.req('POST', '/api/reports/at-risk/message', {
      classId: w.cls.id,
      studentIds: [w.s3.id],
      includeParents: false,
      text: 'Again',
    });
    expect(withoutParents.json()).toEqual({ sent: 1 });
  });

  it('a platform administrator reaches no report route (403)', async () => {
    const admin = await buildUser(t.db, { roleId: ROLE.admin });
    expect((await (await as(admin)).req('GET', url('/api/reports/class', { classId: w.cls.id }))).statusCode).toBe(403);
  });
});
