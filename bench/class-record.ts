// E-Class Record benchmark (issue 19): the XLSX export of one DepEd learning area and quarter for a
// section of 45 learners × 20 items (10 written works, 9 performance tasks, 1 quarterly
// assessment, every learner scored on every item) through the real app (app.inject, a signed-in
// teacher): GET /api/courses/:id/class-record?quarter=1 — access check, the shared DepEd loader
// (setup, grades, the engine per learner), the header block and learners, the workbook written.
// Also measured: the preview of the same file uploaded back (read, checked, compared).
// Target: the export under 2 s (median) on PostgreSQL.
// Usage: npx tsx bench/class-record.ts [--runs 20] [--warmup 3] [--learners 45] [--items 20]
//        BENCH_DATABASE_URL=postgres://... (or TEST_DATABASE_URL) adds a PostgreSQL run after the
//        PGlite one; --db pglite|postgres runs one only.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { defaultQuarters } from '../packages/core/src/deped/defaults.ts';
import { ROLE } from '../packages/core/src/roles.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { learnerProfiles } from '../apps/api/src/db/schema/deped.ts';
import { gradeGrades } from '../apps/api/src/db/schema/gradebook.ts';
import type { UserRow } from '../apps/api/src/platform/rows.ts';
import { buildClass, enrol } from '../apps/api/src/test/class-factories.ts';
import { buildDepedCourse, setDepedPolicy } from '../apps/api/src/test/deped-factories.ts';
import { buildSchool, buildUser, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { buildGradeItem } from '../apps/api/src/test/gradebook-factories.ts';
import { openBenchDatabase } from './scratch-db.ts';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const dbArg = (() => {
  const i = process.argv.indexOf('--db');
  return i > 0 ? process.argv[i + 1] : undefined;
})();
const RUNS = arg('runs', 20);
const WARMUP = arg('warmup', 3);
const LEARNERS = arg('learners', 45);
const ITEMS = arg('items', 20);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const TARGET_MS = 2000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const FIRST = ['Jose', 'Ana', 'Miguel', 'Isabel', 'Carlo', 'Bea', 'Dino', 'Liza', 'Paolo'];
const LAST = ['Dela Cruz', 'Santos', 'Reyes', 'Bautista', 'Garcia', 'Mendoza', 'Aquino', 'Villanueva', 'Ramos', 'Castillo'];

const buildWorld = async (db: Db) => {
  const school = await buildSchool(db);
  const quarters = defaultQuarters(2025);
  await setDepedPolicy(db, school.id, { quarters });
  const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, firstName: 'Maria', lastName: 'Santos' });
  const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher], name: 'Grade 7 - Sampaguita' });
  const learners: UserRow[] = [];
  for (let i = 0; i < LEARNERS; i++) {
    learners.push(
      await buildUser(db, {
        roleId: ROLE.student,
        schoolId: school.id,
        customerId: school.customerId,
        password: null,
        email: null,
        username: `bench.cr.s${i}`,
        firstName: FIRST[i % FIRST.length]!,
        lastName: `${LAST[i % LAST.length]} ${i}`,
      }),
    );
  }
  await enrol(db, cls.id, learners);
  await db.insert(learnerProfiles).values(learners.map((l, i) => ({ userId: l.id, schoolId: school.id, sex: i % 2 === 0 ? ('male' as const) : ('female' as const) })));
  const s = await buildDepedCourse(db, { schoolId: school.id, classId: cls.id, quarters });
  const q1 = s.periods[0]!.id;
  const ww = Math.ceil((ITEMS - 1) / 2);
  const items: { id: string; max: number }[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const [categoryId, name, max] = i < ww ? [s.ww.id, `Quiz ${i + 1}`, 20] : i < ITEMS - 1 ? [s.pt.id, `Task ${i - ww + 1}`, 50] : [s.qa.id, 'Quarterly exam', 40];
    const item = await buildGradeItem(db, { courseId: s.course.id, categoryId, name, maxGrade: max, gradingPeriodId: q1, position: i });
    items.push({ id: item.id, max });
  }
  const grades = learners.flatMap((l, n) =>
    items.map((it, k) => ({ courseId: s.course.id, itemId: it.id, studentId: l.id, value: Math.round(it.max * (0.5 + ((n * 7 + k * 3) % 50) / 100)), updatedBy: teacher.id })),
  );
  await db.insert(gradeGrades).values(grades);
  await db.execute(sql`analyze`);
  return { teacher, courseId: s.course.id, counts: { learners: LEARNERS, items: ITEMS, grades: grades.length } };
};

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const round = (x: number, d = 1): number => Number(x.toFixed(d));
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { medianMs: round(quantile(sorted, 0.5)), p95Ms: round(quantile(sorted, 0.95)) };
};

const benchOn = async (kind: 'pglite' | 'postgres') => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-class-record-'));
  const { database, drop } = await openBenchDatabase(kind, pgUrl);
  const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir, webDist: path.join(dataDir, 'none') }, { database });
  await app.ready();
  try {
    const world = await buildWorld(database.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'klase' },
      payload: { username: world.teacher.username, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    const headers = {
      cookie: `klase_sid=${login.cookies.find((c) => c.name === 'klase_sid')?.value}`,
      'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken,
    };
    const url = `/api/courses/${world.courseId}/class-record?quarter=1`;
    const exports: number[] = [];
    const previews: number[] = [];
    let bytes = 0;
    for (let r = 0; r < WARMUP + RUNS; r++) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      bytes = res.rawPayload.length;
      const p0 = performance.now();
      const pre = await app.inject({
        method: 'POST',
        url: `/api/courses/${world.courseId}/class-record/preview?quarter=1`,
        headers: { ...headers, 'content-type': XLSX },
        payload: res.rawPayload,
      });
      const pms = performance.now() - p0;
      const body = pre.json<{ changes: unknown[]; errors: unknown[] }>();
      if (pre.statusCode !== 200 || body.changes.length + body.errors.length !== 0) throw new Error(`preview answered ${pre.statusCode}: ${pre.body.slice(0, 300)}`);
      if (r >= WARMUP) {
        exports.push(ms);
        previews.push(pms);
      }
    }
    const e = stats(exports);
    return {
      database: kind,
      data: world.counts,
      runs: RUNS,
      bytes,
      results: [
        { route: 'GET /class-record?quarter=1 (export)', ...e },
        { route: 'POST /class-record/preview (the same file back)', ...stats(previews) },
      ],
      target: `export of ${LEARNERS} learners × ${ITEMS} items under ${TARGET_MS} ms median`,
      met: e.medianMs < TARGET_MS,
    };
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const kinds: ('pglite' | 'postgres')[] = dbArg === 'pglite' || dbArg === 'postgres' ? [dbArg] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.includes('postgres') && !pgUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  const all = [];
  for (const kind of kinds) {
    const r = await benchOn(kind);
    all.push(r);
    console.error(
      [
        `\n${r.database}: ${r.data.learners} learners × ${r.data.items} items (${r.data.grades} grades); file ${r.bytes} bytes; ${r.runs} runs`,
        '| route | median ms | p95 ms |',
        '|---|---|---|',
        ...r.results.map((x) => `| ${x.route} | ${x.medianMs} | ${x.p95Ms} |`),
        `Target: ${r.target} — ${r.met ? 'met' : 'NOT met'}.`,
      ].join('\n'),
    );
  }
  console.log(JSON.stringify(all, null, 2));
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
