#!/usr/bin/env node
// Import boundaries (.dependency-cruiser.cjs) against the recorded baseline, which may only shrink.
//   node scripts/deps-check.mjs             fails on a violation the baseline lacks AND on a baseline
//                                           entry that no longer occurs (then rerun with --baseline)
//   node scripts/deps-check.mjs --baseline  rewrites the baseline (`npm run deps:baseline`)
// The baseline is dependency-cruiser's own known-violations file, so `depcruise --ignore-known` reads it too.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = '.dependency-cruiser.cjs';
const BASELINE = '.dependency-cruiser-known-violations.json';
const TREES = ['apps', 'packages', 'e2e', 'bench'];

const key = (v) => `${v.rule.name}: ${v.from} → ${v.to}`;

/** Violations in `current` the baseline lacks, and baseline entries `current` no longer has. */
export function compareToBaseline(baseline, current) {
  const known = new Set(baseline.map(key));
  const now = new Set(current.map(key));
  return {
    added: current.filter((v) => !known.has(key(v))),
    gone: baseline.filter((v) => !now.has(key(v))),
  };
}

/** Count of violations per rule, every rule of the config listed (zero included). */
export function countPerRule(ruleNames, violations) {
  const counts = Object.fromEntries(ruleNames.map((n) => [n, 0]));
  for (const v of violations) counts[v.rule.name] = (counts[v.rule.name] ?? 0) + 1;
  return counts;
}

function cruise(outputType) {
  const r = spawnSync('npx', ['--no-install', 'depcruise', '-c', CONFIG, '-T', outputType, ...TREES], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0 && !r.stdout) {
    process.stderr.write(r.stderr);
    process.exit(2);
  }
  return JSON.parse(r.stdout);
}

function main() {
  const ruleNames = createRequire(import.meta.url)(`${root}${CONFIG}`).forbidden.map((r) => r.name);
  // The baseline output type is dependency-cruiser's known-violations format.
  const current = cruise('baseline');
  const counts = countPerRule(ruleNames, current);
  const table = Object.entries(counts)
    .map(([n, c]) => `  ${String(c).padStart(4)}  ${n}`)
    .join('\n');

  if (process.argv.includes('--baseline')) {
    writeFileSync(`${root}${BASELINE}`, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`deps: baseline written to ${BASELINE}, ${current.length} known violations:\n${table}`);
    return 0;
  }

  const baseline = existsSync(`${root}${BASELINE}`) ? JSON.parse(readFileSync(`${root}${BASELINE}`, 'utf8')) : [];
  const { added, gone } = compareToBaseline(baseline, current);
  for (const v of added) console.error(`deps: new violation ${key(v)}`);
  for (const v of gone) console.error(`deps: fixed, remove from the baseline: ${key(v)}`);
  if (gone.length > 0) console.error(`deps: ${gone.length} baseline entries no longer occur; run \`npm run deps:baseline\` and commit it.`);
  if (added.length > 0) console.error(`deps: ${added.length} new boundary violations (rules in ${CONFIG}, see docs/architecture.md).`);
  console.log(`deps: ${current.length} known violations left in the baseline:\n${table}`);
  return added.length > 0 || gone.length > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
