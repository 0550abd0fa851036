// Class pages benchmark (issue 4): the heaviest reads of a big class, through the real HTTP app.
// One class of 50 students with 5 published courses × 100 materials (500 assigned materials) and
// material_progress rows for each student's random share (0–100 % completed, in course order,
// plus a few opened but not finished); 30 more classes of the same size in the school so the
// indexes have to pick one class out of many. A signed-in teacher (who teaches the big class and
// 5 others) asks each route in turn; medians and p95 over the measured rounds, and each route's
// median as a ratio to GET /api/auth/status (the cheapest signed-in route) in the same run.
// Target: the progress page (50 students × 500 materials, sorted by percent) under 150 ms median
// on PGlite.
// Usage: npx tsx bench/class-progress.ts [--runs 50] [--warmup 10] [--classes 30] [--students 50]
//          [--courses 5] [--materials 100] [--explain (query plans)] [--keep (PostgreSQL: keep the database)]
//        BENCH_DATABASE_URL=postgres://... (or TEST_DATABASE_URL) adds a PostgreSQL run after the
//        PGlite one (a scratch database is made and dropped); --db pglite|postgres runs one only.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { listProgress, progressOfStudent } from '../apps/api/src/modules/class-work/progress.repo.ts';
import { buildClass, buildCourse, enrol, recordProgress } from '../apps/api/src/test/class-factories.ts';
import { buildSchool, buildUser, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import type { UserRow } from '../apps/api/src/platform/rows.ts';
import { ROLE } from '../packages/core/src/roles.ts';
import { openBenchDatabase } from './scratch-db.ts';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const strArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = arg('runs', 50);
const WARMUP = arg('warmup', 10);
const OTHER_CLASSES = arg('classes', 30);
const STUDENTS = arg('students', 50);
const COURSES = arg('courses', 5);
const MATERIALS = arg('materials', 100);
const EXPLAIN = process.argv.includes('--explain');
const KEEP = process.argv.includes('--keep');
const ONLY = strArg('db');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const TARGET_MS = 150;

const FIRST = ['Jose', 'Maria', 'Andres', 'Gabriela', 'Emilio', 'Corazon', 'Lapu', 'Teresa', 'Juan', 'Liza', 'Miguel', 'Isabel'];
const LAST = ['Dela Cruz', 'Santos', 'Reyes', 'Bautista', 'Garcia', 'Mendoza', 'Villanueva', 'Aquino', 'Ramos', 'Torres', 'Navarro'];

/** mulberry32: the same data on every run. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

interface World {
  teacher: UserRow;
  classId: string;
  studentId: string;
  counts: { classes: number; students: number; materials: number; progressRows: number; bigClassProgressRows: number };
}

/** One class: students enrolled, courses with materials, each student's progress. */
const buildBigClass = async (db: Db, schoolId: string, customerId: string, teachers: UserRow[], random: () => number, n: number) => {
  const cls = await buildClass(db, { schoolId, teachers, name: `Grade ${7 + (n % 4)} - Section ${n}` });
  const students: UserRow[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    students.push(
      await buildUser(db, {
        roleId: ROLE.student,
        schoolId,
        customerId,
        password: null,
        email: null,
        username: `bench.c${n}.s${i}`,
        firstName: FIRST[Math.floor(random() * FIRST.length)] ?? 'Juan',
        lastName: LAST[Math.floor(random() * LAST.length)] ?? 'Santos',
      }),
    );
  }
  await enrol(db, cls.id, students);
  const materialIds: string[] = [];
  for (let c = 0; c < COURSES; c++) {
    const { materials } = await buildCourse(db, { schoolId, classId: cls.id, materials: MATERIALS, name: `Course ${c + 1} of class ${n}` });
    materialIds.push(...materials.map((m) => m.id));
  }
  let rows = 0;
  const now = Date.now();
  for (const s of students) {
    // Completed in course order up to a random share; a few more opened but not finished.
    const done = Math.round(random() * materialIds.length);
    const opened = Math.min(materialIds.length - done, Math.floor(random() * 6));
    const at = new Date(now - Math.floor(random() * 30 * 86_400_000));
    await recordProgress(db, s.id, materialIds.slice(0, done), { at, seconds: 30 + Math.floor(random() * 600) });
    await recordProgress(db, s.id, materialIds.slice(done, done + opened), { at, completed: false, seconds: 20 });
    rows += done + opened;
  }
  return { cls, students, rows };
};

const buildWorld = async (db: Db): Promise<World> => {
  const random = rng(20260404);
  const school = await buildSchool(db);
  const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, firstName: 'Maria', lastName: 'Santos' });
  const others: UserRow[] = [];
  for (let i = 0; i < 6; i++) {
    others.push(await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, password: null, username: `bench.t${i}` }));
  }
  const big = await buildBigClass(db, school.id, school.customerId, [teacher], random, 0);
  let progressRows = big.rows;
  for (let n = 1; n <= OTHER_CLASSES; n++) {
    // The teacher teaches 5 of the other classes too (a usual load), as co-teacher.
    const teachers = [others[n % others.length] as UserRow, ...(n <= 5 ? [teacher] : [])];
    progressRows += (await buildBigClass(db, school.id, school.customerId, teachers, random, n)).rows;
  }
  // The median student of the big class by progress, for the student details page.
  const mid = big.students[Math.floor(big.students.length / 2)] as UserRow;
  await db.execute(sql`analyze`);
  return {
    teacher,
    classId: big.cls.id,
    studentId: mid.id,
    counts: {
      classes: OTHER_CLASSES + 1,
      students: (OTHER_CLASSES + 1) * STUDENTS,
      materials: (OTHER_CLASSES + 1) * COURSES * MATERIALS,
      progressRows,
      bigClassProgressRows: big.rows,
    },
  };
};

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const round = (x: number, d = 2): number => Number(x.toFixed(d));

const explain = async (db: Db, label: string, query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = query.toSQL();
  // Inline the parameters for EXPLAIN (uuids, numbers and texts only here).
  const inlined = text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  const res = await db.execute(sql.raw(`explain (analyze, buffers off) ${inlined}`));
  const rows = (Array.isArray(res) ? res : (res as { rows: Record<string, string>[] }).rows) as Record<string, string>[];
  console.error(`\n--- EXPLAIN ANALYZE: ${label}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
};

const benchOn = async (kind: 'pglite' | 'postgres') => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-classes-'));
  const { database, drop } = await openBenchDatabase(kind, pgUrl, { keep: KEEP });
  // Production settings (the session cache on), quiet logs.
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir, webDist: path.join(dataDir, 'none') };
  const app = await buildApp(config, { database });
  await app.ready();
  try {
    const t0 = performance.now();
    const world = await buildWorld(database.db);
    const seedSeconds = round((performance.now() - t0) / 1000, 1);
    console.error(`${kind}: seeded in ${seedSeconds} s`, world.counts);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'klase' },
      payload: { username: world.teacher.username, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    const cookie = login.cookies.find((c) => c.name === 'klase_sid');
    const headers = { cookie: `klase_sid=${cookie?.value}`, 'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken };

    const id = world.classId;
    const routes: { key: string; label: string; url: string }[] = [
      { key: 'status', label: 'GET /api/auth/status (baseline)', url: '/api/auth/status' },
      {
        key: 'progress',
        label: 'GET /api/classes/:id/progress (50 rows, by percent)',
        url: `/api/classes/${id}/progress?sortBy=percent&sortOrder=desc&rowsperpage=50&page=1`,
      },
      { key: 'progressStudent', label: 'GET /api/classes/:id/progress/:studentId (500 materials)', url: `/api/classes/${id}/progress/${world.studentId}` },
      { key: 'materials', label: 'GET /api/classes/:id/materials (50 rows)', url: `/api/classes/${id}/materials?rowsperpage=50&page=1` },
      { key: 'students', label: 'GET /api/classes/:id/students (50 rows)', url: `/api/classes/${id}/students?rowsperpage=50&page=1` },
      { key: 'classes', label: "GET /api/classes (the teacher's list)", url: '/api/classes?rowsperpage=50&page=1' },
    ];

    // Check the answers once (shape and size), then warm up and measure in rounds: every route
    // once per round, so a noisy moment hurts all of them alike.
    const sizes: Record<string, number> = {};
    for (const r of routes) {
      const res = await app.inject({ method: 'GET', url: r.url, headers });
      if (res.statusCode !== 200) throw new Error(`${r.url} answered ${res.statusCode}: ${res.body}`);
      sizes[r.key] = res.body.length;
    }
    const firstProgress = (await app.inject({ method: 'GET', url: routes[1]?.url ?? '', headers })).json<{
      data: { percent: number; assigned: number }[];
      pagination: { totalcount: number };
    }>();
    if (firstProgress.data.length !== Math.min(50, STUDENTS) || firstProgress.data[0]?.assigned !== COURSES * MATERIALS) {
      throw new Error(`unexpected progress page: ${JSON.stringify(firstProgress).slice(0, 300)}`);
    }
    const times: Record<string, number[]> = Object.fromEntries(routes.map((r) => [r.key, []]));
    for (let round_ = 0; round_ < WARMUP + RUNS; round_++) {
      for (const r of routes) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: r.url, headers });
        const ms = performance.now() - s;
        if (res.statusCode !== 200) throw new Error(`${r.url} answered ${res.statusCode}`);
        if (round_ >= WARMUP) times[r.key]?.push(ms);
      }
    }

    if (EXPLAIN) {
      const q = { search: '', sortBy: 'percent', sortOrder: 'desc' as const, page: 1, rowsperpage: 50 };
      await explain(database.db, 'progress page', listProgress(database.db, id, q));
      await explain(database.db, 'student progress', progressOfStudent(database.db, id, world.studentId));
    }

    const stats = (key: string) => {
      const sorted = [...(times[key] ?? [])].sort((a, b) => a - b);
      return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
    };
    const base = stats('status').median;
    const results = routes.map((r) => {
      const s = stats(r.key);
      return { route: r.label, medianMs: round(s.median), p95Ms: round(s.p95), ratioToBaseline: round(s.median / base, 1), bytes: sizes[r.key] };
    });
    const progressMedian = stats('progress').median;
    return {
      database: kind,
      data: {
        ...world.counts,
        bigClass: { students: STUDENTS, courses: COURSES, materials: COURSES * MATERIALS, progressRows: world.counts.bigClassProgressRows },
      },
      seedSeconds,
      runs: RUNS,
      warmup: WARMUP,
      results,
      target: `progress page of ${STUDENTS} students × ${COURSES * MATERIALS} materials under ${TARGET_MS} ms median on PGlite`,
      progressMedianMs: round(progressMedian),
      met: kind === 'pglite' ? progressMedian < TARGET_MS : undefined,
    };
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const table = (r: Awaited<ReturnType<typeof benchOn>>): string =>
  [
    `\n${r.database}: ${r.data.classes} classes, ${r.data.students} students, ${r.data.materials} materials, ${r.data.progressRows} progress rows (big class: ${r.data.bigClass.progressRows}); ${r.runs} runs after ${r.warmup} warm-up`,
    '| route | median ms | p95 ms | ratio to baseline | bytes |',
    '|---|---|---|---|---|',
    ...r.results.map((x) => `| ${x.route} | ${x.medianMs} | ${x.p95Ms} | ${x.ratioToBaseline} | ${x.bytes} |`),
    r.met === undefined ? '' : `Target: ${r.target} — ${r.met ? 'met' : 'NOT met'} (${r.progressMedianMs} ms).`,
  ].join('\n');

const main = async () => {
  const kinds: ('pglite' | 'postgres')[] = ONLY === 'pglite' || ONLY === 'postgres' ? [ONLY] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.includes('postgres') && !pgUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  const all = [];
  for (const kind of kinds) {
    const r = await benchOn(kind);
    all.push(r);
    console.error(table(r));
  }
  console.log(JSON.stringify(all, null, 2));
  if (all.some((r) => r.met === false)) process.exitCode = 1;
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
