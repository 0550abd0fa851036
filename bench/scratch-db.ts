import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { adminQuery, withDatabaseName } from '../apps/api/src/test/pg-admin.ts';

/**
 * A migrated database for one benchmark run: a fresh in-memory PGlite, or a scratch database made
 * on the PostgreSQL server of `pgUrl` (its address in `url`, for servers started on it) and dropped
 * by `drop()` (unless `keep`, for a look with psql).
 */
export const openBenchDatabase = async (
  kind: 'pglite' | 'postgres',
  pgUrl: string,
  opts: { keep?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> => {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `klase_bench_${randomBytes(5).toString('hex')}`;
  const run = (sql: string) => adminQuery(pgUrl, sql);
  await run(`CREATE DATABASE ${name}`);
  const url = withDatabaseName(pgUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      if (opts.keep) return console.error(`kept database ${name} (drop it when done)`);
      await run(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
};
