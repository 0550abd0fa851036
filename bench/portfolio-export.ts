// Portfolio export benchmark (issue 20): a portfolio of a few large generated files (1 GiB in all by
// default) exported to ZIP by the real export job (queued, claimed by the worker, the ZIP streamed
// entry by entry into the file storage with progress), then the ZIP downloaded through the API over
// HTTP and read to the end. The process's resident memory is sampled every 20 ms; the figure is the
// peak above the level measured just before (after setup). Target: ≤ 50 MB of growth.
// Usage: npx tsx --expose-gc bench/portfolio-export.ts [--mib 1024] [--files 4]   (npm run bench:portfolio-export)
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { ROLE } from '../packages/core/src/roles.ts';
import { portfolioExportJobs, portfolioItems, portfolios } from '../apps/api/src/db/schema/portfolios.ts';
import { insertExportJob } from '../apps/api/src/modules/portfolios/export.repo.ts';
import { buildSchool, buildUser, TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { withBenchApp } from './inject-kit.ts';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MIB = 1024 * 1024;
const TOTAL_MIB = arg('mib', 1024);
const FILES = arg('files', 4);
const TARGET_MB = 50;

/** `mib` MiB of incompressible bytes (one random MiB repeated), made as they are read. */
const generated = (mib: number): Readable => {
  const block = randomBytes(MIB);
  return Readable.from(
    (function* () {
      for (let i = 0; i < mib; i++) yield block;
    })(),
  );
};

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

const sampler = () => {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
};

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

const main = () =>
  withBenchApp('pglite', '', async (app, database) => {
    const db = database.db;
    const school = await buildSchool(db);
    const student = await buildUser(db, { roleId: ROLE.student, schoolId: school.id, firstName: 'Jose', lastName: 'Dela Cruz' });
    const [p] = await db
      .insert(portfolios)
      .values({ schoolId: school.id, ownerKind: 'student', ownerUserId: student.id, title: 'Big portfolio', published: true })
      .returning();
    if (!p) throw new Error('portfolio');
    const each = Math.floor(TOTAL_MIB / FILES);
    for (let i = 0; i < FILES; i++) {
      const key = `portfolios/${p.id}/files/big-${i}`;
      const size = await app.storage.putStream(key, generated(each), { maxBytes: Number.MAX_SAFE_INTEGER });
      await db.insert(portfolioItems).values({
        portfolioId: p.id,
        kind: 'file',
        title: `Video ${i + 1}`,
        position: i,
        storageKey: key,
        fileName: `video-${i + 1}.mp4`,
        size,
        mime: 'application/octet-stream',
      });
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'klase' },
      body: JSON.stringify({ username: student.username, password: TEST_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    gc();
    await new Promise((r) => setTimeout(r, 200));
    const base = process.memoryUsage().rss;

    // 1. The job: ZIP written into storage.
    const s1 = sampler();
    const t0 = performance.now();
    const job = await insertExportJob(db, { portfolioId: p.id, requestedBy: student.id, total: each * FILES * MIB });
    await app.portfolioExportWorker.flush();
    const jobMs = performance.now() - t0;
    const jobPeak = s1.stop();
    const [done] = await db.select().from(portfolioExportJobs).where(eq(portfolioExportJobs.id, job.id));
    if (done?.state !== 'done') throw new Error(`job ended ${done?.state}: ${done?.error}`);

    // 2. The download over HTTP, read to the end.
    gc();
    const s2 = sampler();
    const t1 = performance.now();
    const res = await fetch(`${address}/api/portfolios/exports/${job.id}/file`, { headers: { cookie, 'x-requested-with': 'klase' } });
    if (res.status !== 200 || !res.body) throw new Error(`download ${res.status}`);
    let zipBytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) zipBytes += chunk.length;
    const downloadMs = performance.now() - t1;
    const downloadPeak = s2.stop();

    const jobGrowth = jobPeak - base;
    const downloadGrowth = downloadPeak - base;
    const ok = jobGrowth <= TARGET_MB * 1e6 && downloadGrowth <= TARGET_MB * 1e6;
    console.log(`| step | time | RSS before | peak RSS | growth | ≤ ${TARGET_MB} MB |`);
    console.log('|---|---|---|---|---|---|');
    console.log(
      `| export job, ${FILES} files of ${each} MiB (${mb(each * FILES * MIB)} MB) → ZIP in storage | ${(jobMs / 1000).toFixed(1)} s | ${mb(base)} MB | ${mb(jobPeak)} MB | ${mb(jobGrowth)} MB | ${jobGrowth <= TARGET_MB * 1e6 ? 'yes' : 'NO'} |`,
    );
    console.log(
      `| download of the ZIP over HTTP (${mb(zipBytes)} MB) | ${(downloadMs / 1000).toFixed(1)} s | ${mb(base)} MB | ${mb(downloadPeak)} MB | ${mb(downloadGrowth)} MB | ${downloadGrowth <= TARGET_MB * 1e6 ? 'yes' : 'NO'} |`,
    );
    if (!ok) process.exitCode = 1;
  });

await main();
