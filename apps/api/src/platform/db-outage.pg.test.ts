import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseEvent } from '../db/client.ts';
import { classes } from '../db/schema/classes.ts';
import { customers } from '../db/schema/tenancy.ts';
import { buildApp } from '../app.ts';
import { signIn, type Agent } from '../test/agent.ts';
import { buildClassWorld, type ClassWorld } from '../test/class-factories.ts';
import { uniq } from '../test/factories.ts';
import { bulkUploadInterrupted, courseCopyInterrupted, terminateBackends, testDatabaseUrl, type Interrupt } from '../test/outage.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Real cuts on a PostgreSQL server (this file runs only with TEST_DATABASE_URL; vitest.config.ts
 * leaves it out on PGlite, where db-outage.test.ts covers the same paths with the driver's error):
 * every session of the test's database is ended from an admin connection, as a restart or a
 * failover does. An unhandled `error` event would end the test process, and vitest fails the run.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks until `ok` holds or `ms` pass; answers the last value. */
const eventually = async <T>(ask: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> => {
  const t0 = Date.now();
  let last = await ask();
  while (!ok(last) && Date.now() - t0 < ms) {
    await sleep(25);
    last = await ask();
  }
  return last;
};

const realCut: Interrupt = async (db) => {
  expect(await terminateBackends(db)).toBeGreaterThan(0);
};

describe('PostgreSQL connections cut under the API', () => {
  let t: TestApp;
  let w: ClassWorld;
  const events: DatabaseEvent[] = [];
  beforeAll(async () => {
    // The session cache on, with a long life: only a notification can end a cached session.
    t = await createTestApp({ loginIpLimit: 10_000, sessionCacheMs: 60_000 });
    w = await buildClassWorld(t.db);
    t.app.database.onEvent((e) => events.push(e));
  });
  afterAll(() => t.close());

  it('under traffic: the process lives, requests answer 503 "Connecting..." or succeed, health is back within seconds, sessions work, no accepted write is lost', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    expect(t.app.database.listening).toBe(true);
    const statuses: number[] = [];
    const unavailable: unknown[] = [];
    const created: string[] = [];
    let stop = false;
    const client = async (agent: Agent) => {
      while (!stop) {
        const write = await agent.req('POST', '/api/classes', {
          name: uniq('Grade 9 - Narra '),
          gradeLevel: 'Grade 9',
          section: 'Narra',
          schoolYearFrom: 2026,
          schoolYearTo: 2027,
          description: '',
          teacherIds: [],
        });
        statuses.push(write.statusCode);
        if (write.statusCode === 201) created.push(write.json<{ id: string }>().id);
        else unavailable.push(write.json());
        const read = await agent.req('GET', '/api/auth/session');
        statuses.push(read.statusCode);
        if (read.statusCode !== 200) unavailable.push(read.json());
      }
    };
    const traffic = Promise.all([client(teacher), client(teacher), client(teacher)]);
    let ended = 0;
    for (let cut = 0; cut < 3; cut++) {
      await sleep(400);
      ended += await terminateBackends(t.db);
    }
    await sleep(400);
    stop = true;
    await traffic;

    expect(ended).toBeGreaterThanOrEqual(3);
    // Nothing but success or "come back soon": never a 500, never a 401 for a live session.
    expect(statuses.filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    for (const body of unavailable) expect(body).toEqual({ code: 'UNAVAILABLE', message: 'Connecting...', retryAfterSeconds: 2 });
    expect(created.length).toBeGreaterThan(0);

    const t0 = Date.now();
    const health = await eventually(
      () => t.app.inject({ method: 'GET', url: '/api/health' }),
      (r) => r.statusCode === 200,
      5000,
    );
    expect(health.json()).toEqual({ status: 'ok', database: 'postgres' });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect((await teacher.req('GET', '/api/auth/session')).statusCode).toBe(200);
    // Every write the API accepted is there.
    expect(await t.db.$count(classes, inArray(classes.id, created))).toBe(created.length);

    // The LISTEN connection was lost and came back by itself, subscribed again.
    expect(events.some((e) => e.type === 'listener-down')).toBe(true);
    expect(
      await eventually(
        async () => t.app.database.listening,
        (v) => v,
        5000,
      ),
    ).toBe(true);
    expect(events.filter((e) => e.type === 'listener-up' && e.reconnected).length).toBeGreaterThan(0);
  });

  it('after a cut, two nodes with their own connections still share sessions, and a customer disabled on one ends its sessions cached on the other', async () => {
    const nodeB = await buildApp({ ...t.config, databaseUrl: await testDatabaseUrl(t.db) });
    await nodeB.ready();
    try {
      await terminateBackends(t.db);
      const listening = () => t.app.database.listening && nodeB.database.listening;
      expect(
        await eventually(
          async () => listening(),
          (v) => v,
          5000,
        ),
      ).toBe(true);
      // Both nodes answer again (a request that met a connection the cut ended answers 503, and the
      // SPA asks again, as this does).
      for (const node of [t.app, nodeB]) {
        const health = await eventually(
          () => node.inject({ method: 'GET', url: '/api/health' }),
          (r) => r.statusCode === 200,
          5000,
        );
        expect(health.statusCode).toBe(200);
      }
      const onA = await signIn(t.app, w.s2.username);
      // The same cookie on node B: sessions live in the database.
      const onB = (url: string) => nodeB.inject({ method: 'GET', url, headers: { cookie: onA.cookie } });
      expect((await onB('/api/auth/session')).statusCode).toBe(200);
      expect((await onA.req('GET', '/api/auth/session')).statusCode).toBe(200);
      expect((await onA.req('GET', '/api/auth/session')).statusCode).toBe(200);
      // Disabled through node B; node A's cached session ends by the notification alone.
      await nodeB.database.db.update(customers).set({ status: 'INACTIVE' }).where(eq(customers.id, w.schoolA.customerId));
      const t0 = Date.now();
      const status = await eventually(
        async () => (await onA.req('GET', '/api/auth/session')).statusCode,
        (s) => s === 401,
        2000,
      );
      expect(status).toBe(401);
      expect(Date.now() - t0).toBeLessThan(500);
    } finally {
      await t.db.update(customers).set({ status: 'ACTIVE' }).where(eq(customers.id, w.schoolA.customerId));
      await nodeB.close();
    }
  });

  it('a course copy whose connection is cut mid-job is put back and another node copies it exactly once', async () => {
    await courseCopyInterrupted(t, w, realCut);
  });

  it('a bulk upload whose connection is cut mid-job resumes on another node, each row once', async () => {
    await bulkUploadInterrupted(t, w, realCut);
  });
});
