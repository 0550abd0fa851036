import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@klase/core/roles';
import { realtimeEvents, realtimePresence } from '../../db/schema/platform.ts';
import { sessions } from '../../db/schema/sessions.ts';
import type { UserRow } from '../rows.ts';
import { signIn, type Agent } from '../../test/agent.ts';
import { buildSchool, buildUser } from '../../test/factories.ts';
import { connectRealtime, eventIds as ids, listenUrl, sleep } from '../../test/realtime-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { publish } from './bus.ts';
import { onlineUsers } from './presence.ts';
import { pruneRealtimeEvents } from './prune.worker.ts';
import { REALTIME_LIMITS } from './realtime.routes.ts';

describe('the real-time channel (GET /api/realtime)', () => {
  let t: TestApp;
  let base: string;
  let a: UserRow;
  let b: UserRow;
  let other: UserRow;
  let agentA: Agent;
  let agentB: Agent;
  let agentOther: Agent;

  beforeAll(async () => {
    // The normal 30 s heartbeat: a short one drops sockets whose pong is late on a busy machine
    // (the client runs in this same process), which made delivery tests fail under load.
    t = await createTestApp({}, { realtimeLimits: { ...REALTIME_LIMITS, perUser: 3 } });
    base = await listenUrl(t.app);
    const school = await buildSchool(t.db);
    const otherSchool = await buildSchool(t.db);
    a = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.teacher });
    b = await buildUser(t.db, { schoolId: school.id, roleId: ROLE.student });
    other = await buildUser(t.db, { schoolId: otherSchool.id, roleId: ROLE.teacher });
    agentA = await signIn(t.app, a.username);
    agentB = await signIn(t.app, b.username);
    agentOther = await signIn(t.app, other.username);
  });
  afterAll(() => t.close());

  it('refuses a socket without a session (401) or with an unknown one, before the upgrade', async () => {
    await expect(connectRealtime(base, {})).rejects.toThrow('HTTP 401');
    await expect(connectRealtime(base, { cookie: 'klase_sid=forged' })).rejects.toThrow('HTTP 401');
  });

  it('closes the connection of a refused upgrade once the answer is out (no socket left open)', async () => {
    const port = Number(new URL(base).port);
    const raw = connect(port, '127.0.0.1');
    let answer = '';
    raw.on('data', (chunk) => (answer += String(chunk)));
    const ended = new Promise<void>((done) => raw.on('close', () => done()));
    raw.write(
      'GET /api/realtime HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nOrigin: http://klase.test\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });

  it('refuses a socket opened from another site or without an Origin (403)', async () => {
    await expect(connectRealtime(base, { cookie: agentA.cookie, origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connectRealtime(base, { cookie: agentA.cookie, origin: null })).rejects.toThrow('HTTP 403');
  });

  it('refuses a bad resume position (400)', async () => {
    await expect(connectRealtime(base, { cookie: agentA.cookie, after: 'x1' })).rejects.toThrow('HTTP 400');
  });

  it("delivers an event to its user's sockets only: not to another user, nor to another school", async () => {
    const sa = await connectRealtime(base, { cookie: agentA.cookie });
    const sb = await connectRealtime(base, { cookie: agentB.cookie });
    const so = await connectRealtime(base, { cookie: agentOther.cookie });
    for (const s of [sa, sb, so]) await s.until((f) => f.some((x) => x.kind === 'hello'));
    const [forA] = await publish(t.db, { userIds: [a.id], type: 'test.note', data: { text: 'for A' } });
    await sa.until((f) => ids(f).includes(forA));
    // A marker for B and the other school afterwards: what they get first is their marker, never A's event.
    const markers = await publish(t.db, { userIds: [b.id, other.id], type: 'test.marker', data: {} });
    await sb.until(() => sb.events().length > 0);
    await so.until(() => so.events().length > 0);
    expect(sa.events()).toEqual([{ kind: 'event', id: forA, type: 'test.note', data: { text: 'for A' }, at: expect.any(String) }]);
    expect(sb.events().map((e) => e.type)).toEqual(['test.marker']);
    expect(so.events().map((e) => e.type)).toEqual(['test.marker']);
    expect(markers).toHaveLength(2);
    const [row] = await t.db.select().from(realtimeEvents).where(eq(realtimeEvents.userId, other.id));
    expect(row?.schoolId).toBe(other.schoolId);
    for (const s of [sa, sb, so]) s.close();
  });

  it('an event published in a transaction that rolls back never exists nor arrives', async () => {
    const sa = await connectRealtime(base, { cookie: agentA.cookie });
    await sa.until((f) => f.some((x) => x.kind === 'hello'));
    await t.db
      .transaction(async (tx) => {
        await publish(tx, { userIds: [a.id], type: 'test.rolled-back', data: {} });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const [after] = await publish(t.db, { userIds: [a.id], type: 'test.after', data: {} });
    await sa.until((f) => ids(f).includes(after));
    expect(sa.events().map((e) => e.type)).toEqual(['test.after']);
    sa.close();
  });

  it('resuming with after=<last id> replays exactly the missed events in order, then live ones, none twice', async () => {
    const first = await connectRealtime(base, { cookie: agentA.cookie });
    await first.until((f) => f.some((x) => x.kind === 'hello'));
    await publish(t.db, { userIds: [a.id], type: 'test.n', data: { n: 1 } });
    // Two recipients: the answer lists both events' ids in id order, not in the order of userIds.
    await publish(t.db, { userIds: [a.id, b.id], type: 'test.n', data: { n: 2 } });
    await first.until(() => first.events().some((e) => (e.data as { n: number }).n === 2));
    const lastId = Math.max(...(ids(first.frames) as number[]));
    first.close();
    await first.closed;
    const missed: number[] = [];
    for (let n = 3; n <= 6; n++) missed.push(...(await publish(t.db, { userIds: [a.id], type: 'test.n', data: { n } })));
    const again = await connectRealtime(base, { cookie: agentA.cookie, after: lastId });
    await again.until((f) => ids(f).length >= missed.length);
    const [live] = await publish(t.db, { userIds: [a.id], type: 'test.n', data: { n: 7 } });
    await again.until((f) => ids(f).includes(live));
    await sleep(100);
    expect(again.frames[0]).toEqual({ kind: 'hello', lastId });
    expect(ids(again.frames)).toEqual([...missed, live]);
    expect(again.events().map((e) => (e.data as { n: number }).n)).toEqual([3, 4, 5, 6, 7]);
    again.close();
  });

  it('replays across pages when more events were missed than one read holds', async () => {
    const start = await connectRealtime(base, { cookie: agentB.cookie });
    await start.until((f) => f.some((x) => x.kind === 'hello'));
    const from = start.frames.find((f) => f.kind === 'hello')?.lastId ?? 0;
    start.close();
    await t.db.execute(
      sql`insert into realtime_events (user_id, school_id, type, data) select ${b.id}, ${b.schoolId}, 'test.bulk', to_jsonb(g) from generate_series(1, 1203) g`,
    );
    const again = await connectRealtime(base, { cookie: agentB.cookie, after: from });
    await again.until((f) => ids(f).length >= 1203, 5000);
    const got = ids(again.frames) as number[];
    expect(new Set(got).size).toBe(1203);
    expect(got).toEqual([...got].sort((x, y) => x - y));
    again.close();
  });

  it('answers a ping, refuses malformed messages, and closes a socket that floods', async () => {
    const s = await connectRealtime(base, { cookie: agentA.cookie });
    s.socket.send(JSON.stringify({ kind: 'ping' }));
    s.socket.send('{not json');
    s.socket.send(JSON.stringify({ kind: 'typing', extra: 1 }));
    await s.until((f) => f.filter((x) => x.kind === 'pong' || x.kind === 'error').length === 3);
    expect(s.frames.filter((x) => x.kind !== 'hello')).toEqual([
      { kind: 'pong' },
      { kind: 'error', code: 'VALIDATION' },
      { kind: 'error', code: 'VALIDATION' },
    ]);
    for (let i = 0; i < REALTIME_LIMITS.messagesPerWindow + 5; i++) s.socket.send(JSON.stringify({ kind: 'ping' }));
    expect((await s.closed).code).toBe(1008);
  });

  it('closes a socket whose message is larger than the limit (1009)', async () => {
    const s = await connectRealtime(base, { cookie: agentA.cookie });
    s.socket.send(JSON.stringify({ kind: 'ping', pad: 'x'.repeat(REALTIME_LIMITS.maxPayload) }));
    expect((await s.closed).code).toBe(1009);
  });

  it('caps the sockets of one user on a node (4429)', async () => {
    const open = await Promise.all([1, 2, 3].map(() => connectRealtime(base, { cookie: agentOther.cookie })));
    for (const s of open) await s.until((f) => f.some((x) => x.kind === 'hello'));
    const extra = await connectRealtime(base, { cookie: agentOther.cookie });
    expect((await extra.closed).code).toBe(4429);
    for (const s of open) s.close();
  });

  it('signing out closes the sockets of that session (4401)', async () => {
    const user = await buildUser(t.db, { schoolId: a.schoolId, roleId: ROLE.teacher });
    const agent = await signIn(t.app, user.username);
    const s = await connectRealtime(base, { cookie: agent.cookie });
    await s.until((f) => f.some((x) => x.kind === 'hello'));
    const out = await agent.req('POST', '/api/auth/logout');
    expect(out.statusCode).toBeLessThan(300);
    expect((await s.closed).code).toBe(4401);
  });

  it('the prune worker deletes events older than a day, and only those', async () => {
    const [fresh] = await publish(t.db, { userIds: [a.id], type: 'test.fresh', data: {} });
    const [old] = await publish(t.db, { userIds: [a.id], type: 'test.old', data: {} });
    await t.db
      .update(realtimeEvents)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(realtimeEvents.id, old ?? 0));
    expect(await pruneRealtimeEvents(t.app.database)).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ id: realtimeEvents.id }).from(realtimeEvents).where(eq(realtimeEvents.userId, a.id));
    expect(left.map((r) => r.id)).toContain(fresh);
    expect(left.map((r) => r.id)).not.toContain(old);
  });
});

describe("the node's check: one presence write and one session query for all of a node's sockets", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Only the check is short: pings keep the normal interval (see above).
    t = await createTestApp({}, { realtimeLimits: { ...REALTIME_LIMITS, checkMs: 100 } });
  });
  afterAll(() => t.close());

  it('keeps open sockets online for other nodes and closes a socket whose session expired (4401), leaving the others open', async () => {
    const base = await listenUrl(t.app);
    const school = await buildSchool(t.db);
    const [expiring, staying] = await Promise.all([1, 2].map(() => buildUser(t.db, { schoolId: school.id, roleId: ROLE.student })));
    if (!expiring || !staying) throw new Error('users');
    const [agentExpiring, agentStaying] = [await signIn(t.app, expiring.username), await signIn(t.app, staying.username)];
    const gone = await connectRealtime(base, { cookie: agentExpiring.cookie });
    const kept = await connectRealtime(base, { cookie: agentStaying.cookie });
    for (const s of [gone, kept]) await s.until((f) => f.some((x) => x.kind === 'hello'));
    // Rows as a dead node would leave them (not refreshed for 10 minutes), and a session that
    // expired in the database without a sign-out (no notification reaches the node).
    await t.db.update(realtimePresence).set({ seenAt: new Date(Date.now() - 600_000) });
    expect(await onlineUsers(t.db, [staying.id])).toEqual(new Set());
    await t.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expiring.id));
    expect((await gone.closed).code).toBe(4401);
    // The closed socket's row goes with it; the open one's is refreshed by the next check.
    const online = async () => [...(await onlineUsers(t.db, [staying.id, expiring.id]))];
    for (let i = 0; i < 50 && (await online()).join() !== staying.id; i++) await sleep(100);
    expect(await online()).toEqual([staying.id]);
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
    kept.close();
  });
});
