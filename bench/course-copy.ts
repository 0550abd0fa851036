// Course copy benchmark (issue 5): a course of 50 elements and 500 materials (pages, files,
// links, videos, assignments, quizzes, activities; 50 files in storage, an image) copied through
// the real app: POST /api/courses/:id/copy, then GET /api/courses/:newId until the course's `job`
// is clear (the app's course-job worker is started, woken by the NOTIFY of the request). Each run
// copies into the same class (so the names get " (copy)", " (copy 2)", ...); the copy is then
// deleted the same way (DELETE, then wait until GET answers 404). Medians over the runs, and the
// copy's median as a ratio to GET /api/auth/status (the cheapest signed-in route) in the same run.
// Target: under 10 s per copy.
// Usage: npx tsx bench/course-copy.ts [--runs 5] [--elements 50] [--materials 500]
//        BENCH_DATABASE_URL=postgres://... (or TEST_DATABASE_URL) adds a PostgreSQL run after the
//        PGlite one (a scratch database is made and dropped); --db pglite|postgres runs one only.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { courseElements, courseMaterials, courses, courseUploads } from '../apps/api/src/db/schema/courses.ts';
import type { FileStorage } from '../apps/api/src/platform/storage.ts';
import { buildClass, enrol, recordProgress } from '../apps/api/src/test/class-factories.ts';
import { buildSchool, buildUser, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { fakePng } from '../apps/api/src/test/multipart.ts';
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
const RUNS = arg('runs', 5);
const ELEMENTS = arg('elements', 50);
const MATERIALS = arg('materials', 500);
const ONLY = strArg('db');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const TARGET_MS = 10_000;
const TYPES = ['page', 'file', 'link', 'video', 'assignment', 'quiz', 'activity', 'page', 'link', 'page'] as const;

/** The source course: elements of ~10 materials each, every type, each file in storage with its upload record. */
const buildSource = async (db: Db, storage: FileStorage, schoolId: string, classId: string) => {
  const [course] = await db.insert(courses).values({ schoolId, classId, name: 'Science 7', code: 'SCI-7', published: true, sequential: true }).returning();
  if (!course) throw new Error('course');
  const imageKey = `courses/${course.id}/image-1`;
  await storage.put(imageKey, fakePng(150_000));
  await db.update(courses).set({ imageKey, imageMime: 'image/png', imageVersion: 1 }).where(eq(courses.id, course.id));
  const elements = await db
    .insert(courseElements)
    .values(
      Array.from({ length: ELEMENTS }, (_, i) => ({
        courseId: course.id,
        name: `Week ${i + 1}`,
        type: i % 2 ? ('lesson' as const) : ('basic' as const),
        position: i,
        published: true,
      })),
    )
    .returning();
  const rows: (typeof courseMaterials.$inferInsert)[] = [];
  const uploads: (typeof courseUploads.$inferInsert)[] = [];
  for (let i = 0; i < MATERIALS; i++) {
    const type = TYPES[i % TYPES.length] ?? 'page';
    const element = elements[i % elements.length];
    if (!element) throw new Error('element');
    const base = {
      courseId: course.id,
      elementId: element.id,
      name: `Material ${i + 1}`,
      type,
      position: Math.floor(i / elements.length),
      published: i % 7 !== 0,
    };
    if (type === 'file') {
      const key = `courses/${course.id}/files/${randomUUID()}`;
      await storage.put(key, Buffer.alloc(20_000, i % 251));
      uploads.push({ courseId: course.id, storageKey: key, fileName: `notes-${i}.pdf`, size: 20_000, mime: 'application/pdf', usedAt: new Date() });
      rows.push({ ...base, fileKey: key, fileName: `notes-${i}.pdf`, fileSize: 20_000, fileMime: 'application/pdf', description: 'Print before class.' });
    } else if (type === 'page') rows.push({ ...base, contentHtml: `<h2>Lesson ${i}</h2>${'<p>The cell is the basic unit of life.</p>'.repeat(40)}` });
    else if (type === 'link' || type === 'video')
      rows.push({ ...base, url: type === 'video' ? 'https://www.youtube.com/watch?v=abcdefghijk' : 'https://example.org/cell', description: 'Watch at home.' });
    else rows.push({ ...base, instructions: '<p>Answer the questions.</p>'.repeat(10), maxPoints: 20, dueAt: new Date(Date.now() + 7 * 86_400_000) });
  }
  const materials = await db.insert(courseMaterials).values(rows).returning({ id: courseMaterials.id });
  await db.insert(courseUploads).values(uploads);
  return { course, materialIds: materials.map((m) => m.id), files: uploads.length };
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const round = (x: number, d = 2): number => Number(x.toFixed(d));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks `url` every 10 ms until `done` says so (60 s at most); answers the elapsed time from `since`. */
const waitFor = async (app: FastifyInstance, headers: Record<string, string>, url: string, done: (status: number, body: string) => boolean, since: number) => {
  for (;;) {
    const res = await app.inject({ method: 'GET', url, headers });
    if (done(res.statusCode, res.body)) return performance.now() - since;
    if (performance.now() - since > 60_000) throw new Error(`${url} not done after 60 s: ${res.statusCode} ${res.body.slice(0, 200)}`);
    await sleep(10);
  }
};

const benchOn = async (kind: 'pglite' | 'postgres') => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-copy-'));
  const { database, drop } = await openBenchDatabase(kind, pgUrl);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir, webDist: path.join(dataDir, 'none') };
  const app = await buildApp(config, { database });
  await app.ready();
  await app.courseJobWorker.start();
  try {
    const db = database.db;
    const school = await buildSchool(db);
    const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, customerId: school.customerId });
    const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher] });
    const students = [];
    for (let i = 0; i < 30; i++)
      students.push(await buildUser(db, { roleId: ROLE.student, schoolId: school.id, customerId: school.customerId, password: null }));
    await enrol(db, cls.id, students);
    const source = await buildSource(db, app.storage, school.id, cls.id);
    // Students' work that must not be copied: 30 students × 100 materials.
    for (const s of students) await recordProgress(db, s.id, source.materialIds.slice(0, 100));
    await db.execute(sql`analyze`);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'klase' },
      payload: { username: teacher.username, password: TEST_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    const cookie = login.cookies.find((c) => c.name === 'klase_sid');
    const headers = { cookie: `klase_sid=${cookie?.value}`, 'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken };

    const status: number[] = [];
    for (let i = 0; i < 60; i++) {
      const s = performance.now();
      await app.inject({ method: 'GET', url: '/api/auth/status', headers });
      if (i >= 10) status.push(performance.now() - s);
    }

    const copies: number[] = [];
    const accepted: number[] = [];
    const deletes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/courses/${source.course.id}/copy`, headers, payload: { targetClassId: cls.id } });
      accepted.push(performance.now() - t0);
      if (res.statusCode !== 202) throw new Error(`copy answered ${res.statusCode}: ${res.body}`);
      const { courseId } = res.json<{ courseId: string }>();
      copies.push(await waitFor(app, headers, `/api/courses/${courseId}`, (code, body) => code === 200 && JSON.parse(body).job === null, t0));
      const copied = JSON.parse((await app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers })).body) as {
        elementCount: number;
        materialCount: number;
      };
      if (copied.elementCount !== ELEMENTS || copied.materialCount !== MATERIALS) throw new Error(`copy incomplete: ${JSON.stringify(copied)}`);
      // Keep every other copy, so later runs copy into a fuller class and database.
      if (run % 2 === 1) {
        const d0 = performance.now();
        const del = await app.inject({ method: 'DELETE', url: `/api/courses/${courseId}`, headers });
        if (del.statusCode !== 202) throw new Error(`delete answered ${del.statusCode}: ${del.body}`);
        deletes.push(await waitFor(app, headers, `/api/courses/${courseId}`, (code) => code === 404, d0));
      }
    }
    const base = median(status);
    const copyMs = median(copies);
    return {
      database: kind,
      data: { elements: ELEMENTS, materials: MATERIALS, files: source.files, progressRowsNotCopied: 3000 },
      runs: RUNS,
      statusMedianMs: round(base),
      acceptMedianMs: round(median(accepted)),
      copyMedianMs: round(copyMs),
      copyRunsMs: copies.map((x) => round(x, 0)),
      copyPerMaterialMs: round(copyMs / MATERIALS, 3),
      copyPerMaterialRatio: round(copyMs / MATERIALS / base, 1),
      copyRatio: round(copyMs / base, 0),
      deleteMedianMs: round(median(deletes)),
      target: `a course of ${ELEMENTS} elements and ${MATERIALS} materials copies in under ${TARGET_MS / 1000} s`,
      met: copyMs < TARGET_MS,
    };
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const kinds: ('pglite' | 'postgres')[] = ONLY === 'pglite' || ONLY === 'postgres' ? [ONLY] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.includes('postgres') && !pgUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  const all = [];
  for (const kind of kinds) {
    const r = await benchOn(kind);
    all.push(r);
    console.error(
      `${kind}: copy median ${r.copyMedianMs} ms (runs ${r.copyRunsMs.join(', ')}), ${r.copyPerMaterialMs} ms per material = ${r.copyPerMaterialRatio}× GET /api/auth/status (${r.statusMedianMs} ms); ` +
        `POST answered in ${r.acceptMedianMs} ms; delete ${r.deleteMedianMs} ms — target ${r.met ? 'met' : 'NOT met'}`,
    );
  }
  console.log(JSON.stringify(all, null, 2));
  if (all.some((r) => !r.met)) process.exitCode = 1;
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
