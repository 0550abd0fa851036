#!/usr/bin/env node
// Lighthouse 12.2.3 (pinned: 13 wants Node 22) at its mobile defaults (Moto G-class phone, simulated
// slow 4G) against the built SPA served by the real server on a fresh, seeded PGlite folder:
// the login page, the student dashboard, a course journey (student) and the grade book (teacher),
// each cold (Lighthouse resets the cache and storage before a page). Signed-in pages get the
// session cookie as an extra header. Writes bench/results/lighthouse.json and prints a Markdown
// table for docs/performance.md.
// Usage: npm run bench:lighthouse   (builds nothing: run `npm run build` first)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const port = Number(process.env.BENCH_PORT ?? 3904);
const base = `http://127.0.0.1:${port}`;
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Klase#2026';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (url, ms = 120_000) => {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(300);
  }
  throw new Error(`timeout waiting for ${url}`);
};

const headers = { 'content-type': 'application/json', 'x-requested-with': 'klase' };
const signIn = async (username) => {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ username, password: PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
};
const getJson = async (path, cookie) => {
  const res = await fetch(`${base}${path}`, { headers: { ...headers, cookie } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

/** One Lighthouse run; the figures that matter for a phone on paid data. */
const lighthouse = (name, url, cookie) => {
  const out = join(tmpdir(), `klase-lh-${process.pid}-${name}.json`);
  const args = [
    '-y',
    'lighthouse@12.2.3',
    url,
    '--quiet',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${out}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ cookie })}`);
  const r = spawnSync('npx', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } });
  if (r.status !== 0 || !existsSync(out)) throw new Error(`lighthouse failed on ${name}`);
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  // LH_KEEP=<folder> keeps the full reports (render-blocking, unused JS, every request) for study.
  if (process.env.LH_KEEP) {
    mkdirSync(process.env.LH_KEEP, { recursive: true });
    writeFileSync(join(process.env.LH_KEEP, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
  }
  rmSync(out, { force: true });
  const requests = lhr.audits['network-requests'].details.items;
  const sum = (items) => items.reduce((n, i) => n + (i.transferSize ?? 0), 0);
  const scripts = requests.filter((i) => i.resourceType === 'Script');
  const styles = requests.filter((i) => i.resourceType === 'Stylesheet');
  return {
    name,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    ttiMs: Math.round(lhr.audits.interactive.numericValue),
    totalBytes: sum(requests),
    requests: requests.length,
    scriptRequests: scripts.length,
    scriptBytes: sum(scripts),
    cssBytes: sum(styles),
    compressed: requests.filter((i) => /\.(js|css)$/.test(new URL(i.url).pathname)).every((i) => i.transferSize < i.resourceSize),
  };
};

const kb = (b) => `${(b / 1024).toFixed(0)} KB`;
export const lighthouseTable = (rows) =>
  [
    '| page | performance | FCP | LCP | interactive | bytes over the wire | JS | CSS | requests (scripts) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.score} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${(r.ttiMs / 1000).toFixed(1)} s | ${kb(r.totalBytes)} | ${kb(r.scriptBytes)} | ${kb(r.cssBytes)} | ${r.requests} (${r.scriptRequests}) |`,
    ),
  ].join('\n');

export const runLighthouse = async () => {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'klase-bench-lh-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: join(root, 'apps/web/dist'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATABASE_URL: '',
  };
  delete env.SMTP_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitFor(`${base}/api/health`);
    const student = await signIn('student1');
    const teacher = await signIn('teacher1');
    const studentCourse = (await getJson('/api/courses', student)).data.find((c) => c.classId);
    const teacherCourse = (await getJson('/api/courses', teacher)).data.find((c) => c.classId);
    if (!studentCourse || !teacherCourse) throw new Error('the demo seed has no class course for student1 or teacher1');
    const course = (c) => `/classes/${encodeURIComponent(c.classId)}/courses/${encodeURIComponent(c.id)}`;
    const pages = [
      ['login', `${base}/#/account/login`, undefined],
      ['student dashboard', `${base}/#/dashboard`, student],
      ['course journey (student)', `${base}/#${course(studentCourse)}/course`, student],
      ['grade book (teacher)', `${base}/#${course(teacherCourse)}/grade-book`, teacher],
    ];
    // LH_ONLY=login,grade runs only the pages whose name contains one of the words.
    const only = process.env.LH_ONLY?.split(',').filter(Boolean);
    const rows = [];
    for (const [name, url, cookie] of pages.filter(([n]) => !only || only.some((w) => n.includes(w)))) {
      console.log(`lighthouse: ${name}`);
      rows.push(lighthouse(name, url, cookie));
    }
    return rows;
  } finally {
    await new Promise((r) => {
      server.once('exit', r);
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await runLighthouse();
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results/lighthouse.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
  console.log(`\n${lighthouseTable(rows)}`);
}
