// Reports benchmark (issue 21): one school of 2,000 students in 50 classes of 40, one course per
// class with 20 materials (a fifth of them assignments, some submitted), and 500,000 activity rows
// (daily rollup rows over the last 180 days) plus 50,000 raw heartbeats of the last three days
// (a tenth not rolled up yet), all through the real app (app.inject, a signed-in teacher):
// - GET /api/reports/class (the last 30 days, and a whole year), the material report, the charts;
// - POST /api/activity/heartbeat by 50 signed-in students of different classes (10 beats each,
//   under the flood limit): the flood window, the material access check and the capped insert.
// Targets: class report under 300 ms (median), heartbeat under 2 ms (median), on PostgreSQL.
// Usage: npx tsx bench/reports.ts [--runs 30] [--warmup 3] [--db postgres|pglite]
//        BENCH_DATABASE_URL=postgres://... (or TEST_DATABASE_URL); without it PGlite only.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { ROLE } from '../packages/core/src/roles.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/platform/password-hash.ts';
import { buildClass } from '../apps/api/src/test/class-factories.ts';
import { buildSchool, buildUser, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { numArg, strArg } from './cli-args.ts';
import { benchDatabases, injectSignIn, medianP95, runBenchMain, withBenchApp, type BenchDb } from './inject-kit.ts';

const RUNS = numArg('runs', 30);
const WARMUP = numArg('warmup', 3);
const STUDENTS = 2000;
const PER_CLASS = 40;
const MATERIALS = 20;
const ROLLUP_ROWS = 500_000;
const RAW_ROWS = 50_000;
const BEAT_STUDENTS = 50;
const BEATS_EACH = 10;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const CLASS_TARGET_MS = 300;
const BEAT_TARGET_MS = 2;

const buildWorld = async (db: Db) => {
  const school = await buildSchool(db);
  const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, firstName: 'Maria', lastName: 'Santos' });
  const hash = await hashPassword(TEST_PASSWORD);
  await db.execute(sql`
    insert into users (school_id, customer_id, username, role_id, first_name, last_name, active, activated_at, password_hash, last_access_at)
    select ${school.id}, ${school.customerId}, 'bench.rp.s' || lpad(i::text, 4, '0'), ${ROLE.student},
      (array['Jose','Ana','Miguel','Isabel','Carlo','Bea','Dino','Liza','Paolo'])[1 + i % 9],
      (array['Dela Cruz','Santos','Reyes','Bautista','Garcia','Mendoza','Aquino','Villanueva','Ramos','Castillo'])[1 + i % 10] || ' ' || i,
      true, now(), ${hash}, case when i % 7 = 0 then null else now() - make_interval(hours => i % 400) end
    from generate_series(0, ${STUDENTS - 1}) i`);
  const classIds: string[] = [];
  for (let c = 0; c < STUDENTS / PER_CLASS; c++) {
    const cls = await buildClass(db, { schoolId: school.id, teachers: c === 0 ? [teacher] : [], name: `Grade ${7 + (c % 4)} - Section ${c + 1}` });
    classIds.push(cls.id);
  }
  const idArray = `{${classIds.join(',')}}`;
  await db.execute(sql`
    insert into class_students (class_id, student_id, joined_via)
    select (${idArray}::uuid[])[1 + (row_number() over (order by username) - 1) / ${PER_CLASS}], id, 'teacher'
    from users where school_id = ${school.id} and role_id = ${ROLE.student}`);
  await db.execute(sql`
    with made as (
      insert into courses (school_id, class_id, name, code, published, sequential)
      select ${school.id}, c, 'Science ' || n, 'SCI' || n, true, false from unnest(${idArray}::uuid[]) with ordinality as t(c, n)
      returning id
    ), el as (
      insert into course_elements (course_id, name, position, published) select id, 'Quarter 1', 0, true from made returning id, course_id
    )
    insert into course_materials (course_id, element_id, name, type, position, published, due_at, max_points)
    select el.course_id, el.id, 'Material ' || p, case when p % 5 = 4 then 'assignment' else 'page' end, p, true,
      case when p % 5 = 4 then now() - make_interval(days => 60 - p * 3) end, case when p % 5 = 4 then 10 end
    from el cross join generate_series(0, ${MATERIALS - 1}) p`);
  // Hand-ins: about seven in ten assignments, a few late.
  await db.execute(sql`
    insert into submissions (material_id, student_id, status, submitted_at, late, submit_count)
    select m.id, cs.student_id, 'submitted', m.due_at - interval '1 day' + case when abs(hashtext(cs.student_id::text || m.id::text)) % 10 = 0 then interval '3 days' else interval '0' end,
      abs(hashtext(cs.student_id::text || m.id::text)) % 10 = 0, 1
    from class_students cs join courses c on c.class_id = cs.class_id join course_materials m on m.course_id = c.id
    where c.school_id = ${school.id} and m.type = 'assignment' and abs(hashtext(m.id::text || cs.student_id::text)) % 10 < 7`);
  // 500,000 rollup rows: a deterministic share of every (student, material, day) of the last 180 days.
  const candidates = STUDENTS * MATERIALS * 180;
  const share = Math.ceil((ROLLUP_ROWS / candidates) * 1_010_000);
  await db.execute(sql`
    insert into activity_days (user_id, day, material_id, seconds, beats, last_at)
    select cs.student_id, (current_date - d), m.id, 60 + abs(hashtext(m.id::text || d::text)) % 1200, 10, (current_date - d) + interval '9 hours'
    from class_students cs join courses c on c.class_id = cs.class_id join course_materials m on m.course_id = c.id
      cross join generate_series(0, 179) d
    where c.school_id = ${school.id} and abs(hashtext(cs.student_id::text || m.id::text || d::text)) % 1000000 < ${share}
    limit ${ROLLUP_ROWS}`);
  await db.execute(sql`
    insert into activity_events (user_id, material_id, day, at, seconds, rolled)
    select cs.student_id, m.id, current_date - (g % 3), now() - make_interval(mins => g % 4000), 30, g % 10 <> 0
    from generate_series(0, ${RAW_ROWS - 1}) g
      join lateral (select student_id, class_id from class_students where class_id = (${idArray}::uuid[])[1 + g % ${classIds.length}]
        order by student_id offset (g / ${classIds.length}) % ${PER_CLASS} limit 1) cs on true
      join lateral (select cm.id from course_materials cm join courses c on c.id = cm.course_id where c.class_id = cs.class_id
        order by cm.position offset g % ${MATERIALS} limit 1) m on true`);
  await db.execute(sql`analyze`);
  const counts = await db.execute(sql`select (select count(*) from activity_days)::int as rollup, (select count(*) from activity_events)::int as raw`);
  const beatStudents = (await db.execute(sql`
    select distinct on (cs.class_id) u.username, (select cm.id from course_materials cm join courses c on c.id = cm.course_id where c.class_id = cs.class_id order by cm.position limit 1) as material
    from class_students cs join users u on u.id = cs.student_id order by cs.class_id, u.username`)) as unknown as {
    rows: { username: string; material: string }[];
  };
  const more = (await db.execute(sql`
    select u.username, (select cm.id from course_materials cm join courses c on c.id = cm.course_id where c.class_id = cs.class_id order by cm.position offset 1 limit 1) as material
    from class_students cs join users u on u.id = cs.student_id where cs.class_id = ${classIds[1]} order by u.username offset 1`)) as unknown as {
    rows: { username: string; material: string }[];
  };
  return {
    teacher,
    classId: classIds[0] ?? '',
    beaters: [...beatStudents.rows, ...more.rows].slice(0, BEAT_STUDENTS),
    counts: (counts as unknown as { rows: { rollup: number; raw: number }[] }).rows[0],
  };
};

const timed = async (n: number, run: () => Promise<void>): Promise<number[]> => {
  const out: number[] = [];
  for (let r = 0; r < WARMUP + n; r++) {
    const s = performance.now();
    await run();
    if (r >= WARMUP) out.push(performance.now() - s);
  }
  return out;
};

const benchOn = (kind: BenchDb) =>
  withBenchApp(kind, pgUrl, async (app, database) => {
    const t0 = performance.now();
    const world = await buildWorld(database.db);
    const buildS = Math.round((performance.now() - t0) / 100) / 10;
    const headers = await injectSignIn(app, world.teacher.username);
    const get = (url: string) => async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    };
    const c = world.classId;
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const results = [
      {
        route: 'GET /api/reports/class (last 30 days, 25 a page)',
        ...medianP95(await timed(RUNS, get(`/api/reports/class?classId=${c}&page=1&rowsperpage=25`))),
      },
      {
        route: 'GET /api/reports/class (a year, sorted by time)',
        ...medianP95(await timed(RUNS, get(`/api/reports/class?classId=${c}&from=${yearAgo}&to=${today}&sortBy=totalSeconds&sortOrder=desc`))),
      },
      {
        route: 'GET /api/reports/materials (last 30 days, 25 a page)',
        ...medianP95(await timed(RUNS, get(`/api/reports/materials?classId=${c}&page=1&rowsperpage=25`))),
      },
      { route: 'GET /api/reports/class/charts (last 30 days)', ...medianP95(await timed(RUNS, get(`/api/reports/class/charts?classId=${c}`))) },
      { route: 'GET /api/reports/at-risk', ...medianP95(await timed(RUNS, get(`/api/reports/at-risk?classId=${c}`))) },
    ];
    // Heartbeats: each student signs in and sends one beat first (its last-access write), then BEATS_EACH measured ones.
    const beats: number[] = [];
    for (const s of world.beaters) {
      const h = await injectSignIn(app, s.username);
      const beat = async () => {
        const res = await app.inject({ method: 'POST', url: '/api/activity/heartbeat', headers: h, payload: { materialId: s.material, seconds: 30 } });
        if (res.statusCode !== 204) throw new Error(`heartbeat answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      };
      await beat();
      for (let i = 0; i < BEATS_EACH; i++) {
        const t1 = performance.now();
        await beat();
        beats.push(performance.now() - t1);
      }
    }
    results.push({ route: `POST /api/activity/heartbeat (${beats.length} beats, ${world.beaters.length} students)`, ...medianP95(beats) });
    const classMs = results[0]?.medianMs ?? Infinity;
    const beatMs = results.at(-1)?.medianMs ?? Infinity;
    return {
      database: kind,
      data: { students: STUDENTS, classes: STUDENTS / PER_CLASS, ...world.counts, buildSeconds: buildS },
      runs: RUNS,
      load: os.loadavg().map((x) => Number(x.toFixed(2))),
      results,
      target: `class report < ${CLASS_TARGET_MS} ms and heartbeat < ${BEAT_TARGET_MS} ms (medians)`,
      met: classMs < CLASS_TARGET_MS && beatMs < BEAT_TARGET_MS,
    };
  });

runBenchMain(
  benchDatabases(strArg('db'), pgUrl),
  benchOn,
  (r) =>
    `${r.database}: ${r.data.students} students in ${r.data.classes} classes, ${r.data.rollup} rollup rows, ${r.data.raw} raw beats (built in ${r.data.buildSeconds} s); ${r.runs} runs; load ${r.load.join(' ')}`,
);
