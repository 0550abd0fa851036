import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { buildApp } from '../../app.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildSchool, buildUser } from '../../test/factories.ts';
import { terminateBackends, testDatabaseUrl } from '../../test/outage.ts';
import { connectRealtime, eventIds as ids, listenUrl, sleep } from '../../test/realtime-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { retryWhileUnavailable } from '../db-errors.ts';
import type { UserRow } from '../rows.ts';
import { publish } from './bus.ts';

/**
 * Two API nodes on one PostgreSQL server (this file runs only with TEST_DATABASE_URL): events
 * committed on one node reach sockets on the other through NOTIFY, and survive a cut of the
 * LISTEN connection.
 */

describe('the real-time channel across two nodes on PostgreSQL', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let baseB: string;
  let user: UserRow;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    nodeB = await buildApp({ ...t.config, databaseUrl: await testDatabaseUrl(t.db) });
    baseB = await listenUrl(nodeB);
    const school = await buildSchool(t.db);
    user = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.teacher });
    agent = await signIn(t.app, user.username);
  });
  afterAll(async () => {
    await nodeB.close();
    await t.close();
  });

  it('an event committed on node 1 reaches a socket on node 2 within a second', async () => {
    const s = await connectRealtime(baseB, { cookie: agent.cookie });
    await s.until((f) => f.some((x) => x.kind === 'hello'));
    const t0 = Date.now();
    const [id] = await publish(t.db, { userIds: [user.id], type: 'test.cross-node', data: { from: 'node 1' } });
    await s.until((f) => ids(f).includes(id), 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(s.events()).toEqual([{ kind: 'event', id, type: 'test.cross-node', data: { from: 'node 1' }, at: expect.any(String) }]);
    s.close();
  });

  it('after pg_terminate_backend of the LISTEN connections nothing is lost: the open socket catches up, and a reconnecting client resumes', async () => {
    const s = await connectRealtime(baseB, { cookie: agent.cookie });
    await s.until((f) => f.some((x) => x.kind === 'hello'));
    const [before] = await publish(t.db, { userIds: [user.id], type: 'test.n', data: { n: 1 } });
    await s.until((f) => ids(f).includes(before));
    let during: number[];
    // Node 2's own account of its LISTEN connection: lost, then subscribed again. (Its `listening`
    // flag alone is not enough: on a busy machine it can still say true for a while after the cut,
    // and an event published then would be taken for one published after the reconnect.)
    const seen: string[] = [];
    const stop = nodeB.database.onEvent((e) => {
      if (e.type === 'listener-down' || (e.type === 'listener-up' && e.reconnected)) seen.push(e.type);
    });
    const waitFor = async (type: string) => {
      const t0 = Date.now();
      while (!seen.includes(type) && Date.now() - t0 < 10_000) await sleep(5);
      expect(seen, `node 2 says ${type}`).toContain(type);
    };
    try {
      expect(await terminateBackends(t.db)).toBeGreaterThan(0);
      await waitFor('listener-down');
      // Published while node 2's LISTEN connection is (probably) still away: its NOTIFY never reaches node 2.
      during = await retryWhileUnavailable(() => publish(t.db, { userIds: [user.id], type: 'test.n', data: { n: 2 } }));
      await waitFor('listener-up');
    } finally {
      stop();
    }
    expect(nodeB.database.listening).toBe(true);
    const [after] = await retryWhileUnavailable(() => publish(t.db, { userIds: [user.id], type: 'test.n', data: { n: 3 } }));
    await s.until((f) => ids(f).includes(after), 3000);
    expect(ids(s.frames)).toEqual([before, ...during, after]);
    const last = after ?? 0;
    s.close();
    await s.closed;
    const [missed] = await publish(t.db, { userIds: [user.id], type: 'test.n', data: { n: 4 } });
    const again = await connectRealtime(baseB, { cookie: agent.cookie, after: last });
    await again.until((f) => ids(f).includes(missed));
    await sleep(100);
    expect(ids(again.frames)).toEqual([missed]);
    again.close();
  });
});
