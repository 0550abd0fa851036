// Grade-book API benchmark (issue 7): the grader grid of 60 students × 400 items through the real
// app (app.inject, a signed-in teacher). The course: a weighted-mean course total over three
// categories (one with drop lowest, one with a subcategory), 4 grading periods by due date and
// final grade from the periods; 300 items are graded materials (assignments and quizzes, every
// student with a submission: most returned, some waiting, some late) and 100 are manual items
// with grades in the gradebook (a few overridden, excused, hidden). Measured: the warm GET
// /gradebook (totals stored, nothing stale: median and p95 over the rounds), the GET right after
// a change (stale: recomputes the course first), one grade entry (PUT, recomputes the student),
// and a student's report.
// Target: warm GET /gradebook under 150 ms median on PostgreSQL.
// Usage: npx tsx bench/gradebook-api.ts [--runs 30] [--warmup 5] [--students 60] [--items 400]
//        BENCH_DATABASE_URL=postgres://... (or TEST_DATABASE_URL) adds a PostgreSQL run after the
//        PGlite one; --db pglite|postgres runs one only; --keep keeps the PostgreSQL database.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { submissions } from '../apps/api/src/db/schema/assessments.ts';
import { courseElements, courseMaterials, courses } from '../apps/api/src/db/schema/courses.ts';
import { gradebookSettings, gradeCategories, gradeGrades, gradeItems, gradingPeriods } from '../apps/api/src/db/schema/gradebook.ts';
import { ensureGradebook } from '../apps/api/src/modules/gradebook/setup-loader.ts';
import { buildClass, enrol } from '../apps/api/src/test/class-factories.ts';
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
const RUNS = arg('runs', 30);
const WARMUP = arg('warmup', 5);
const STUDENTS = arg('students', 60);
const ITEMS = arg('items', 400);
const MATERIAL_ITEMS = Math.round(ITEMS * 0.75);
const ONLY = strArg('db');
const KEEP = process.argv.includes('--keep');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const TARGET_MS = 150;

/** mulberry32: the same data on every run. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const chunks = async <T>(rows: T[], size: number, write: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
};

const DAY = 86_400_000;
const YEAR_START = Date.parse('2026-06-08T00:00:00Z');

const buildWorld = async (db: Db) => {
  const random = rng(20260707);
  const school = await buildSchool(db);
  const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId, firstName: 'Maria', lastName: 'Santos' });
  const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher], name: 'Grade 8 - Narra' });
  const students: UserRow[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    students.push(
      await buildUser(db, {
        roleId: ROLE.student,
        schoolId: school.id,
        customerId: school.customerId,
        password: null,
        email: null,
        username: `bench.gb.s${i}`,
      }),
    );
  }
  await enrol(db, cls.id, students);
  const [course] = await db.insert(courses).values({ schoolId: school.id, classId: cls.id, name: 'Mathematics 8', code: 'MATH8', published: true }).returning();
  if (!course) throw new Error('course');
  const [element] = await db.insert(courseElements).values({ courseId: course.id, name: 'Lessons', position: 0, published: true }).returning();
  if (!element) throw new Error('element');
  const materials = Array.from({ length: MATERIAL_ITEMS }, (_, i) => ({
    courseId: course.id,
    elementId: element.id,
    name: `${i % 3 === 0 ? 'Quiz' : 'Activity'} ${i + 1}`,
    type: (i % 3 === 0 ? 'quiz' : 'assignment') as 'quiz' | 'assignment',
    position: i,
    published: true,
    maxPoints: [10, 20, 50, 100][i % 4],
    dueAt: new Date(YEAR_START + Math.floor((i / MATERIAL_ITEMS) * 300) * DAY),
  }));
  const materialRows: { id: string; maxPoints: number | null }[] = [];
  await chunks(materials, 200, async (part) =>
    materialRows.push(...(await db.insert(courseMaterials).values(part).returning({ id: courseMaterials.id, maxPoints: courseMaterials.maxPoints }))),
  );
  await ensureGradebook(db, course.id);
  const [root] = await db
    .select()
    .from(gradeCategories)
    .where(and(eq(gradeCategories.courseId, course.id), isNull(gradeCategories.parentId)));
  if (!root) throw new Error('root');
  await db.update(gradeCategories).set({ aggregation: 'weightedMean' }).where(eq(gradeCategories.id, root.id));
  const cat = async (values: Partial<typeof gradeCategories.$inferInsert> & { name: string; parentId: string }) => {
    const [row] = await db
      .insert(gradeCategories)
      .values({ courseId: course.id, ...values })
      .returning();
    if (!row) throw new Error('category');
    return row;
  };
  const written = await cat({ name: 'Written works', parentId: root.id, aggregation: 'mean', dropLowest: 2, weight: 30, position: 1 });
  const tasks = await cat({ name: 'Performance tasks', parentId: root.id, aggregation: 'natural', weight: 50, position: 2 });
  const projects = await cat({ name: 'Projects', parentId: tasks.id, aggregation: 'weightedMean', position: 1 });
  const exams = await cat({ name: 'Quarterly assessment', parentId: root.id, aggregation: 'simpleWeightedMean', weight: 20, position: 3 });
  const cats = [written, tasks, projects, exams];
  await db.insert(gradingPeriods).values(
    ['First', 'Second', 'Third', 'Fourth'].map((n, q) => ({
      courseId: course.id,
      name: `${n} quarter`,
      startsOn: new Date(YEAR_START + q * 75 * DAY).toISOString().slice(0, 10),
      endsOn: new Date(YEAR_START + (q * 75 + 74) * DAY).toISOString().slice(0, 10),
      weight: 25,
    })),
  );
  await db.update(gradebookSettings).set({ finalMode: 'periods' }).where(eq(gradebookSettings.courseId, course.id));
  // Spread the material items over the categories; add the manual items.
  const materialItems = await db.select({ id: gradeItems.id, materialId: gradeItems.materialId }).from(gradeItems).where(eq(gradeItems.courseId, course.id));
  for (const [k, c] of cats.entries()) {
    const ids = materialItems.filter((_, i) => i % cats.length === k).map((i) => i.id);
    await chunks(ids, 500, (part) =>
      db
        .update(gradeItems)
        .set({ categoryId: c.id })
        .where(sql`${gradeItems.id} in ${part}`),
    );
  }
  const manual = Array.from({ length: ITEMS - MATERIAL_ITEMS }, (_, i) => ({
    courseId: course.id,
    categoryId: cats[i % cats.length]!.id,
    name: `Recitation ${i + 1}`,
    maxGrade: 20,
    position: i,
    dueAt: new Date(YEAR_START + Math.floor((i / (ITEMS - MATERIAL_ITEMS)) * 300) * DAY),
  }));
  const manualRows = await db.insert(gradeItems).values(manual).returning({ id: gradeItems.id });
  // Students' work and grades.
  const maxOf = new Map(materialRows.map((m) => [m.id, m.maxPoints ?? 100]));
  const subs: (typeof submissions.$inferInsert)[] = [];
  const now = new Date();
  for (const s of students) {
    for (const m of materialRows) {
      const r = random();
      if (r < 0.05) continue; // missing
      const max = maxOf.get(m.id) ?? 100;
      const graded = r < 0.9;
      subs.push({
        materialId: m.id,
        studentId: s.id,
        status: graded && r < 0.85 ? 'returned' : 'submitted',
        submittedAt: now,
        late: r > 0.8,
        submitCount: 1,
        grade: graded ? Math.round(max * (0.5 + random() * 0.5)) : null,
        gradedAt: graded ? now : null,
        returnedAt: graded && r < 0.85 ? now : null,
      });
    }
  }
  await chunks(subs, 1000, (part) => db.insert(submissions).values(part));
  const own: (typeof gradeGrades.$inferInsert)[] = [];
  for (const s of students) {
    for (const it of manualRows)
      own.push({
        courseId: course.id,
        itemId: it.id,
        studentId: s.id,
        value: Math.round(20 * (0.4 + random() * 0.6)),
        hidden: random() < 0.01,
        excused: random() < 0.01,
        updatedBy: teacher.id,
      });
    for (const it of materialItems.slice(0, 5)) own.push({ courseId: course.id, itemId: it.id, studentId: s.id, value: 5, updatedBy: teacher.id });
  }
  await chunks(own, 1000, (part) => db.insert(gradeGrades).values(part));
  await db.execute(sql`analyze`);
  return {
    teacher,
    courseId: course.id,
    studentId: students[0]!.id,
    itemId: manualRows[0]!.id,
    counts: { students: STUDENTS, items: ITEMS, submissions: subs.length, gradebookGrades: own.length },
  };
};

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const round = (x: number, d = 2): number => Number(x.toFixed(d));
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { medianMs: round(quantile(sorted, 0.5)), p95Ms: round(quantile(sorted, 0.95)) };
};

const benchOn = async (kind: 'pglite' | 'postgres') => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-gradebook-'));
  const { database, drop } = await openBenchDatabase(kind, pgUrl, { keep: KEEP });
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
    const gridUrl = `/api/courses/${world.courseId}/gradebook`;
    const timed = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
      const s = performance.now();
      const res = await app.inject({ method, url, headers, payload });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return { ms, res };
    };
    const first = await timed('GET', gridUrl);
    const grid = first.res.json<{ students: { values: unknown[]; totals: Record<string, unknown> }[]; items: unknown[] }>();
    if (grid.students.length !== STUDENTS || grid.items.length !== ITEMS || Object.keys(grid.students[0]?.totals ?? {}).length < 9) {
      throw new Error(`unexpected grid: ${grid.students.length} students, ${grid.items.length} items`);
    }
    const warm: number[] = [];
    const stale: number[] = [];
    const put: number[] = [];
    const report: number[] = [];
    const cellUrl = `${gridUrl}/items/${world.itemId}/grades/${world.studentId}`;
    for (let r = 0; r < WARMUP + RUNS; r++) {
      const g = await timed('GET', gridUrl);
      const p = await timed('PUT', cellUrl, { value: 10 + (r % 10) });
      // The write marked the course stale: this read recomputes it first.
      const st = await timed('GET', gridUrl);
      const rep = await timed('GET', `${gridUrl}/students/${world.studentId}`);
      if (r >= WARMUP) {
        warm.push(g.ms);
        put.push(p.ms);
        stale.push(st.ms);
        report.push(rep.ms);
      }
    }
    const w = stats(warm);
    return {
      database: kind,
      data: world.counts,
      seedSeconds,
      runs: RUNS,
      warmup: WARMUP,
      bytes: first.res.body.length,
      firstGetMs: round(first.ms),
      results: [
        { route: 'GET /gradebook (warm: totals stored)', ...w },
        { route: 'GET /gradebook after a change (recomputes the course)', ...stats(stale) },
        { route: 'PUT /gradebook/items/:id/grades/:studentId (recomputes the student)', ...stats(put) },
        { route: "GET /gradebook/students/:id (a student's report)", ...stats(report) },
      ],
      target: `warm GET /gradebook of ${STUDENTS} × ${ITEMS} under ${TARGET_MS} ms median on PostgreSQL`,
      met: kind === 'postgres' ? w.medianMs < TARGET_MS : undefined,
    };
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const table = (r: Awaited<ReturnType<typeof benchOn>>): string =>
  [
    `\n${r.database}: ${r.data.students} students × ${r.data.items} items, ${r.data.submissions} submissions, ${r.data.gradebookGrades} gradebook grades; grid answer ${r.bytes} bytes; first GET ${r.firstGetMs} ms; ${r.runs} runs after ${r.warmup} warm-up`,
    '| route | median ms | p95 ms |',
    '|---|---|---|',
    ...r.results.map((x) => `| ${x.route} | ${x.medianMs} | ${x.p95Ms} |`),
    r.met === undefined ? '' : `Target: ${r.target} — ${r.met ? 'met' : 'NOT met'} (${r.results[0]?.medianMs} ms).`,
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
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
