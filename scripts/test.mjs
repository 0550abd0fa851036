#!/usr/bin/env node
// `npm test`: typecheck, lint (its three parts) and the web build side by side, then unit
// tests, the API suite on PGlite, the same API suite on PostgreSQL when TEST_DATABASE_URL is set,
// then the build's byte budget and the browser suite on that build. Stops at the first failing step and prints one closing line
// with the test counts of every suite that ran.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'klase-test-'));
const totals = { passed: 0, failed: 0 };
const timings = [];

const run = (name, cmd, args, env = {}) => {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name}: ${Math.round((Date.now() - t0) / 1000)} s`);
  return r.status === 0;
};

/** Runs steps at once, each one's output held back and printed whole when it ends; true when all pass. */
const together = async (steps) => {
  const t0 = Date.now();
  console.log(`\n=== ${steps.map((s) => s.name).join(' + ')} (side by side) ===`);
  const results = await Promise.all(
    steps.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { env: process.env });
          const chunks = [];
          child.stdout.on('data', (c) => chunks.push(c));
          child.stderr.on('data', (c) => chunks.push(c));
          child.on('close', (code) => {
            const text = Buffer.concat(chunks).toString().trimEnd();
            console.log(`\n--- ${name}: ${code === 0 ? 'passed' : 'FAILED'} ---${text ? `\n${text}` : ''}`);
            timings.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
            resolve(code === 0);
          });
        }),
    ),
  );
  timings.push(`(side by side: ${Math.round((Date.now() - t0) / 1000)} s)`);
  return results.every(Boolean);
};

const vitestCounts = (file) => {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
};

const playwrightCounts = (file) => {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
};

/**
 * V8's young generation at 32 MB a semi-space instead of Node 20's 16: a component test allocates
 * React elements and jsdom nodes by the million, and with the default each worker spends about a
 * tenth of its time in scavenges (docs/performance.md, "Tenth round").
 */
const VITEST_NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=32'].filter(Boolean).join(' ');

const vitest = (name, projects, env = {}) => {
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  const ok = run(name, 'npx', args, { NODE_OPTIONS: VITEST_NODE_OPTIONS, ...env });
  vitestCounts(file);
  return ok;
};

const steps = [
  () =>
    together([
      { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
      // `npm run lint`'s three parts, each its own process: ESLint alone is most of a core.
      { name: 'lint: ESLint', cmd: 'npm', args: ['run', '--silent', 'lint:code'] },
      { name: 'lint: Prettier', cmd: 'npm', args: ['run', '--silent', 'lint:format'] },
      { name: 'lint: layers', cmd: 'npm', args: ['run', '--silent', 'lint:deps'] },
      { name: 'build web', cmd: 'npm', args: ['run', '--silent', 'build'] },
    ]),
  () => vitest('bundle budget (built files)', ['budget']),
  () => vitest('unit (core, web)', ['core', 'web', 'web-isolated', 'web-logic']),
  () => vitest('api on PGlite', ['api'], { TEST_DATABASE_URL: '' }),
  () => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('\n=== api on PostgreSQL: skipped, TEST_DATABASE_URL is not set (see README) ===');
      return true;
    }
    return vitest('api on PostgreSQL', ['api']);
  },
  () => {
    const file = join(out, 'e2e.json');
    const ok = run('browser (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    playwrightCounts(file);
    return ok;
  },
];

let ok = true;
for (const step of steps) {
  if (!(await step())) {
    ok = false;
    break;
  }
}
console.log(`\n${timings.join('\n')}`);
if (!ok && totals.failed === 0) totals.failed = 1;
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
