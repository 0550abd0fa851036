import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

const withDatabaseName = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh migrated database for one test file: a PGlite copy of the template, or a new PostgreSQL database. */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  const adminUrl = inject('testDatabaseUrl');
  if (!adminUrl) {
    const template = await readFile(inject('pgliteTemplate'));
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([template], { type: 'application/x-tar' }) });
    return { database, drop: () => database.close() };
  }
  const name = `klase_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, name) });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await c.end();
    },
  };
};
