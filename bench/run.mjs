#!/usr/bin/env node
// Benchmarks for issue 2, measured as ratios in one run (the machines are noisy):
//   - bare Fastify hello-world throughput (the baseline),
//   - GET /api/auth/session (the check before every navigation) and POST /api/auth/login,
//     on PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL;
//   - the login route's initial JavaScript, gzipped, from the built SPA;
//   - Lighthouse at phone settings on four pages (issue 15, bench/lighthouse.mjs; `--no-lighthouse` skips it).
// Usage: npm run bench [-- --duration 10 --connections 50]
// Writes bench/results/latest.json and prints a Markdown table for docs/performance.md.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginRouteJs } from './bundle-size.mjs';
import { lighthouseTable, runLighthouse } from './lighthouse.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const duration = arg('duration', 10);
const connections = arg('connections', 50);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (url, ms = 120_000) => {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(300);
  }
  throw new Error(`timeout waiting for ${url}`);
};

const start = async (args, env, readyUrl) => {
  const p = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(readyUrl);
  return p;
};
const stop = (p) =>
  new Promise((r) => {
    p.once('exit', r);
    p.kill('SIGTERM');
  });

const cannon = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
});

// The server as `npm start` runs it (TypeScript through tsx), without tsx's extra watcher process.
const TSX = ['--import', 'tsx'];

const benchApi = async (label, env, port) => {
  const base = `http://127.0.0.1:${port}`;
  const p = await start([...TSX, 'apps/api/src/server.ts'], { ...env, PORT: String(port), LOG_LEVEL: 'warn', LOGIN_IP_LIMIT: '1000000' }, `${base}/api/health`);
  try {
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'klase' };
    const body = JSON.stringify({ username: 'teacher1', password: 'Klase#2026' });
    const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`${label}: login failed ${res.status} ${await res.text()}`);
    const cookie = res.headers.get('set-cookie').split(';')[0];
    // Warm the JIT and the session cache first; then measure.
    await cannon({ url: `${base}/api/auth/status`, headers: { cookie }, duration: 3 });
    const status = summary(await cannon({ url: `${base}/api/auth/status`, headers: { cookie } }));
    const session = summary(await cannon({ url: `${base}/api/auth/session`, headers: { cookie } }));
    const login = summary(await cannon({ url: `${base}/api/auth/login`, method: 'POST', headers, body, connections: Math.min(connections, 16) }));
    return { status, session, login };
  } finally {
    await stop(p);
  }
};

const results = { date: new Date().toISOString(), duration, connections, cpus: (await import('node:os')).cpus().length };

console.log('baseline: bare Fastify hello-world');
const hello = await start([join(here, 'hello-server.mjs')], { PORT: '3901' }, 'http://127.0.0.1:3901/');
await cannon({ url: 'http://127.0.0.1:3901/', duration: 3 });
results.hello = summary(await cannon({ url: 'http://127.0.0.1:3901/' }));
await stop(hello);

console.log('Klase on PGlite');
const dataDir = mkdtempSync(join(tmpdir(), 'klase-bench-'));
try {
  results.pglite = await benchApi('pglite', { DATA_DIR: dataDir, DATABASE_URL: '' }, 3902);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (pgUrl) {
  console.log('Klase on PostgreSQL');
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const db = `klase_bench_${process.pid}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(pgUrl);
  url.pathname = `/${db}`;
  const dir2 = mkdtempSync(join(tmpdir(), 'klase-bench-pg-'));
  try {
    results.postgres = await benchApi('postgres', { DATA_DIR: dir2, DATABASE_URL: url.toString() }, 3903);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
    rmSync(dir2, { recursive: true, force: true });
  }
}

results.loginRouteJs = loginRouteJs(join(root, 'apps/web/dist'));

const ratio = (x) => (x / results.hello.rps).toFixed(2);
const rows = [['bare Fastify hello-world', results.hello, '1.00']];
for (const kind of ['pglite', 'postgres']) {
  if (!results[kind]) continue;
  rows.push([`GET /api/auth/status — session check before each navigation (${kind})`, results[kind].status, ratio(results[kind].status.rps)]);
  rows.push([`GET /api/auth/session — full session, first load (${kind})`, results[kind].session, ratio(results[kind].session.rps)]);
  rows.push([`POST /api/auth/login (${kind})`, results[kind].login, ratio(results[kind].login.rps)]);
}
const table = [
  `| case | req/s | p50 ms | p99 ms | non-2xx/errors | ratio to hello-world |`,
  `|---|---|---|---|---|---|`,
  ...rows.map(([n, s, r]) => `| ${n} | ${s.rps} | ${s.p50} | ${s.p99} | ${s.errors} | ${r} |`),
].join('\n');
const js = results.loginRouteJs;
const jsLine = `Login route initial JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped (${(js.rawBytes / 1024).toFixed(1)} KB raw) in ${js.files.length} files.`;

mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results/latest.json'), JSON.stringify(results, null, 2));
console.log(`\n${table}\n\n${jsLine}`);

if (!process.argv.includes('--no-lighthouse')) {
  results.lighthouse = await runLighthouse();
  writeFileSync(join(here, 'results/latest.json'), JSON.stringify(results, null, 2));
  console.log(`\n${lighthouseTable(results.lighthouse)}`);
}
