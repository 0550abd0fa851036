import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { adminQuery, withDatabaseName } from './pg-admin.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PostgreSQL admin URL when the suite runs on a server (TEST_DATABASE_URL). */
    testDatabaseUrl: string;
    /** A migrated PGlite data directory dump, loaded by each test file. */
    pgliteTemplate: string;
    /** On PostgreSQL: a migrated database that each test file copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
  }
}

/**
 * Runs once, migrating one database that every test file copies, since migrating costs seconds and
 * a copy a fraction of one. On PGlite: dumped to a file, which each file loads. On PostgreSQL: a
 * template database, which each file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? '';
  project.provide('testDatabaseUrl', url);
  if (url) {
    project.provide('pgliteTemplate', '');
    const name = `klase_test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(url, name) });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('pgTemplate', name);
    return () => adminQuery(url, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`);
  }
  project.provide('pgTemplate', '');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klase-api-tests-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await database.pglite?.query('CHECKPOINT');
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) throw new Error('no PGlite dump');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
