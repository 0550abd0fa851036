// Calendar benchmark (issue 17): the month view of a student, through the real HTTP app.
// A student enrolled in 8 classes sees 30 repeating series (class, course, group, school and own
// events: weekly, weekday, daily and monthly, some with edited and deleted occurrences) and 40 due
// dates of assignments in those classes; 40 more classes of the school carry 5 series each so the
// queries must pick the student's out of many. GET /api/calendar/events for a 6-week month grid,
// medians and p95 over the measured runs, against GET /api/auth/status as the baseline.
// Target: the month view under 50 ms median on PostgreSQL.
// Usage: npx tsx bench/calendar.ts [--runs 50] [--warmup 10] [--others 40] [--db postgres|pglite]
//        BENCH_DATABASE_URL=postgres://... (or TEST_DATABASE_URL): PostgreSQL (a scratch database
//        is made and dropped); without one only PGlite runs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { CalendarRange, EventForm } from '../packages/core/src/calendar/contracts.ts';
import { eventForm } from '../packages/core/src/calendar/contracts.ts';
import { ROLE } from '../packages/core/src/roles.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { calendarEventExceptions, calendarEvents } from '../apps/api/src/db/schema/calendar.ts';
import { seriesValues } from '../apps/api/src/modules/calendar/events.service.ts';
import { addDays } from '../apps/api/src/modules/calendar/zone.ts';
import { buildAssignment } from '../apps/api/src/test/assessment-factories.ts';
import { buildClass, buildCourse, buildGroup, enrol } from '../apps/api/src/test/class-factories.ts';
import { buildSchool, buildUser, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { numArg, strArg } from './cli-args.ts';
import { openBenchDatabase } from './scratch-db.ts';

const RUNS = numArg('runs', 50);
const WARMUP = numArg('warmup', 10);
const OTHERS = numArg('others', 40);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const ONLY = strArg('db');
const TARGET_MS = 50;
const MONTH = '2026-06-01';
const REPEATS: Pick<EventForm, 'repeat' | 'count' | 'until'>[] = [
  { repeat: 'weekly', count: 40 },
  { repeat: 'weekdays', until: '2026-12-18' },
  { repeat: 'daily', until: '2026-07-31' },
  { repeat: 'monthly' },
  { repeat: 'weekly', until: '2027-03-31' },
];

type Place = Omit<typeof calendarEvents.$inferInsert, keyof ReturnType<typeof seriesValues>>;

/** A series `n` of the given place, starting in the months before the measured one. */
const series = async (db: Db, n: number, place: Place): Promise<void> => {
  const form = eventForm.parse({
    title: `Series ${n}`,
    date: addDays('2026-03-02', n % 60),
    time: `${String(7 + (n % 9)).padStart(2, '0')}:30`,
    durationMinutes: 50,
    ...place,
    ...REPEATS[n % REPEATS.length],
  });
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...seriesValues(form), ...place })
    .returning();
  if (!row || n % 3 !== 0 || form.repeat !== 'weekly') return;
  // Every third weekly series: one occurrence of the month moved, one deleted.
  const keyIn = (weeks: number) =>
    `${addDays(form.date, 7 * Math.ceil((Date.parse(MONTH) - Date.parse(form.date)) / (7 * 86_400_000)) + 7 * weeks)}T${form.time}`;
  await db.insert(calendarEventExceptions).values([
    {
      eventId: row.id,
      occurrence: keyIn(0),
      deleted: false,
      date: addDays(keyIn(0).slice(0, 10), 1),
      time: '13:00',
      allDay: false,
      durationMinutes: 50,
      title: `Series ${n} (moved)`,
    },
    { eventId: row.id, occurrence: keyIn(1), deleted: true },
  ]);
};

const buildWorld = async (db: Db) => {
  const school = await buildSchool(db);
  const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, password: null, username: 'bench.teacher' });
  const student = await buildUser(db, { roleId: ROLE.student, schoolId: school.id, customerId: school.customerId, username: 'bench.student' });
  let n = 0;
  for (let c = 0; c < 8; c++) {
    const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher], name: `Grade ${7 + (c % 4)} - Section ${c}` });
    await enrol(db, cls.id, [student]);
    const { course } = await buildCourse(db, { schoolId: school.id, classId: cls.id, materials: 0 });
    const group = await buildGroup(db, cls.id, [student]);
    const by = { createdBy: teacher.id, schoolId: school.id };
    await series(db, n++, { ...by, type: 'class', classId: cls.id });
    await series(db, n++, { ...by, type: 'course', classId: cls.id, courseId: course.id });
    await series(db, n++, { ...by, type: 'group', classId: cls.id, groupId: group.id });
    for (let d = 0; d < 5; d++)
      await buildAssignment(db, {
        schoolId: school.id,
        classId: cls.id,
        name: `Work ${c}.${d}`,
        dueAt: new Date(Date.parse(MONTH) + (c * 5 + d) * 17 * 3_600_000),
      });
  }
  for (; n < 27;) await series(db, n++, { schoolId: school.id, type: 'school' });
  for (; n < 30;) await series(db, n++, { schoolId: school.id, type: 'user', ownerId: student.id, createdBy: student.id });
  for (let c = 0; c < OTHERS; c++) {
    const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher], name: `Other ${c}` });
    for (let s = 0; s < 5; s++) await series(db, 100 + c * 5 + s, { schoolId: school.id, type: 'class', classId: cls.id, createdBy: teacher.id });
  }
  await db.execute(sql`analyze`);
  return { student };
};

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const round = (x: number): number => Number(x.toFixed(2));

const benchOn = async (kind: 'pglite' | 'postgres') => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-calendar-'));
  const { database, drop } = await openBenchDatabase(kind, pgUrl);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir, webDist: path.join(dataDir, 'none') };
  const app = await buildApp(config, { database });
  await app.ready();
  try {
    const { student } = await buildWorld(database.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'klase' },
      payload: { username: student.username, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    const headers = {
      cookie: `klase_sid=${login.cookies.find((c) => c.name === 'klase_sid')?.value}`,
      'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken,
    };
    const routes = [
      { key: 'status', label: 'GET /api/auth/status (baseline)', url: '/api/auth/status' },
      { key: 'month', label: 'GET /api/calendar/events (6-week month grid)', url: `/api/calendar/events?from=${addDays(MONTH, -1)}&to=${addDays(MONTH, 40)}` },
      { key: 'upcoming', label: 'GET /api/calendar/upcoming', url: '/api/calendar/upcoming' },
    ];
    const month = (await app.inject({ method: 'GET', url: routes[1]?.url ?? '', headers })).json<CalendarRange>().items;
    const counts = {
      occurrences: month.filter((i) => i.kind === 'event').length,
      due: month.filter((i) => i.kind === 'due').length,
      exceptions: month.filter((i) => i.exception).length,
    };
    if (counts.due !== 40 || counts.exceptions === 0) throw new Error(`unexpected month: ${JSON.stringify(counts)}`);
    const times: Record<string, number[]> = Object.fromEntries(routes.map((r) => [r.key, []]));
    for (let i = 0; i < WARMUP + RUNS; i++) {
      for (const r of routes) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: r.url, headers });
        if (res.statusCode !== 200) throw new Error(`${r.url} answered ${res.statusCode}`);
        if (i >= WARMUP) times[r.key]?.push(performance.now() - s);
      }
    }
    const results = routes.map((r) => {
      const sorted = [...(times[r.key] ?? [])].sort((a, b) => a - b);
      return { route: r.label, medianMs: round(quantile(sorted, 0.5)), p95Ms: round(quantile(sorted, 0.95)) };
    });
    const monthMedian = results[1]?.medianMs ?? NaN;
    return { database: kind, counts, results, met: kind === 'postgres' ? monthMedian < TARGET_MS : undefined, monthMedian };
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const kinds: ('pglite' | 'postgres')[] = ONLY ? [ONLY as 'pglite' | 'postgres'] : pgUrl ? ['postgres', 'pglite'] : ['pglite'];
for (const kind of kinds) {
  const r = await benchOn(kind);
  console.log(
    [
      `\n${r.database}: month view with ${r.counts.occurrences} event occurrences (${r.counts.exceptions} edited) and ${r.counts.due} due dates; ${OTHERS} other classes × 5 series; ${RUNS} runs after ${WARMUP} warm-up`,
      '| route | median ms | p95 ms |',
      '|---|---|---|',
      ...r.results.map((x) => `| ${x.route} | ${x.medianMs} | ${x.p95Ms} |`),
      r.met === undefined ? '' : `Target: month view under ${TARGET_MS} ms median on PostgreSQL — ${r.met ? 'met' : 'NOT met'} (${r.monthMedian} ms).`,
    ].join('\n'),
  );
}
