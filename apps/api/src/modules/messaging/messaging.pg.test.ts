import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_EVENTS, type ConversationDetails, type Message } from '@klase/core/messaging/contracts';
import { buildApp } from '../../app.ts';
import { signIn } from '../../test/agent.ts';
import { buildClassWorld, type ClassWorld } from '../../test/class-factories.ts';
import { testDatabaseUrl } from '../../test/outage.ts';
import { connectRealtime, listenUrl, sleep } from '../../test/realtime-client.ts';
import { onlineUsers } from '../../platform/realtime/presence.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Two API nodes on one PostgreSQL server (runs only with TEST_DATABASE_URL): a message sent through node 1 reaches a socket on node 2. */

describe('messaging across two nodes on PostgreSQL', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let baseB: string;
  let w: ClassWorld;

  beforeAll(async () => {
    t = await createTestApp({ loginIpLimit: 10_000 });
    nodeB = await buildApp({ ...t.config, databaseUrl: await testDatabaseUrl(t.db) });
    baseB = await listenUrl(nodeB);
    w = await buildClassWorld(t.db);
  });
  afterAll(async () => {
    await nodeB.close();
    await t.close();
  });

  it('a message sent on node 1 reaches the recipient’s socket on node 2 within a second', async () => {
    const teacher = await signIn(t.app, w.teacher.username);
    const student = await signIn(nodeB, w.s1.username);
    const socket = await connectRealtime(baseB, { cookie: student.cookie });
    await socket.until((f) => f.some((x) => x.kind === 'hello'));
    const conv = (await teacher.req('POST', '/api/messages/conversations', { kind: 'direct', userId: w.s1.id })).json<ConversationDetails>();
    const t0 = Date.now();
    const sent = await teacher.req('POST', `/api/messages/conversations/${conv.id}/messages`, { clientId: randomUUID(), body: 'From node 1' });
    expect(sent.statusCode, sent.body).toBe(201);
    await socket.until((f) => f.some((x) => x.type === MESSAGE_EVENTS.new), 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
    const event = socket.events().find((x) => x.type === MESSAGE_EVENTS.new);
    expect(event?.data).toEqual({ conversationId: conv.id, message: sent.json<Message>() });
    // Node 1 sees the socket on node 2 as presence (offline mail asks this), and its end too.
    const t2 = Date.now();
    while ((await onlineUsers(t.db, [w.s1.id])).size === 0 && Date.now() - t2 < 2000) await sleep(20);
    expect(await onlineUsers(t.db, [w.s1.id, w.teacher.id])).toEqual(new Set([w.s1.id]));
    socket.close();
    await socket.closed;
    const t1 = Date.now();
    while ((await onlineUsers(t.db, [w.s1.id])).size > 0 && Date.now() - t1 < 2000) await sleep(20);
    expect(await onlineUsers(t.db, [w.s1.id])).toEqual(new Set());
  });
});
