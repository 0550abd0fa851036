// SF9 benchmark (issue 19): a section of 45 learners and 10 learning areas (9 subjects and MAPEH,
// whose 4 parts are 4 more class courses), each course with one written work, performance task and
// quarterly assessment per quarter, every learner scored on every item (7,020 scores). The real
// section job runs on the API's report-card worker: queued, claimed, cards prepared in batches with
// progress, rendered with pdfmake into one PDF and stored. Target: under 10 s on PGlite.
// Usage: npx tsx bench/report-cards.ts [--runs 3] [--learners 45]   (npm run bench:report-cards)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { defaultQuarters } from '../packages/core/src/deped/defaults.ts';
import { MAPEH_PARTS } from '../packages/core/src/deped/contracts.ts';
import { ROLE } from '../packages/core/src/roles.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { courseDeped, learnerProfiles, reportCardJobs } from '../apps/api/src/db/schema/deped.ts';
import { gradeGrades } from '../apps/api/src/db/schema/gradebook.ts';
import { insertJob } from '../apps/api/src/modules/report-cards/report-cards.repo.ts';
import { buildClass, enrol } from '../apps/api/src/test/class-factories.ts';
import { buildDepedCourse, setDepedPolicy } from '../apps/api/src/test/deped-factories.ts';
import { buildGradeItem } from '../apps/api/src/test/gradebook-factories.ts';
import { buildSchool, buildUser } from '../apps/api/src/test/factories.ts';
import { openBenchDatabase } from './scratch-db.ts';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RUNS = arg('runs', 3);
const LEARNERS = arg('learners', 45);
const SUBJECTS = 9;
const TARGET_MS = 10_000;

const main = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-sf9-'));
  const { database, drop } = await openBenchDatabase('pglite', '');
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir, webDist: path.join(dataDir, 'none') };
  const app = await buildApp(config, { database });
  await app.ready();
  const db = database.db;
  try {
    const school = await buildSchool(db);
    const teacher = await buildUser(db, { roleId: ROLE.teacher, schoolId: school.id, firstName: 'Maria', lastName: 'Santos' });
    const cls = await buildClass(db, { schoolId: school.id, teachers: [teacher], name: 'Grade 7 - Sampaguita' });
    const learners = [];
    for (let i = 0; i < LEARNERS; i++)
      learners.push(await buildUser(db, { roleId: ROLE.student, schoolId: school.id, firstName: `Learner ${i}`, lastName: `Dela Cruz ${i}`, password: null }));
    await enrol(db, cls.id, learners);
    await db.insert(learnerProfiles).values(
      learners.map((l, i) => ({
        userId: l.id,
        schoolId: school.id,
        sex: i % 2 ? ('female' as const) : ('male' as const),
        lrn: String(100000000000 + i),
        birthDate: '2013-05-01',
      })),
    );
    const quarters = defaultQuarters(2025);
    await setDepedPolicy(db, school.id, { quarters });
    const courses = [...Array.from({ length: SUBJECTS }, () => null), ...MAPEH_PARTS];
    for (const [n, part] of courses.entries()) {
      const c = await buildDepedCourse(db, { schoolId: school.id, classId: cls.id, subjectGroup: part ? 'mapehEpp' : 'languages', quarters });
      if (part) await db.update(courseDeped).set({ mapehPart: part }).where(eq(courseDeped.courseId, c.course.id));
      for (const period of c.periods)
        for (const cat of [c.ww, c.pt, c.qa]) {
          const item = await buildGradeItem(db, { courseId: c.course.id, categoryId: cat.id, maxGrade: 50, gradingPeriodId: period.id });
          await db
            .insert(gradeGrades)
            .values(learners.map((l, i) => ({ courseId: c.course.id, itemId: item.id, studentId: l.id, value: 25 + ((i * 7 + n * 3) % 26) })));
        }
    }
    const times: number[] = [];
    let bytes = 0;
    for (let r = 0; r < RUNS; r++) {
      const job = await insertJob(db, {
        schoolId: school.id,
        classId: cls.id,
        requestedBy: teacher.id,
        quarter: 4,
        paper: 'a4',
        lang: 'en-us',
        total: LEARNERS,
      });
      const t0 = performance.now();
      await app.reportCardWorker.flush();
      times.push(performance.now() - t0);
      const [done] = await db.select().from(reportCardJobs).where(eq(reportCardJobs.id, job.id));
      if (done?.state !== 'done' || !done.fileKey) throw new Error(`job ended ${done?.state}: ${done?.error}`);
      bytes = (await app.storage.get(done.fileKey))?.length ?? 0;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `| SF9 of a section (${LEARNERS} learners, 10 learning areas, ${SUBJECTS + 4} class courses), PGlite | median ${(median / 1000).toFixed(2)} s over ${RUNS} runs (min ${(times[0]! / 1000).toFixed(2)} s, max ${(times[times.length - 1]! / 1000).toFixed(2)} s) | ${(bytes / 1024).toFixed(0)} KiB, ${LEARNERS * 2} pages | < 10 s: ${median < TARGET_MS ? 'yes' : 'NO'} |`,
    );
    if (median >= TARGET_MS) process.exitCode = 1;
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
