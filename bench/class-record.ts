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
import { sql } from 'drizzle-orm';
import { defaultQuarters } from '../packages/core/src/deped/defaults.ts';
import { ROLE } from '../packages/core/src/roles.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { learnerProfiles } from '../apps/api/src/db/schema/deped.ts';
import { gradeGrades } from '../apps/api/src/db/schema/gradebook.ts';
import type { UserRow } from '../apps/api/src/platform/rows.ts';
import { buildClass, enrol } from '../apps/api/src/test/class-factories.ts';
import { buildDepedCourse, setDepedPolicy } from '../apps/api/src/test/deped-factories.ts';
import { buildSchool, buildUser } from '../apps/api/src/test/factories.ts';
import { buildGradeItem } from '../apps/api/src/test/gradebook-factories.ts';
import { numArg, strArg } from './cli-args.ts';
import { benchDatabases, injectSignIn, medianP95, runBenchMain, withBenchApp, type BenchDb } from './inject-kit.ts';

const RUNS = numArg('runs', 20);
const WARMUP = numArg('warmup', 3);
const LEARNERS = numArg('learners', 45);
const ITEMS = numArg('items', 20);
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
  await db
    .insert(learnerProfiles)
    .values(learners.map((l, i) => ({ userId: l.id, schoolId: school.id, sex: i % 2 === 0 ? ('male' as const) : ('female' as const) })));
  const s = await buildDepedCourse(db, { schoolId: school.id, classId: cls.id, quarters });
  const q1 = s.periods[0]!.id;
  const ww = Math.ceil((ITEMS - 1) / 2);
  const items: { id: string; max: number }[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const [categoryId, name, max] =
      i < ww ? [s.ww.id, `Quiz ${i + 1}`, 20] : i < ITEMS - 1 ? [s.pt.id, `Task ${i - ww + 1}`, 50] : [s.qa.id, 'Quarterly exam', 40];
    const item = await buildGradeItem(db, { courseId: s.course.id, categoryId, name, maxGrade: max, gradingPeriodId: q1, position: i });
    items.push({ id: item.id, max });
  }
  const grades = learners.flatMap((l, n) =>
    items.map((it, k) => ({
      courseId: s.course.id,
      itemId: it.id,
      studentId: l.id,
      value: Math.round(it.max * (0.5 + ((n * 7 + k * 3) % 50) / 100)),
      updatedBy: teacher.id,
    })),
  );
  await db.insert(gradeGrades).values(grades);
  await db.execute(sql`analyze`);
  return { teacher, courseId: s.course.id, counts: { learners: LEARNERS, items: ITEMS, grades: grades.length } };
};

const benchOn = (kind: BenchDb) =>
  withBenchApp(kind, pgUrl, async (app, database) => {
    const world = await buildWorld(database.db);
    const headers = await injectSignIn(app, world.teacher.username);
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
      if (pre.statusCode !== 200 || body.changes.length + body.errors.length !== 0)
        throw new Error(`preview answered ${pre.statusCode}: ${pre.body.slice(0, 300)}`);
      if (r >= WARMUP) {
        exports.push(ms);
        previews.push(pms);
      }
    }
    const e = medianP95(exports);
    return {
      database: kind,
      data: world.counts,
      runs: RUNS,
      bytes,
      results: [
        { route: 'GET /class-record?quarter=1 (export)', ...e },
        { route: 'POST /class-record/preview (the same file back)', ...medianP95(previews) },
      ],
      target: `export of ${LEARNERS} learners × ${ITEMS} items under ${TARGET_MS} ms median`,
      met: e.medianMs < TARGET_MS,
    };
  });

runBenchMain(
  benchDatabases(strArg('db'), pgUrl),
  benchOn,
  (r) => `${r.database}: ${r.data.learners} learners × ${r.data.items} items (${r.data.grades} grades); file ${r.bytes} bytes; ${r.runs} runs`,
);
