import { describe, expect, it } from 'vitest';
import { buildCustomer, buildSchool, buildUser } from './factories.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

const count = async (database: TestDatabase['database'], table: string) =>
  (await database.pglite!.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;

/**
 * On PGlite a test file's database is an instance that an earlier file of the worker gave back,
 * emptied: every file must still start on the template's empty tables.
 */
describe('test databases on PGlite', () => {
  it('gives the next file an emptied instance: no rows, no open transaction, sequences restarted', async () => {
    const first = await openTestDatabase();
    const customer = await buildCustomer(first.database.db);
    await buildUser(first.database.db, { schoolId: (await buildSchool(first.database.db, { customerId: customer.id })).id });
    const next = `select nextval(pg_get_serial_sequence('activity_events', 'id'))::int as n`;
    await first.database.pglite!.query(next);
    expect((await first.database.pglite!.query<{ n: number }>(next)).rows[0]?.n).toBe(2);
    // A file that ended inside a transaction it began by hand.
    await first.database.pglite!.exec('BEGIN');
    const instance = first.database.pglite;
    await first.drop();

    const second = await openTestDatabase();
    expect(second.database.pglite).toBe(instance);
    for (const table of ['customers', 'schools', 'users']) expect(await count(second.database, table)).toBe(0);
    expect((await second.database.pglite!.query<{ n: number }>(next)).rows[0]?.n).toBe(1);
    expect((await second.database.pglite!.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n).toBeGreaterThan(0);
    await second.drop();
  });

  it('closes an instance given back with a listener still on instead of passing it on', async () => {
    const first = await openTestDatabase();
    await first.database.listen('klase_test_channel', () => undefined);
    const instance = first.database.pglite!;
    await first.drop();
    expect(instance.closed).toBe(true);
    const second = await openTestDatabase();
    expect(second.database.pglite).not.toBe(instance);
    await second.drop();
  });
});
