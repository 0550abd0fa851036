import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_MAX_PER_MINUTE } from '@klase/core/reports/contracts';
import { activityDays, activityEvents } from '../../db/schema/activity.ts';
import { users } from '../../db/schema/users.ts';
import { agentsOf } from '../../test/agent.ts';
import { buildReportsWorld, type ReportsWorld } from '../../test/reports-world.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildUser } from '../../test/factories.ts';
import { enrol } from '../../test/class-factories.ts';
import { ROLE } from '@klase/core/roles';

const HEARTBEAT = '/api/activity/heartbeat';

describe('activity (issue 21): heartbeats, last access, rollup, exports', () => {
  let t: TestApp;
  let w: ReportsWorld;
  const as = agentsOf(() => t.app);
  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000, activityRetentionDays: 30 });
    w = await buildReportsWorld(t.db);
  });
  afterAll(() => t.close());

  const newStudent = async (firstName: string) => {
    const s = await buildUser(t.db, { roleId: ROLE.student, schoolId: w.schoolA.id, firstName, lastName: 'Reyes' });
    await enrol(t.db, w.cls.id, [s]);
    return s;
  };
  const rawOf = (userId: string) => t.db.select().from(activityEvents).where(eq(activityEvents.userId, userId)).orderBy(activityEvents.id);

  it('stores a beat on a material the student can open; caps the seconds by the time since the previous beat', async () => {
    const s = await newStudent('Beatriz');
    const agent = await as(s);
    const first = await agent.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 30 });
    expect(first.statusCode, first.body).toBe(204);
    await t.db.execute(sql`update activity_events set at = now() - interval '10 seconds' where user_id = ${s.id}`);
    expect((await agent.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 60 })).statusCode).toBe(204);
    // Another material has its own previous beat: none yet, so the schema's cap only.
    expect((await agent.req('POST', HEARTBEAT, { materialId: w.essay1.id, seconds: 45 })).statusCode).toBe(204);
    const rows = await rawOf(s.id);
    expect(rows.map((r) => [r.materialId, r.seconds])).toEqual([
      [w.reading.id, 30],
      [w.reading.id, 10],
      [w.essay1.id, 45],
    ]);
    expect(rows[0]?.day).toBe(w.today);
    // The class report counts the beats not yet rolled up.
    const report = (await (await as(w.teacher)).req('GET', `/api/reports/class?classId=${w.cls.id}&search=beatriz`)).json();
    expect(report.data[0]).toMatchObject({ studentId: s.id, totalSeconds: 85 });
    const over = await agent.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 61 });
    expect(over.statusCode).toBe(400);
  });

  it('a material the user cannot open answers 404 and writes nothing', async () => {
    const s = await newStudent('Carmela');
    const agent = await as(s);
    for (const materialId of [w.hidden.id, w.otherCourse.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await agent.req('POST', HEARTBEAT, { materialId, seconds: 20 });
      expect(res.statusCode, materialId).toBe(404);
    }
    const outsider = await as(w.studentB);
    expect((await outsider.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 20 })).statusCode).toBe(404);
    expect(await rawOf(s.id)).toEqual([]);
    expect(await rawOf(w.studentB.id)).toEqual([]);
  });

  it('a flood of beats answers 429 RATE_LIMITED and stores nothing more', async () => {
    const s = await newStudent('Dolores');
    const agent = await as(s);
    for (let i = 0; i < HEARTBEAT_MAX_PER_MINUTE; i++)
      expect((await agent.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 5 })).statusCode).toBe(204);
    const flood = await agent.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 5 });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().code).toBe('RATE_LIMITED');
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rawOf(s.id)).toHaveLength(HEARTBEAT_MAX_PER_MINUTE);
  });

  it('last access: written on a signed-in request, then not again within the interval', async () => {
    const s = await newStudent('Elena');
    const lastOf = async () => (await t.db.select({ at: users.lastAccessAt }).from(users).where(eq(users.id, s.id)))[0]?.at ?? null;
    expect(await lastOf()).toBeNull();
    const agent = await as(s);
    await agent.req('GET', '/api/auth/status');
    const first = await lastOf();
    expect(first).not.toBeNull();
    await t.db
      .update(users)
      .set({ lastAccessAt: sql`now() - interval '100 seconds'` })
      .where(eq(users.id, s.id));
    const held = await lastOf();
    await agent.req('GET', '/api/auth/status');
    expect(await lastOf()).toEqual(held);
    await t.db
      .update(users)
      .set({ lastAccessAt: sql`now() - interval '301 seconds'` })
      .where(eq(users.id, s.id));
    await agent.req('GET', '/api/auth/status');
    const moved = await lastOf();
    expect(Date.now() - (moved?.getTime() ?? 0)).toBeLessThan(5_000);
  });

  it('the worker rolls raw beats into days (counted once) and prunes raw rows past the retention', async () => {
    const s = await newStudent('Flora');
    const agent = await as(s);
    expect((await agent.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 40 })).statusCode).toBe(204);
    expect((await agent.req('POST', HEARTBEAT, { materialId: w.essay2.id, seconds: 20 })).statusCode).toBe(204);
    // An old beat (past the 30-day retention of this app) not rolled up yet.
    const oldDay = new Date(Date.now() - 40 * 86_400_000);
    await t.db.insert(activityEvents).values({ userId: s.id, materialId: w.reading.id, day: oldDay.toISOString().slice(0, 10), at: oldDay, seconds: 25 });
    const before = (await (await as(w.teacher)).req('GET', `/api/reports/class?classId=${w.cls.id}&search=flora`)).json().data[0].totalSeconds;
    expect(before).toBe(60);
    await t.app.activityWorker.flush();
    const days = await t.db.select().from(activityDays).where(eq(activityDays.userId, s.id)).orderBy(activityDays.day, activityDays.seconds);
    expect(days.map((d) => [d.day, d.materialId, d.seconds, d.beats])).toEqual([
      [oldDay.toISOString().slice(0, 10), w.reading.id, 25, 1],
      [w.today, w.essay2.id, 20, 1],
      [w.today, w.reading.id, 40, 1],
    ]);
    const raw = await rawOf(s.id);
    expect(raw.map((r) => r.seconds).sort()).toEqual([20, 40]);
    expect(raw.every((r) => r.rolled)).toBe(true);
    const after = (await (await as(w.teacher)).req('GET', `/api/reports/class?classId=${w.cls.id}&search=flora`)).json().data[0].totalSeconds;
    expect(after).toBe(60);
    // A later beat on the same day adds to the day's row.
    await t.db.execute(sql`update activity_events set at = now() - interval '15 seconds' where user_id = ${s.id}`);
    expect((await agent.req('POST', HEARTBEAT, { materialId: w.reading.id, seconds: 30 })).statusCode).toBe(204);
    await t.app.activityWorker.flush();
    const [reading] = await t.db
      .select()
      .from(activityDays)
      .where(and(eq(activityDays.userId, s.id), eq(activityDays.materialId, w.reading.id), eq(activityDays.day, w.today)));
    expect(reading).toMatchObject({ seconds: 55, beats: 2 });
  });

  it('exports the class and material reports as CSV (formula guard) and XLSX', async () => {
    const teacher = await as(w.teacher);
    await w.setAccess();
    const csv = await teacher.req('GET', `/api/reports/class/export?classId=${w.cls.id}&format=csv&from=${w.today}&to=${w.today}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="class-report-Grade-7-Sampaguita-[0-9a-f]+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('fullName,lastSystemAccess,lastMaterialAccess,lastMaterialTitle,totalSeconds,submitted,totalSubmissions,missing');
    expect(lines.find((l) => l.startsWith('Miguel Villanueva,'))).toBe('Miguel Villanueva,,,,0,0,3,2');

    const materials = await teacher.req(
      'GET',
      `/api/reports/materials/export?classId=${w.cls.id}&studentId=${w.s1.id}&format=csv&from=${w.today}&to=${w.today}`,
    );
    const mLines = materials.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(mLines).toHaveLength(5);
    expect(mLines.find((l) => l.includes('Reading log'))).toMatch(/^Jose Dela Cruz,Filipino 7,'@Reading log,page,,,0,none,$/);

    const xlsx = await teacher.req(
      'GET',
      `/api/reports/materials/export?classId=${w.cls.id}&format=xlsx&groupId=${w.group.id}&filter[key]=status&filter[values][]=missing&filter[values][]=late`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="material-report-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = (sheet?.getSheetValues() ?? []).filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(['fullName', 'courseTitle', 'materialTitle', 'materialType', 'dueDate', 'lastAccess', 'totalSeconds', 'status', 'submittedAt']);
    expect(values.slice(1).map((r) => `${String(r[0])} ${String(r[2])} ${String(r[7])}`)).toEqual([
      'Ana Bonifacio Essay 1 late',
      'Ana Bonifacio Quiz 1 missing',
      'Jose Dela Cruz Quiz 1 late',
    ]);
  });
});
