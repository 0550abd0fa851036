import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkJobs } from '../../../db/schema/admin.ts';
import { users } from '../../../db/schema/users.ts';
import { ctxOf } from '../../../platform/app-context.ts';
import { buildAdminWorld, type AdminWorld } from '../../../test/admin-world.ts';
import { uniq } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createBulkWorker } from './bulk.worker.ts';
import { BatchOvertaken, finishJob, recordBatch } from './bulk.repo.ts';

const teacherRow = (row: number) => {
  const name = uniq('w');
  return { _row: String(row), role: 'teacher', username: name, email: `${name}@x.ph`, firstName: 'Ana', lastName: 'Ramos', employeeNumber: 'T-1' };
};

describe('bulk worker', () => {
  let t: TestApp;
  let w: AdminWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildAdminWorld(t.db);
  });
  afterAll(() => t.close());

  it('resumes a job whose node died after its lease ran out, from the rows not yet processed', async () => {
    const input = [teacherRow(2), teacherRow(3)];
    const [job] = await t.db
      .insert(bulkJobs)
      .values({
        schoolId: w.schoolA.id,
        createdBy: w.schoolAdminA.id,
        fileName: 'crashed.csv',
        input,
        total: 2,
        processed: 1,
        created: 1,
        status: 'running',
        leaseUntil: sql`now() - interval '1 minute'`,
      })
      .returning();
    await t.app.bulkWorker.flush();
    const [after] = await t.db
      .select()
      .from(bulkJobs)
      .where(eq(bulkJobs.id, job?.id ?? ''));
    expect(after).toMatchObject({ status: 'done', processed: 2, created: 2, input: [] });
    expect(await t.db.$count(users, eq(users.username, input[0]?.username ?? ''))).toBe(0);
    expect(await t.db.$count(users, eq(users.username, input[1]?.username ?? ''))).toBe(1);
  });

  it('leaves a running job with a live lease to its node', async () => {
    const [job] = await t.db
      .insert(bulkJobs)
      .values({
        schoolId: w.schoolA.id,
        fileName: 'busy.csv',
        input: [teacherRow(2)],
        total: 1,
        status: 'running',
        leaseUntil: sql`now() + interval '1 minute'`,
      })
      .returning();
    expect(await t.app.bulkWorker.flush()).toBe(0);
    const [still] = await t.db
      .select()
      .from(bulkJobs)
      .where(eq(bulkJobs.id, job?.id ?? ''));
    expect(still).toMatchObject({ status: 'running', processed: 0 });
  });

  it('a batch counts only where the job stands, and a job ends once (a node that was overtaken changes nothing)', async () => {
    const [job] = await t.db
      .insert(bulkJobs)
      .values({ schoolId: w.schoolA.id, fileName: 'moved.csv', input: [teacherRow(2), teacherRow(3)], total: 2, processed: 1, created: 1, status: 'running' })
      .returning();
    const id = job?.id ?? '';
    // A node still at row 0 (its lease ran out, another node went on): its batch is rolled back.
    await expect(t.db.transaction((tx) => recordBatch(tx, id, 0, 1, 1, []))).rejects.toBeInstanceOf(BatchOvertaken);
    expect((await t.db.select().from(bulkJobs).where(eq(bulkJobs.id, id)))[0]).toMatchObject({ processed: 1, created: 1 });
    await t.db.transaction((tx) => recordBatch(tx, id, 1, 1, 1, []));
    expect((await t.db.select().from(bulkJobs).where(eq(bulkJobs.id, id)))[0]).toMatchObject({ processed: 2, created: 2 });
    expect(await finishJob(t.db, id, 'done')).toMatchObject({ status: 'done' });
    expect(await finishJob(t.db, id, 'failed', 'late')).toBeNull();
    expect((await t.db.select().from(bulkJobs).where(eq(bulkJobs.id, id)))[0]).toMatchObject({ status: 'done', error: null });
  });

  it('two workers (as on two nodes) never process the same job twice', async () => {
    const jobs = await t.db
      .insert(bulkJobs)
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          schoolId: w.schoolB.id,
          fileName: `n${i}.csv`,
          input: [teacherRow(2), teacherRow(3)],
          total: 2,
          status: 'confirmed' as const,
        })),
      )
      .returning();
    const other = createBulkWorker({ database: t.app.database, ctx: ctxOf(t.app), pollMs: 60_000, log: t.app.log });
    const [a, b] = await Promise.all([t.app.bulkWorker.flush(), other.flush()]);
    expect((a ?? 0) + (b ?? 0)).toBe(4);
    for (const j of jobs) {
      const [row] = await t.db.select().from(bulkJobs).where(eq(bulkJobs.id, j.id));
      expect(row).toMatchObject({ status: 'done', processed: 2, created: 2, rejectedCount: 0 });
    }
    await other.stop();
  });
});
