import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { adminQuery, withDatabaseName } from './pg-admin.ts';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** A fresh migrated database for one test file: a copy of the template migrated once by global-setup.ts. */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  const adminUrl = inject('testDatabaseUrl');
  if (!adminUrl) {
    const template = await readFile(inject('pgliteTemplate'));
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([template], { type: 'application/x-tar' }) });
    return { database, drop: () => database.close() };
  }
  const name = `klase_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(inject('pgTemplate'))}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, name) });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // A plain DROP stops an autovacuum worker by itself (FORCE would need the right to signal
        // the superuser's processes); our own connections are closed, so retry briefly if one lingers.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`);
            break;
          } catch (err) {
            if (attempt >= 20) throw err;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
};
