import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';

/**
 * PostgreSQL only (vitest.config.ts leaves `*.pg.test.ts` out on PGlite): the pool of a node.
 * A BEGIN the server refuses stands in for one sent on a connection that was cut while idle.
 */
describe('the PostgreSQL pool after transactions that could not begin', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(() => t.drop());

  it('gives every connection back: more failed BEGINs than the pool holds, then the node still answers and shuts down at once', async () => {
    const refused = { isolationLevel: 'no such level' as 'serializable' };
    for (let i = 0; i < 12; i++) {
      await expect(t.database.db.transaction(async () => 1, refused)).rejects.toThrow();
    }
    // With the connections kept checked out, this would wait for a free one and time out (5 s).
    const one = sql`(values (1)) as one(x)`;
    expect(await t.database.db.select({ n: sql<number>`1` }).from(one)).toEqual([{ n: 1 }]);
    expect(await t.database.db.transaction((tx) => tx.select({ n: sql<number>`2` }).from(one))).toEqual([{ n: 2 }]);
    const t0 = Date.now();
    await t.database.close();
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});
