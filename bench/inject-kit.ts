import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { TEST_PASSWORD } from '../apps/api/src/test/factories.ts';
import { openBenchDatabase } from './scratch-db.ts';

/** What the in-process benchmarks (`app.inject` against a scratch database) share. */

export type BenchDb = 'pglite' | 'postgres';

/** The databases to run on: `--db` if given, else PGlite and (with an address) PostgreSQL. */
export const benchDatabases = (only: string | undefined, pgUrl: string): BenchDb[] => {
  const kinds: BenchDb[] = only === 'pglite' || only === 'postgres' ? [only] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.includes('postgres') && !pgUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  return kinds;
};

/** Runs `fn` with the whole app on a fresh migrated database, then closes and drops everything. */
export const withBenchApp = async <T>(kind: BenchDb, pgUrl: string, fn: (app: FastifyInstance, database: Database) => Promise<T>): Promise<T> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-bench-'));
  const { database, drop } = await openBenchDatabase(kind, pgUrl);
  const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), dataDir, webDist: path.join(dataDir, 'none') }, { database });
  await app.ready();
  try {
    return await fn(app, database);
  } finally {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

/** Signs a seeded user in: the session cookie and CSRF header of their requests. */
export const injectSignIn = async (app: FastifyInstance, username: string): Promise<Record<string, string>> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-requested-with': 'klase' },
    payload: { username, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  return { cookie: `klase_sid=${res.cookies.find((c) => c.name === 'klase_sid')?.value}`, 'x-csrf-token': res.json<{ csrfToken: string }>().csrfToken };
};

/** Median and p95 of timings in ms (one decimal). */
export const medianP95 = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN).toFixed(1));
  return { medianMs: at(0.5), p95Ms: at(0.95) };
};

export interface RouteTiming {
  route: string;
  medianMs: number;
  p95Ms: number;
}

/**
 * The end of an in-process benchmark: runs `bench` on each database, prints each one's heading,
 * table of routes and verdict to stderr, then every result as JSON to stdout; a failure exits 1.
 */
export const runBenchMain = <R extends { results: readonly RouteTiming[]; target: string; met: boolean }>(
  kinds: readonly BenchDb[],
  bench: (kind: BenchDb) => Promise<R>,
  heading: (r: R) => string,
): void => {
  const main = async () => {
    const all: R[] = [];
    for (const kind of kinds) {
      const r = await bench(kind);
      all.push(r);
      console.error(
        [
          `\n${heading(r)}`,
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
};
